// Schema step 4: one row per session. Up to version 3 a session the loop recorded was keyed by its transcript's
// content (`sha256:<hex>`), so a second session with a byte-identical transcript was taken for the first and never
// written. The step re-keys every loop session it can by its run and global number (`run:<run>:<global>`, the key
// the loop writes from now on) in its events, its derived row and its transcript record, and says what it cannot
// repair: the sessions that were merged away left nothing in the database (the event log still has them, and the
// loop's next start records them from it: reconcile.ts).
import type { DatabaseSync } from 'node:sqlite';

/** The key of a session the loop records: its run and its global number, which two sessions never share. */
export const loopKey = (run: string, global: number): string => `run:${run}:${global}`;

export function rekeyLoopSessions(db: DatabaseSync, file: string): string[] {
  const rows = db
    .prepare(
      "SELECT key, run, global FROM sessions WHERE source = 'loop' AND key LIKE 'sha256:%' ORDER BY ended_at, seq",
    )
    .all() as Array<{ key: string; run: string | null; global: number | null }>;
  const taken = new Set(
    (db.prepare('SELECT key FROM sessions').all() as Array<{ key: string }>).map((row) => row.key),
  );
  const events = db.prepare('UPDATE events SET session = ? WHERE session = ?');
  const transcripts = db.prepare('UPDATE transcripts SET session = ? WHERE session = ?');
  const sessions = db.prepare('UPDATE sessions SET key = ? WHERE key = ?');
  let rekeyed = 0;
  let kept = 0;
  for (const row of rows) {
    const key = row.run !== null && row.global !== null ? loopKey(row.run, Number(row.global)) : null;
    if (key === null || taken.has(key)) {
      kept++;
      continue;
    }
    taken.add(key);
    events.run(key, row.key);
    transcripts.run(key, row.key);
    sessions.run(key, row.key);
    rekeyed++;
  }
  const contentKeyed = Number(
    (db.prepare("SELECT count(*) AS n FROM sessions WHERE key LIKE 'sha256:%'").get() as { n: number }).n,
  );
  if (rows.length === 0 && contentKeyed === 0) return [];
  const notes = [
    `${file}: sessions are now one row each, keyed by their run and number (schema version 4): ` +
      `${rekeyed} session${rekeyed === 1 ? '' : 's'} the loop recorded re-keyed.`,
    `${file}: sessions recorded before this version whose transcript was byte-identical to an earlier one ` +
      'were merged into it and are not in the database; the next start of the loop records those its event ' +
      'log still holds (session_complete events), the others cannot be restored. `metrics ingest` now tells ' +
      'transcripts apart by name and content.',
  ];
  if (kept > 0)
    notes.push(
      `${file}: ${kept} loop session${kept === 1 ? '' : 's'} without a known run or number keep their content key.`,
    );
  return notes;
}
