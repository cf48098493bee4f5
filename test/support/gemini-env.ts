/**
 * How to run the REAL `gemini` CLI headless and offline against a scripted Gemini API server (see
 * gemini-server.ts): a private GEMINI_CLI_HOME whose settings choose API-key auth and turn telemetry, usage
 * statistics and updates off, GOOGLE_GEMINI_BASE_URL pointing at loopback, and a trusted workspace (else the CLI
 * exits 55).
 */
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { passThroughEnv, type AgentCommand } from './codex-env.js';

const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');

/** The Gemini CLI installed as a dev dependency. */
export const GEMINI_BIN = join(repoRoot, 'node_modules', '.bin', 'gemini');

/** An explicit model, so no router request precedes each turn. */
export const GEMINI_MODEL = 'gemini-2.5-flash';

export interface GeminiEnvOptions {
  serverUrl: string;
  prompt?: string;
  /** `general.maxAttempts`: the CLI's own attempts per model request (it caps them at 10). Default 2. */
  maxAttempts?: number;
  /** The model passed with `-m`; `null` leaves the CLI's default ("auto", which asks a router first). */
  model?: string | null;
  extraEnv?: Record<string, string>;
  /** `model.maxSessionTurns`: the CLI ends the session with exit 53 after this many turns. */
  maxSessionTurns?: number;
}

export function geminiCommand(options: GeminiEnvOptions): AgentCommand {
  const home = mkdtempSync(join(tmpdir(), 'gemini-home-'));
  mkdirSync(join(home, '.gemini'), { recursive: true });
  // The CLI writes an error report per failed request under the temp dir: keep those in the private home.
  mkdirSync(join(home, 'tmp'), { recursive: true });
  writeFileSync(
    join(home, '.gemini', 'settings.json'),
    JSON.stringify(
      {
        security: { auth: { selectedType: 'gemini-api-key' } },
        general: { maxAttempts: options.maxAttempts ?? 2, disableAutoUpdate: true, disableUpdateNag: true },
        telemetry: { enabled: false },
        privacy: { usageStatisticsEnabled: false },
        ...(options.maxSessionTurns === undefined
          ? {}
          : { model: { maxSessionTurns: options.maxSessionTurns } }),
      },
      null,
      2,
    ),
  );
  const env: Record<string, string> = {
    ...passThroughEnv(),
    HOME: home,
    TMPDIR: join(home, 'tmp'),
    GEMINI_CLI_HOME: home,
    GEMINI_API_KEY: 'scripted-test-key',
    GOOGLE_GEMINI_BASE_URL: options.serverUrl,
    GEMINI_CLI_TRUST_WORKSPACE: 'true',
    NO_COLOR: '1',
    CI: '1',
    ...(options.extraEnv ?? {}),
  };
  const args = [
    '-p',
    options.prompt ?? 'Follow the scripted plan.',
    '--output-format',
    'stream-json',
    '--yolo',
  ];
  const model = options.model === undefined ? GEMINI_MODEL : options.model;
  if (model !== null) args.push('-m', model);
  return { command: GEMINI_BIN, args, env, home };
}
