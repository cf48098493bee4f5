// A work tree with the job's token persisted the way actions/checkout persists it (src/git-auth-helper.ts of
// actions/checkout): v4 and v5 write the extra header into .git/config; v6 and later write it into
// $RUNNER_TEMP/git-credentials-<uuid>.config and point four includeIf entries at it (the host's git directory and
// its worktrees, then the same for a container job's paths).
import { execFileSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { realpathSync } from 'node:fs';
import { join } from 'node:path';

export const SERVER = 'https://github.com';
export const HEADER_KEY = `http.${SERVER}/.extraheader`;

export const basicHeader = (token: string): string =>
  `AUTHORIZATION: basic ${Buffer.from(`x-access-token:${token}`, 'utf8').toString('base64')}`;

/** Every form of the token an agent could use or pass on: raw, in the basic pair, base64 of either. */
export function tokenForms(token: string): string[] {
  const b64 = (text: string) => Buffer.from(text, 'utf8').toString('base64');
  return [token, `x-access-token:${token}`, b64(`x-access-token:${token}`), b64(token)];
}

const git = (cwd: string, ...args: string[]) => execFileSync('git', args, { cwd, encoding: 'utf8' }).trim();

/** actions/checkout v4/v5 with persist-credentials: the header in .git/config. */
export function persistLikeCheckoutV4(repo: string, token: string): void {
  git(repo, 'config', '--local', HEADER_KEY, basicHeader(token));
}

/** actions/checkout v6+ with persist-credentials: the header in a file under RUNNER_TEMP, included. */
export function persistLikeCheckoutV6(repo: string, runnerTemp: string, token: string): string {
  const file = join(runnerTemp, `git-credentials-${randomUUID()}.config`);
  git(repo, 'config', '--file', file, HEADER_KEY, basicHeader(token));
  const gitDir = realpathSync(join(repo, '.git'));
  const container = `/github/runner_temp/${file.slice(runnerTemp.length + 1)}`;
  git(repo, 'config', '--local', `includeIf.gitdir:${gitDir}.path`, file);
  git(repo, 'config', '--local', `includeIf.gitdir:${gitDir}/worktrees/*.path`, file);
  git(repo, 'config', '--local', 'includeIf.gitdir:/github/workspace/.git.path', container);
  git(repo, 'config', '--local', 'includeIf.gitdir:/github/workspace/.git/worktrees/*.path', container);
  return file;
}

/** A credential helper as a workflow might configure one, with the token in its command. */
export function helperWithToken(repo: string, token: string): void {
  git(
    repo,
    'config',
    '--local',
    `credential.${SERVER}.helper`,
    `!f() { echo username=x-access-token; echo password=${token}; }; f`,
  );
}
