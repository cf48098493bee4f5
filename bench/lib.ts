// Shared helpers for the benchmarks: scratch directories, running the built CLI as a real process, sampling its
// memory from /proc, medians and a small table printer. Nothing here asserts on timings: the benchmarks
// measure and print, the reader judges.
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { stringify } from 'yaml';

export const ROOT = resolve(import.meta.dirname, '..');
/**
 * The bundle measured: the committed dist/ (run `npm run bundle` first if src/ changed), or BENCH_DIST, a directory
 * with the same layout (the test suite's quick run points it at its own build of the current sources).
 */
export const DIST = process.env.BENCH_DIST ? resolve(process.env.BENCH_DIST) : join(ROOT, 'dist');
export const CLI = join(DIST, 'cli.js');
export const BENCH = join(ROOT, 'bench');
export const AGENTS = join(BENCH, 'agents');
export const SCRIPTED_AGENT = join(ROOT, 'test', 'fixtures', 'agents', 'scripted-agent.mjs');
export const NODE = process.execPath;
/** Quick mode: sizes that take seconds, to show that a benchmark runs and its figures are sane (no timing goal). */
export const QUICK = process.env.BENCH_QUICK === '1';
export const MIB = 1024 * 1024;

/** A number from the environment, or the quick/full default. */
export function knob(name: string, full: number, quick: number = full): number {
  const raw = process.env[name];
  if (raw !== undefined && raw !== '') {
    const value = Number(raw);
    if (!Number.isFinite(value)) throw new Error(`${name}=${raw} is not a number`);
    return value;
  }
  return QUICK ? quick : full;
}

const scratch: string[] = [];

/** Makes `dir` a git repository with one empty commit, as users run the harness (commit detection reads refs). */
export function initGitRepo(dir: string): void {
  const git = (...args: string[]) =>
    execFileSync('git', ['-c', 'user.name=bench', '-c', 'user.email=bench@example.invalid', ...args], {
      cwd: dir,
      stdio: 'ignore',
    });
  git('init', '-q');
  git('commit', '-q', '--allow-empty', '-m', 'bench');
}

/** A fresh directory under the system temp dir, removed at exit unless BENCH_KEEP=1. */
export function scratchDir(label: string): string {
  const dir = mkdtempSync(join(tmpdir(), `ah-bench-${label}-`));
  scratch.push(dir);
  return dir;
}

export function cleanupScratch(): void {
  if (process.env.BENCH_KEEP === '1') {
    for (const dir of scratch) console.log(`(kept ${dir})`);
    return;
  }
  for (const dir of scratch.splice(0)) rmSync(dir, { recursive: true, force: true });
}

process.once('exit', cleanupScratch);
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    cleanupScratch();
    process.exit(130);
  });
}

/** A working directory as the harness expects it: PROMPT.md and harness.yml. */
export function harnessDir(label: string, config: Record<string, unknown>): string {
  const dir = scratchDir(label);
  writeFileSync(join(dir, 'PROMPT.md'), 'Do the next thing.\n');
  writeFileSync(join(dir, 'harness.yml'), stringify(config));
  return dir;
}

export interface MemSample {
  at: number;
  rssKiB: number;
  hwmKiB: number;
}

/** VmRSS and VmHWM of a live process, or null once it is gone. */
export function readMem(pid: number): { rssKiB: number; hwmKiB: number } | null {
  let text: string;
  try {
    text = readFileSync(`/proc/${pid}/status`, 'utf8');
  } catch {
    return null;
  }
  const rss = /^VmRSS:\s+(\d+) kB/m.exec(text);
  const hwm = /^VmHWM:\s+(\d+) kB/m.exec(text);
  if (!rss || !hwm) return null; // a zombie has no memory lines
  return { rssKiB: Number(rss[1]), hwmKiB: Number(hwm[1]) };
}

export interface HarnessRun {
  code: number | null;
  signal: NodeJS.Signals | null;
  wallMs: number;
  stdout: string;
  stderr: string;
  /** Memory samples of the harness process (empty when sampling was off). */
  samples: MemSample[];
  /** Highest VmHWM seen (the kernel's own peak RSS of the harness), in KiB. */
  peakKiB: number;
}

export interface HarnessOptions {
  args?: string[];
  env?: NodeJS.ProcessEnv;
  /** Sample /proc/<pid>/status this often (ms); 0 = no sampling. */
  sampleMs?: number;
  onSample?: (sample: MemSample) => void;
  onStart?: (child: ChildProcess) => void;
}

