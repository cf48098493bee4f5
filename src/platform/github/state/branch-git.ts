// The state branch's git plumbing, in the user's repository without touching its HEAD, index, branches or work
// tree: the branch is fetched into a private ref (refs/agent-harness/state), read with ls-tree and cat-file, and
// a new tree is built in a temporary index (GIT_INDEX_FILE) from hash-object'ed files, then committed with
// commit-tree and pushed by hash. Every call runs through os/git.ts (no hook, fsmonitor or pager of the
// repository's) with literal pathspecs (a state key is data), and the token, when there is one, rides in the
// environment of the fetch and the push alone as an extra header (review/remote.ts): never on a command line
// (where `ps` shows it) nor in .git/config (which the agent can read).
//
// Fetch and push go to the remote's URL, not its name, so git updates no refs/remotes/<name>/… either.
// The fetch is shallow (depth 1), so the repository's .git/shallow gains the state commit (an orphan: none of
// the user's history is cut). How many commits the branch holds therefore comes from the commit message's
// `State-Commits:` trailer, not from walking it.
import { execFile } from 'node:child_process';
import { mkdir, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { git, gitFailure, guardedGitEnv, HARNESS_IDENTITY, runGit } from '../../../os/git.js';
import { withTokenHeader } from '../review/index.js';

/** Where a fetched state branch is kept: outside refs/heads and refs/remotes, so no user command shows it. */
export const PRIVATE_REF = 'refs/agent-harness/state';

const TRAILER = 'State-Commits';

export interface BranchGit {
  /** The repository (a work tree's root, or any directory in it). */
  repo: string;
  /** A remote's name or URL. */
  remote: string;
  /** The remote's URL, read once (a name would make git update refs/remotes/<name>/… on fetch and push). */
  url?: string;
  branch: string;
  /** The environment of every call: the token's header (fetch and push need it; the rest ignore it). */
  env: NodeJS.ProcessEnv;
}

export function branchGit(input: {
  repo: string;
  remote: string;
  branch: string;
  token: string | null;
  serverUrl: string;
}): BranchGit {
  const base = { ...process.env, GIT_LITERAL_PATHSPECS: '1' };
  const env = input.token ? withTokenHeader(base, input.serverUrl, input.token) : base;
  return { repo: input.repo, remote: input.remote, branch: input.branch, env };
}

async function run(g: BranchGit, args: readonly string[], extra: NodeJS.ProcessEnv = {}): Promise<string> {
  const result = await runGit(g.repo, args, undefined, { ...g.env, ...extra });
  if (result.code !== 0) throw gitFailure(g.repo, args, result);
  return result.stdout;
}

async function urlOf(g: BranchGit): Promise<string> {
  if (g.url === undefined) {
    const named = await runGit(g.repo, ['remote', 'get-url', '--', g.remote]);
    g.url = named.code === 0 && named.stdout.trim() !== '' ? named.stdout.trim() : g.remote;
  }
  return g.url;
}

/** Fetches the branch into PRIVATE_REF; its commit, or null when the remote has no such branch. */
export async function fetchState(g: BranchGit): Promise<string | null> {
  const ref = `refs/heads/${g.branch}`;
  const url = await urlOf(g);
  const listed = await run(g, ['ls-remote', '--heads', url, ref]);
  if (listed.trim() === '') {
    await runGit(g.repo, ['update-ref', '-d', PRIVATE_REF]);
    return null;
  }
  await run(g, ['fetch', '--quiet', '--no-tags', '--depth=1', url, `+${ref}:${PRIVATE_REF}`]);
  return (await git(g.repo, ['rev-parse', '--verify', `${PRIVATE_REF}^{commit}`])).trim();
}

/**
 * Fetches the branch's last `depth` commits into PRIVATE_REF (a restore's look back for a usable copy); the tip,
 * or null when the branch is gone.
 */
export async function fetchHistory(g: BranchGit, depth: number): Promise<string | null> {
  const ref = `refs/heads/${g.branch}`;
  const url = await urlOf(g);
  const fetched = await runGit(
    g.repo,
    ['fetch', '--quiet', '--no-tags', `--depth=${depth}`, url, `+${ref}:${PRIVATE_REF}`],
    undefined,
    g.env,
  );
  if (fetched.code !== 0) return null;
  return (await git(g.repo, ['rev-parse', '--verify', `${PRIVATE_REF}^{commit}`])).trim();
}

/** The commits from `tip` back that changed `path`, newest first, with their dates. */
export async function commitsChanging(
  g: BranchGit,
  tip: string,
  path: string,
): Promise<Array<{ commit: string; date: string }>> {
  const out = await run(g, ['log', '--format=%H %cI', tip, '--', path]);
  return out
    .split('\n')
    .filter(Boolean)
    .map((line) => {
      const [commit = '', date = ''] = line.split(' ');
      return { commit, date };
    });
}

/** The bytes of `path` in `commit`, or null when that commit has no such file. */
export async function fileAt(g: BranchGit, commit: string, path: string): Promise<Buffer | null> {
  const found = await runGit(
    g.repo,
    ['rev-parse', '--verify', '--quiet', `${commit}:${path}`],
    undefined,
    g.env,
  );
  return found.code === 0 ? blob(g, found.stdout.trim()) : null;
}

export interface TreeEntry {
  mode: string;
  type: string;
  sha: string;
  size: number;
  path: string;
}

/** Every file under `folder` in `commit` (paths relative to the folder); [] when the folder is not there. */
export async function listFolder(g: BranchGit, commit: string, folder: string): Promise<TreeEntry[]> {
  const out = await run(g, ['ls-tree', '-r', '-l', '-z', commit, '--', `${folder}/`]);
  return out
    .split('\0')
    .filter(Boolean)
    .map((line) => {
      const tab = line.indexOf('\t');
      const [mode, type, sha, size] = line.slice(0, tab).split(/\s+/) as [string, string, string, string];
      return { mode, type, sha, size: Number(size), path: line.slice(tab + 1).slice(folder.length + 1) };
    });
}

function blob(g: BranchGit, sha: string): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    execFile(
      'git',
      ['cat-file', 'blob', sha],
      { cwd: g.repo, env: guardedGitEnv(g.env), encoding: 'buffer', maxBuffer: 1024 * 1024 * 1024 },
      (error, stdout) =>
        error ? reject(new Error(`git cat-file blob ${sha} failed: ${error.message}`)) : resolve(stdout),
    );
  });
}

