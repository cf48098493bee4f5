// The loop's state across runs, kept in the Actions cache. Cache entries are immutable, so every save goes
// under a new key (<state-key>-<run>-<attempt>-<global>[-post]) and a start restores the newest entry by prefix.
// The state files are staged into one directory so the cached path list (part of the cache version) never
// changes, whichever files exist. A cache failure is a warning: the loop keeps its local files and the next
// save tries again.
import { copyFile, mkdir, readdir, rm } from 'node:fs/promises';
import { join } from 'node:path';

export interface CacheClient {
  restoreCache(paths: string[], primaryKey: string, restoreKeys?: string[]): Promise<string | undefined>;
  saveCache(paths: string[], key: string): Promise<number>;
}

export interface StateFile {
  /** Name inside the cache entry: stable across runs. */
  name: string;
  /** Where the loop reads and writes it. */
  path: string;
}

export class CacheStateStore {
  constructor(
    private readonly cache: CacheClient,
    private readonly files: readonly StateFile[],
    /** A directory outside the working tree (the agent must not commit it): RUNNER_TEMP/... */
    private readonly stageDir: string,
    private readonly keyPrefix: string,
    private readonly run: { id: string; attempt: string },
    private readonly warn: (message: string) => void,
    /** The cache client retries a silent service for many minutes; give up on our own after this long. */
    private readonly timeoutMs = 120_000,
  ) {}

  /** Restores the newest saved state; returns the key restored, or null when there is none (or it failed). */
  async restore(): Promise<string | null> {
    await rm(this.stageDir, { recursive: true, force: true });
    await mkdir(this.stageDir, { recursive: true });
    let key: string | undefined;
    try {
      key = await this.cache.restoreCache(
        [this.stageDir],
        `${this.keyPrefix}-${this.run.id}-${this.run.attempt}-`,
        [`${this.keyPrefix}-`],
      );
    } catch (error) {
      this.warn(
        `restoring state from the cache failed: ${(error as Error).message}; starting from local files`,
      );
      return null;
    }
    if (!key) return null;
    const staged = new Set(await readdir(this.stageDir));
    for (const file of this.files) {
      if (staged.has(file.name)) await copyFile(join(this.stageDir, file.name), file.path);
    }
    return key;
  }

  /** Saves the current state under a new key; false (after a warning) when the cache refused or failed. */
  async save(global: number, suffix = ''): Promise<boolean> {
    const key = `${this.keyPrefix}-${this.run.id}-${this.run.attempt}-${global}${suffix}`;
    try {
      await rm(this.stageDir, { recursive: true, force: true });
      await mkdir(this.stageDir, { recursive: true });
      for (const file of this.files) {
        await copyFile(file.path, join(this.stageDir, file.name)).catch((error: NodeJS.ErrnoException) => {
          if (error.code !== 'ENOENT') throw error;
        });
      }
      const id = await withDeadline(
        this.cache.saveCache([this.stageDir], key),
        this.timeoutMs,
        `saving state under ${key}`,
      );
      if (id === -1) {
        this.warn(
          `saving state to the cache under ${key} did not succeed; local state is kept and saved again later`,
        );
        return false;
      }
      return true;
    } catch (error) {
      this.warn(`saving state to the cache under ${key} failed: ${(error as Error).message}`);
      return false;
    }
  }
}

async function withDeadline<T>(work: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(new Error(`${what} took longer than ${Math.round(ms / 1000)} s; gave up`)),
      ms,
    );
  });
  try {
    return await Promise.race([work, deadline]);
  } finally {
    clearTimeout(timer);
  }
}

/** AGENT_HARNESS_CACHE_TIMEOUT_SECS bounds each cache call (default 120 s). */
export function cacheTimeoutMs(env: NodeJS.ProcessEnv): number {
  const secs = Number(env.AGENT_HARNESS_CACHE_TIMEOUT_SECS);
  return Number.isFinite(secs) && secs > 0 ? secs * 1000 : 120_000;
}
