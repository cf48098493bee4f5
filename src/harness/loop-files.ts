// The plain loop's files (transcripts, counter, status, event log, history, lock) join the repository's local
// exclude file as task and review mode's do (tasks/git.ts excludeLocally: one marked block in .git/info/exclude,
// never committed): an agent's `git add -A` does not commit them and its `git clean -fd` does not delete them, and
// the Action's push step does not publish them. A file you track stays tracked (ignore rules do not apply to
// tracked files). `output.git_exclude: false` removes the block and writes none. Outside a git work tree: nothing.
import type { Config } from '../config/index.js';
import type { Logger } from '../loop/index.js';
import { harnessFiles, harnessGitView } from '../state/index.js';
import type { LoopPaths } from '../state/index.js';
import { excludeLocally, repoPrefix } from '../state/index.js';

export async function protectLoopFiles(config: Config, paths: LoopPaths, logger: Logger): Promise<void> {
  let prefix: string;
  try {
    prefix = await repoPrefix(paths.cwd);
  } catch {
    return;
  }
  const patterns = config.output.git_exclude
    ? harnessGitView(harnessFiles(paths), paths.cwd, prefix).ignorePatterns
    : [];
  await excludeLocally(paths.cwd, patterns).catch((error: Error) =>
    logger.log('warn', { git_exclude: `could not update the local exclude file: ${error.message}` }),
  );
}
