// Tracked changes the user had not committed when a task was claimed: kept aside under a ref of the harness's
// own (`refs/agent-harness/stash/<task>`), never in the user's stash list, taken out of the working tree for the
// task (so they are never folded into its commit nor rolled back), and given back after it.
//
// The commit has git stash's shape (a working-tree commit whose parents are HEAD and an index commit), so
// `git stash apply --index refs/agent-harness/stash/<task>` gives the changes back by hand too. It is made on a
// copy of the index, with the harness's own files at HEAD's content: they are never kept aside nor given back.
// The user's protected files (the config, the prompt, harness-init.sh, .harness/: claim.ts) are kept aside too
// but stay in the working tree while the task runs, so the harness and the agent see them as the user left them.
import { copyFile, mkdir, stat, unlink, utimes } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { git, gitFailure, HARNESS_IDENTITY, runGit } from '../os/git.js';
import type { HarnessGitView } from '../state/index.js';
import { covers, literalSpecs, type StashRecord } from './claim.js';
import { gitDirPath, headCommit, withPathspecFile } from './git.js';

const split = (out: string): string[] => out.split('\0').filter((line) => line !== '');

const identity = ['-c', `user.name=${HARNESS_IDENTITY.name}`, '-c', `user.email=${HARNESS_IDENTITY.email}`];

async function firstFreeRef(cwd: string, task: string): Promise<string> {
  for (let n = 1; ; n++) {
    const ref = `refs/agent-harness/stash/${task}${n === 1 ? '' : `-${n}`}`;
    if ((await runGit(cwd, ['rev-parse', '--verify', '-q', ref])).code !== 0) return ref;
  }
}

/**
 * Keeps the user's tracked changes aside (commits and a ref; the working tree untouched) and returns the record,
 * or null when there are none (or no commit to compare with).
 */
export async function keepAside(
  cwd: string,
  task: string,
  harness: HarnessGitView,
  protect: readonly string[],
): Promise<StashRecord | null> {
  const base = await headCommit(cwd);
  if (base === null) return null;
  const tmp = await gitDirPath(cwd, `agent-harness/index-${task}.tmp`);
  await mkdir(dirname(tmp), { recursive: true });
  try {
    const real = await gitDirPath(cwd, 'index');
    await copyFile(real, tmp);
    // With the index's own times: git trusts an entry's stat only when the file is older than the index file
    // (racy git), and a copy made later would pass off a same-size edit made in the index's second as clean.
    const { atime, mtime } = await stat(real);
    await utimes(tmp, atime, mtime);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null; // no index: nothing tracked changed
    throw error;
  }
  // On the copy of the index: the user's index is never written here.
  const env = { ...process.env, GIT_INDEX_FILE: tmp };
  const run = async (args: string[]) => {
    const result = await runGit(cwd, args, undefined, env);
    if (result.code !== 0) throw gitFailure(cwd, args, result);
    return result.stdout.trim();
  };
  let index: string;
  let tree: string;
  try {
    if (harness.pathspecs.length > 0) await run(['reset', '-q', base, '--', ...harness.pathspecs]);
    index = await run(['write-tree']);
    await run(['add', '-u', '--', ':/']);
    if (harness.pathspecs.length > 0) await run(['reset', '-q', base, '--', ...harness.pathspecs]);
    tree = await run(['write-tree']);
  } finally {
    await unlink(tmp).catch(() => undefined);
  }
  const names = async (t: string) => split(await git(cwd, ['diff-tree', '-r', '-z', '--name-only', base, t]));
  const paths = [...new Set([...(await names(index)), ...(await names(tree))])].sort();
  if (paths.length === 0) return null;
  const commitTree = async (t: string, parents: string[], message: string) =>
    (
      await git(cwd, [
        ...identity,
        'commit-tree',
        '--no-gpg-sign',
        ...parents.flatMap((p) => ['-p', p]),
        '-m',
        message,
        t,
      ])
    ).trim();
  const indexCommit = await commitTree(index, [base], `index on ${task}: kept aside by agent-harness`);
  const commit = await commitTree(
    tree,
    [base, indexCommit],
    `WIP before ${task}: tracked changes kept aside by agent-harness`,
  );
  const ref = await firstFreeRef(cwd, task);
  await git(cwd, ['update-ref', '-m', `agent-harness: tracked changes before ${task}`, ref, commit]);
  const cleared = paths.filter((p) => !protect.some((entry) => covers(entry, p)));
  return { ref, commit, index: indexCommit, base, paths, cleared };
}

/** Takes the kept-aside changes out of the working tree and the index (back to base), protected files left. */
export async function clearKeptAside(cwd: string, stash: StashRecord): Promise<void> {
  if (stash.cleared.length === 0) return;
  await withPathspecFile(cwd, literalSpecs(stash.cleared), (file) =>
    git(cwd, ['restore', `--source=${stash.base}`, '--staged', '--worktree', ...file]),
  );
}

export interface GiveBackOutcome {
  restored: string[];
  /** Paths the task changed too: left as the task has them, the user's version kept in the ref. */
  conflicts: string[];
}

/**
 * Gives the kept-aside changes back: each path to the index and working-tree content it had at claim time.
 * `force` (after a rollback, when the tree is at base again) gives every path back; otherwise a path the task
 * changed too is left as the task has it and named in `conflicts`. The ref goes once everything is back.
 */
export async function giveBack(
  cwd: string,
  stash: StashRecord,
  options: { force: boolean },
): Promise<GiveBackOutcome> {
  const specs = literalSpecs(stash.paths);
  const differs = async (rev: string) =>
    new Set(split(await git(cwd, ['diff', '-z', '--name-only', rev, '--', ...specs])));
  // Paths whose working tree is not the user's already.
  const notBack = await differs(stash.commit);
  const changedSinceBase = options.force ? new Set<string>() : await differs(stash.base);
  const conflicts = stash.paths.filter((p) => notBack.has(p) && changedSinceBase.has(p));
  const todo = stash.paths.filter((p) => notBack.has(p) && !changedSinceBase.has(p));
  // Force: every path, its index entry too (a rollback reset the index of protected files).
  const restore = options.force ? stash.paths : todo;
  if (restore.length > 0) {
    const inIndex = new Set(
      split(await git(cwd, ['diff-tree', '-r', '-z', '--name-only', stash.base, stash.index])),
    );
    const staged = restore.filter((p) => inIndex.has(p));
    if (staged.length > 0) {
      await withPathspecFile(cwd, literalSpecs(staged), (file) =>
        git(cwd, ['restore', `--source=${stash.index}`, '--staged', ...file]),
      );
    }
    const inTree = new Set(
      split(
        await git(cwd, ['ls-tree', '-r', '-z', '--name-only', '--full-tree', stash.commit, '--', ...restore]),
      ),
    );
    const present = restore.filter((p) => inTree.has(p));
    if (present.length > 0) {
      await withPathspecFile(cwd, literalSpecs(present), (file) =>
        git(cwd, ['restore', `--source=${stash.commit}`, '--worktree', ...file]),
      );
    }
    const place = (await git(cwd, ['rev-parse', '--show-cdup'])).trim();
    for (const gone of restore.filter((p) => !inTree.has(p))) {
      await unlink(join(cwd, place, gone)).catch(() => undefined);
    }
  }
  if (conflicts.length === 0) await git(cwd, ['update-ref', '-d', stash.ref]);
  return { restored: options.force ? stash.paths : todo, conflicts };
}
