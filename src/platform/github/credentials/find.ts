// Where the job's git credentials are, for the repositories the agent can reach (its working directory's and the
// workspace's): every config file git reads for them (the common config, worktree configs, every submodule's
// config under modules/), the credential entries in each, the included files that hold credentials, and
// actions/checkout's git-credentials-<uuid>.config files under RUNNER_TEMP (whichever repository includes them).
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { runGitSync } from '../../../os/git.js';
import {
  CHECKOUT_CREDENTIALS_FILE,
  includeTarget,
  isCredentialKey,
  isIncludeKey,
  namesCheckoutCredentials,
  parseConfigList,
  secretsOf,
  type ConfigEntry,
} from './entries.js';

export interface FoundCredentials {
  /** Config files with the credential entries found in each. */
  configs: Array<{ file: string; entries: ConfigEntry[] }>;
  /** Files holding credentials, moved away whole. */
  files: string[];
  /** What to mask: the headers' values and the tokens in them. */
  secrets: string[];
}

/**
 * For the read-only calls that find the repository and what git shows in it: a work tree owned by another user
 * (a container job's) is still looked at, not silently skipped.
 */
export const ANY_OWNER = ['-c', 'safe.directory=*'];

/** What git said, on one line: its last line (the `fatal:` one), or the exit code. */
export function gitSaid(result: { code: number; stderr: string }): string {
  return result.stderr.trim().split('\n').at(-1)?.trim() || `exit code ${result.code}`;
}

/** The entries written in one config file (its includes not followed). */
export function listConfigFile(file: string): ConfigEntry[] {
  const result = runGitSync(resolve(file, '..'), ['config', '--file', file, '--list', '--null']);
  if (result.code !== 0) throw new Error(`git cannot read ${file}: ${gitSaid(result)}`);
  return parseConfigList(result.stdout);
}

const isFile = (path: string): boolean => {
  try {
    return statSync(path).isFile();
  } catch {
    return false;
  }
};

/** The common git directory of the repository `dir` is in; null outside one, or where there is no git at all. */
function commonDir(dir: string): string | null {
  let result;
  try {
    result = runGitSync(dir, [...ANY_OWNER, 'rev-parse', '--git-common-dir']);
  } catch {
    return null;
  }
  return result.code === 0 ? resolve(dir, result.stdout.trim()) : null;
}

/** Submodules' git directories under modules/ (a submodule's name may hold slashes), nested ones too. */
function submoduleConfigs(dir: string, depth = 0): string[] {
  if (depth > 12) return [];
  let children;
  try {
    children = readdirSync(dir, { withFileTypes: true }).filter((entry) => entry.isDirectory());
  } catch {
    return [];
  }
  return children.flatMap((child) => {
    const path = join(dir, child.name);
    if (isFile(join(path, 'config')) && existsSync(join(path, 'HEAD')))
      return [join(path, 'config'), ...submoduleConfigs(join(path, 'modules'), depth + 1)];
    return submoduleConfigs(path, depth + 1);
  });
}

/** Every config file of the repository: the common one, worktree configs, submodules' configs. */
export function repositoryConfigFiles(common: string): string[] {
  let worktrees: string[] = [];
  try {
    worktrees = readdirSync(join(common, 'worktrees')).map((name) =>
      join(common, 'worktrees', name, 'config.worktree'),
    );
  } catch {
    // no linked worktree
  }
  return [
    join(common, 'config'),
    join(common, 'config.worktree'),
    ...worktrees,
    ...submoduleConfigs(join(common, 'modules')),
  ].filter(isFile);
}

export function findCredentials(dirs: readonly string[], runnerTemp: string, home: string): FoundCredentials {
  const commons = [...new Set(dirs.map(commonDir).filter((dir): dir is string => dir !== null))];
  const files = new Set<string>();
  const configs: FoundCredentials['configs'] = [];
  const holdsCredentials = (path: string) =>
    isFile(path) && listConfigFile(path).some((e) => isCredentialKey(e.key));
  for (const file of [...new Set(commons.flatMap(repositoryConfigFiles))]) {
    const entries = listConfigFile(file).filter((entry) => {
      if (entry.value === null) return false;
      if (isCredentialKey(entry.key)) return true;
      if (!isIncludeKey(entry.key)) return false;
      const target = includeTarget(entry.value, file, home);
      if (!namesCheckoutCredentials(target) && !holdsCredentials(target)) return false;
      if (isFile(target)) files.add(target);
      return true;
    });
    if (entries.length > 0) configs.push({ file, entries });
  }
  let temp: string[] = [];
  try {
    temp = readdirSync(runnerTemp).filter((name) => CHECKOUT_CREDENTIALS_FILE.test(name));
  } catch {
    // no RUNNER_TEMP to look in
  }
  for (const name of temp) if (isFile(join(runnerTemp, name))) files.add(join(runnerTemp, name));
  const secrets = new Set<string>();
  const everyEntry = [...configs.flatMap((c) => c.entries), ...[...files].flatMap(listConfigFile)];
  for (const entry of everyEntry) for (const secret of secretsOf(entry)) secrets.add(secret);
  return { configs, files: [...files], secrets: [...secrets] };
}