/** Runs the built CLI in `dir` and waits for it; the wall time covers node start-up to exit. */
export function runHarness(dir: string, options: HarnessOptions = {}): Promise<HarnessRun> {
  return new Promise((done, fail) => {
    const started = performance.now();
    // BENCH_HARNESS_NODE_ARGS (e.g. "--trace-gc") goes to the harness's node only, not to the agents it runs.
    const nodeArgs = (process.env.BENCH_HARNESS_NODE_ARGS ?? '').split(' ').filter(Boolean);
    const child = spawn(NODE, [...nodeArgs, CLI, ...(options.args ?? [])], {
      cwd: dir,
      env: { ...process.env, ...options.env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const samples: MemSample[] = [];
    let peakKiB = 0;
    let timer: NodeJS.Timeout | null = null;
    const sample = () => {
      if (child.pid === undefined) return;
      const mem = readMem(child.pid);
      if (mem === null) return;
      const s = { at: performance.now() - started, ...mem };
      peakKiB = Math.max(peakKiB, mem.hwmKiB);
      samples.push(s);
      options.onSample?.(s);
    };
    if (options.sampleMs && options.sampleMs > 0) timer = setInterval(sample, options.sampleMs);
    options.onStart?.(child);
    child.once('error', fail);
    // 'exit' fires as soon as the process is reaped; the pipes may still hold output, so wait for 'close'.
    let wallMs = 0;
    child.once('exit', () => {
      wallMs = performance.now() - started;
      if (timer) clearInterval(timer);
    });
    child.once('close', (code, signal) => {
      done({ code, signal, wallMs, stdout, stderr, samples, peakKiB });
    });
  });
}

/** The harness event log as objects. */
export function readEvents(dir: string, name = 'harness-events.jsonl'): Array<Record<string, unknown>> {
  const path = join(dir, name);
  if (!existsSync(path)) return [];
  return readFileSync(path, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as Record<string, unknown>);
}

/** Runs a shell command line and returns its wall time in ms. */
export function timeShell(command: string, options: { cwd?: string; env?: NodeJS.ProcessEnv } = {}) {
  return new Promise<{ ms: number; code: number | null; stdout: string; stderr: string }>((done, fail) => {
    const started = performance.now();
    const child = spawn('/bin/sh', ['-c', command], {
      cwd: options.cwd,
      env: { ...process.env, ...options.env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    let ms = 0;
    child.once('exit', () => (ms = performance.now() - started));
    child.once('error', fail);
    child.once('close', (code) => done({ ms, code, stdout, stderr }));
  });
}

/**
 * CPU time (user + system, ms) of every child of this process that has been waited for, and of their own waited-for
 * children (/proc/self/stat's cutime and cstime, in clock ticks of 10 ms): read before and after a run, the
 * difference is what the run's processes used, harness and agents together. Load from other processes slows a run's
 * wall time but hardly its CPU time. NaN where /proc cannot say.
 */
export function childrenCpuMs(): number {
  try {
    const stat = readFileSync('/proc/self/stat', 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    // After the command name: state is field 3, cutime and cstime are fields 16 and 17.
    return (Number(fields[16 - 3]) + Number(fields[17 - 3])) * 10;
  } catch {
    return NaN;
  }
}

export function median(values: readonly number[]): number {
  if (values.length === 0) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

export function fmt(value: number, digits = 1): string {
  if (!Number.isFinite(value)) return String(value);
  return value.toFixed(digits);
}

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Prints a plain-text table with right-aligned numeric-looking cells. */
export function printTable(header: string[], rows: Array<Array<string | number>>): void {
  const cells = [header, ...rows.map((row) => row.map(String))];
  const widths = header.map((_, i) => Math.max(...cells.map((row) => (row[i] ?? '').length)));
  const line = (row: string[]) =>
    row
      .map((cell, i) =>
        /^[-+\d.,x%×<>=~ ]+$/.test(cell) && i > 0 ? cell.padStart(widths[i]!) : cell.padEnd(widths[i]!),
      )
      .join('  ')
      .trimEnd();
  console.log(line(cells[0]!));
  console.log(widths.map((w) => '-'.repeat(w)).join('  '));
  for (const row of cells.slice(1)) console.log(line(row));
}

export interface ResultRow {
  metric: string;
  baseline: string;
  harness: string;
  ratio: string;
  goal: string;
  /** A difference of two measurements, which noise can take below zero: only its finiteness is checked. */
  signed?: boolean;
}

/**
 * What is wrong with a row's figures, if anything: every number in the baseline, harness and ratio cells must be
 * finite and not negative (a `signed` difference may be), and the harness cell must hold one. This is the check of a quick run; it asserts no
 * timing, only that the benchmark measured something.
 */
export function insane(row: ResultRow): string | null {
  const numbers = (cell: string) => cell.match(/-?\d+(?:\.\d+)?(?:e[+-]?\d+)?|NaN|-?Infinity/gi) ?? [];
  for (const [name, cell] of [
    ['baseline', row.baseline],
    ['harness', row.harness],
    ['ratio', row.ratio],
  ] as const) {
    if (cell === '-' || cell === '') continue;
    for (const text of numbers(cell)) {
      const value = Number(text);
      if (!Number.isFinite(value) || (value < 0 && !row.signed))
        return `${name} ${JSON.stringify(cell)} is not a measurement`;
    }
  }
  if (numbers(row.harness).length === 0) return `harness ${JSON.stringify(row.harness)} holds no figure`;
  return null;
}

/**
 * Records a benchmark's headline figures. Printed as a table; also appended as JSON to $BENCH_RESULTS_JSON
 * (one line per benchmark) so bench/run.ts can collect them into RESULTS.md. A figure that is not a measurement
 * (NaN, negative, missing) is printed as INSANE and fails the benchmark (exit code 1).
 */
export function report(bench: string, rows: ResultRow[], notes: string[] = []): void {
  console.log('');
  console.log(`== ${bench}: summary ==`);
  printTable(
    ['metric', 'baseline', 'harness', 'ratio', 'goal'],
    rows.map((r) => [r.metric, r.baseline, r.harness, r.ratio, r.goal]),
  );
  for (const note of notes) console.log(`  note: ${note}`);
  for (const row of rows) {
    const wrong = insane(row);
    if (wrong === null) continue;
    console.log(`INSANE ${row.metric}: ${wrong}`);
    process.exitCode = 1;
  }
  const out = process.env.BENCH_RESULTS_JSON;
  if (out) {
    const line = JSON.stringify({ bench, quick: QUICK, rows, notes });
    writeFileSync(out, `${line}\n`, { flag: 'a' });
  }
}

export function header(title: string, lines: string[]): void {
  console.log(`# ${title}`);
  for (const line of lines) console.log(`  ${line}`);
  console.log('');
}
