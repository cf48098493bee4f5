// `setfacl -R` over a tree that changes under it. The Action's state staging, a build the user's hook runs, a file
// the agent's last command removes: a file that vanishes between the walk's listing and its change makes setfacl
// fail with "No such file or directory" for it, though it has nothing left to change. Such a walk is made again,
// so that what is there now is done, at most three times; only another error fails it. (The same race that `find`
// had in the hand-back: tree-access.ts.)
import { asRoot, type Privilege } from './privilege.js';
import { runCommand, type CommandResult } from './run-command.js';

const WALKS = 3;

/** Whether every line setfacl printed names a file that vanished during the walk. Pure. */
export function onlyVanished(stderr: string): boolean {
  const lines = stderr.split('\n').filter((line) => line.trim() !== '');
  return lines.length > 0 && lines.every((line) => line.endsWith(': No such file or directory'));
}

/** Runs `setfacl -R …args` as root; a walk that only met vanished files is made again (see above). */
export async function setfaclTree(
  privilege: Privilege,
  args: readonly string[],
  run: (command: string, args: readonly string[]) => Promise<CommandResult> = runCommand,
): Promise<void> {
  for (let walk = 1; ; walk++) {
    const [command, argv] = asRoot(privilege, ['setfacl', '-R', ...args]);
    const result = await run(command, argv);
    if (result.code === 0) return;
    if (!onlyVanished(result.stderr))
      throw new Error(
        `setfacl -R ${args.join(' ')} failed: ${result.stderr.trim() || `exit code ${result.code}`}`,
      );
    // What vanished has no entry to change; after the last walk, what churns still is gone too.
    if (walk >= WALKS) return;
  }
}
