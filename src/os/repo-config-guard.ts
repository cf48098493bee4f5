// What the agent may not leave in the repository's git configuration for the commands that run after it: the
// harness's own git between sessions, and the steps after the harness (the workflow's `git push` runs with the
// job's token). An isolated agent can write .git/config and .git/hooks like any file of the tree; a key it sets
// there can make a later git run a command of its choosing (a hook path, an fsmonitor, a filter driver that
// `git add` runs, a pager, an ssh command, an include of a file it wrote) or send a push elsewhere (a URL
// rewrite, a remote's push URL). At the run's start the harness notes those keys' values and the hooks; after
// each session it puts those keys back as they were, moves new or changed hooks aside, non-executable, into
// .git/agent-harness-quarantine/ (nothing is deleted), and puts back the hooks that were there. Every other key
// the agent sets (a branch's upstream, its user.name) stays.
import { randomBytes } from 'node:crypto';
import { chmod, lstat, mkdir, readdir, readFile, readlink, rename, writeFile } from 'node:fs/promises';
import { isAbsolute, join } from 'node:path';
import { runGit } from './git.js';

/** Keys (as `git config --list` prints them: section and name lower case) that make git run or send something. */
const RISKY =
  /^(core\.(hookspath|fsmonitor|pager|sshcommand|editor|askpass|gitproxy|attributesfile|worktree)|sequence\.editor|include\.path|includeif\..*|filter\..*|diff\..*\.(textconv|command)|diff\.external|merge\..*\.driver|credential\..*|url\..*\.(insteadof|pushinsteadof)|remote\..*\.(url|pushurl|receivepack|uploadpack|proxy|vcs)|http\..*|alias\..*|gpg\..*program|ssh\.variant|protocol\..*)$/;

export interface RepoConfigSnapshot {
  gitDir: string;
  hooksDir: string;
  /** The risky keys' values, in order, by key. */
  config: Map<string, string[]>;
  /** Each hook file's content and mode, by name. */
  hooks: Map<string, Hook>;
}

interface Hook {
  /** The file's bytes, or a symbolic link's target. */
  content: Buffer;
  /** The file's mode bits; -1 for a symbolic link. */
  mode: number;
}

const SYMLINK = -1;

export interface RepoConfigRestored {
  /** Keys put back to what they were (or removed, when the agent added them). */
  keys: string[];
  /** Hooks moved aside, by name, and where they went. */
  hooks: string[];
  quarantine: string | null;
}

async function riskyConfig(cwd: string): Promise<Map<string, string[]>> {
  const result = await runGit(cwd, ['config', '--local', '--list', '--null']);
  const config = new Map<string, string[]>();
  if (result.code !== 0) return config;
  for (const entry of result.stdout.split('\0')) {
    if (entry === '') continue;
    const nl = entry.indexOf('\n');
    const key = nl < 0 ? entry : entry.slice(0, nl);
    const value = nl < 0 ? '' : entry.slice(nl + 1);
    if (!RISKY.test(key)) continue;
    config.set(key, [...(config.get(key) ?? []), value]);
  }
  return config;
}

async function readHooks(dir: string): Promise<Map<string, Hook>> {
  const hooks = new Map<string, Hook>();
  let names: string[];
  try {
    names = await readdir(dir);
  } catch {
    return hooks;
  }
  for (const name of names) {
    if (name.endsWith('.sample')) continue;
    const path = join(dir, name);
    try {
      const info = await lstat(path);
      if (info.isSymbolicLink())
        hooks.set(name, { content: Buffer.from(await readlink(path)), mode: SYMLINK });
      else if (info.isFile()) hooks.set(name, { content: await readFile(path), mode: info.mode & 0o7777 });
    } catch {
      // gone, or not a file: nothing to keep
    }
  }
  return hooks;
}

/** The repository's risky keys and hooks as they are now; null where `cwd` is not in a git repository. */
export async function snapshotRepoConfig(cwd: string): Promise<RepoConfigSnapshot | null> {
  const dir = await runGit(cwd, ['rev-parse', '--absolute-git-dir']).catch(() => null);
  if (dir === null || dir.code !== 0) return null;
  const gitDir = dir.stdout.trim();
  if (!isAbsolute(gitDir)) return null;
  const hooksDir = join(gitDir, 'hooks');
  return { gitDir, hooksDir, config: await riskyConfig(cwd), hooks: await readHooks(hooksDir) };
}

const same = (a: readonly string[] | undefined, b: readonly string[] | undefined): boolean =>
  (a ?? []).length === (b ?? []).length && (a ?? []).every((value, i) => value === b?.[i]);

/** Whether `path` is a directory itself, not a symbolic link to one (the agent may have replaced it). */
async function realDirectory(path: string): Promise<boolean> {
  const info = await lstat(path).catch(() => null);
  return info !== null && info.isDirectory();
}

/**
 * Puts the risky keys back as `before` had them, moves new or changed hooks aside into a fresh
 * `agent-harness-quarantine-<label>-<random>/` of the git directory and writes back the hooks `before` had. The
 * agent's paths are not followed: a git or hooks directory it replaced with a link is left alone (keys are still
 * put back through git), hooks are moved as they are (a link stays a link), the quarantine is a new directory.
 */
export async function restoreRepoConfig(
  cwd: string,
  before: RepoConfigSnapshot,
  label: string,
): Promise<RepoConfigRestored> {
  const now = await riskyConfig(cwd);
  const keys = [...new Set([...before.config.keys(), ...now.keys()])].filter(
    (key) => !same(before.config.get(key), now.get(key)),
  );
  for (const key of keys) {
    await runGit(cwd, ['config', '--local', '--unset-all', key]);
    for (const value of before.config.get(key) ?? [])
      await runGit(cwd, ['config', '--local', '--add', key, value]);
  }
  if (!(await realDirectory(before.gitDir)) || !(await realDirectory(before.hooksDir)))
    return { keys, hooks: [], quarantine: null };
  const hooksNow = await readHooks(before.hooksDir);
  const kept = (name: string, hook: Hook) => {
    const was = before.hooks.get(name);
    return was !== undefined && was.mode === hook.mode && was.content.equals(hook.content);
  };
  const moved = [...hooksNow].filter(([name, hook]) => !kept(name, hook)).map(([name]) => name);
  let quarantine: string | null = null;
  if (moved.length > 0) {
    quarantine = join(before.gitDir, `agent-harness-quarantine-${label}-${randomBytes(3).toString('hex')}`);
    await mkdir(quarantine, { mode: 0o700 });
    for (const name of moved) {
      const target = join(quarantine, name);
      await rename(join(before.hooksDir, name), target);
      if (hooksNow.get(name)?.mode !== SYMLINK) await chmod(target, 0o600);
    }
  }
  for (const [name, hook] of before.hooks) {
    if (hooksNow.has(name) && !moved.includes(name)) continue;
    const path = join(before.hooksDir, name);
    if (hook.mode === SYMLINK) continue;
    await writeFile(path, hook.content, { mode: hook.mode, flag: 'wx' });
    await chmod(path, hook.mode);
  }
  return { keys, hooks: moved, quarantine };
}
