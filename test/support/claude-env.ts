/**
 * How to run the REAL `claude` CLI headless against a scripted model server (see model-server.ts).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');

/** The Claude Code CLI installed as a dev dependency. */
export const CLAUDE_BIN = join(repoRoot, 'node_modules', '.bin', 'claude');

/** The model the CLI is told to use; any name works with the scripted server. */
export const SCRIPTED_MODEL = 'claude-sonnet-4-5';

export interface ClaudeEnvOptions {
  /** Base URL of the scripted server, e.g. `http://127.0.0.1:PORT`. */
  serverUrl: string;
  /** The prompt passed to `-p`. Default: a neutral instruction. */
  prompt?: string;
  /** A private HOME / CLAUDE_CONFIG_DIR. Default: a fresh temp dir. */
  home?: string;
  /** The CLI's own API retry budget (CLAUDE_CODE_MAX_RETRIES). Default 2. */
  maxRetries?: number;
  /** Passed as `--max-turns`. Default: none. */
  maxTurns?: number;
  /** Settings object written to a file and passed with `--settings` (hooks, ...). */
  settings?: Record<string, unknown>;
  /** Extra CLI arguments appended at the end. */
  extraArgs?: string[];
  /** Extra environment variables (override the defaults). */
  extraEnv?: Record<string, string>;
  /**
   * Sign in "to a gateway" instead of using an API key: ANTHROPIC_AUTH_TOKEN is an (unsigned) JWT whose `aud` is
   * `claude-gateway` and ANTHROPIC_API_KEY is blank. Only then does the CLI read the `anthropic-ratelimit-unified-*`
   * headers of a 429 (subscription usage limits: `rate_limit_event`, "You've hit your limit · resets …"); with an
   * API key it ignores them, as it does for API customers.
   */
  gatewayLogin?: boolean;
}

/** A JWT the CLI takes for a gateway sign-in (it reads the payload's `aud`, it never checks the signature). */
export function gatewayToken(): string {
  const part = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
  return `${part({ alg: 'none', typ: 'JWT' })}.${part({ aud: 'claude-gateway', sub: 'scripted-test' })}.unsigned`;
}

export interface ClaudeCommand {
  command: string;
  args: string[];
  env: Record<string, string>;
  /** The private home directory (also CLAUDE_CONFIG_DIR's parent). */
  home: string;
}

/** Environment variables copied from the parent process (everything else is dropped). */
const PASS_THROUGH = ['PATH', 'LANG', 'LC_ALL', 'TERM', 'TMPDIR', 'TZ', 'SHELL', 'USER', 'LOGNAME'];

export function claudeCommand(options: ClaudeEnvOptions): ClaudeCommand {
  const home = options.home ?? mkdtempSync(join(tmpdir(), 'claude-home-'));
  const configDir = join(home, '.claude');
  const tmp = join(home, 'tmp');
  mkdirSync(configDir, { recursive: true });
  mkdirSync(tmp, { recursive: true });

  const env: Record<string, string> = {};
  for (const name of PASS_THROUGH) {
    const value = process.env[name];
    if (value !== undefined) env[name] = value;
  }
  Object.assign(env, {
    HOME: home,
    CLAUDE_CONFIG_DIR: configDir,
    // The CLI keeps per-session scratch files (background task output, probes) under $TMPDIR/claude-<uid>.
    TMPDIR: tmp,
    XDG_CONFIG_HOME: join(home, '.config'),
    XDG_CACHE_HOME: join(home, '.cache'),
    XDG_DATA_HOME: join(home, '.local', 'share'),
    XDG_STATE_HOME: join(home, '.local', 'state'),
    ANTHROPIC_BASE_URL: options.serverUrl,
    ANTHROPIC_API_KEY: 'sk-ant-scripted-test-key',
    // The CLI refuses --dangerously-skip-permissions as root unless it believes it is sandboxed.
    IS_SANDBOX: '1',
    CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC: '1',
    DISABLE_AUTOUPDATER: '1',
    DISABLE_TELEMETRY: '1',
    DISABLE_ERROR_REPORTING: '1',
    DISABLE_BUG_COMMAND: '1',
    DISABLE_COST_WARNINGS: '1',
    DISABLE_NON_ESSENTIAL_MODEL_CALLS: '1',
    CLAUDE_CODE_DISABLE_TERMINAL_TITLE: '1',
    CLAUDE_CODE_ENABLE_TELEMETRY: '0',
    CLAUDE_CODE_MAX_RETRIES: String(options.maxRetries ?? 2),
    NO_COLOR: '1',
    CI: '1',
    ...(options.gatewayLogin ? { ANTHROPIC_API_KEY: '', ANTHROPIC_AUTH_TOKEN: gatewayToken() } : {}),
    ...(options.extraEnv ?? {}),
  });

  const args = [
    '-p',
    options.prompt ?? 'Follow the scripted plan.',
    '--dangerously-skip-permissions',
    '--verbose',
    '--output-format',
    'stream-json',
    '--model',
    SCRIPTED_MODEL,
  ];
  if (options.maxTurns !== undefined) args.push('--max-turns', String(options.maxTurns));
  if (options.settings) {
    const file = join(home, 'test-settings.json');
    writeFileSync(file, JSON.stringify(options.settings, null, 2));
    args.push('--settings', file);
  }
  args.push(...(options.extraArgs ?? []));

  return { command: CLAUDE_BIN, args, env, home };
}

