// The Actions cache as @actions/cache behaves for one path list: entries are copies of the paths (relative to
// the current directory), keyed, immutable; a restore takes the exact key or the newest entry by prefix.
import { cp } from 'node:fs/promises';
import { join } from 'node:path';
import type { CacheClient } from '../../src/platform/github/state/store.js';

export function memoryCache(store: string): CacheClient & { keys: string[] } {
  const keys: string[] = [];
  return {
    keys,
    saveCache: async (paths, key) => {
      if (keys.includes(key)) return -1;
      keys.push(key);
      for (const path of paths)
        await cp(join(process.cwd(), path), join(store, key, path), { recursive: true });
      return keys.length;
    },
    restoreCache: async (paths, primary, restoreKeys = []) => {
      const key =
        keys.find((k) => k === primary) ??
        restoreKeys.map((prefix) => keys.findLast((k) => k.startsWith(prefix))).find((k) => k !== undefined);
      if (!key) return undefined;
      for (const path of paths)
        await cp(join(store, key, path), join(process.cwd(), path), { recursive: true });
      return key;
    },
  };
}
