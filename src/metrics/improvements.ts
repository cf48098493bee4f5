// Improvements: what a user changed in their prompt or setup, and whether it helped. Refs are `R<n>`, the next
// free number; `fix` closes one with its measured impact; `search` matches any text field, case-insensitively.
import type { DatabaseSync } from 'node:sqlite';
import { transaction } from './db.js';
import { UnknownImprovementError } from './errors.js';
import type { Improvement, NewImprovement } from './facts.js';

export interface ImprovementsApi {
  /** Adds one with the next free ref (`R<n>`); status `open` unless given. */
  add(input: NewImprovement): Improvement;
  /** All, oldest first; only those with `status` when given. */
  list(status?: string): Improvement[];
  get(ref: string): Improvement | null;
  /** Sets status `fixed`, `resolved` now, and `impact` (kept when not given). Unknown ref: UnknownImprovementError. */
  fix(ref: string, impact?: string | null): Improvement;
  /** Those whose ref, title, description, recommendation or tags contain `text` (case-insensitive). */
  search(text: string): Improvement[];
  /** Inserts a whole record with its own ref (import); `false` when the ref exists (nothing written). */
  insert(record: Omit<Improvement, 'id'>): boolean;
}

/** The next free `R<n>` after the refs in use. Pure. */
export function nextRef(refs: readonly string[]): string {
  const numbers = refs.map((ref) => /^R(\d+)$/i.exec(ref)?.[1]).filter((n): n is string => n !== undefined);
  return `R${numbers.reduce((max, n) => Math.max(max, Number(n)), 0) + 1}`;
}

/** `text` as a LIKE pattern matching it anywhere, with LIKE's wildcards escaped. */
export const containsPattern = (text: string): string => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** SQL rows (null-prototype objects) as plain Improvement objects. */
const plain = (rows: readonly object[]): Improvement[] => rows.map((row) => ({ ...row }) as Improvement);

const COLUMNS =
  'id, ref, created, resolved, category, severity, status, title, description, recommendation, impact, tags';

/** Inserts a whole record with its own ref, in the caller's transaction; `false` when the ref exists. */
export const insertImprovement = (db: DatabaseSync, record: Omit<Improvement, 'id'>): boolean =>
  db
    .prepare(
      `INSERT OR IGNORE INTO improvements (ref, created, resolved, category, severity, status, title, description, recommendation, impact, tags)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    )
    .run(
      record.ref,
      record.created,
      record.resolved,
      record.category,
      record.severity,
      record.status,
      record.title,
      record.description,
      record.recommendation,
      record.impact,
      record.tags,
    ).changes > 0;

export function improvementsApi(db: DatabaseSync, now: () => string): ImprovementsApi {
  const get = (ref: string): Improvement | null =>
    (db.prepare(`SELECT ${COLUMNS} FROM improvements WHERE ref = ?`).get(ref) as Improvement | undefined) ??
    null;
  const insert = (record: Omit<Improvement, 'id'>): boolean => insertImprovement(db, record);
  return {
    add(input) {
      return transaction(db, () => {
        const refs = (
          db.prepare("SELECT ref FROM improvements WHERE ref LIKE 'R%'").all() as Array<{ ref: string }>
        ).map((row) => row.ref);
        const ref = nextRef(refs);
        insert({
          ref,
          created: input.created ?? now(),
          resolved: null,
          category: input.category ?? 'general',
          severity: input.severity ?? 'medium',
          status: input.status ?? 'open',
          title: input.title,
          description: input.description ?? null,
          recommendation: input.recommendation ?? null,
          impact: input.impact ?? null,
          tags: input.tags ?? null,
        });
        return get(ref)!;
      });
    },
    list(status) {
      return plain(
        status === undefined
          ? db.prepare(`SELECT ${COLUMNS} FROM improvements ORDER BY id`).all()
          : db.prepare(`SELECT ${COLUMNS} FROM improvements WHERE status = ? ORDER BY id`).all(status),
      );
    },
    get,
    fix(ref, impact) {
      return transaction(db, () => {
        const current = get(ref);
        if (!current) throw new UnknownImprovementError(ref);
        db.prepare(
          "UPDATE improvements SET status = 'fixed', resolved = ?, impact = coalesce(?, impact) WHERE ref = ?",
        ).run(now(), impact ?? null, ref);
        return get(ref)!;
      });
    },
    search(text) {
      const pattern = containsPattern(text);
      const fields = ['ref', 'title', 'description', 'recommendation', 'tags'];
      return plain(
        db
          .prepare(
            `SELECT ${COLUMNS} FROM improvements WHERE ${fields.map((f) => `${f} LIKE ? ESCAPE '\\'`).join(' OR ')} ORDER BY id`,
          )
          .all(...fields.map(() => pattern)),
      );
    },
    insert: (record) => transaction(db, () => insert(record)),
  };
}
