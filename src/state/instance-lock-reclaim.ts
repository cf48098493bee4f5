// Taking the lock file by an exclusive hard link, and taking over a stale one without a race: the taker makes a
// reclaim marker named after the stale content (the same exclusive link, one level deeper for a marker left by a
// killed taker), checks under it that the lock still holds that content, removes it and links its own.
import { createHash } from 'node:crypto';
import { link, unlink } from 'node:fs/promises';
import { exclusively, readLockFile, readLockText } from '../os/lock/index.js';
import { AlreadyRunningError } from './instance-lock-errors.js';
import { judgeHolderOf, parseHolder, type LockHolder } from './instance-lock-holder.js';

/** Marker levels: a marker left by a killed taker is taken over by a marker of the next level. */
const MAX_DEPTH = 3;
const ATTEMPTS = 8;

export type Taken =
  | { ok: true; reclaimedFrom: LockHolder | 'unreadable' | null; reclaimedWhy: string | null }
  | { ok: false; holder: LockHolder | null; reclaiming: boolean };

export async function take(
  path: string,
  tmp: string,
  content: string,
  depth: number,
  workDir: string | null,
): Promise<Taken> {
  for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
    if (await tryLink(tmp, path)) return { ok: true, reclaimedFrom: null, reclaimedWhy: null };
    const found = await readLockFile(path, 'instance lock');
    if (found === null) continue; // released between our link and our look
    const seen = found.text;
    const holder = parseHolder(seen);
    const verdict = holder === null ? null : judgeHolderOf(holder, { workDir, ownerUid: found.uid });
    if (holder !== null && verdict?.held) return { ok: false, holder, reclaiming: depth > 0 };
    if (depth >= MAX_DEPTH) {
      throw new AlreadyRunningError(
        `stale lock ${path} could not be taken over (reclaim markers nest ${MAX_DEPTH} deep); ` +
          'no harness holds it: remove it and its .reclaim-* files by hand',
      );
    }
    const marker = `${path}.reclaim-${markerKey(seen, holder)}`;
    const claim = await take(marker, tmp, content, depth + 1, workDir);
    if (!claim.ok) return { ok: false, holder: claim.holder, reclaiming: true };
    try {
      // Under the marker nobody else can remove this content; if it changed, someone got here first.
      if ((await readOrNull(path)) !== seen) continue;
      await unlink(path).catch(() => undefined);
      if (await tryLink(tmp, path)) {
        const why = verdict !== null && !verdict.held ? verdict.why : 'it is not a lock';
        return { ok: true, reclaimedFrom: holder ?? 'unreadable', reclaimedWhy: why };
      }
    } finally {
      if ((await readOrNull(marker)) === content) await unlink(marker).catch(() => undefined);
    }
  }
  // It kept changing under us: somebody else is taking it.
  const seen = await readOrNull(path);
  return { ok: false, holder: seen === null ? null : parseHolder(seen), reclaiming: false };
}

function markerKey(seen: string, holder: LockHolder | null): string {
  if (holder !== null && /^\d*$/.test(holder.start)) return `${holder.pid}-${holder.start || '0'}`;
  return createHash('sha256').update(seen).digest('hex').slice(0, 16);
}

const tryLink = (from: string, to: string): Promise<boolean> => exclusively(() => link(from, to));

const readOrNull = (path: string): Promise<string | null> => readLockText(path, 'instance lock');
