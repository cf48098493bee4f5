// What main hands to post through the runner's step state (GITHUB_STATE -> STATE_harness). Written at start,
// rewritten at the end: if main is killed outright, post still has the start record and reads the rest from the
// status file and event log on disk.
import type { SupervisedRow } from '../summary/index.js';

export interface PostState {
  version: 1;
  cwd: string;
  statusFile: string;
  eventLog: string | null;
  /** The metrics database (null: metrics off; absent in a state written by an older main). */
  metricsDb?: string | null;
  /** The `worker-task` input's task directory, absolute (null or absent: none). */
  workerTask?: string | null;
  /** The `worker-supervise` input's run (null or absent: none). */
  workerSupervise?: SupervisedRun | null;
  counterFile: string;
  outputDir: string;
  outputPrefix: string;
  stateKey: string;
  /** Where the state is kept (absent in a state written by an older main: the cache). */
  store?: PostStore;
  /** The number this run's first session used (the counter at the start, caught up): this run's sessions are
   * numbered from it up to, not including, the counter at the end. */
  firstGlobal: number;
  maxIterations: number;
  issue: number | null;
  sha: string;
  runUrl: string;
  uploadArtifacts: boolean;
  /** The artifact's name, unique per job of the run (absent in a state written by an older main). */
  artifactName?: string;
  artifactRetentionDays: number | null;
  commitStatus: boolean;
  statusContext: string;
  summary: boolean;
  /** Set when main finished (normally or after a cancellation). */
  end: {
    stopReason: string;
    exitCode: number;
    productive: number;
    iteration: number;
    global: number;
    /** Completed sessions in a row at the end that changed nothing (absent from an older main's record). */
    idleSessions?: number;
    /** A limit's reset the run stopped for instead of waiting (ISO). */
    resumeAfter?: string | null;
  } | null;
}

/** The state store main chose and what happened to it, so post saves to the same place and says so. */
export interface PostStore {
  kind: 'cache' | 'branch';
  branch: string;
  /** origin's URL as main read it before the first session (never one the agent may have rewritten). */
  remoteUrl: string | null;
  /** The transcripts archived on the branch too (absent or null: none). */
  transcripts?: { dir: string; prefix: string; keep: number | null } | null;
  /** The state came from the other store this run (where from, in words). */
  movedFrom: string | null;
  /** One of main's saves had to merge another job's state first. */
  merged: boolean;
}

/** A `worker-supervise` run as post needs it: the tasks to cache and upload, and the final table once it ended. */
export interface SupervisedRun {
  /** The supervised directory, absolute. */
  dir: string;
  /** Its task directories, absolute. */
  tasks: string[];
  /** The supervisor's final table (null: main ended before the supervisor did). */
  rows: SupervisedRow[] | null;
  cancelled: boolean;
}

export const POST_STATE_NAME = 'harness';

export function encodePostState(state: PostState): string {
  return JSON.stringify(state);
}

export function decodePostState(text: string): PostState | null {
  if (text.trim() === '') return null;
  try {
    const value = JSON.parse(text) as PostState;
    return value && value.version === 1 ? value : null;
  } catch {
    return null;
  }
}
