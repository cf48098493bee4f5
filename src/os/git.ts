// Running git: always execFile with an argument list, never a shell, so hashes, ids, branch names and messages
// are data. The one git runner below every git fact the harness needs (commit evidence, the task protocol's
// commits and rollbacks, the Action's task branch).
import { execFile } from 'node:child_process';

const GIT_TIMEOUT_MS = 60_000;
const MAX_BUFFER = 64 * 1024 * 1024;

export interface GitResult {
  code: number;
  stdout: string;
  stderr: string;
}

/** Runs git and resolves with its exit code and output; rejects only when git could not be run at all. */
export function runGit(
  cwd: string,
  args: readonly string[],
  timeoutMs: number = GIT_TIMEOUT_MS,
): Promise<GitResult> {
  return new Promise((resolve, reject) => {
    execFile(
      'git',
      args,
      { cwd, timeout: timeoutMs, maxBuffer: MAX_BUFFER, encoding: 'utf8' },
      (error, stdout, stderr) => {
        if (error === null) return resolve({ code: 0, stdout, stderr });
        const code = (error as NodeJS.ErrnoException & { code?: unknown }).code;
        if (typeof code === 'number') return resolve({ code, stdout, stderr });
        reject(new Error(`git ${args.join(' ')} failed in ${cwd}: ${stderr.trim() || error.message}`));
      },
    );
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
