// Rolling a failed attempt back to the commit its task started from. The tracked half is `git reset --hard <base>`
// for the user's files while every harness file keeps its content on disk:
//   1. `git restore --source=<base> --staged --worktree -- :/ <excludes>`: index and working tree to base
//      (no-overlay: tracked files absent from base are removed), harness files and protected files excluded;
//   2. the protected files that base has, restored from it (a protected file base lacks is never removed);
//   3. `git reset --soft <base>`: the branch back to base, index and working tree untouched;
//   4. `git reset -q <base> -- <harness and protected pathspecs>`: their index entries to base's (a transcript
//      the agent committed becomes untracked again, its file kept);
//   5. the untracked half: `git clean -fd -e <harness patterns>` for the git layer alone (pathspec exclusions
//      would not protect a file inside an untracked directory; ignore patterns do), or, in task mode, nothing
//      here: untracked.ts removes only what the task made (`clean: false`).
import { git, gitFailure, runGit } from '../os/git.js';
import type { HarnessGitView } from '../state/index.js';
import { literalSpecs } from './claim.js';
import { NO_HARNESS_FILES, userFiles, withPathspecFile } from './git.js';

export interface RollbackOptions {
  /** The user's files never removed (top-relative, `dir/` for a directory): restored only when base has them. */
  protect?: readonly string[];
  /** `git clean -fd` the untracked files (default); false leaves them to the caller. */
  clean?: boolean;
}

function checkRevision(rev: string): void {
  if (rev === '' || rev.startsWith('-')) throw new Error(`not a valid revision: ${JSON.stringify(rev)}`);
}

export async function rollback(
  cwd: string,
  base: string,
  harness: HarnessGitView = NO_HARNESS_FILES,
  options: RollbackOptions = {},
): Promise<void> {
  checkRevision(base);
  const protect = options.protect ?? [];
  const restore = [
    'restore',
    '-q',
    `--source=${base}`,
    '--staged',
    '--worktree',
    '--',
    ...userFiles(harness),
    ...literalSpecs(protect, 'top,exclude,literal'),
  ];
  const restored = await runGit(cwd, restore);
  // An empty base tree and an empty index: ':/' matches nothing and there is nothing to restore.
  if (restored.code !== 0 && !/did not match any file/.test(restored.stderr)) {
    throw gitFailure(cwd, restore, restored);
  }
  if (protect.length > 0) {
    const stripped = protect.map((p) => p.replace(/\/$/, ''));
    const inBase = (
      await git(cwd, ['ls-tree', '-r', '-z', '--name-only', '--full-tree', base, '--', ...stripped])
    )
      .split('\0')
      .filter((p) => p !== '');
    if (inBase.length > 0) {
      await withPathspecFile(cwd, literalSpecs(inBase), (file) =>
        git(cwd, ['restore', '-q', `--source=${base}`, '--staged', '--worktree', ...file]),
      );
    }
  }
  await git(cwd, ['reset', '-q', '--soft', base]);
  const indexToBase = [...harness.pathspecs, ...literalSpecs(protect)];
  if (indexToBase.length > 0) await git(cwd, ['reset', '-q', base, '--', ...indexToBase]);
  if (options.clean !== false) {
    await git(cwd, ['clean', '-fdq', ...harness.ignorePatterns.flatMap((p) => ['-e', p])]);
  }
}
