// The command transport: the model is a program (by default `ollama run MODEL`, through WSL on Windows) that
// reads the whole request on stdin and prints the answer on stdout. It runs in its own process group carrying the
// run's cookie; a timeout or a cancel ends the group (SIGTERM, then SIGKILL) and every carrier, and so does its
// normal exit for whatever it left behind: a call never leaves a process.
import type { ChildProcess } from 'node:child_process';
import type { Clock, Spawn } from '../../os/clock-spawn.js';
import { endCarriers, withCookie } from '../../os/cookie.js';
import { terminateGroup } from '../../os/process-group.js';
import { shorten } from './http.js';
import { LlmError, NO_USAGE, renderPrompt, type LlmTransport } from './transport.js';

export const MODEL_PLACEHOLDER = '{model}';

/** llm.command when it is unset: Ollama's CLI, through WSL on Windows (the seed's setup). */
export function defaultCommand(platform: NodeJS.Platform): string[] {
  return platform === 'win32'
    ? ['wsl', 'bash', '-c', `ollama run ${MODEL_PLACEHOLDER}`]
    : ['ollama', 'run', MODEL_PLACEHOLDER];
}

export const usesModel = (argv: readonly string[]): boolean =>
  argv.some((arg) => arg.includes(MODEL_PLACEHOLDER));

/** `{model}` replaced in every argument. */
export const substituteModel = (argv: readonly string[], model: string): string[] =>
  argv.map((arg) => arg.split(MODEL_PLACEHOLDER).join(model));

