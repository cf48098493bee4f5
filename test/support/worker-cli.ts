// The built CLI's `worker` commands as real processes in a scratch directory configured for the scripted model
// server: start one and wait for it, or keep it to signal it; every pid is kept for the leak check.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { stringify } from 'yaml';
import { capture, HANG_MS, type Captured } from './captured.js';
import { remember } from './processes.js';
import { CLI, NODE } from './workdir.js';

export interface CliRun {
  child: ChildProcess;
  pid: number;
  exit: Promise<{ code: number | null; signal: NodeJS.Signals | null; stdout: string; stderr: string }>;
  /** What it printed so far, and a wait for a condition (on its output or anything else): captured.ts. */
  output: Captured;
}

export interface WorkerDir {
  dir: string;
  workspace: string;
  tasks: string;
  pids: number[];
  start(args: string[], env?: NodeJS.ProcessEnv): CliRun;
  run(args: string[]): Promise<{ code: number | null; stdout: string; stderr: string }>;
  /** `worker new` → the new task directory. */
  newTask(args?: string[]): Promise<string>;
}

export function workerDir(
  baseUrl: string,
  worker: Record<string, unknown> = {},
  llm: Record<string, unknown> = {},
  /** Further sections of the configuration (shutdown, watchdog, ...). */
  sections: Record<string, Record<string, unknown>> = {},
): WorkerDir {
  const dir = mkdtempSync(join(tmpdir(), 'ah-worker-cli-'));
  const workspace = join(dir, 'workspace');
  mkdirSync(workspace);
  writeFileSync(
    join(dir, 'harness.yml'),
    stringify({
      llm: { provider: 'ollama', base_url: baseUrl, model: 'scripted', timeout_secs: 30, ...llm },
      worker: { allowed_paths: ['workspace'], heartbeat_secs: 0.05, max_iterations: 3, ...worker },
      ...sections,
    }),
  );
  const pids: number[] = [];
  const start = (args: string[], env: NodeJS.ProcessEnv = {}): CliRun => {
    const child = spawn(NODE, [CLI, ...args], {
      cwd: dir,
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    pids.push(remember(child.pid!));
    const output = capture(child, HANG_MS);
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const exit = new Promise<{
      code: number | null;
      signal: NodeJS.Signals | null;
      stdout: string;
      stderr: string;
    }>((resolve) => child.once('close', (code, signal) => resolve({ code, signal, stdout, stderr })));
    return { child, pid: child.pid!, exit, output };
  };
  const run = async (args: string[]) => {
    const { code, stdout, stderr } = await start(args).exit;
    return { code, stdout, stderr };
  };
  return {
    dir,
    workspace,
    tasks: join(dir, 'tasks'),
    pids,
    start,
    run,
    async newTask(args = ['--prompt', 'Fix the bug']) {
      const made = await run(['worker', 'new', ...args]);
      if (made.code !== 0) throw new Error(`worker new failed: ${made.stderr}`);
      return made.stdout.trim();
    },
  };
}

/** Polls until `predicate` holds (no timing assertion: a generous limit only against hanging forever). */
export async function until(predicate: () => boolean, what: string, limitMs = HANG_MS): Promise<void> {
  const deadline = Date.now() + limitMs;
  while (!predicate()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

/** The heartbeat's status, or null when there is none yet. */
export function heartbeatOf(
  taskDir: string,
): { status: string; iteration: number; timestamp: string } | null {
  try {
    return JSON.parse(readFileSync(join(taskDir, 'heartbeat.json'), 'utf8')) as {
      status: string;
      iteration: number;
      timestamp: string;
    };
  } catch {
    return null;
  }
}
