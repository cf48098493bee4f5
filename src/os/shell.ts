// Runs one shell command (a hook, a prompt command, a validation, harness-init.sh, a cleanup) in its own process
// group with a timeout, keeping at most `maxOutputBytes` of its stdout and the last few KiB of its stderr.
//
// The command is over when its shell exits, not when its pipes close: a background child (`server &`, a setsid'd
// daemon) may hold them for ever. After the exit the output is drained for a moment, then whatever the command
// left behind is ended: the rest of its group and, with a cookie, every process carrying it. A command that
// exits 0 and leaves a child running has succeeded; its child does not outlive it. A stop request (`signal`)
// ends the command at once.
import type { Clock, Spawn } from './clock-spawn.js';
import { endCarriers, withCookie } from './cookie.js';
import { terminateGroup } from './process-group.js';

export interface ShellResult {
  exitCode: number;
  timedOut: boolean;
  /** Ended early by a stop request. */
  interrupted: boolean;
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
  /** The run's containment cookie: set in the command's environment, and its carriers ended afterwards. */
  cookie?: string;
  /** Aborting it ends the command now (a stop request). */
  signal?: AbortSignal;
  /** SIGTERM to SIGKILL when the command or its leftovers are ended. */
  killGraceMs?: number;
}

const STDERR_TAIL = 4096;
/** How long output may still arrive after the shell exits, before its pipes are taken as held by a leftover. */
const DRAIN_MS = 500;
export const INTERRUPTED_EXIT_CODE = 130;

export async function runShell(command: string, options: ShellOptions): Promise<ShellResult> {
  const { clock } = options;
  const started = clock.monotonic();
  const cap = options.maxOutputBytes ?? 1024 * 1024;
  const grace = options.killGraceMs ?? 2000;
  const out: Buffer[] = [];
  let outBytes = 0;
  let errTail = '';
  let keptBytes = 0;
  const result = (exitCode: number, timedOut: boolean, interrupted: boolean): ShellResult => ({
    exitCode,
    timedOut,
    interrupted,
    stdout: Buffer.concat(out).toString('utf8'),
    stdoutBytes: outBytes,
    stdoutTruncated: outBytes > keptBytes,
    stderrTail: errTail.trim(),
    durationMs: clock.monotonic() - started,
  });
  if (options.signal?.aborted) return result(INTERRUPTED_EXIT_CODE, false, true);

  const child = options.spawn('/bin/sh', ['-c', command], {
    cwd: options.cwd,
    env: withCookie(options.env, options.cookie),
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
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
    child.once('exit', (code, signal) => resolve(code ?? (signal ? 128 + 15 : 1)));
  });
  const closed = new Promise<void>((resolve) => {
    child.once('close', () => resolve());
    child.once('error', () => resolve());
  });

  const stopWaiting = new AbortController();
  const onAbort = () => stopWaiting.abort();
  options.signal?.addEventListener('abort', onAbort, { once: true });
  const winner = await Promise.race([
    exited.then(() => 'exited' as const),
    clock
      .sleep(options.timeoutMs, stopWaiting.signal)
      .then((elapsed) => (elapsed ? 'timeout' : options.signal?.aborted ? 'interrupted' : 'exited')),
  ]);
  options.signal?.removeEventListener('abort', onAbort);
  stopWaiting.abort();

  const pid = child.pid;
  // The group (with the descendants still linked to it) and every carrier of the cookie, in one grace period.
  const endLeftovers = (graceMs: number) =>
    Promise.all([
      pid === undefined ? null : terminateGroup(pid, graceMs, clock),
      options.cookie === undefined ? null : endCarriers(options.cookie, graceMs, clock),
    ]);
  const reason: unknown = options.signal?.reason;
  if (winner === 'timeout') await endLeftovers(grace);
  if (winner === 'interrupted') await endLeftovers(typeof reason === 'number' ? reason : grace);
  const exitCode = await exited;
  // Output written just before the exit is still in the pipes; a leftover holding them never lets them close.
  const drained = new AbortController();
  closed.then(
    () => drained.abort(),
    () => drained.abort(),
  );
  await clock.sleep(winner === 'exited' ? DRAIN_MS : 0, drained.signal);
  // A command that succeeded leaves nothing running either: its background children end with it.
  if (winner === 'exited') await endLeftovers(grace);
  child.stdout?.destroy();
  child.stderr?.destroy();
  await closed;

  if (winner === 'timeout') return result(124, true, false);
  if (winner === 'interrupted') return result(INTERRUPTED_EXIT_CODE, false, true);
  return result(exitCode, false, false);
}
