// Running git: always execFile with an argument list, never a shell, so hashes, ids, branch names and messages
// are data. The one git runner below every git fact the harness needs (commit evidence, the task protocol's
// commits and rollbacks, the Action's task branch).
import { runCommand, stderrOf, type CommandResult } from './run-command.js';

const GIT_TIMEOUT_MS = 60_000;
const MAX_BUFFER = 64 * 1024 * 1024;

export type GitResult = CommandResult;

/** Runs git and resolves with its exit code and output; rejects only when git could not be run at all. */
export function runGit(
  cwd: string,
  args: readonly string[],
  timeoutMs: number = GIT_TIMEOUT_MS,
): Promise<GitResult> {
  return runCommand('git', args, { cwd, timeoutMs, maxBuffer: MAX_BUFFER }).catch((error: Error) => {
    const why = stderrOf(error).trim() || (error.cause as Error).message;
    throw new Error(`git ${args.join(' ')} failed in ${cwd}: ${why}`);
  });
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
