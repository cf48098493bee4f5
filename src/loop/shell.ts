// Runs one shell command (a hook or a prompt command) in its own process group with a timeout, keeping at
// most `maxOutputBytes` of its stdout and the last few KiB of its stderr.
import type { Clock, Spawn } from '../platform/ports.js';
import { terminateGroup } from './process-group.js';

export interface ShellResult {
  exitCode: number;
  timedOut: boolean;
  stdout: string;
  /** Bytes the command printed on stdout, kept or not. */
  stdoutBytes: number;
  /** Whether stdout was cut at `maxOutputBytes`. */
  stdoutTruncated: boolean;
  /** The last lines of stderr, for error messages. */
  stderrTail: string;
  durationMs: number;
}

export interface ShellOptions {
  cwd: string;
  env: NodeJS.ProcessEnv;
  timeoutMs: number;
  maxOutputBytes?: number;
  clock: Clock;
  spawn: Spawn;
}

const STDERR_TAIL = 4096;

export async function runShell(command: string, options: ShellOptions): Promise<ShellResult> {
  const started = options.clock.now();
  const cap = options.maxOutputBytes ?? 1024 * 1024;
  const child = options.spawn('/bin/sh', ['-c', command], {
    cwd: options.cwd,
    env: options.env,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const out: Buffer[] = [];
  let outBytes = 0;
  let errTail = '';
  let keptBytes = 0;
  child.stdout?.on('data', (chunk: Buffer) => {
    outBytes += chunk.length;
    if (keptBytes >= cap) return;
    const kept = chunk.subarray(0, cap - keptBytes);
    out.push(kept);
    keptBytes += kept.length;
  });
  child.stderr?.on('data', (chunk: Buffer) => {
    errTail = (errTail + chunk.toString('utf8')).slice(-STDERR_TAIL);
  });
  const exited = new Promise<number>((resolve) => {
    child.once('error', (error) => {
      errTail = error.message;
      resolve(127);
    });
    child.once('close', (code, signal) => resolve(code ?? (signal ? 128 + 15 : 1)));
  });
  const abort = new AbortController();
  const timer = options.clock.sleep(options.timeoutMs, abort.signal).then((elapsed) => elapsed);
  const winner = await Promise.race([
    exited.then(() => 'exited' as const),
    timer.then((t) => (t ? 'timeout' : 'exited') as 'timeout' | 'exited'),
  ]);
  let timedOut = false;
  if (winner === 'timeout' && child.pid !== undefined) {
    timedOut = true;
    await terminateGroup(child.pid, 2000, options.clock);
  }
  abort.abort();
  const exitCode = await exited;
  return {
    exitCode: timedOut ? 124 : exitCode,
    timedOut,
    stdout: Buffer.concat(out).toString('utf8'),
    stdoutBytes: outBytes,
    stdoutTruncated: outBytes > keptBytes,
    stderrTail: errTail.trim(),
    durationMs: options.clock.now() - started,
  };
}
