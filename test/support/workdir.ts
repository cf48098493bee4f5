// A scratch working directory with a prompt, a config and the scripted agent, and helpers to run this run's build
// of the CLI (build.ts) in it as a real process and read what it left behind.
import { spawn, execFileSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync, existsSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { stringify } from 'yaml';
import { capture, HANG_MS, type Captured } from './captured.js';
import { strictEvents } from './event-log-check.js';
import { alive, readPids } from './processes.js';

export const ROOT = resolve(import.meta.dirname, '..', '..');
import { CLI } from './build.js';

export { CLI };
export const AGENT = join(ROOT, 'test', 'fixtures', 'agents', 'scripted-agent.mjs');
export const NODE = process.execPath;

export interface Workdir {
  dir: string;
  plan: string;
  path(name: string): string;
  read(name: string): string;
  exists(name: string): boolean;
  events(): Array<Record<string, unknown>>;
  status(): Record<string, unknown>;
  counter(): number;
  transcripts(): string[];
  agentPids(): number[];
}

export function makeWorkdir(
  options: {
    plan?: string[];
    config?: Record<string, unknown>;
    /**
     * A git repository with an initial commit. `true`: with a .gitignore for the harness's files. `'no-ignore'`:
     * no ignore file at all, the default layout a new user has (the test's own fixture files are excluded in
     * .git/info/exclude only).
     */
    git?: boolean | 'no-ignore';
  } = {},
): Workdir {
  const dir = mkdtempSync(join(tmpdir(), 'ah-test-'));
  const plan = join(dir, '.agent-plan.json');
  writeFileSync(plan, JSON.stringify(options.plan ?? ['ok']));
  writeFileSync(join(dir, 'PROMPT.md'), 'Do the next thing.\n');
  if (options.config !== undefined) writeFileSync(join(dir, 'harness.yml'), stringify(options.config));
  if (options.git) {
    const git = (...args: string[]) => execFileSync('git', args, { cwd: dir, stdio: 'ignore' });
    git('init', '-q');
    git('config', 'user.name', 'Test');
    git('config', 'user.email', 'test@example.invalid');
    if (options.git === 'no-ignore') {
      writeFileSync(join(dir, '.git', 'info', 'exclude'), '.agent-plan.json*\n');
    } else {
      writeFileSync(
        join(dir, '.gitignore'),
        '.agent-plan.json*\nharness.status\nharness-events.jsonl\n.iteration_counter\n*.jsonl\n',
      );
    }
    git('add', '-A');
    git('commit', '-q', '-m', 'initial');
  }
  return workdirAt(dir, plan);
}

/**
 * The Workdir view of `dir` with the scripted agent's plan at `plan`: a working directory made elsewhere (on a
 * tiny file system, a read-only view) whose agent plan, run count and PIDs stay in the directory that made it.
 */
export function workdirAt(dir: string, plan: string): Workdir {
  const read = (name: string) => readFileSync(join(dir, name), 'utf8');
  return {
    dir,
    plan,
    path: (name) => join(dir, name),
    read,
    exists: (name) => existsSync(join(dir, name)),
    // Every line checked against the event log's schema: see event-log-check.ts.
    events: () =>
      existsSync(join(dir, 'harness-events.jsonl')) ? strictEvents(read('harness-events.jsonl')) : [],
    status: () => JSON.parse(read('harness.status')) as Record<string, unknown>,
    counter: () => Number(read('.iteration_counter').trim()),
    transcripts: () =>
      readdirSync(dir)
        .filter((f) => /^claude-iteration-\d+\.jsonl$/.test(f))
        .sort((a, b) => Number(a.match(/\d+/)![0]) - Number(b.match(/\d+/)![0])),
    agentPids: () => readPids(`${plan}.pids`),
  };
}

/** Fast defaults for loop tests: the scripted agent, no delays, short timeouts. */
export function testConfig(overrides: Record<string, Record<string, unknown>> = {}): Record<string, unknown> {
  const base: Record<string, Record<string, unknown>> = {
    session: { max_iterations: 1 },
    agent: { command: NODE, args: [AGENT, '-p', '{prompt}'] },
    watchdog: {
      stale_timeout_mins: 0.5,
      result_grace_secs: 5,
      kill_grace_secs: 0.5,
      check_interval_secs: 60,
    },
    retry: { retry_delay_secs: 0 },
    backoff: { initial_delay_secs: 0 },
  };
  for (const [section, values] of Object.entries(overrides)) base[section] = { ...base[section], ...values };
  return base;
}

export interface Run extends Captured {
  child: ChildProcess;
  exit: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

export function startHarness(w: Workdir, args: string[] = [], env: NodeJS.ProcessEnv = {}): Run {
  const child = spawn(NODE, [CLI, ...args], {
    cwd: w.dir,
    env: { ...process.env, AGENT_PLAN: w.plan, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const exit = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once('close', (code, signal) => resolve({ code, signal })),
  );
  return { child, exit, ...capture(child, HANG_MS) };
}

/**
 * Waits until `predicate` holds, checked every 25 ms; a predicate that throws (a file read before it is written,
 * or while it is replaced) counts as not holding yet. No timing is asserted: the limit only ends a wait that would
 * otherwise hang, naming what was awaited and the predicate's last error.
 */
export async function waitUntil(predicate: () => boolean, what: string, limitMs = HANG_MS): Promise<void> {
  const deadline = Date.now() + limitMs;
  for (;;) {
    let failure = '';
    try {
      if (predicate()) return;
    } catch (error) {
      failure = `: ${error instanceof Error ? error.message : JSON.stringify(error)}`;
    }
    if (Date.now() > deadline) throw new Error(`timed out after ${limitMs} ms waiting for ${what}${failure}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

export async function runHarness(w: Workdir, args: string[] = [], env: NodeJS.ProcessEnv = {}) {
  const run = startHarness(w, args, env);
  const { code, signal } = await run.exit;
  return { code, signal, stdout: run.stdout(), stderr: run.stderr() };
}

/** runHarness, then a failure when any process of the scripted agent outlived the run. */
export async function runLeavingNothing(w: Workdir, args: string[] = [], env: NodeJS.ProcessEnv = {}) {
  const result = await runHarness(w, args, env);
  const left = alive(w.agentPids());
  if (left.length > 0) throw new Error(`the agent's processes outlived the run: ${left.join(', ')}`);
  return result;
}

/**
 * A git working directory whose configuration runs a real agent CLI under the harness: `agent` is the CLI's
 * command line (with `{prompt}` where the prompt goes) and environment, `sections` the rest of the configuration.
 */
export function agentWorkdir(
  agent: { command: string; args: string[]; env: Record<string, string>; format?: string },
  sections: Record<string, Record<string, unknown>> = {},
): Workdir {
  return makeWorkdir({ git: true, config: testConfig({ agent: { ...agent }, ...sections }) });
}
