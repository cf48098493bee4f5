// Review mode's own state beside the plan (progress.json and the plan's lock) joins the harness's files
// (state/harness-files.ts) in the repository's local exclude file, with the transcripts, counter, status and
// event log the phases write: the developer's `git add -A` does not commit them, its `git clean -fd` does not
// delete them, and its `git checkout .` cannot rewind the record of tries. Outside a git repository: nothing to do.
import { repoPrefix, excludeLocally } from '../../state/index.js';
import type { Logger } from '../../loop/index.js';
import { resolvePaths } from '../../state/index.js';
import { harnessFiles, harnessGitView } from '../../state/index.js';
import type { Config } from '../../config/index.js';

export const planLockPath = (progressFile: string): string => `${progressFile}.lock`;

export async function protectCycleFiles(
  config: Config,
  cwd: string,
  progressFile: string,
  logger: Logger,
): Promise<void> {
  let prefix: string;
  try {
    prefix = await repoPrefix(cwd);
  } catch {
    return;
  }
  const files = harnessFiles(resolvePaths(config, cwd), {
    stateFiles: [progressFile],
    locks: [planLockPath(progressFile)],
  });
  await excludeLocally(cwd, harnessGitView(files, cwd, prefix).ignorePatterns).catch((error: Error) =>
    logger.log('warn', { git_exclude: `could not update the local exclude file: ${error.message}` }),
  );
}
