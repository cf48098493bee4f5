// Keeping work that would otherwise be lost: the work tree's files as a commit on a ref of the harness's own
// (`refs/agent-harness/wip/…`), made with git's plumbing (`write-tree` through a copy of the index, `commit-tree`,
// `update-ref`), so the user's branch, HEAD and index never move. What was untracked before the work began (the
// user's notes, a pre-existing scratch file) is left out: the commit holds, on top of HEAD, only what the work
// changed. Interrupted sessions (loop/interrupted-work.ts) and task rollbacks (tasks/touched.ts) use it.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { git, gitFailure, harnessIdentityArgs, runGit } from './git.js';
import { workTreeTree } from './work-tree.js';

/** Where kept work goes: `refs/agent-harness/wip/<run>-<global>` for a session, `…/task-<id>-<n>` for a task. */
export const WIP_REF_PREFIX = 'refs/agent-harness/wip/';

/** Longer lists of files to leave out are not passed on the command line (`--pathspec-from-file` instead). */
const INLINE_LEAVE_OUT = 100;

export interface KeepWorkInput {
  cwd: string;
  /** The user's files as git pathspecs (`:/` less the harness's files: loop/user-files.ts). */
  pathspecs: readonly string[];
  /** HEAD before the work began; null when the branch was unborn. */
  headBefore: string | null;
  /**
   * The user's files as a tree before the work began (os/work-tree.ts): what was untracked then is derived from
   * it, and nothing changed since makes no commit. Null when not taken: then `leaveOut` names what to leave out.
   */
  treeBefore: string | null;
  /** Top-relative files that are not the work's (untracked before it), when there is no `treeBefore`. */
  leaveOut?: readonly string[];
  /** The ref to write, `refs/agent-harness/wip/<name>`. */
  ref: string;
  message: string;
}

export interface KeptWork {
  ref: string;
  commit: string;
}

/** `rev` resolved to a full object name, or null when it names nothing (an unborn HEAD). */
async function resolve(cwd: string, rev: string): Promise<string | null> {
  const result = await runGit(cwd, ['rev-parse', '-q', '--verify', rev]);
  return result.code === 0 ? result.stdout.trim() : null;
}

/** Top-relative paths of `tree` that `head` lacks: the files that were untracked (or only staged) then. */
export async function untrackedIn(cwd: string, head: string | null, tree: string): Promise<string[]> {
  const out =
    head === null
      ? await git(cwd, ['ls-tree', '-r', '-z', '--name-only', '--full-tree', tree])
      : await git(cwd, [
          'diff-tree',
          '-r',
          '-z',
          '--no-renames',
          '--name-only',
          '--diff-filter=A',
          head,
          tree,
        ]);
  return out.split('\0').filter((p) => p !== '');
}

const literal = (path: string, magic = 'top,literal') => `:(${magic})${path}`;

/**
 * `tree` with `paths` as `base` has them (absent when it lacks them, or when there is no base), through a
 * scratch index: the pre-existing files drop out of the kept commit's changes.
 */
async function asInBase(cwd: string, tree: string, paths: readonly string[], base: string | null) {
  if (paths.length === 0) return tree;
  const dir = await mkdtemp(join(tmpdir(), 'agent-harness-keep-'));
  const env = { ...process.env, GIT_INDEX_FILE: join(dir, 'index') };
  const specs = join(dir, 'pathspecs');
  const from = [`--pathspec-from-file=${specs}`, '--pathspec-file-nul'];
  const run = async (args: string[]) => {
    const result = await runGit(cwd, args, undefined, env);
    if (result.code !== 0) throw gitFailure(cwd, args, result);
    return result.stdout.trim();
  };
  try {
    await writeFile(specs, paths.map((p) => `${literal(p)}\0`).join(''));
    await run(['read-tree', tree]);
    await run(['rm', '-r', '-q', '-f', '--cached', '--ignore-unmatch', ...from]);
    if (base !== null) {
      // The base's versions back in the index: `reset <commit> -- <paths>` moves no HEAD, only index entries.
      const reset = ['reset', '-q', base, ...from];
      const result = await runGit(cwd, reset, undefined, env);
      if (result.code !== 0 && result.code !== 1) throw gitFailure(cwd, reset, result);
    }
    return await run(['write-tree']);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/**
 * Commits the user's files as they are now onto `ref` (parent: HEAD now, none when unborn), leaving out what was
 * untracked before the work began; null when there is nothing to keep (the files are as HEAD has them, or as
 * they were before). Rejects when git fails; moves nothing of the user's.
 */
export async function keepWork(input: KeepWorkInput): Promise<KeptWork | null> {
  const { cwd } = input;
  const leaveOut =
    input.treeBefore === null
      ? (input.leaveOut ?? [])
      : await untrackedIn(cwd, input.headBefore, input.treeBefore);
  const inline =
    leaveOut.length <= INLINE_LEAVE_OUT ? leaveOut.map((p) => literal(p, 'top,exclude,literal')) : [];
  const now = await workTreeTree(cwd, [...input.pathspecs, ...inline]);
  if (now === null) return null;
  const head = await resolve(cwd, 'HEAD^{commit}');
  const tree = await asInBase(cwd, now, leaveOut, head);
  if (input.treeBefore !== null && tree === (await asInBase(cwd, input.treeBefore, leaveOut, head)))
    return null;
  if (head !== null && tree === (await resolve(cwd, `${head}^{tree}`))) return null;
  const parent = head === null ? [] : ['-p', head];
  const commit = (
    await git(cwd, [...(await harnessIdentityArgs(cwd)), 'commit-tree', tree, ...parent, '-m', input.message])
  ).trim();
  await git(cwd, ['update-ref', '-m', 'agent-harness: work kept', input.ref, commit]);
  return { ref: input.ref, commit };
}
