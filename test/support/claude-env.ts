/**
 * How to run the REAL `claude` CLI headless against a scripted model server (see model-server.ts).
 */
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
