// The job summary's history, read from the metrics database after the final save: totals over every recorded
// session, the newest sessions for the trends, and how many runs recorded them. A database that is missing (no
// session recorded yet, metrics off) gives no section; one that cannot be read is a warning, never a failed step.
import { existsSync } from 'node:fs';
import { MetricsStore } from '../../../metrics/index.js';
import { HISTORY_TREND_SESSIONS } from './history.js';
import type { HistoryInput } from './types.js';

export function readHistory(
  path: string | null | undefined,
  warn: (message: string) => void,
): HistoryInput | null {
  if (!path || !existsSync(path)) return null;
  try {
    const store = MetricsStore.open(path, { readonly: true });
    try {
      // Runs are known when every session names the run that recorded it (an ingested one may not).
      const runs = new Set<string>();
      let unnamed = false;
      for (const row of store.sessions()) {
        if (row.run === null) unnamed = true;
        else runs.add(row.run);
      }
      return {
        recent: store.lastSessions(HISTORY_TREND_SESSIONS),
        totals: store.totals(null),
        runs: unnamed || runs.size === 0 ? null : runs.size,
      };
    } finally {
      store.close();
    }
  } catch (error) {
    warn(
      `the job summary has no history: the metrics database ${path} cannot be read (${error instanceof Error ? error.message : String(error)})`,
    );
    return null;
  }
}