export interface StreamLine {
  /** Milliseconds since spawn when the line was complete. */
  at: number;
  text: string;
  /** The parsed JSON object, or undefined when the line is not JSON. */
  json: Record<string, unknown> | undefined;
}

export interface ClaudeExit {
  code: number | null;
  signal: NodeJS.Signals | null;
  /** When it ended (Date.now()). */
  endedAt: number;
}

export interface ClaudeRun {
  child: ChildProcess;
  pid: number;
  lines: StreamLine[];
  stdout(): string;
  stderr(): string;
  exited: Promise<ClaudeExit>;
  /** Whether the process has not exited yet. */
  running(): boolean;
  /** Resolve with the first stdout line matching `match`, or reject after `timeoutMs`. */
  waitForLine(match: (line: StreamLine) => boolean, timeoutMs: number): Promise<StreamLine>;
  /** Signal the whole process group (the CLI runs in its own group, so hooks and tool children go too). */
  killGroup(signal?: NodeJS.Signals): void;
}

/**
 * Spawn the CLI in its own process group with stdin closed (an open stdin can hang it) and collect its
 * stdout line by line with timestamps.
 */
export function spawnClaude(cmd: ClaudeCommand, cwd: string): ClaudeRun {
  const started = Date.now();
  const child = spawn(cmd.command, cmd.args, {
    cwd,
    env: cmd.env,
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  const lines: StreamLine[] = [];
  const waiters = new Set<() => void>();
  let out = '';
  let err = '';
  let partial = '';
  child.stdout?.setEncoding('utf8');
  child.stderr?.setEncoding('utf8');
  child.stdout?.on('data', (data: string) => {
    out += data;
    partial += data;
    let nl: number;
    while ((nl = partial.indexOf('\n')) >= 0) {
      const text = partial.slice(0, nl);
      partial = partial.slice(nl + 1);
      if (text.trim() === '') continue;
      let json: Record<string, unknown> | undefined;
      try {
        const parsed: unknown = JSON.parse(text);
        if (parsed && typeof parsed === 'object') json = parsed as Record<string, unknown>;
      } catch {
        json = undefined;
      }
      lines.push({ at: Date.now() - started, text, json });
    }
    for (const wake of waiters) wake();
  });
  child.stderr?.on('data', (data: string) => {
    err += data;
  });
  let done = false;
  const exited = new Promise<ClaudeExit>((resolveExit, rejectExit) => {
    child.once('error', rejectExit);
    child.once('close', (code, signal) => {
      done = true;
      for (const wake of waiters) wake();
      resolveExit({ code, signal, endedAt: Date.now() });
    });
  });
  const pid = child.pid;
  if (pid === undefined) throw new Error(`could not spawn ${cmd.command}`);

  return {
    child,
    pid,
    lines,
    stdout: () => out,
    stderr: () => err,
    exited,
    running: () => !done && child.exitCode === null && child.signalCode === null,
    waitForLine(match, timeoutMs) {
      return new Promise<StreamLine>((resolveLine, rejectLine) => {
        const check = () => {
          const found = lines.find(match);
          if (found) {
            finish();
            resolveLine(found);
          } else if (done) {
            finish();
            rejectLine(new Error(`CLI exited before the expected line; stdout:\n${out}\nstderr:\n${err}`));
          }
        };
        const timer = setTimeout(() => {
          finish();
          rejectLine(new Error(`no matching line within ${timeoutMs} ms; stdout:\n${out}\nstderr:\n${err}`));
        }, timeoutMs);
        const finish = () => {
          clearTimeout(timer);
          waiters.delete(check);
        };
        waiters.add(check);
        check();
      });
    },
    killGroup(signal = 'SIGKILL') {
      try {
        process.kill(-pid, signal);
      } catch {
        // already gone
      }
    },
  };
}

/**
 * Settings that make the REAL CLI print its final `result` event and then stay alive for `seconds` (the
 * "hangs after result" failure): a SessionEnd hook that sleeps. The explicit hook `timeout` matters: without
 * it the CLI cancels SessionEnd hooks after a few seconds ("SessionEnd hook [...] failed: Hook cancelled").
 * When `pidFile` is given the hook writes its shell pid there before exec'ing `sleep`.
 */
export function lingerAfterResultSettings(
  seconds: number,
  pidFile?: string,
  markers?: { started: string; ended: string },
): Record<string, unknown> {
  const pid = pidFile ? `echo $$ > '${pidFile}'; ` : '';
  const command = markers
    ? `${pid}touch '${markers.started}'; sleep ${seconds}; touch '${markers.ended}'`
    : `${pid}exec sleep ${seconds}`;
  return {
    hooks: {
      SessionEnd: [{ hooks: [{ type: 'command', command, timeout: seconds + 30 }] }],
    },
  };
}
