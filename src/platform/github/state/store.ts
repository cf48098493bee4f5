// The loop's state across runs, kept in the Actions cache. Cache entries are immutable, so every save goes
// under a new key (<state-key>-<run>-<attempt>-<global>[-post]) and a start restores the newest entry by prefix.
// The state files are staged into one directory so the cached path list (part of the cache version) never
// changes, whichever files exist. That directory sits in the workspace, because the cache stores paths
// relative to it (a path elsewhere would be restored relative to a different temp directory next run), and
// ignores itself in git so an agent's `git add -A` cannot commit it. A cache failure is a warning: the loop
// keeps its local files and the next save tries again.
import { join, relative } from 'node:path';
import { applyStaged, freshStage, stageFiles, treeBytes, type StateFile } from './stage.js';

/** The staging directory's name in the workspace. */
export const STATE_DIR_NAME = '.agent-harness-state';

export interface CacheClient {
  restoreCache(paths: string[], primaryKey: string, restoreKeys?: string[]): Promise<string | undefined>;
  saveCache(paths: string[], key: string): Promise<number>;
}

/** Where the loop's state is kept between runs: the Actions cache (below) or a git branch (branch-store.ts). */
export interface StateStore {
  /**
   * Restores the newest saved state into the workspace; what was restored (a cache key, a branch commit), or null
   * when there is none or it failed (after a warning). `fallbackPrefixes` are state keys tried after the store's own.
   */
  restore(fallbackPrefixes?: readonly string[]): Promise<string | null>;
  /** Saves the current state; false (after a warning) when it could not. Never throws. */
  save(global: number, suffix?: string): Promise<boolean>;
  /** Where the state lives, in words for the summary. */
  readonly location: string;
  /** The state's size in bytes at the last save or restore; null before either. */
  readonly bytes: number | null;
  /** Whether a save of this run had to merge another job's state first. */
  readonly merged: boolean;
}

export class CacheStateStore implements StateStore {
  bytes: number | null = null;
  readonly merged = false;
  /** The entry restored or saved last; null before either. */
  key: string | null = null;

  constructor(
    private readonly cache: CacheClient,
    private readonly files: readonly StateFile[],
    /** The workspace: the stage directory lives in it and the cache stores paths relative to it. */
    private readonly workspace: string,
    private readonly keyPrefix: string,
    private readonly run: { id: string; attempt: string },
    private readonly warn: (message: string) => void,
    /** The cache client retries a silent service for many minutes; give up on our own after this long. */
    private readonly timeoutMs = 120_000,
  ) {}

  get location(): string {
    return this.key ? `the Actions cache, key ${this.key}` : `the Actions cache, keys ${this.keyPrefix}-…`;
  }

  private get stageDir(): string {
    return join(this.workspace, STATE_DIR_NAME);
  }

  /** The path as the cache sees it: the same string every run, whatever the workspace's absolute path. */
  private get cachePaths(): string[] {
    return [relative(this.workspace, this.stageDir)];
  }

  /**
   * Restores the newest saved state; returns the key restored, or null when there is none (or it failed).
   * `fallbackPrefixes` are tried after this store's own prefix (a fan-out job starts from the main state).
   */
  async restore(fallbackPrefixes: readonly string[] = []): Promise<string | null> {
    await freshStage(this.stageDir);
    let key: string | undefined;
    try {
      key = await withDeadline(
        this.cache.restoreCache(this.cachePaths, `${this.keyPrefix}-${this.run.id}-${this.run.attempt}-`, [
          `${this.keyPrefix}-`,
          ...fallbackPrefixes.map((prefix) => `${prefix}-`),
        ]),
        this.timeoutMs,
        'restoring state from the cache',
      );
    } catch (error) {
      this.warn(
        `restoring state from the cache failed: ${(error as Error).message}; starting from local files`,
      );
      return null;
    }
    if (!key) return null;
    this.key = key;
    this.bytes = await treeBytes(this.stageDir);
    await applyStaged(this.files, this.stageDir, this.warn);
    return key;
  }

  /** Saves the current state under a new key; false (after a warning) when the cache refused or failed. */
  async save(global: number, suffix = ''): Promise<boolean> {
    const key = `${this.keyPrefix}-${this.run.id}-${this.run.attempt}-${global}${suffix}`;
    try {
      await freshStage(this.stageDir);
      await stageFiles(this.files, this.stageDir, this.warn);
      this.bytes = await treeBytes(this.stageDir);
      const id = await withDeadline(
        this.cache.saveCache(this.cachePaths, key),
        this.timeoutMs,
        `saving state under ${key}`,
      );
      if (id === -1) {
        this.warn(
          `saving state to the cache under ${key} did not succeed; local state is kept and saved again later`,
        );
        return false;
      }
      this.key = key;
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
