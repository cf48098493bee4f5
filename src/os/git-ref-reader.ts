// Reading HEAD and the local branches straight from the repository's files, so that commit detection spawns no
// git (a fork from the harness's process blocks its event loop for milliseconds). It finds the repository as git
// does from `cwd` upwards: a `.git` directory, or a `.git` file (`gitdir: ...`, a linked worktree's or a
// submodule's) and its `commondir`. It only reads: HEAD, refs/heads/ and packed-refs, the config, never an object
// and never a write. Whatever it cannot read as git would (GIT_DIR and friends in the environment, a repository
// another user owns, a bare repository, a filesystem boundary, reftable or another extension, an odd ref name, a
// file changing under it) answers 'ask-git', and the caller runs git.
import { readdirSync, type Dirent } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { AskGit, Refused, environmentMovesRepository, findGitPlace, need, readOrNull } from './git-dir.js';
import {
  configAllowsFileRefs,
  isPlainRefName,
  parsePackedRefs,
  parseRefFile,
  resolveRefs,
  type RefValue,
} from './git-ref-files.js';

export interface RefSnapshot {
  head: string | null;
  branches: Record<string, string>;
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
  if (environmentMovesRepository(env)) return 'ask-git';
  try {
    const place = findGitPlace(cwd);
    if (place === null) return null;
    const { gitDir, commonDir } = place;
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
