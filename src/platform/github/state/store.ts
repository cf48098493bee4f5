// The loop's state across runs, kept in the Actions cache. Cache entries are immutable, so every save goes
// under a new key (<state-key>-<run>-<attempt>-<global>[-post]) and a start restores the newest entry by prefix.
// The state files are staged into one directory so the cached path list (part of the cache version) never
// changes, whichever files exist. That directory sits in the workspace, because the cache stores paths
// relative to it (a path elsewhere would be restored relative to a different temp directory next run), and
// ignores itself in git so an agent's `git add -A` cannot commit it. A cache failure is a warning: the loop
// keeps its local files and the next save tries again.
import { copyFile, cp, mkdir, readdir, rm, writeFile } from 'node:fs/promises';
import { join, relative } from 'node:path';

/** The staging directory's name in the workspace. */
export const STATE_DIR_NAME = '.agent-harness-state';

export interface CacheClient {
  restoreCache(paths: string[], primaryKey: string, restoreKeys?: string[]): Promise<string | undefined>;
  saveCache(paths: string[], key: string): Promise<number>;
}

export interface StateFile {
  /** Name inside the cache entry: stable across runs. */
  name: string;
  /** Where the loop reads and writes it. */
  path: string;
  /**
   * A directory, copied whole (review mode's `.harness/plans/`). Restored by default file by file over the one in
   * the workspace: cached files replace local ones, files only the workspace has stay.
   */
  directory?: boolean;
  /** In a directory: files never cached (a lock names a process of this machine). */
  exclude?: RegExp;
  /** How a restored copy meets a file already in the workspace (default: the cached copy replaces it). */
  restore?: (cachedPath: string, localPath: string, warn: (message: string) => void) => Promise<void>;
  /**
   * How the file goes into the stage before a save (default: copied; absent, it is left out). A database
   * checkpoints its write-ahead log first. It warns rather than throws: one file never stops the others' save.
   */
  stage?: (localPath: string, stagedPath: string, warn: (message: string) => void) => Promise<void>;
}

export class CacheStateStore {
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

  private get stageDir(): string {
    return join(this.workspace, STATE_DIR_NAME);
  }

  /** The path as the cache sees it: the same string every run, whatever the workspace's absolute path. */
  private get cachePaths(): string[] {
    return [relative(this.workspace, this.stageDir)];
  }

  private async freshStage(): Promise<void> {
    await rm(this.stageDir, { recursive: true, force: true });
    await mkdir(this.stageDir, { recursive: true });
    await writeFile(join(this.stageDir, '.gitignore'), '*\n');
  }

  /**
   * Restores the newest saved state; returns the key restored, or null when there is none (or it failed).
   * `fallbackPrefixes` are tried after this store's own prefix (a fan-out job starts from the main state).
   */
  async restore(fallbackPrefixes: readonly string[] = []): Promise<string | null> {
    await this.freshStage();
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
    const staged = new Set(await readdir(this.stageDir));
    for (const file of this.files) {
      if (!staged.has(file.name)) continue;
      const cached = join(this.stageDir, file.name);
      if (file.restore) await file.restore(cached, file.path, this.warn);
      else if (file.directory) await cp(cached, file.path, { recursive: true, force: true });
      else await copyFile(cached, file.path);
    }
    return key;
  }

  /** Saves the current state under a new key; false (after a warning) when the cache refused or failed. */
  async save(global: number, suffix = ''): Promise<boolean> {
    const key = `${this.keyPrefix}-${this.run.id}-${this.run.attempt}-${global}${suffix}`;
    try {
      await this.freshStage();
      for (const file of this.files) {
        const staged = join(this.stageDir, file.name);
        const copy = file.stage
          ? file.stage(file.path, staged, this.warn)
          : file.directory
            ? cp(file.path, staged, {
                recursive: true,
                verbatimSymlinks: true,
                filter: (source) => !file.exclude?.test(source),
              })
            : copyFile(file.path, staged);
        await copy.catch((error: NodeJS.ErrnoException) => {
          if (error.code !== 'ENOENT') throw error;
        });
      }
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
