// What of the repository is the user's: every file of the work tree but the harness's own (its transcripts,
// counter, status, event log, history, lock, task list and progress log: state/harness-files.ts), as git pathspecs.
// A session changed the user's files when the work tree's tree under them (os/work-tree.ts) differs before and
// after it: the no-progress check reads that, and interrupted work is kept from it.
import { workTreeTree } from '../os/work-tree.js';
import type { Fields, Level } from './ports.js';
import { harnessFiles, harnessGitView, repoPrefix, type LoopPaths } from '../state/index.js';

/** `:/` less the harness's files; null outside a git work tree. */
export async function userPathspecs(paths: LoopPaths): Promise<string[] | null> {
  let prefix: string;
  try {
    prefix = await repoPrefix(paths.cwd);
  } catch {
    return null;
  }
  return [':/', ...harnessGitView(harnessFiles(paths), paths.cwd, prefix).excludes];
}

/**
 * The user's files as a git tree now; null outside git, or when git could not write it (said in a warning: the
 * no-progress check then counts the session as having changed something, never as idle).
 */
export async function userTree(ctx: {
  userFiles: string[] | null;
  paths: LoopPaths;
  log: (level: Level, fields: Fields) => void;
}): Promise<string | null> {
  if (ctx.userFiles === null) return null;
  try {
    return await workTreeTree(ctx.paths.cwd, ctx.userFiles);
  } catch (error) {
    ctx.log('warn', { work_tree: `could not read the work tree: ${(error as Error).message}` });
    return null;
  }
}
