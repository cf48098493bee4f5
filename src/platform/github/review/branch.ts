// The git side of review mode in the Action: a plan's work lives on `agent-harness/<plan_id>`. A run switches
// to that branch (continuing the pushed one when there is one, else starting it at the checked-out commit),
// commits what the sessions left uncommitted, and pushes it (remote.ts: with the token input, never
// with credentials in the work tree's configuration). The cached plan files restored before the switch
// are kept across it: the branch may carry older committed copies of them, and the cache is the newer record.
import { cp, mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { readInputText } from '../../../os/input-file.js';
import { existsSync } from 'node:fs';
import { dirname, isAbsolute, join } from 'node:path';
import { git, harnessIdentityArgs, runGit } from '../../../os/git.js';
import { fetchBranch, type BranchRemote } from './remote.js';

export const planBranch = (planId: string): string => `agent-harness/${planId}`;

/** The branch HEAD is on, or null when it is detached. */
export async function branchNow(cwd: string): Promise<string | null> {
  const result = await runGit(cwd, ['symbolic-ref', '-q', '--short', 'HEAD']);
  return result.code === 0 ? result.stdout.trim() || null : null;
}

/**
 * Switches to `branch`: the remote's copy when `origin` has one (fetched; local changes to tracked files and
 * untracked files in the way give way to it), else a new branch at HEAD. `keep` (paths under cwd) are copied
 * aside first and put back after, so what the cache restored wins over what the branch has committed.
 */
export async function switchToBranch(
  cwd: string,
  branch: string,
  keep: readonly string[],
  remote: BranchRemote | null,
  scratch: string,
  log: (message: string) => void,
): Promise<'continued' | 'started'> {
  if ((await runGit(cwd, ['check-ref-format', `refs/heads/${branch}`])).code !== 0 || branch.startsWith('-'))
    throw new Error(`not a valid branch name: ${JSON.stringify(branch)}`);
  const fetched = remote !== null && (await fetchBranch(cwd, remote, branch, scratch));
  if (!fetched) {
    log(`No branch ${branch} on origin yet: starting it here.`);
    await git(cwd, ['checkout', '-q', '-B', branch]);
    return 'started';
  }
  const aside = await mkdtemp(join(scratch, 'keep-'));
  try {
    const kept = keep.filter((path) => existsSync(path));
    for (const [i, path] of kept.entries()) await cp(path, join(aside, String(i)), { recursive: true });
    await git(cwd, ['checkout', '-q', '-f', '-B', branch, `refs/remotes/origin/${branch}`]);
    for (const [i, path] of kept.entries())
      await cp(join(aside, String(i)), path, { recursive: true, force: true });
  } finally {
    await rm(aside, { recursive: true, force: true });
  }
  log(`Continuing branch ${branch} from origin.`);
  return 'continued';
}

/** Commits whatever the sessions left uncommitted; false when there was nothing. */
export async function commitLeftovers(cwd: string, message: string): Promise<boolean> {
  const status = await git(cwd, ['status', '--porcelain']);
  if (status.trim() === '') return false;
  await git(cwd, ['add', '-A']);
  const staged = await runGit(cwd, ['diff', '--cached', '--quiet']);
  if (staged.code === 0) return false;
  await git(cwd, [...(await harnessIdentityArgs(cwd)), 'commit', '-q', '-m', message]);
  return true;
}

/** Adds `pattern` to the repository's local exclude file (outside the harness's managed block) once. */
export async function excludeFromGit(cwd: string, pattern: string): Promise<void> {
  const where = (await git(cwd, ['rev-parse', '--git-path', 'info/exclude'])).trim();
  const path = isAbsolute(where) ? where : join(cwd, where);
  const current = await readInputText(path, { what: 'git exclude file' }).catch(
    (error: NodeJS.ErrnoException) => {
      if (error.code === 'ENOENT') return '';
      throw error;
    },
  );
  if (current.split('\n').includes(pattern)) return;
  await mkdir(dirname(path), { recursive: true });
  await writeFile(path, `${current}${current === '' || current.endsWith('\n') ? '' : '\n'}${pattern}\n`);
}
