// Running a command as root, for `agent.isolation = "user"`: directly when the harness is root (a container job,
// this machine's CI), through `sudo -n` when the harness is a user with passwordless sudo (GitHub-hosted runners
// run steps as `runner` with `NOPASSWD: ALL`). Always an argument list, never a shell; never a secret in argv
// (anyone can read /proc/<pid>/cmdline).
import { runCommand } from './run-command.js';

export type Privilege = 'root' | 'sudo';

/** `[command, args]` that runs `argv` as root with `privilege`. */
export function asRoot(privilege: Privilege, argv: readonly string[]): [string, string[]] {
  return privilege === 'root' ? [argv[0]!, argv.slice(1)] : ['sudo', ['-n', '--', ...argv]];
}

/** Runs `argv` as root; rejects with the command's own error output when it fails. */
export async function runAsRoot(privilege: Privilege, argv: readonly string[]): Promise<string> {
  const [command, args] = asRoot(privilege, argv);
  const result = await runCommand(command, args);
  if (result.code !== 0)
    throw new Error(`${argv.join(' ')} failed: ${result.stderr.trim() || `exit code ${result.code}`}`);
  return result.stdout;
}

/** How this process can act as root: it is root, or `sudo -n` works without a password; null otherwise. */
export async function probePrivilege(): Promise<Privilege | null> {
  if (process.getuid?.() === 0) return 'root';
  try {
    return (await runCommand('sudo', ['-n', 'true'], { timeoutMs: 10_000 })).code === 0 ? 'sudo' : null;
  } catch {
    return null;
  }
}
