// Review mode's fetch and push of the plan's branch, with the github-token input and nothing the agent could have
// touched: the job's own credentials are put aside while sessions run (credentials/index.ts), and the work
// tree's git configuration is the agent's to write. So the branch goes through a scratch bare repository of the
// harness's own (its objects borrowed from the work tree's), to origin's URL as it was before the first session,
// with the token in the environment of those git calls alone (an extra header scoped to the server, never on a
// command line): no hook, URL rewrite, proxy or credential helper the agent may have configured applies to them.
import { copyFile, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { git, gitFailure, originUrl, runGit } from '../../../os/git.js';

export interface BranchRemote {
  /** origin's URL, read before the first session. */
  url: string;
  /** The environment of the git calls that talk to it: the token's header, no prompt. */
  env: NodeJS.ProcessEnv;
}

/** `env` plus an extra header with `token` for `serverUrl`, after any GIT_CONFIG_* entries it already has. */
export function withTokenHeader(env: NodeJS.ProcessEnv, serverUrl: string, token: string): NodeJS.ProcessEnv {
  const out: NodeJS.ProcessEnv = { ...env, GIT_TERMINAL_PROMPT: '0' };
  if (!token) return out;
  const count = Number(env.GIT_CONFIG_COUNT ?? '0');
  const n = Number.isInteger(count) && count >= 0 ? count : 0;
  const basic = Buffer.from(`x-access-token:${token}`, 'utf8').toString('base64');
  out[`GIT_CONFIG_KEY_${n}`] = `http.${new URL(serverUrl).origin}/.extraheader`;
  out[`GIT_CONFIG_VALUE_${n}`] = `AUTHORIZATION: basic ${basic}`;
  out.GIT_CONFIG_COUNT = String(n + 1);
  return out;
}

/** origin as it is now (call before the first session), or null when the work tree has none. */
export async function captureRemote(
  cwd: string,
  serverUrl: string,
  token: string,
  env: NodeJS.ProcessEnv,
): Promise<BranchRemote | null> {
  const url = await originUrl(cwd);
  return url === null ? null : { url, env: withTokenHeader(env, serverUrl, token) };
}

/** A scratch bare repository that reads the work tree's objects (and its shallow boundary); removed by `done`. */
async function scratchRepository(cwd: string, scratch: string) {
  const dir = await mkdtemp(join(scratch, 'remote-'));
  const done = () => rm(dir, { recursive: true, force: true });
  try {
    await git(dir, ['init', '-q', '--bare']);
    const common = resolve(cwd, (await git(cwd, ['rev-parse', '--git-common-dir'])).trim());
    await writeFile(join(dir, 'objects', 'info', 'alternates'), `${join(common, 'objects')}\n`);
    // A shallow checkout (actions/checkout's default depth 1): the same boundary, or a push would walk past it.
    await copyFile(join(common, 'shallow'), join(dir, 'shallow')).catch((error: NodeJS.ErrnoException) => {
      if (error.code !== 'ENOENT') throw error;
    });
  } catch (error) {
    await done();
    throw error;
  }
  return { dir, done };
}

/**
 * Fetches `branch` from the remote into the work tree's `refs/remotes/origin/<branch>`; false when the remote
 * has no such branch (or cannot be reached).
 */
export async function fetchBranch(
  cwd: string,
  remote: BranchRemote,
  branch: string,
  scratch: string,
): Promise<boolean> {
  const repo = await scratchRepository(cwd, scratch);
  try {
    const ref = `refs/heads/${branch}`;
    const fetched = await runGit(
      repo.dir,
      ['fetch', '--quiet', '--no-tags', remote.url, `+${ref}:${ref}`],
      undefined,
      remote.env,
    );
    if (fetched.code !== 0) return false;
    await git(cwd, [
      '-c',
      'core.hooksPath=/dev/null',
      'fetch',
      '--quiet',
      '--no-tags',
      repo.dir,
      `+${ref}:refs/remotes/origin/${branch}`,
    ]);
    return true;
  } finally {
    await repo.done();
  }
}

/** Pushes the work tree's HEAD to `branch` on the remote. */
export async function pushHead(
  cwd: string,
  remote: BranchRemote,
  branch: string,
  scratch: string,
): Promise<void> {
  const head = (await git(cwd, ['rev-parse', '--verify', 'HEAD^{commit}'])).trim();
  const repo = await scratchRepository(cwd, scratch);
  try {
    const args = ['push', '--quiet', '--no-verify', remote.url, `${head}:refs/heads/${branch}`];
    const pushed = await runGit(repo.dir, args, undefined, remote.env);
    if (pushed.code !== 0) throw gitFailure(cwd, ['push', 'origin', `HEAD:refs/heads/${branch}`], pushed);
  } finally {
    await repo.done();
  }
}
