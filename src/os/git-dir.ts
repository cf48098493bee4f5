// Where git keeps a work tree's repository, found from the files as git finds it from `cwd` upwards (a `.git`
// directory, or a `.git` file — a linked worktree's, a submodule's, a separate git directory's — with its
// `gitdir:` line and `commondir`), so that the harness spawns no git to learn it (a fork from the harness's
// process blocks its event loop for milliseconds). It only reads: `.git`, `commondir`, the repository config,
// never an object and never a write. Whatever it cannot answer as git would (GIT_DIR and friends in the
// environment, a repository another user owns, a bare repository, a filesystem boundary, a config it cannot read) answers 'ask-git', and the caller runs git.
import { realpathSync, statSync, type Stats } from 'node:fs';
import { InputFileError, readInputTextSync } from './input-file.js';
import { dirname, isAbsolute, join, relative, resolve, sep } from 'node:path';
import { configAllowsFileRefs, configWorkTree, parseCommonDir, parseGitFile } from './git-ref-files.js';

/** The environment variables that change where or how git finds a repository. */
const REPOSITORY_ENV = [
  'GIT_DIR',
  'GIT_WORK_TREE',
  'GIT_COMMON_DIR',
  'GIT_CEILING_DIRECTORIES',
  'GIT_DISCOVERY_ACROSS_FILESYSTEM',
  'GIT_OBJECT_DIRECTORY',
  'GIT_NAMESPACE',
  'GIT_CONFIG_PARAMETERS',
  'GIT_CONFIG_COUNT',
];

/** Git must answer: the files do not tell for certain. */
export class AskGit extends Error {}
/** A repository file that is no regular file (a FIFO the agent put there would block git and a plain read). */
export class Refused extends Error {}

/** Whether the environment changes how git finds the repository (then only git can say). */
export const environmentMovesRepository = (env: NodeJS.ProcessEnv): boolean =>
  REPOSITORY_ENV.some((name) => env[name] !== undefined);

export function statOrNull(path: string): Stats | null {
  try {
    return statSync(path);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT' || code === 'ENOTDIR') return null;
    throw new AskGit();
  }
}

export function readOrNull(path: string): string | null {
  try {
    // Non-blocking, a regular file only, up to a cap that any packed-refs file fits in.
    return readInputTextSync(path, { what: 'git file', maxBytes: 256 << 20 });
  } catch (error) {
    if (error instanceof InputFileError) throw new Refused();
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw new AskGit();
  }
}

export function need<T>(value: T | null | undefined): T {
  if (value == null) throw new AskGit();
  return value;
}

function realpathOrAsk(path: string): string {
  try {
    return realpathSync(path);
  } catch {
    throw new AskGit();
  }
}

/** Owned by this process's user, as git's safe.directory check wants (anything else: git decides). */
function ownOrAsk(stats: Stats): void {
  if (typeof process.geteuid === 'function' && stats.uid !== process.geteuid()) throw new AskGit();
}

/** A directory that looks like a git directory to git (HEAD, objects/, refs/): a bare repository. */
function looksLikeGitDir(dir: string): boolean {
  return statOrNull(join(dir, 'HEAD')) !== null && statOrNull(join(dir, 'objects')) !== null;
}

export interface GitPlace {
  /** The top of the work tree (where `.git` is), a physical path. */
  top: string;
  /** The work tree's git directory (a linked worktree's own: `.git/worktrees/<name>`). */
  gitDir: string;
  /** The directory shared by every worktree (refs, config, info/). */
  commonDir: string;
}

/** The work tree, git directory and common directory for `cwd`; null when git would find none. Throws AskGit. */
export function findGitPlace(cwd: string): GitPlace | null {
  // git starts from getcwd(): the physical directory, symbolic links resolved.
  let dir = realpathOrAsk(cwd);
  const start = need(statOrNull(dir));
  if (!start.isDirectory()) throw new AskGit();
  let crossed = false;
  for (;;) {
    const dotGit = join(dir, '.git');
    const found = statOrNull(dotGit);
    if (found !== null) {
      if (crossed) throw new AskGit();
      ownOrAsk(need(statOrNull(dir)));
      let gitDir: string;
      if (found.isDirectory()) {
        if (!looksLikeGitDir(dotGit)) throw new AskGit();
        ownOrAsk(found);
        gitDir = dotGit;
      } else {
        if (!found.isFile()) throw new AskGit();
        gitDir = resolve(dir, need(parseGitFile(need(readOrNull(dotGit)))));
        ownOrAsk(need(statOrNull(gitDir)));
      }
      const common = readOrNull(join(gitDir, 'commondir'));
      const commonDir = common === null ? gitDir : resolve(gitDir, need(parseCommonDir(common)));
      return { top: dir, gitDir, commonDir };
    }
    if (looksLikeGitDir(dir)) throw new AskGit();
    const parent = dirname(dir);
    if (parent === dir) return null;
    const above = need(statOrNull(parent));
    if (above.dev !== start.dev) crossed = true;
    dir = parent;
  }
}

/** What `git rev-parse --show-prefix` and `--git-path info/exclude` say, read from the files. */
export interface LocalGitPaths {
  /** Where `cwd` sits in its work tree: '' at the top, `sub/dir/` below it. */
  prefix: string;
  /** The repository's local exclude file (in the common directory: every worktree shares it). */
  excludeFile: string;
}

/**
 * The prefix and the exclude file of `cwd`'s repository from the files; null outside any repository (as git
 * says); 'ask-git' where git must answer: see the top of this file, and a config with `core.bare = true`, an
 * include or an unknown extension, or `cwd` outside the work tree `core.worktree` names.
 */
export function localGitPathsFromFiles(
  cwd: string,
  env: NodeJS.ProcessEnv = process.env,
): LocalGitPaths | null | 'ask-git' {
  if (environmentMovesRepository(env)) return 'ask-git';
  try {
    const place = findGitPlace(cwd);
    if (place === null) return null;
    const configs = [readOrNull(join(place.commonDir, 'config')) ?? ''];
    const worktreeConfig = readOrNull(join(place.gitDir, 'config.worktree'));
    if (worktreeConfig !== null) configs.push(worktreeConfig);
    let top = place.top;
    for (const text of configs) {
      if (!configAllowsFileRefs(text)) return 'ask-git';
      const moved = configWorkTree(text);
      if (moved === undefined) return 'ask-git';
      // core.worktree (a submodule's config has one), relative to the git directory.
      if (moved !== null) top = realpathOrAsk(resolve(place.gitDir, moved));
    }
    const below = relative(top, realpathOrAsk(cwd));
    if (below.startsWith('..') || isAbsolute(below)) return 'ask-git';
    const prefix = below === '' ? '' : `${below.split(sep).join('/')}/`;
    return { prefix, excludeFile: join(place.commonDir, 'info', 'exclude') };
  } catch (error) {
    if (error instanceof AskGit || error instanceof Refused) return 'ask-git';
    throw error;
  }
}
