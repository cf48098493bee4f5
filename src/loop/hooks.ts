// Pre- and post-session hooks: shell commands run in order with the seed's HARNESS_* variables. The first
// failing command fails the phase; later ones do not run.
import { runShell, type ShellOptions } from '../os/shell.js';

export interface HookFailure {
  command: string;
  exitCode: number;
  timedOut: boolean;
  /** Ended by a stop request: not the hook's failure. */
  interrupted: boolean;
  stderrTail: string;
}

export async function runHooks(
  commands: readonly string[],
  options: Omit<ShellOptions, 'maxOutputBytes'>,
): Promise<HookFailure | null> {
  for (const command of commands) {
    const result = await runShell(command, { ...options, maxOutputBytes: 64 * 1024 });
    if (result.exitCode !== 0) {
      return {
        command,
        exitCode: result.exitCode,
        timedOut: result.timedOut,
        interrupted: result.interrupted,
        stderrTail: result.stderrTail,
      };
    }
  }
  return null;
}

export function hookEnv(
  base: NodeJS.ProcessEnv,
  vars: Record<string, string | number | boolean>,
): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...base };
  for (const [key, value] of Object.entries(vars)) env[key] = String(value);
  return env;
}
