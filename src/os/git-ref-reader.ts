// Reading HEAD and the local branches straight from the repository's files, so that commit detection spawns no
// git (a fork from the harness's process blocks its event loop for milliseconds). It finds the repository as git
// does from `cwd` upwards: a `.git` directory, or a `.git` file (`gitdir: ...`, a linked worktree's or a
// submodule's) and its `commondir`. It only reads: HEAD, refs/heads/ and packed-refs, the config, never an object
// and never a write. Whatever it cannot read as git would (GIT_DIR and friends in the environment, a repository
// another user owns, a bare repository, a filesystem boundary, reftable or another extension, an odd ref name, a
// file changing under it) answers 'ask-git', and the caller runs git.
import { readdirSync, statSync, type Dirent, type Stats } from 'node:fs';
import { InputFileError, readInputTextSync } from './input-file.js';
import { dirname, join, relative, resolve, sep } from 'node:path';
import {
  configAllowsFileRefs,
  isPlainRefName,
  parseCommonDir,
  parseGitFile,
  parsePackedRefs,
  parseRefFile,
  resolveRefs,
  type RefValue,
} from './git-ref-files.js';

export interface RefSnapshot {
  head: string | null;
  branches: Record<string, string>;
}

/** The environment variables that change where or how git finds a repository. */
const REPOSITORY_ENV = [
  'GIT_DIR',
  'GIT_WORK_TREE',
  'GIT_COMMON_DIR',
  'GIT_CEILING_DIRECTORIES',
  'GIT_DISCOVERY_ACROSS_FILESYSTEM',
  'GIT_OBJECT_DIRECTORY',
  'GIT_NAMESPACE',
];

class AskGit extends Error {}

function statOrNull(path: string): Stats | null {
  try {
    return statSync(path);
  } catch (error) {
    if (
      (error as NodeJS.ErrnoException).code === 'ENOENT' ||
      (error as NodeJS.ErrnoException).code === 'ENOTDIR'
    )
      return null;
    throw new AskGit();
  }
}

/** A repository file that is no regular file (a FIFO the agent put there would block git and a plain read). */
class Refused extends Error {}

function readOrNull(path: string): string | null {
  try {
    // Non-blocking, a regular file only, up to a cap that any packed-refs file fits in.
    return readInputTextSync(path, { what: 'git file', maxBytes: 256 << 20 });
  } catch (error) {
    if (error instanceof InputFileError) throw new Refused();
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw new AskGit();
  }
}

function need<T>(value: T | null | undefined): T {
  if (value == null) throw new AskGit();
  return value;
}

/** Owned by this process's user, as git's safe.directory check wants (anything else: git decides). */
function ownOrAsk(stats: Stats): void {
  if (typeof process.geteuid === 'function' && stats.uid !== process.geteuid()) throw new AskGit();
}

/** A directory that looks like a git directory to git (HEAD, objects/, refs/): a bare repository. */
function looksLikeGitDir(dir: string): boolean {
  return statOrNull(join(dir, 'HEAD')) !== null && statOrNull(join(dir, 'objects')) !== null;
}

/** The git directory for `cwd`, or null when git would find none. */
function findGitDir(cwd: string): string | null {
  let dir = resolve(cwd);
  const start = need(statOrNull(dir));
  if (!start.isDirectory()) throw new AskGit();
  let crossed = false;
  for (;;) {
    const dotGit = join(dir, '.git');
    const found = statOrNull(dotGit);
    if (found !== null) {
      if (crossed) throw new AskGit();
      ownOrAsk(need(statOrNull(dir)));
      if (found.isDirectory()) {
        if (!looksLikeGitDir(dotGit)) throw new AskGit();
        ownOrAsk(found);
        return dotGit;
      }
      if (!found.isFile()) throw new AskGit();
      const target = resolve(dir, need(parseGitFile(need(readOrNull(dotGit)))));
      ownOrAsk(need(statOrNull(target)));
      return target;
    }
    if (looksLikeGitDir(dir)) throw new AskGit();
    const parent = dirname(dir);
    if (parent === dir) return null;
    const above = need(statOrNull(parent));
    if (above.dev !== start.dev) crossed = true;
    dir = parent;
  }
}

/** The loose refs under refs/heads/ of the common directory. */
function looseBranches(commonDir: string): Map<string, RefValue> {
  const root = join(commonDir, 'refs', 'heads');
  const refs = new Map<string, RefValue>();
  let entries: Dirent[];
  try {
    entries = readdirSync(root, { recursive: true, withFileTypes: true });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return refs;
    throw new AskGit();
  }
  for (const entry of entries) {
    if (entry.isDirectory()) continue;
    if (!entry.isFile()) throw new AskGit();
    const path = join(entry.parentPath, entry.name);
    const name = `refs/heads/${relative(root, path).split(sep).join('/')}`;
    if (!isPlainRefName(name)) throw new AskGit();
    refs.set(name, need(parseRefFile(need(readOrNull(path)))));
  }
  return refs;
}

/**
 * HEAD and every local branch read from the files; null when `cwd` is in no repository; 'ask-git' when git must
 * answer (see the top of this file).
 */
export function readRefsFromFiles(
  cwd: string,
  env: NodeJS.ProcessEnv = process.env,
): RefSnapshot | null | 'ask-git' {
  if (REPOSITORY_ENV.some((name) => env[name] !== undefined)) return 'ask-git';
  try {
    const gitDir = findGitDir(cwd);
    if (gitDir === null) return null;
    const common = readOrNull(join(gitDir, 'commondir'));
    const commonDir = common === null ? gitDir : resolve(gitDir, need(parseCommonDir(common)));
    if (!configAllowsFileRefs(readOrNull(join(commonDir, 'config')) ?? '')) return 'ask-git';
    const head = need(parseRefFile(need(readOrNull(join(gitDir, 'HEAD')))));
    const packedText = readOrNull(join(commonDir, 'packed-refs'));
    const packed = packedText === null ? new Map<string, string>() : need(parsePackedRefs(packedText));
    return resolveRefs(head, looseBranches(commonDir), packed) ?? 'ask-git';
  } catch (error) {
    if (error instanceof AskGit) return 'ask-git';
    // Neither the files nor git (which would wait on a FIFO for ever) can tell: no refs to compare.
    if (error instanceof Refused) return null;
    throw error;
  }
}
