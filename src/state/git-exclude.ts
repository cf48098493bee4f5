// The harness's own files and the repository they sit in: where the working directory is in its repository, and
// the harness's file patterns in the repository's local exclude file (never committed), so that an agent's
// `git add -A` does not stage them and its `git clean -fd` does not delete them. Used by every mode that runs in a
// repository (the task list, review mode) and by the harness itself.
import { realpathSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import { dirname, isAbsolute, join } from 'node:path';
import { git } from '../os/git.js';
import { localGitPathsFromFiles } from '../os/git-dir.js';
import { readInputText } from '../os/input-file.js';
import { writeFileAtomic } from './atomic.js';

/**
 * Where `cwd` sits in its repository: '' at the top, `sub/dir/` below it (`git rev-parse --show-prefix`, read from
 * the repository's files where they tell: os/git-dir.ts). Throws outside a repository.
 */
export async function repoPrefix(cwd: string): Promise<string> {
  const read = localGitPathsFromFiles(cwd);
  if (read === null) throw new Error(`not in a git repository: ${cwd}`);
  if (read !== 'ask-git') return read.prefix;
  return (await git(cwd, ['rev-parse', '--show-prefix'])).trim();
}

/** The repository's local exclude file (`git rev-parse --git-path info/exclude`, from the files where they tell). */
async function excludeFile(cwd: string): Promise<string> {
  const read = localGitPathsFromFiles(cwd);
  if (read !== null && read !== 'ask-git') return read.excludeFile;
  const where = (await git(cwd, ['rev-parse', '--git-path', 'info/exclude'])).trim();
  // Relative to git's working directory: the physical one.
  return isAbsolute(where) ? where : join(realpathSync(cwd), where);
}

const BLOCK_START = '# >>> agent-harness: its own files (written by the harness; do not edit) >>>';
const BLOCK_END = '# <<< agent-harness <<<';

/**
 * Writes the harness's file patterns into the repository's local exclude file (`git rev-parse --git-path
 * info/exclude`, never committed) as one marked block, replacing an earlier block: an agent's own `git add -A`
 * then does not stage untracked harness files, and its `git clean -fd` does not delete them. Tracked harness
 * files are not affected by ignore rules; the task protocol's own operations exclude those by pathspec.
 * Returns whether the file changed.
 */
export async function excludeLocally(cwd: string, patterns: readonly string[]): Promise<boolean> {
  const path = await excludeFile(cwd);
  let current = '';
  try {
    current = await readInputText(path, { what: 'git exclude file' });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  const start = current.indexOf(BLOCK_START);
  const end = current.indexOf(BLOCK_END, start);
  const outside =
    start >= 0 && end >= 0
      ? current.slice(0, start) + current.slice(end + BLOCK_END.length).replace(/^\n/, '')
      : current;
  const block = patterns.length === 0 ? '' : [BLOCK_START, ...patterns, BLOCK_END].join('\n') + '\n';
  const next =
    block === '' ? outside : `${outside}${outside === '' || outside.endsWith('\n') ? '' : '\n'}${block}`;
  if (next === current) return false;
  await mkdir(dirname(path), { recursive: true });
  await writeFileAtomic(path, next);
  return true;
}
