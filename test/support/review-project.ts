// A scratch git project for review mode's integration tests: `.harness/` attached, a two-task (or n-task) plan
// whose tasks depend on each other in a chain (or not at all), build.sh and verify.sh that pass unless a marker file says
// otherwise (BUILD_FAILS, VERIFY_FAILS), and the scripted review agent (test/fixtures/agents/review-agent.mjs)
// playing planner, developer and architect from a per-phase script.
import { execFileSync } from 'node:child_process';
import { chmodSync, existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { readPids } from './processes.js';
import { makeWorkdir, NODE, ROOT, runHarness, testConfig } from './workdir.js';

export const REVIEW_AGENT = join(ROOT, 'test', 'fixtures', 'agents', 'review-agent.mjs');
export const TECHDEBT_MARKER = 'TECHDEBT-CONTENT-7f3a';
export const LOG_MARKER = 'DIARY-CONTENT-91cc';
export const BUILD_SH =
  '#!/bin/sh\nif [ -e BUILD_FAILS ]; then echo "build: it does not compile"; exit 1; fi\necho building\n';
export const VERIFY_SH =
  '#!/bin/sh\nif [ -e VERIFY_FAILS ]; then echo "verify: 3 tests are red"; exit 1; fi\necho green\n';

export interface Prompt {
  phase: string;
  task: string | null;
  prompt: string;
  argv: string[];
}

export type Progress = {
  tasks: Record<string, { tries: Array<Record<string, unknown>>; escalated: unknown; next?: unknown }>;
};

export async function reviewProject(
  onTestFinished: (fn: () => void) => void,
  script: Record<string, string[]>,
  sections: Record<string, Record<string, unknown>> = {},
  options: { gate?: boolean; tasks?: number; independent?: boolean } = {},
) {
  const w = makeWorkdir({
    git: 'no-ignore',
    config: testConfig({ agent: { command: NODE, args: [REVIEW_AGENT, '-p', '{prompt}'] }, ...sections }),
  });
  onTestFinished(() => rmSync(w.dir, { recursive: true, force: true }));
  const scriptFile = join(w.dir, '.review-script.json');
  writeFileSync(scriptFile, JSON.stringify(script));
  const git = (...args: string[]) => execFileSync('git', args, { cwd: w.dir, stdio: 'ignore' });
  const attached = await runHarness(w, ['attach']);
  if (attached.code !== 0) throw new Error(`agent-harness attach failed: ${attached.stderr}`);
  writeFileSync(join(w.dir, '.harness', 'techdebt.md'), `# Technical debt\n\n${TECHDEBT_MARKER}\n`);
  writeFileSync(join(w.dir, '.harness', 'log.md'), `# Diary\n\n${LOG_MARKER}\n`);
  if (options.gate !== false) {
    writeFileSync(join(w.dir, 'build.sh'), BUILD_SH);
    writeFileSync(join(w.dir, 'verify.sh'), VERIFY_SH);
    chmodSync(join(w.dir, 'build.sh'), 0o755);
    chmodSync(join(w.dir, 'verify.sh'), 0o755);
  }
  const count = options.tasks ?? 2;
  const plan = {
    id: 'csv-export-20261123T1000',
    title: 'CSV export',
    created: '2026-11-23 10:00:00Z',
    status: 'todo',
    context: 'Users want their data as CSV.',
    tasks: Array.from({ length: count }, (_, i) => ({
      id: `${i + 1}_task`,
      title: `Task ${i + 1}`,
      status: 'todo',
      acceptance_criteria: [`criterion ${i + 1}`],
      possibly_relevant_files: [],
      depends_on: i === 0 || options.independent === true ? [] : [`${i}_task`],
    })),
  };
  const planDir = join(w.dir, '.harness', 'plans', plan.id);
  execFileSync('mkdir', ['-p', planDir]);
  writeFileSync(join(planDir, 'planfile.json'), JSON.stringify(plan, null, 2));
  writeFileSync(join(w.dir, '.git', 'info', 'exclude'), '.agent-plan.json*\n.review-script.json*\n');
  git('add', '-A');
  git('commit', '-q', '-m', 'project');
  const prompts = (): Prompt[] =>
    existsSync(`${scriptFile}.prompts.jsonl`)
      ? readFileSync(`${scriptFile}.prompts.jsonl`, 'utf8')
          .split('\n')
          .filter(Boolean)
          .map((line) => JSON.parse(line) as Prompt)
      : [];
  const pids = () => readPids(`${scriptFile}.pids`);
  /** A session of this phase has started (false while the prompt log is being written). */
  const started = (phase: string) => {
    try {
      return prompts().some((x) => x.phase === phase);
    } catch {
      return false;
    }
  };
  const json = (name: string) =>
    JSON.parse(readFileSync(join(planDir, name), 'utf8')) as Record<string, unknown>;
  const env = { REVIEW_SCRIPT: scriptFile };
  const run = (...args: string[]) => runHarness(w, args, env);
  return { w, planId: plan.id, planDir, prompts, started, pids, json, env, run, git };
}
