// Running a program with an argument list (execFile, never a shell): its exit code and output, whatever the code.
// The one runner below git (git.ts) and the isolation's system tools (privilege.ts, agent-user.ts, tree-access.ts).
import { execFile } from 'node:child_process';

export interface CommandResult {
  code: number;
  stdout: string;
  stderr: string;
}

/** What a program that could not be run (not found, timed out, too much output) printed on stderr first. */
const STDERR = Symbol('stderr');

/** The stderr a rejection of runCommand carries ('' for any other error). */
export function stderrOf(error: unknown): string {
  return error instanceof Error ? ((error as Error & { [STDERR]?: string })[STDERR] ?? '') : '';
}

/**
 * Runs `command` with `args`; resolves with its exit code and output, rejects only when it could not be run (the
 * error's `cause` is execFile's, stderrOf gives what it printed).
 */
export function runCommand(
  command: string,
  args: readonly string[],
  options: { cwd?: string; env?: NodeJS.ProcessEnv; timeoutMs?: number; maxBuffer?: number } = {},
): Promise<CommandResult> {
  return new Promise((resolve, reject) => {
    execFile(
      command,
      args,
      {
        ...(options.cwd !== undefined ? { cwd: options.cwd } : {}),
        ...(options.env !== undefined ? { env: options.env } : {}),
        timeout: options.timeoutMs ?? 120_000,
        maxBuffer: options.maxBuffer ?? 16 * 1024 * 1024,
        encoding: 'utf8',
      },
      (error, stdout, stderr) => {
        if (error === null) return resolve({ code: 0, stdout, stderr });
        const code = (error as NodeJS.ErrnoException & { code?: unknown }).code;
        if (typeof code === 'number') return resolve({ code, stdout, stderr });
        const failure = new Error(`${command} could not be run: ${error.message}`, { cause: error });
        reject(Object.assign(failure, { [STDERR]: stderr }));
      },
    );
  });
}
