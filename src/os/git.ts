// Running git: always execFile with an argument list, never a shell, so hashes, ids, branch names and messages
// are data. The one git runner below every git fact the harness needs (commit evidence, the task protocol's
// commits and rollbacks, the Action's task branch).
//
// The repository's configuration is the agent's to write (.git/config, .git/hooks), and the harness's git runs
// with the harness's user and environment: so the commands git would run on the repository's say are turned off
// in the command scope, over every config file (docs/security.md#what-the-agent-leaves-in-git): hooks (core.hooksPath),
// an fsmonitor and a pager. The harness never asks git for a patch (only `diff --name-only` and `--quiet`), so no
// external diff or textconv command runs either.
import { spawnSync } from 'node:child_process';
import { runCommand, stderrOf, type CommandResult } from './run-command.js';

const GIT_TIMEOUT_MS = 60_000;

/** What the repository's configuration may not make the harness's git run. */
const UNTRUSTED_COMMANDS: ReadonlyArray<readonly [string, string]> = [
  ['core.hooksPath', '/dev/null'],
  ['core.fsmonitor', 'false'],
  ['core.pager', 'cat'],
];

/**
 * `base` with `entries` added to git's command scope (GIT_CONFIG_COUNT, GIT_CONFIG_KEY_n, GIT_CONFIG_VALUE_n: over
 * every config file), after whatever command-scope entries it already carries.
 */
export function withGitConfig(
  base: NodeJS.ProcessEnv,
  entries: ReadonlyArray<readonly [string, string]>,
): NodeJS.ProcessEnv {
  const env = { ...base };
  const given = Number(base.GIT_CONFIG_COUNT ?? '0');
  let n = Number.isSafeInteger(given) && given > 0 ? given : 0;
  for (const [key, value] of entries) {
    env[`GIT_CONFIG_KEY_${n}`] = key;
    env[`GIT_CONFIG_VALUE_${n}`] = value;
    n++;
  }
  env.GIT_CONFIG_COUNT = String(n);
  return env;
}

/** `base` with UNTRUSTED_COMMANDS turned off after whatever command-scope entries it carries. */
export function guardedGitEnv(base: NodeJS.ProcessEnv = process.env): NodeJS.ProcessEnv {
  return withGitConfig(base, UNTRUSTED_COMMANDS);
}
const MAX_BUFFER = 64 * 1024 * 1024;

export type GitResult = CommandResult;

/**
 * Runs git and resolves with its exit code and output; rejects only when git could not be run at all. `env`
 * replaces the environment (e.g. to add a credential only this git call may carry).
 */
export function runGit(
  cwd: string,
  args: readonly string[],
  timeoutMs: number = GIT_TIMEOUT_MS,
  env?: NodeJS.ProcessEnv,
): Promise<GitResult> {
  return runCommand('git', args, { cwd, timeoutMs, maxBuffer: MAX_BUFFER, env: guardedGitEnv(env) }).catch(
    (error: Error) => {
      const why = stderrOf(error).trim() || (error.cause as Error).message;
      throw new Error(`git ${args.join(' ')} failed in ${cwd}: ${why}`);
    },
  );
}

/**
 * runGit without the event loop, for the few places that must finish in the same tick (a step leaving on a
 * deadline) or that run a handful of fast local commands (`git config`). Throws when git could not be run.
 */
export function runGitSync(cwd: string, args: readonly string[]): GitResult {
  const result = spawnSync('git', args, {
    cwd,
    env: guardedGitEnv(),
    timeout: GIT_TIMEOUT_MS,
    maxBuffer: MAX_BUFFER,
    encoding: 'utf8',
  });
  if (result.error) throw new Error(`git ${args.join(' ')} failed in ${cwd}: ${result.error.message}`);
  return { code: result.status ?? 1, stdout: result.stdout, stderr: result.stderr };
}

export function gitFailure(cwd: string, args: readonly string[], result: GitResult): Error {
  const detail = result.stderr.trim() || result.stdout.trim() || `exit code ${result.code}`;
  return new Error(`git ${args.join(' ')} failed in ${cwd}: ${detail}`);
}

/** Runs git and resolves with its stdout; rejects with git's stderr on a non-zero exit. */
export async function git(cwd: string, args: readonly string[]): Promise<string> {
  const result = await runGit(cwd, args);
  if (result.code !== 0) throw gitFailure(cwd, args, result);
  return result.stdout;
}

/** The harness's own identity, used only when the repository has none configured. */
export const HARNESS_IDENTITY = { name: 'agent-harness', email: 'agent-harness@localhost' } as const;

/** `-c user.name=… -c user.email=…`: the harness's identity for whichever of the two the repository does not set. */
export async function harnessIdentityArgs(cwd: string): Promise<string[]> {
  const has = async (key: string) => (await runGit(cwd, ['config', '--get', key])).stdout.trim() !== '';
  const args: string[] = [];
  if (!(await has('user.name'))) args.push('-c', `user.name=${HARNESS_IDENTITY.name}`);
  if (!(await has('user.email'))) args.push('-c', `user.email=${HARNESS_IDENTITY.email}`);
  return args;
}

/** origin's URL now (read it before the first session: the agent may rewrite it), or null when there is none. */
export async function originUrl(cwd: string): Promise<string | null> {
  const result = await runGit(cwd, ['remote', 'get-url', 'origin']).catch(() => null);
  const url = result?.code === 0 ? result.stdout.trim() : '';
  return url === '' ? null : url;
}
