// The record of a run under `agent.isolation = "user"`: what a harness killed outright (SIGKILL, the OOM killer,
// a runner's hard kill) leaves for the next one to undo (isolation-sweep.ts). One JSON file per run, written before
// the agent's user is made and again as each grant is about to be made, removed when the run has undone it all.
// It lives in `<temp dir>/agent-harness-isolation-<uid>/` (the harness's user's uid: a root harness and a sudo
// one on the same machine keep theirs apart), a 0700 directory of the harness's user holding 0600 files written
// whole, so the agent's user can neither write nor forge one. The temp directory and not the runner's
// RUNNER_TEMP: a self-hosted runner empties RUNNER_TEMP after each job, while the agent's user and the ACLs a
// killed job left stay; the temp directory is where the user's home is, and what the next job's harness reads.
// Reading is defensive all the same: a file that is not this user's private file, or does not parse, is named
// and ignored; what a record may name is checked in isolation-sweep.ts before anything is done by it.
import { lstatSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { z } from 'zod';
import { notPrivate, removePrivateFile, writePrivateFile } from './private-file.js';

const Identity = z.object({
  pid: z.number().int().positive(),
  start: z.string().nullable(),
  boot: z.string().nullable(),
});

const Grant = z.object({
  root: z.string(),
  before: z.string(),
  ancestors: z.array(z.object({ dir: z.string(), hadAcl: z.boolean() })),
});

const RecordSchema = z
  .object({
    version: z.literal(1),
    /** The agent's user; uid and gid are null until it is made. */
    user: z.object({
      name: z.string(),
      uid: z.number().int().nullable(),
      gid: z.number().int().nullable(),
      home: z.string(),
    }),
    /** The harness that made it: pid, start time and boot id, so a live harness's record is never swept. */
    harness: Identity,
    /** Its PID namespace ("0": unknown): a pid is only judged in the namespace it was read in. */
    pidns: z.string(),
    privilege: z.enum(['root', 'sudo']),
    /** The harness's user and group, which the agent's files go back to. */
    owner: z.object({ uid: z.number().int().nonnegative(), gid: z.number().int().nonnegative() }),
    /** Every grant (tree-access.ts), recorded before it is made. */
    grants: z.array(Grant),
  })
  .strict();

export type IsolationRecord = z.infer<typeof RecordSchema>;

/** The harness's user's directory of records under `baseDir` (the temp directory). */
export function isolationRecordDir(baseDir: string = tmpdir(), uid: number = ownUid()): string {
  return join(baseDir, `agent-harness-isolation-${uid}`);
}

export const recordFile = (dir: string, userName: string): string => join(dir, `${userName}.json`);

function ownUid(): number {
  return typeof process.getuid === 'function' ? process.getuid() : 0;
}

/** Writes the record whole (os/private-file.ts). */
export function writeIsolationRecord(path: string, record: IsolationRecord): void {
  writePrivateFile(path, JSON.stringify(record));
}

export const removeIsolationRecord = removePrivateFile;

export type ReadRecord = { path: string; record: IsolationRecord } | { path: string; problem: string };

/** Every record in `dir` (none when it does not exist); a file that cannot be trusted comes with why. */
export function readIsolationRecords(dir: string): ReadRecord[] {
  let stat;
  try {
    stat = lstatSync(dir);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    return [{ path: dir, problem: `unreadable: ${(error as Error).message}` }];
  }
  const dirProblem = notPrivate(stat, 'dir');
  if (dirProblem !== null)
    return [{ path: dir, problem: `not a private directory of this user: ${dirProblem}` }];
  let names: string[];
  try {
    names = readdirSync(dir);
  } catch (error) {
    return [{ path: dir, problem: `unreadable: ${(error as Error).message}` }];
  }
  return names
    .filter((name) => name.endsWith('.json'))
    .sort()
    .map((name) => readOne(join(dir, name)));
}

function readOne(path: string): ReadRecord {
  try {
    const why = notPrivate(lstatSync(path), 'file');
    if (why !== null) return { path, problem: `not a private file of this user: ${why}` };
    let data: unknown;
    try {
      data = JSON.parse(readFileSync(path, 'utf8'));
    } catch (error) {
      return { path, problem: `not a record: ${(error as Error).message}` };
    }
    const parsed = RecordSchema.safeParse(data);
    if (!parsed.success)
      return { path, problem: `not a record: ${parsed.error.issues[0]?.message ?? 'invalid'}` };
    return { path, record: parsed.data };
  } catch (error) {
    return { path, problem: `unreadable: ${(error as Error).message}` };
  }
}

/** Whether `dir` holds any record file at all (a cheap look before anything is asked of sudo). */
export function hasIsolationRecords(dir: string): boolean {
  try {
    return readdirSync(dir).some((name) => name.endsWith('.json'));
  } catch {
    return false;
  }
}

/** This run's record, rewritten whole at each change: the user made, a grant about to be made. */
export class RunIsolationRecord {
  private constructor(
    readonly path: string,
    private record: IsolationRecord,
  ) {}

  /** Writes the first record, before anything is made. */
  static start(dir: string, record: IsolationRecord): RunIsolationRecord {
    const path = recordFile(dir, record.user.name);
    writeIsolationRecord(path, record);
    return new RunIsolationRecord(path, record);
  }

  userMade(ids: { uid: number; gid: number }): void {
    this.record = { ...this.record, user: { ...this.record.user, ...ids } };
    writeIsolationRecord(this.path, this.record);
  }

  granting(grant: IsolationRecord['grants'][number]): void {
    this.record = { ...this.record, grants: [...this.record.grants, grant] };
    writeIsolationRecord(this.path, this.record);
  }

  remove(): void {
    removeIsolationRecord(this.path);
  }
}
