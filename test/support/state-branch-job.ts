// The Action's state branch tests' common parts: a bare origin on disk (removed when the test ends), and one job
// of the Action (main, then post) on a fresh clone-like workspace of it whose stand-in agent commits once, saving
// under `stateKey`; both steps must exit 0.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ExpectStatic, TestContext } from 'vitest';
import { jobFiles, runJob } from './action-runner.js';
import { makeWorkdir, testConfig } from './workdir.js';

export const git = (cwd: string, ...args: string[]) =>
  execFileSync('git', ['-c', 'safe.directory=*', ...args], { cwd, encoding: 'utf8' }).trim();

/** A bare repository `origin.git` under a scratch directory removed when the test ends. */
export function bareOrigin(onTestFinished: TestContext['onTestFinished']): { root: string; bare: string } {
  const root = mkdtempSync(join(tmpdir(), 'ah-state-origin-'));
  onTestFinished(() => rmSync(root, { recursive: true, force: true }));
  git(root, 'init', '-q', '--bare', '-b', 'main', 'origin.git');
  return { root, bare: join(root, 'origin.git') };
}

/** One job of the Action in a new workspace whose origin is `bare`, its agent committing once. */
export async function stateJob(input: {
  expect: ExpectStatic;
  bare: string;
  stateKey: string;
  runId: string;
  inputs: Record<string, string>;
  env: NodeJS.ProcessEnv;
}) {
  const w = makeWorkdir({
    git: true,
    plan: ['commit'],
    config: testConfig({ session: { max_iterations: 5 } }),
  });
  git(w.dir, 'remote', 'add', 'origin', input.bare);
  const run = await runJob({
    files: jobFiles(),
    workspace: w.dir,
    inputs: {
      'max-iterations': '1',
      'state-key': input.stateKey,
      'upload-artifacts': 'false',
      ...input.inputs,
    },
    env: { ...input.env, AGENT_PLAN: w.plan },
    runId: input.runId,
  });
  input.expect(run.main.code, run.main.stdout + run.main.stderr).toBe(0);
  input.expect(run.post.code, run.post.stdout + run.post.stderr).toBe(0);
  return { w, run };
}