/** Writes the folder's regular files into `into` (a symbolic link or a submodule is left out). */
export async function readFolder(g: BranchGit, entries: readonly TreeEntry[], into: string): Promise<void> {
  for (const entry of entries) {
    if (entry.type !== 'blob' || entry.mode === '120000') continue;
    const target = join(into, entry.path);
    await mkdir(dirname(target), { recursive: true });
    await writeFile(target, await blob(g, entry.sha));
  }
}

/**
 * The tree of `base` (none: empty) with `folder` replaced by `files` (paths relative to the folder, absolute
 * sources) and `carried` (entries of the folder kept by their blob), built in a temporary index at `indexFile`.
 */
export async function treeWith(
  g: BranchGit,
  base: string | null,
  folder: string,
  files: ReadonlyArray<readonly [path: string, source: string]>,
  indexFile: string,
  carried: ReadonlyArray<Pick<TreeEntry, 'path' | 'sha'>> = [],
): Promise<string> {
  const index = { GIT_INDEX_FILE: indexFile };
  await run(g, base ? ['read-tree', base] : ['read-tree', '--empty'], index);
  await run(g, ['rm', '--cached', '-r', '-f', '-q', '--ignore-unmatch', '--', folder], index);
  const info: string[] = [];
  // One hash-object per batch of files, not per file (an archive of transcripts holds hundreds).
  for (let at = 0; at < files.length; at += 256) {
    const batch = files.slice(at, at + 256);
    const shas = (
      await run(g, ['hash-object', '-w', '--no-filters', '--', ...batch.map(([, source]) => source)])
    )
      .trim()
      .split('\n');
    batch.forEach(([path], i) => info.push('--cacheinfo', `100644,${shas[i]},${folder}/${path}`));
  }
  for (const entry of carried) info.push('--cacheinfo', `100644,${entry.sha},${folder}/${entry.path}`);
  for (let at = 0; at < info.length; at += 768) {
    await run(g, ['update-index', '--add', ...info.slice(at, at + 768)], index);
  }
  return (await run(g, ['write-tree'], index)).trim();
}

/** How many commits the branch holds at `commit`: its trailer, or null when it has none (made by hand). */
export async function commitCount(g: BranchGit, commit: string): Promise<number | null> {
  const message = await run(g, ['log', '-1', '--format=%B', commit]);
  const match = new RegExp(`^${TRAILER}: (\\d+)$`, 'm').exec(message);
  return match ? Number(match[1]) : null;
}

/** A commit of `tree` by the harness's identity, on `parent` (none: a new root), carrying its count. */
export async function commitState(
  g: BranchGit,
  tree: string,
  parent: string | null,
  subject: string,
  count: number,
): Promise<string> {
  const who = {
    GIT_AUTHOR_NAME: HARNESS_IDENTITY.name,
    GIT_AUTHOR_EMAIL: HARNESS_IDENTITY.email,
    GIT_COMMITTER_NAME: HARNESS_IDENTITY.name,
    GIT_COMMITTER_EMAIL: HARNESS_IDENTITY.email,
  };
  const args = ['commit-tree', tree, ...(parent ? ['-p', parent] : [])];
  return (await run(g, [...args, '-m', subject, '-m', `${TRAILER}: ${count}`], who)).trim();
}

/**
 * Pushes `commit` to the branch if the remote's branch is still `expected` (null: still absent); 'rejected'
 * when it moved (another job saved meanwhile) or the push failed otherwise (the caller tells them apart).
 */
export async function pushState(
  g: BranchGit,
  commit: string,
  expected: string | null,
): Promise<'pushed' | { rejected: string }> {
  const ref = `refs/heads/${g.branch}`;
  const args = ['push', '--quiet', '--no-verify', `--force-with-lease=${ref}:${expected ?? ''}`];
  const result = await runGit(g.repo, [...args, await urlOf(g), `${commit}:${ref}`], undefined, g.env);
  return result.code === 0 ? 'pushed' : { rejected: result.stderr.trim() || `exit code ${result.code}` };
}
