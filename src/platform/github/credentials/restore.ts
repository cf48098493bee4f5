// Bringing the job's git credentials back exactly, from the record park.ts wrote. Synchronous, so a restore can
// run wherever the step ends. A config file still exactly as it was left gets its old bytes back; one that
// changed meanwhile (the agent set its name, a remote, a branch) gets the missing entries added, so nothing is
// lost and nothing doubled. The files are written back with their modes. Only when every entry and file is
// verified in place is the record removed; otherwise it stays, and the failure is an error in the log.
import { createHash } from 'node:crypto';
import {
  chmodSync,
  existsSync,
  readFileSync,
  renameSync,
  statSync,
  unlinkSync,
  writeFileSync,
} from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { runGitSync } from '../../../os/git.js';
import { missingEntries, secretsOf } from './entries.js';
import { gitSaid, listConfigFile } from './find.js';
import { describeRecord, readRecord, removeRecord, type CredentialsRecord } from './record.js';

export interface CredentialsIo {
  info(message: string): void;
  warn(message: string): void;
  error(message: string): void;
  /** Masks a value in the log (core.setSecret). */
  mask(secret: string): void;
}

export const sha256 = (data: Buffer): string => createHash('sha256').update(data).digest('hex');

/** Replaces a file whole with `data` and `mode` (a sibling temp file renamed over it). */
function replaceBytes(path: string, data: Buffer, mode: number): void {
  const tmp = join(dirname(path), `.${basename(path)}.agent-harness-${process.pid}.tmp`);
  try {
    unlinkSync(tmp);
  } catch {
    // none left
  }
  writeFileSync(tmp, data, { mode: 0o600, flag: 'wx' });
  chmodSync(tmp, mode & 0o7777);
  renameSync(tmp, path);
}

const modeOf = (path: string, fallback: number): number => {
  try {
    return statSync(path).mode;
  } catch {
    return fallback;
  }
};

const readOrNull = (path: string): Buffer | null => {
  try {
    return readFileSync(path);
  } catch {
    return null;
  }
};

/** Brings everything in the record back; returns what could not be (empty when all is in place). */
export function restoreRecord(record: CredentialsRecord): string[] {
  const problems: string[] = [];
  for (const file of record.files) {
    try {
      const content = Buffer.from(file.content, 'base64');
      const now = readOrNull(file.path);
      if (now === null || !now.equals(content)) replaceBytes(file.path, content, file.mode);
      else chmodSync(file.path, file.mode);
    } catch (error) {
      problems.push(`${file.path}: ${(error as Error).message}`);
    }
  }
  for (const config of record.configs) {
    try {
      const now = readOrNull(config.file);
      if (now !== null && config.stripped !== null && sha256(now) === config.stripped) {
        replaceBytes(config.file, Buffer.from(config.original, 'base64'), modeOf(config.file, 0o644));
      } else {
        const present = existsSync(config.file) ? listConfigFile(config.file) : [];
        for (const entry of missingEntries(config.entries, present)) {
          const result = runGitSync(dirname(config.file), [
            'config',
            '--file',
            config.file,
            '--add',
            entry.key,
            entry.value ?? '',
          ]);
          if (result.code !== 0) throw new Error(`git config --add ${entry.key}: ${gitSaid(result)}`);
        }
      }
      const lacking = missingEntries(config.entries, listConfigFile(config.file));
      if (lacking.length > 0) throw new Error(`still lacks ${lacking.map((e) => e.key).join(', ')}`);
    } catch (error) {
      problems.push(`${config.file}: ${(error as Error).message}`);
    }
  }
  return problems;
}

/** Restores the record and removes it; an incomplete restore says so loudly and keeps it. */
export function restoreAndRemove(path: string, record: CredentialsRecord, io: CredentialsIo): boolean {
  const problems = restoreRecord(record);
  if (problems.length > 0) {
    io.error(
      `agent-harness: the job's git credentials could not all be restored (${problems.join('; ')}). The record ` +
        `stays in ${path}; the post step tries again, and a later git push may fail until it succeeds.`,
    );
    return false;
  }
  removeRecord(path);
  io.info(`agent-harness: restored the job's git credentials: ${describeRecord(record)}.`);
  return true;
}

/**
 * A record an earlier step left (main killed): `endLeftovers` ends what that run left running, then the
 * credentials come back. Returns whether there is no record left.
 */
export async function recoverRecord(
  path: string,
  io: CredentialsIo,
  endLeftovers: (statusFile: string) => Promise<void>,
): Promise<boolean> {
  let record;
  try {
    record = readRecord(path);
  } catch (error) {
    io.error(`agent-harness: ${(error as Error).message}`);
    return false;
  }
  if (record === null) return true;
  for (const secret of recordSecrets(record)) io.mask(secret);
  io.info("agent-harness: the main step left the job's git credentials aside: restoring them.");
  if (record.statusFile !== null)
    await endLeftovers(record.statusFile).catch((error: Error) =>
      io.warn(`agent-harness: ending what the main step left running failed: ${error.message}`),
    );
  return restoreAndRemove(path, record, io);
}

/** The secrets a record holds: its entries' and the headers in its files (read as text: they are gone). */
function recordSecrets(record: CredentialsRecord): string[] {
  const entries = record.configs.flatMap((c) => c.entries);
  for (const file of record.files)
    for (const match of Buffer.from(file.content, 'base64')
      .toString('utf8')
      .matchAll(/^\s*extraheader\s*=\s*"?(.*?)"?\s*$/gim))
      entries.push({ key: 'http.extraheader', value: match[1]! });
  return entries.flatMap(secretsOf);
}
