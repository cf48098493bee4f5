// `metrics export` streams: the pieces exportChunks yields, each written with a newline after it, are byte for byte
// what the whole output was when it was built in memory (JSON.stringify(rows, null, 2); RFC 4180 CSV), across many
// pieces; and the CLI writes them as it reads the rows, not all at once at the end.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { metricsCommand } from '../../../src/cli/metrics-command.js';
import { CHUNK_CHARS, csvField, exportChunks, SESSION_COLUMNS } from '../../../src/metrics/export.js';
import type { SessionRow } from '../../../src/metrics/facts.js';
import { MetricsStore } from '../../../src/metrics/store.js';
import { sampleFacts } from '../../support/metrics-facts.js';

const dir = mkdtempSync(join(tmpdir(), 'metrics-export-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** Rows with every kind of value: nulls, booleans both ways, reals, text that CSV must quote. */
const rows: SessionRow[] = Array.from({ length: 3000 }, (_, i) => ({
  ...sampleFacts(i, {
    key: `run:r:${i}`,
    committed: i % 3 === 0 ? null : i % 3 === 1,
    failure_reason: i % 5 === 0 ? `line one, "quoted"\r\nline ${i}` : null,
    cost_usd: i % 7 === 0 ? null : i / 8,
  }),
  seq: 1 + i * 20,
}));

const ordered = (row: SessionRow) =>
  Object.fromEntries(SESSION_COLUMNS.map((c) => [c, row[c as keyof SessionRow] ?? null]));
const values = (row: SessionRow) => SESSION_COLUMNS.map((c) => row[c as keyof SessionRow]);
const oldCsv = (list: SessionRow[]): string =>
  [
    SESSION_COLUMNS.join(','),
    ...list.map((row) => SESSION_COLUMNS.map((c) => csvField(row[c as keyof SessionRow])).join(',')),
  ].join('\r\n');

describe('metrics export', () => {
  it('writes in pieces exactly what the whole output was, in JSON and in CSV', () => {
    const json = [...exportChunks(rows.map(values), 'json')];
    expect(json.length).toBeGreaterThan(10);
    expect(Math.max(...json.map((piece) => piece.length))).toBeLessThan(CHUNK_CHARS + 2000);
    expect(json.join('\n')).toBe(JSON.stringify(rows.map(ordered), null, 2));
    const csv = [...exportChunks(rows.map(values), 'csv')];
    expect(csv.length).toBeGreaterThan(10);
    expect(csv.join('\n')).toBe(oldCsv(rows));
    // SQLite's 0 and 1 for committed read as the booleans.
    const sql = rows.map((row) => values(row).map((v) => (typeof v === 'boolean' ? Number(v) : v)));
    expect([...exportChunks(sql, 'json')].join('\n')).toBe(json.join('\n'));
    expect([...exportChunks(sql, 'csv')].join('\n')).toBe(csv.join('\n'));
    expect([...exportChunks([], 'json')]).toEqual(['[]']);
    expect([...exportChunks([], 'csv')]).toEqual([SESSION_COLUMNS.join(',')]);
    expect([...exportChunks([values(rows[0]!)], 'json')].join('\n')).toBe(
      JSON.stringify([ordered(rows[0]!)], null, 2),
    );
  });

  it('the CLI writes the pieces as it reads the rows', async () => {
    const path = join(dir, 'history.db');
    const store = MetricsStore.open(path);
    for (let i = 0; i < 2000; i++) store.record(sampleFacts(i, { key: `run:r:${i}` }), 'loop');
    const recorded = store.lastSessions(null);
    store.close();
    const out: string[] = [];
    const code = await metricsCommand(['export', '--db', path], {
      cwd: dir,
      out: (text) => out.push(text),
      err: () => {},
    });
    expect(code).toBe(0);
    expect(out.length).toBeGreaterThan(10);
    expect(out.join('\n')).toBe(JSON.stringify(recorded.map(ordered), null, 2));
  });
});
