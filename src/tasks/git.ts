// The git facts and actions the task protocol needs: where HEAD is, whether a recorded base still exists, what
// changed since a task started, committing a task's work and rolling a failed attempt back. Everything goes
// through execFile('git', ...) with an argument list, never a shell, so hashes, ids and messages are data. A
// git failure rejects with an Error carrying git's stderr.
import { execFile } from 'node:child_process';

const GIT_TIMEOUT_MS = 60_000;
const MAX_BUFFER = 64 * 1024 * 1024;

/** The harness's own identity, used only when the repository has none configured. */
export const HARNESS_IDENTITY = { name: 'agent-harness', email: 'agent-harness@localhost' } as const;

interface GitResult {
  code: number;
  stdout: string;
  stderr: string;
}

/** Runs git and resolves with its exit code and output; rejects only when git could not be run at all. */
function runGit(cwd: string, args: readonly string[]): Promise<GitResult> {
  return new Promise((resolve, reject) => {
    execFile(
      'git',
      args,
      { cwd, timeout: GIT_TIMEOUT_MS, maxBuffer: MAX_BUFFER, encoding: 'utf8' },
      (error, stdout, stderr) => {
        if (error === null) return resolve({ code: 0, stdout, stderr });
        const code = (error as NodeJS.ErrnoException & { code?: unknown }).code;
        if (typeof code === 'number') return resolve({ code, stdout, stderr });
        reject(new Error(`git ${args.join(' ')} failed in ${cwd}: ${stderr.trim() || error.message}`));
      },
    );
  });
}

function gitFailure(cwd: string, args: readonly string[], result: GitResult): Error {
  const detail = result.stderr.trim() || result.stdout.trim() || `exit code ${result.code}`;
  return new Error(`git ${args.join(' ')} failed in ${cwd}: ${detail}`);
}

/** Runs git and resolves with its stdout; rejects with git's stderr on a non-zero exit. */
async function git(cwd: string, args: readonly string[]): Promise<string> {
  const result = await runGit(cwd, args);
  if (result.code !== 0) throw gitFailure(cwd, args, result);
  return result.stdout;
}

/** A revision given by the task file must never be read by git as an option. */
function checkRevision(rev: string): void {
  if (rev === '' || rev.startsWith('-')) throw new Error(`not a valid revision: ${JSON.stringify(rev)}`);
}

/** HEAD's commit hash, or null in a repository with no commit yet. Throws outside a repository. */
export async function headCommit(cwd: string): Promise<string | null> {
  const args = ['rev-parse', '--verify', '-q', 'HEAD'];
  const result = await runGit(cwd, args);
  if (result.code === 0) return result.stdout.trim() || null;
  // --verify -q exits 1 silently when HEAD does not resolve (an unborn branch).
  if (result.code === 1 && result.stderr.trim() === '') return null;
  throw gitFailure(cwd, args, result);
}

/** Whether `hash` names a commit in the repository (`git cat-file -t`). Throws outside a repository. */
export async function commitExists(cwd: string, hash: string): Promise<boolean> {
  if (hash.trim() === '' || hash.startsWith('-')) return false;
  const args = ['cat-file', '-t', hash];
  const result = await runGit(cwd, args);
  if (result.code === 0) return result.stdout.trim() === 'commit';
  if (/not a git repository/i.test(result.stderr)) throw gitFailure(cwd, args, result);
  return false;
}

/** Tracked changes (staged or not) or untracked files, as `git status --porcelain` reports them. */
export async function hasUncommittedChanges(cwd: string): Promise<boolean> {
  const out = await git(cwd, ['status', '--porcelain', '--untracked-files=all']);
  return out.trim() !== '';
}

export interface CommitSummary {
  hash: string;
  subject: string;
}

const FIELD = '\x1f';
const RECORD = '\x1e';

async function logSince(cwd: string, base: string): Promise<Array<CommitSummary & { message: string }>> {
  checkRevision(base);
  const out = await git(cwd, ['log', `--format=%H${FIELD}%s${FIELD}%B${RECORD}`, `${base}..HEAD`, '--']);
  return out
    .split(RECORD)
    .map((record) => record.replace(/^\n+/, ''))
    .filter((record) => record !== '')
    .map((record) => {
      const [hash = '', subject = '', message = ''] = record.split(FIELD);
      return { hash, subject, message };
    });
}

/** Commits reachable from HEAD but not from `base`, newest first. */
export async function commitsSince(cwd: string, base: string): Promise<CommitSummary[]> {
  return (await logSince(cwd, base)).map(({ hash, subject }) => ({ hash, subject }));
}

/** Whether a commit message mentions the task id as a whole id (task-001 does not match task-0010). */
export function mentionsTask(message: string, taskId: string): boolean {
  const escaped = taskId.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return new RegExp(`(?<![\\w-])${escaped}(?![\\w-])`).test(message);
}

/** The commits since `base` that belong to the task: their subject or body mentions the task id. */
export async function taskCommitsSince(cwd: string, base: string, taskId: string): Promise<CommitSummary[]> {
  return (await logSince(cwd, base))
    .filter((commit) => mentionsTask(commit.message, taskId))
    .map(({ hash, subject }) => ({ hash, subject }));
}

/** Paths whose content in the working tree differs from `base` (committed or not; untracked files excluded). */
export async function changedFilesSince(cwd: string, base: string): Promise<string[]> {
  checkRevision(base);
  const out = await git(cwd, ['diff', '--name-only', base, '--']);
  return out.split('\n').filter((line) => line !== '');
}

async function configValue(cwd: string, key: string): Promise<string> {
  const result = await runGit(cwd, ['config', '--get', key]);
  // Exit 1 means the key is not set.
  return result.code === 0 ? result.stdout.trim() : '';
}

/**
 * Stages everything (`git add -A`) and commits it. The harness's own identity is used only when the repository
 * has none configured. Returns the new commit's hash, or null when there was nothing to commit.
 */
export async function commitAll(cwd: string, message: string): Promise<string | null> {
  await git(cwd, ['add', '-A']);
  const staged = await runGit(cwd, ['diff', '--cached', '--quiet']);
  if (staged.code === 0) return null;
  if (staged.code !== 1) throw gitFailure(cwd, ['diff', '--cached', '--quiet'], staged);
  const identity: string[] = [];
  if ((await configValue(cwd, 'user.email')) === '') {
    identity.push('-c', `user.name=${HARNESS_IDENTITY.name}`, '-c', `user.email=${HARNESS_IDENTITY.email}`);
  } else if ((await configValue(cwd, 'user.name')) === '') {
    identity.push('-c', `user.name=${HARNESS_IDENTITY.name}`);
  }
  await git(cwd, [...identity, 'commit', '-q', '-m', message]);
  return headCommit(cwd);
}

/** Rolls a failed attempt back: `git reset --hard <base>` then `git clean -fd` (untracked files and dirs). */
export async function rollback(cwd: string, base: string): Promise<void> {
  checkRevision(base);
  await git(cwd, ['reset', '--hard', '-q', base]);
  await git(cwd, ['clean', '-fdq']);
}

/** `git stash list`, one entry a line (empty when nothing is stashed). */
export async function stashList(cwd: string): Promise<string[]> {
  const out = await git(cwd, ['stash', 'list']);
  return out.split('\n').filter((line) => line !== '');
}
