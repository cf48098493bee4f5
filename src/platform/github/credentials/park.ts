// Putting the job's git credentials aside while the agent runs (restore.ts brings them back). Synchronous
// throughout: a handful of local `git config` calls and small files. The record is written first (the config
// files' bytes, the entries, the files), then each entry is taken out with `git config --unset-all` and each
// credentials file removed, then the record is written again with a hash of each config file as it was left;
// last, `git config --list` in every directory the agent can reach must no longer show any of them.
import { readFileSync, statSync, unlinkSync } from 'node:fs';
import { dirname } from 'node:path';
import { runGitSync } from '../../../os/git.js';
import {
  distinctEntries,
  exactValuePattern,
  isCredentialKey,
  missingEntries,
  parseShownList,
  type ConfigEntry,
  type ShownEntry,
} from './entries.js';
import { ANY_OWNER, findCredentials, gitSaid } from './find.js';
import { describeRecord, removeRecord, writeRecord, type CredentialsRecord } from './record.js';
import { restoreAndRemove, restoreRecord, sha256, type CredentialsIo } from './restore.js';

export interface ParkInput {
  /** The agent's working directory first, then the workspace: the repositories it can reach. */
  dirs: readonly string[];
  runnerTemp: string;
  home: string;
  /** The job's record (record.ts). */
  record: string;
  statusFile: string | null;
  io: CredentialsIo;
}

/** Credentials put aside: `restore()` brings them back (once; later calls do nothing) and says whether it did. */
export interface Parked {
  restore(): boolean;
}

/** Puts the credentials aside; null when there were none. Throws (having restored them) when it cannot. */
export function putAside(input: ParkInput): Parked | null {
  const { io } = input;
  const found = findCredentials(input.dirs, input.runnerTemp, input.home);
  for (const secret of found.secrets) io.mask(secret);
  if (found.configs.length === 0 && found.files.length === 0) {
    io.info('agent-harness: no job credentials in the repository configuration to put aside.');
    warnOthers(input.dirs, io);
    return null;
  }
  const record: CredentialsRecord = {
    version: 1,
    statusFile: input.statusFile,
    configs: found.configs.map(({ file, entries }) => ({
      file,
      original: readFileSync(file).toString('base64'),
      stripped: null,
      entries,
    })),
    files: found.files.map((path) => ({
      path,
      content: readFileSync(path).toString('base64'),
      mode: statSync(path).mode & 0o7777,
    })),
  };
  writeRecord(input.record, record);
  try {
    for (const config of record.configs) {
      for (const entry of distinctEntries(config.entries)) unsetEntry(config.file, entry);
      config.stripped = sha256(readFileSync(config.file));
    }
    for (const file of record.files) unlinkSync(file.path);
    writeRecord(input.record, record);
    verifyGone(input.dirs, record, found.secrets);
  } catch (error) {
    const back = restoreRecord(record);
    if (back.length === 0) removeRecord(input.record);
    throw new Error(
      `could not put the job's git credentials aside for the agent: ${(error as Error).message}` +
        (back.length === 0
          ? ''
          : `; restoring them failed too (${back.join('; ')}), the record is ${input.record}`),
      { cause: error },
    );
  }
  io.info(
    `agent-harness: put the job's git credentials aside while the agent runs: ${describeRecord(record)}. ` +
      'They are restored when this step ends.',
  );
  warnOthers(input.dirs, io);
  let done = false;
  return {
    restore: () => {
      if (done) return true;
      done = restoreAndRemove(input.record, record, io);
      return done;
    },
  };
}

function unsetEntry(file: string, entry: ConfigEntry): void {
  const args = ['config', '--file', file, '--unset-all', entry.key, exactValuePattern(entry.value ?? '')];
  const result = runGitSync(dirname(file), args);
  // 5: nothing matched (taken out already).
  if (result.code !== 0 && result.code !== 5)
    throw new Error(`git config --unset-all ${entry.key} in ${file} failed: ${gitSaid(result)}`);
}

/** What `git config --list` shows in each directory: scope, origin, key and value. */
function visible(dirs: readonly string[]): ShownEntry[] {
  return dirs.flatMap((dir) => {
    const scoped = runGitSync(dir, [
      ...ANY_OWNER,
      'config',
      '--list',
      '--show-scope',
      '--show-origin',
      '--null',
    ]);
    if (scoped.code === 0) return parseShownList(scoped.stdout, true);
    // git before 2.26 has no --show-scope: every entry is taken as the repository's own.
    const result = runGitSync(dir, [...ANY_OWNER, 'config', '--list', '--show-origin', '--null']);
    if (result.code !== 0) throw new Error(`git config --list failed in ${dir}: ${gitSaid(result)}`);
    return parseShownList(result.stdout, false);
  });
}

const REPOSITORY_SCOPES = new Set(['local', 'worktree']);

/** Throws when git still shows, from the repository's configuration, a moved entry or a value holding a secret. */
function verifyGone(dirs: readonly string[], record: CredentialsRecord, secrets: readonly string[]): void {
  const moved = record.configs.flatMap((c) => c.entries);
  for (const entry of visible(dirs)) {
    if (!REPOSITORY_SCOPES.has(entry.scope)) continue;
    const holdsSecret = secrets.some((secret) => (entry.value ?? '').includes(secret));
    if (holdsSecret || missingEntries([entry], moved).length === 0)
      throw new Error(`git config still shows ${entry.key} (from ${entry.origin})`);
  }
}

/** Warns about credential settings git still shows from outside the repository (global, system, command). */
function warnOthers(dirs: readonly string[], io: CredentialsIo): void {
  let shown;
  try {
    shown = visible(dirs);
  } catch {
    return;
  }
  const others = [
    ...new Set(
      shown
        .filter((entry) => isCredentialKey(entry.key) && !REPOSITORY_SCOPES.has(entry.scope))
        .map((entry) => `${entry.key} (${entry.scope} ${entry.origin})`),
    ),
  ];
  if (others.length > 0)
    io.warn(
      'agent-harness: git shows credential settings from outside the repository, which the harness leaves ' +
        `where they are (an agent running as this user can use them): ${others.join(', ')}`,
    );
}
