/**
 * How to run the REAL `codex exec --json` CLI offline against a scripted Responses API server (see
 * responses-server.ts). Codex ignores OPENAI_BASE_URL; a private CODEX_HOME whose config.toml names a custom
 * provider with `wire_api = "responses"` is what points it at loopback. No API key is needed.
 */
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');

/** The Codex CLI installed as a dev dependency. */
export const CODEX_BIN = join(repoRoot, 'node_modules', '.bin', 'codex');

export interface CodexEnvOptions {
  /** Base URL of the scripted server, e.g. `http://127.0.0.1:PORT`. */
  serverUrl: string;
  /** The prompt. Default: a neutral instruction. */
  prompt?: string;
  /** Provider retry knobs: kept small so failures end quickly. */
  requestMaxRetries?: number;
  streamMaxRetries?: number;
  streamIdleTimeoutMs?: number;
  /** Extra environment variables (override the defaults). */
  extraEnv?: Record<string, string>;
}

export interface AgentCommand {
  command: string;
  args: string[];
  env: Record<string, string>;
  home: string;
}

/** Environment variables copied from the parent process (everything else is dropped). */
export const PASS_THROUGH = ['PATH', 'LANG', 'LC_ALL', 'TERM', 'TMPDIR', 'TZ', 'SHELL', 'USER', 'LOGNAME'];

export function passThroughEnv(): Record<string, string> {
  const env: Record<string, string> = {};
  for (const name of PASS_THROUGH) {
    const value = process.env[name];
    if (value !== undefined) env[name] = value;
  }
  return env;
}

export function codexCommand(options: CodexEnvOptions): AgentCommand {
  const home = mkdtempSync(join(tmpdir(), 'codex-home-'));
  const codexHome = join(home, '.codex');
  mkdirSync(codexHome, { recursive: true });
  writeFileSync(
    join(codexHome, 'config.toml'),
    [
      'model = "mock-model"',
      'model_provider = "mock"',
      'check_for_update_on_startup = false',
      '',
      '[analytics]',
      'enabled = false',
      '',
      '[model_providers.mock]',
      'name = "mock"',
      `base_url = "${options.serverUrl}/v1"`,
      'wire_api = "responses"',
      `request_max_retries = ${options.requestMaxRetries ?? 0}`,
      `stream_max_retries = ${options.streamMaxRetries ?? 0}`,
      `stream_idle_timeout_ms = ${options.streamIdleTimeoutMs ?? 3000}`,
      '',
    ].join('\n'),
  );
  // A temporary directory of its own, like its home: the suite's TMPDIR holds the working trees, and under user
  // isolation a TMPDIR that holds the tree is refused.
  const tmp = join(home, 'tmp');
  mkdirSync(tmp);
  const env: Record<string, string> = {
    ...passThroughEnv(),
    HOME: home,
    TMPDIR: tmp,
    CODEX_HOME: codexHome,
    NO_COLOR: '1',
    ...(options.extraEnv ?? {}),
  };
  const args = [
    'exec',
    '--json',
    '--skip-git-repo-check',
    '--sandbox',
    'workspace-write',
    options.prompt ?? 'Follow the scripted plan.',
  ];
  return { command: CODEX_BIN, args, env, home };
}