/** The command line as a person would type it, for messages. */
export const commandLine = (argv: readonly string[]): string =>
  argv.map((arg) => (arg === '' || /[\s"'\\$`]/.test(arg) ? JSON.stringify(arg) : arg)).join(' ');

export interface CommandTransportOptions {
  /** The command and its arguments, `{model}` already substituted. */
  argv: string[];
  model: string | null;
  env: NodeJS.ProcessEnv;
  timeoutMs: number;
  /** stdout is kept up to this + 1 bytes: enough for the answer check to see it is too large. */
  maxAnswerBytes: number;
  spawn: Spawn;
  clock: Clock;
  cookie?: string;
  cwd?: string;
  /** SIGTERM to SIGKILL when the command is ended. Default 2 s. */
  killGraceMs?: number;
}

export interface CommandRun {
  outcome: 'exited' | 'timeout' | 'cancelled' | 'not_started';
  exitCode: number | null;
  signal: NodeJS.Signals | null;
  stdout: string;
  /** stdout was longer than the cap and cut. */
  truncated: boolean;
  stderrTail: string;
}

const STDERR_TAIL = 4096;
/** How long output may still arrive after the command exits, before its pipes count as held by a leftover. */
const DRAIN_MS = 500;

/** Runs `argv` in its own group with `stdin` as its input, until it exits, times out or is cancelled. */
export async function runCommand(
  argv: readonly string[],
  stdin: string,
  options: Omit<CommandTransportOptions, 'argv' | 'model' | 'maxAnswerBytes'> & {
    maxStdoutBytes: number;
    signal?: AbortSignal;
  },
): Promise<CommandRun> {
  const { clock } = options;
  const grace = options.killGraceMs ?? 2000;
  const out: Buffer[] = [];
  let kept = 0;
  let seen = 0;
  let errTail = '';
  let child: ChildProcess;
  try {
    child = options.spawn(argv[0]!, argv.slice(1), {
      cwd: options.cwd,
      env: withCookie(options.env, options.cookie),
      detached: true,
      stdio: ['pipe', 'pipe', 'pipe'],
      windowsHide: true,
    });
  } catch (error) {
    const words = error instanceof Error ? error.message : String(error);
    return {
      outcome: 'not_started',
      exitCode: null,
      signal: null,
      stdout: '',
      truncated: false,
      stderrTail: words,
    };
  }
  let startError: Error | null = null;
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => {
    child.once('error', (error) => {
      startError = error;
      resolve({ code: null, signal: null });
    });
    child.once('exit', (code, signal) => resolve({ code, signal }));
  });
  const closed = new Promise<void>((resolve) => {
    child.once('close', () => resolve());
    child.once('error', () => resolve());
  });
  child.stdout?.on('data', (chunk: Buffer) => {
    seen += chunk.length;
    if (kept >= options.maxStdoutBytes) return;
    const part = chunk.subarray(0, options.maxStdoutBytes - kept);
    out.push(part);
    kept += part.length;
  });
  child.stderr?.on('data', (chunk: Buffer) => {
    errTail = (errTail + chunk.toString('utf8')).slice(-STDERR_TAIL);
  });
  // A command that exits without reading all its input breaks the pipe: that is its answer, not our failure.
  child.stdin?.on('error', () => undefined);
  child.stdin?.end(stdin);

  const stopWaiting = new AbortController();
  const onAbort = () => stopWaiting.abort();
  options.signal?.addEventListener('abort', onAbort, { once: true });
  if (options.signal?.aborted) stopWaiting.abort();
  const winner = await Promise.race([
    exited.then(() => 'exited' as const),
    clock
      .sleep(options.timeoutMs, stopWaiting.signal)
      .then((elapsed) => (elapsed ? 'timeout' : options.signal?.aborted ? 'cancelled' : 'exited')),
  ]);
  options.signal?.removeEventListener('abort', onAbort);
  stopWaiting.abort();

  const pid = child.pid;
  const endLeftovers = async () => {
    await Promise.all([
      pid === undefined ? null : terminateGroup(pid, grace, clock),
      options.cookie === undefined ? null : endCarriers(options.cookie, grace, clock),
    ]);
    // Where there are no process groups to signal (Windows), the command itself at least.
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  };
  if (winner !== 'exited') await endLeftovers();
  const { code, signal } = await exited;
  const drained = new AbortController();
  closed.then(
    () => drained.abort(),
    () => drained.abort(),
  );
  await clock.sleep(winner === 'exited' ? DRAIN_MS : 0, drained.signal);
  if (winner === 'exited' && pid !== undefined) await endLeftovers();
  child.stdout?.destroy();
  child.stderr?.destroy();
  await closed;
  const failed = startError as Error | null;
  return {
    outcome: failed !== null ? 'not_started' : winner,
    exitCode: code,
    signal,
    stdout: Buffer.concat(out).toString('utf8'),
    truncated: seen > kept,
    stderrTail: failed !== null ? failed.message : errTail.trim(),
  };
}

const tail = (text: string): string => shorten(text.slice(-600), [], 600);

export function commandTransport(options: CommandTransportOptions): LlmTransport {
  const line = commandLine(options.argv);
  const seconds = options.timeoutMs / 1000;
  return {
    provider: 'command',
    model: options.model,
    endpoint: line,
    async call(request) {
      if (request.signal?.aborted) throw new LlmError(`llm.command \`${line}\` was cancelled`, 'cancelled');
      const started = options.clock.monotonic();
      const run = await runCommand(options.argv, renderPrompt(request.messages), {
        ...options,
        maxStdoutBytes: options.maxAnswerBytes + 1,
        signal: request.signal,
      });
      if (run.outcome === 'not_started')
        throw new LlmError(
          `cannot start llm.command \`${line}\` (${tail(run.stderrTail)}): install ${options.argv[0]} or set llm.command`,
          'command_failed',
        );
      if (run.outcome === 'cancelled')
        throw new LlmError(`llm.command \`${line}\` was cancelled (its processes were ended)`, 'cancelled');
      if (run.outcome === 'timeout')
        throw new LlmError(
          `llm.command \`${line}\` gave no answer within ${seconds} s and was ended: raise llm.timeout_secs, or use a smaller or already loaded model`,
          'timeout',
        );
      if (run.exitCode !== 0) {
        const how =
          run.exitCode === null ? `was killed by ${run.signal ?? 'a signal'}` : `exited with ${run.exitCode}`;
        const said = run.stderrTail === '' ? 'nothing on stderr' : tail(run.stderrTail);
        throw new LlmError(`llm.command \`${line}\` ${how} (${said})`, 'command_failed');
      }
      return {
        text: run.stdout,
        usage: NO_USAGE,
        model: options.model,
        duration_ms: Math.round(Math.max(0, options.clock.monotonic() - started)),
        ...(run.truncated ? { truncated: true as const } : {}),
      };
    },
  };
}
