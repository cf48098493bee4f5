// The metrics database (harness-metrics.db) as part of the cached state, so nightly runs build one history.
//
// SQLite keeps recent commits in a write-ahead log beside the file (`-wal`, with its index `-shm`). The saved
// state holds the database as one compacted file: before each save the log is checkpointed into the local file
// (and truncated), then VACUUM INTO writes one consistent snapshot without free pages into the stage (so the
// loop may record a session meanwhile: the snapshot never is torn). `-wal` and `-shm` are never saved, and a
// restored file never meets a stale local `-wal` (SQLite would replay it onto the wrong database). A database
// that cannot be opened is copied as it is, the copy repeated while the file changes under it.
//
// A restore in a fresh job simply puts the cached copy in place. A workspace that already has a database (a
// self-hosted runner's) keeps what only it has: when it holds sessions the cached copy lacks, the cached
// sessions are recorded into it instead of replacing it. An unusable database, either side, is a warning.
// Another job's copy met in a race (a state branch's rejected push) is always recorded into this one.
import { existsSync } from 'node:fs';
import { copyFile, mkdir, rename, rm, stat } from 'node:fs/promises';
import { dirname } from 'node:path';
import { MetricsStore } from '../../../metrics/index.js';
import type { StateFile } from './stage.js';

/** SQLite's companions of a database file: never cached, and gone before a restored copy takes the file's place. */
export const SQLITE_SIDECARS = ['-wal', '-shm', '-journal'] as const;

const message = (error: unknown): string => (error instanceof Error ? error.message : String(error));

async function fingerprint(path: string): Promise<string> {
  const info = await stat(path);
  return `${info.size}:${info.mtimeMs}`;
}

/**
 * Stages a compacted copy of the database (VACUUM INTO: one snapshot with the log's commits, no free pages), after
 * checkpointing the local log into its file. A database that cannot be opened is copied as it is instead.
 */
export async function stageMetrics(
  localPath: string,
  stagedPath: string,
  warn: (message: string) => void,
): Promise<void> {
  if (!existsSync(localPath)) return;
  try {
    const store = MetricsStore.open(localPath);
    try {
      store.checkpoint();
      await rm(stagedPath, { force: true });
      store.compactInto(stagedPath);
      return;
    } finally {
      store.close();
    }
  } catch (error) {
    await rm(stagedPath, { force: true });
    warn(
      `the metrics database ${localPath} could not be compacted (${message(error)}); saving the file as it is`,
    );
  }
  try {
    for (let attempt = 1; ; attempt++) {
      const before = await fingerprint(localPath);
      await copyFile(localPath, stagedPath);
      if ((await fingerprint(localPath)) === before) return;
      if (attempt === 3) throw new Error('it kept changing while it was copied');
    }
  } catch (error) {
    await rm(stagedPath, { force: true });
    warn(`the metrics database ${localPath} is left out of this save: ${message(error)}`);
  }
}

async function removeSidecars(path: string): Promise<void> {
  for (const suffix of SQLITE_SIDECARS) await rm(`${path}${suffix}`, { force: true });
}

/** Every session key of the database at `path` (read-only). */
function sessionKeys(path: string): Set<string> {
  const store = MetricsStore.open(path, { readonly: true });
  try {
    const keys = new Set<string>();
    for (const row of store.sessions()) keys.add(row.key);
    return keys;
  } finally {
    store.close();
  }
}

/** Records into `localPath` every session of `cachedPath` it lacks. */
function mergeInto(localPath: string, cachedPath: string): void {
  const from = MetricsStore.open(cachedPath, { readonly: true });
  try {
    const into = MetricsStore.open(localPath);
    try {
      for (const row of from.sessions()) {
        if (into.hasSession(row.key)) continue;
        const { seq, ...facts } = row;
        void seq;
        into.record(facts, 'migrate');
      }
    } finally {
      into.close();
    }
  } finally {
    from.close();
  }
}

/** How a cached database meets the workspace's (see the header); a failure is a warning, never the step's. */
export async function restoreMetrics(
  cachedPath: string,
  localPath: string,
  warn: (message: string) => void,
): Promise<void> {
  try {
    await restoreOrThrow(cachedPath, localPath, warn);
  } catch (error) {
    warn(`restoring the metrics database ${localPath} failed: ${message(error)}`);
  }
}

async function restoreOrThrow(
  cachedPath: string,
  localPath: string,
  warn: (message: string) => void,
): Promise<void> {
  let cachedKeys: Set<string>;
  try {
    cachedKeys = sessionKeys(cachedPath);
  } catch (error) {
    warn(
      `the cached metrics database cannot be used (${message(error)}); ` +
        (existsSync(localPath)
          ? `keeping ${localPath}`
          : 'this run starts a new one (older cache entries still hold the history)'),
    );
    return;
  }
  if (existsSync(localPath)) {
    let localKeys: Set<string> | null = null;
    try {
      localKeys = sessionKeys(localPath);
    } catch (error) {
      const aside = `${localPath}.unusable`;
      warn(
        `the metrics database ${localPath} cannot be used (${message(error)}); moved to ${aside}, the cached copy replaces it`,
      );
      await rename(localPath, aside);
    }
    if (localKeys !== null && [...localKeys].some((key) => !cachedKeys.has(key))) {
      try {
        mergeInto(localPath, cachedPath);
      } catch (error) {
        warn(
          `merging the cached metrics database into ${localPath} failed (${message(error)}); keeping ${localPath}`,
        );
      }
      return;
    }
  }
  await removeSidecars(localPath);
  await mkdir(dirname(localPath), { recursive: true });
  await copyFile(cachedPath, localPath);
}

/**
 * Another job's database, saved while this job's was open (a state branch's race): its sessions are recorded
 * into this one, which is never replaced (the loop may hold it open).
 */
export async function mergeMetrics(
  theirPath: string,
  localPath: string,
  warn: (message: string) => void,
): Promise<void> {
  if (!existsSync(localPath)) return restoreMetrics(theirPath, localPath, warn);
  try {
    mergeInto(localPath, theirPath);
  } catch (error) {
    warn(`merging another job's metrics database into ${localPath} failed (${message(error)}); keeping it`);
  }
}

/** The metrics database's entry in the saved state. */
export function metricsStateFile(path: string): StateFile {
  return { name: 'metrics', path, stage: stageMetrics, restore: restoreMetrics, merge: mergeMetrics };
}
