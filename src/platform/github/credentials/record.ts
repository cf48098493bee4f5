// The private record of the credentials put aside while the agent runs: one JSON file per job, 0600 in a 0700
// directory under RUNNER_TEMP, so the agent (another user under agent isolation) cannot read it. It holds
// everything a restore needs (the config files' bytes as they were, the entries taken out of each, the files
// moved away) and is written before anything is taken out, so a step killed at any point leaves either the
// credentials in place or a record that brings them back. Only a record this user wrote, readable by no one
// else, is ever restored from.
import { lstatSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { z } from 'zod';
import { notPrivate, removePrivateFile, writePrivateFile } from '../../../os/private-file.js';
import { distinctEntries } from './entries.js';

const Entry = z.object({ key: z.string(), value: z.string().nullable() });

const RecordSchema = z.object({
  version: z.literal(1),
  /** The status file of the run that put them aside: what that run left running ends before they come back. */
  statusFile: z.string().nullable(),
  configs: z.array(
    z.object({
      file: z.string(),
      /** The file's bytes before the entries were taken out (base64). */
      original: z.string(),
      /** sha256 of the file's bytes just after (null until they were taken out). */
      stripped: z.string().nullable(),
      entries: z.array(Entry),
    }),
  ),
  /** Files moved away whole (checkout's git-credentials-<uuid>.config). */
  files: z.array(z.object({ path: z.string(), content: z.string(), mode: z.number().int() })),
});

export type CredentialsRecord = z.infer<typeof RecordSchema>;

/** The job's record: `$RUNNER_TEMP/agent-harness-credentials/<job>-<run id>-<attempt>.json`. */
export function recordPath(env: NodeJS.ProcessEnv, runnerTemp: string): string {
  const safe = (text: string) => text.replace(/[^A-Za-z0-9._-]+/g, '_').slice(0, 80) || '_';
  const name = `${safe(env.GITHUB_JOB ?? 'job')}-${safe(env.GITHUB_RUN_ID ?? '0')}-${safe(env.GITHUB_RUN_ATTEMPT ?? '1')}`;
  return join(runnerTemp, 'agent-harness-credentials', `${name}.json`);
}

/** Writes the record whole (os/private-file.ts: 0600 in a 0700 directory of this user). */
export function writeRecord(path: string, record: CredentialsRecord): void {
  writePrivateFile(path, JSON.stringify(record));
}

/** The record, null when there is none; throws when it is not one this user wrote for itself. */
export function readRecord(path: string): CredentialsRecord | null {
  let stat;
  try {
    stat = lstatSync(path);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
  if (notPrivate(stat, 'file') !== null || notPrivate(lstatSync(dirname(path)), 'dir') !== null)
    throw new Error(`${path} is not a private file of this user: it is not restored from`);
  return RecordSchema.parse(JSON.parse(readFileSync(path, 'utf8')));
}

export const removeRecord = removePrivateFile;

/** "3 entries in /w/.git/config (http.https://github.com/.extraheader, …); file /tmp/git-credentials-….config" */
export function describeRecord(record: CredentialsRecord): string {
  const parts = record.configs.map(
    (c) =>
      `${c.entries.length} ${c.entries.length === 1 ? 'entry' : 'entries'} in ${c.file} ` +
      `(${distinctEntries(c.entries.map((e) => ({ key: e.key, value: null })))
        .map((e) => e.key)
        .join(', ')})`,
  );
  for (const file of record.files) parts.push(`file ${file.path}`);
  return parts.join('; ');
}
