// docs/action.md's "Trying it on your machine" recipe, run as written: its shell block is read from the doc (so the
// two cannot drift) and run from the checkout with sh, under a HOME and a TMPDIR of the test's own. It must end
// with exit 0 after main and post, and write nothing outside the temp directory it makes (`$JOB`, the workspace
// and RUNNER_TEMP among it): HOME stays empty, TMPDIR holds only `$JOB`, and the checkout is as it was.
import { execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, realpathSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { randomBytes } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { groupAlive } from '../../src/os/process-group.js';
import { baseEnv } from '../support/action-runner.js';
import { markedProcesses } from '../support/processes.js';
import { ROOT } from '../support/workdir.js';

/** What tsx and Node keep in TMPDIR for local-action itself: not the Action's. */
const TOOL_CACHES = /^(tsx-\d+|node-compile-cache)$/;
const MARK = `local-action-recipe-${randomBytes(6).toString('hex')}`;
const scratch = mkdtempSync(join(tmpdir(), 'ah-recipe-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

/** The first `sh` block of the doc's section `heading`, as the doc has it. */
function recipe(heading: string): string {
  const doc = readFileSync(join(ROOT, 'docs', 'action.md'), 'utf8');
  const at = doc.indexOf(`\n## ${heading}\n`);
  expect(at, `docs/action.md has no section "${heading}"`).toBeGreaterThan(-1);
  const section = doc.slice(at + 1).split(/\n## /)[0]!;
  const block = /```sh\n([\s\S]*?)```/.exec(section)?.[1];
  expect(block, `the section "${heading}" has no sh block`).toBeDefined();
  return block!;
}

/** The block run by sh from the checkout, in a process group of its own. */
async function runRecipe(
  script: string,
  env: NodeJS.ProcessEnv,
): Promise<{ code: number | null; out: string; pid: number }> {
  const child = spawn('sh', ['-e', '-c', script], {
    cwd: ROOT,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  let out = '';
  child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (out += chunk.toString()));
  const timer = setTimeout(() => process.kill(-child.pid!, 'SIGKILL'), 240_000);
  const code = await new Promise<number | null>((resolve) => child.once('close', resolve));
  clearTimeout(timer);
  return { code, out, pid: child.pid! };
}

const checkoutState = () =>
  execFileSync('git', ['status', '--porcelain', '--ignored'], {
    cwd: ROOT,
    encoding: 'utf8',
  });

describe('docs/action.md: trying the Action on your machine', () => {
  it(
    'the recipe runs main and post as written and writes nothing outside its temp directory',
    { timeout: 300_000 },
    async () => {
      const home = join(scratch, 'home');
      const tmp = join(scratch, 'tmp');
      for (const dir of [home, tmp]) execFileSync('mkdir', ['-p', dir]);
      const before = checkoutState();
      const env: NodeJS.ProcessEnv = {
        ...baseEnv(),
        HOME: home,
        TMPDIR: tmp,
        // npx and the agent find this Node first.
        PATH: `${dirname(process.execPath)}:${process.env.PATH ?? ''}`,
        AH_E2E_MARK: MARK,
        // npx asks the registry for a newer npm otherwise.
        npm_config_update_notifier: 'false',
      };
      // local-action stubs the toolkit by the paths `npm ls` names; where node_modules is a symlink (a worktree
      // sharing another checkout's), Node would load the toolkit by its real path and miss the stubs.
      if (realpathSync(join(ROOT, 'node_modules')) !== join(ROOT, 'node_modules'))
        env.NODE_OPTIONS = `${env.NODE_OPTIONS ?? ''} --preserve-symlinks`.trim();

      const run = await runRecipe(recipe('Trying it on your machine'), env);
      expect(run.code, run.out).toBe(0);
      expect(run.out).toContain('Loop completed: 3 productive iterations');
      expect(run.out).toContain('Running Post Step');
      expect(run.out).not.toContain('::error::');

      // Everything is in $JOB: the workspace with the loop's files, the summary, the artifact, the cache entry.
      // Beside it in TMPDIR only the caches of the tools local-action runs (tsx's, Node's compile cache).
      const made = readdirSync(tmp).filter((name) => !TOOL_CACHES.test(name));
      expect(made, 'TMPDIR holds only the recipe’s $JOB').toHaveLength(1);
      const job = join(tmp, made[0]!);
      const workspace = readdirSync(join(job, 'workspace'));
      expect(workspace).toEqual(expect.arrayContaining(['claude-iteration-2.jsonl', 'harness.status']));
      expect(readFileSync(join(job, 'summary.md'), 'utf8')).toContain('Completed 3/3 iterations');
      expect(readdirSync(join(job, 'artifacts'))).toHaveLength(1);
      expect(readdirSync(join(job, 'cache')).length).toBeGreaterThan(0);
      // Nothing anywhere else: not in HOME, not in the checkout the recipe ran from.
      // npm's own logs (local-action runs `npm exec tsx`), nothing of the Action's.
      expect(readdirSync(home).filter((name) => name !== '.npm')).toEqual([]);
      expect(checkoutState()).toBe(before);

      expect(groupAlive(run.pid)).toBe(false);
      expect(markedProcesses(MARK)).toEqual([]);
    },
  );
});
