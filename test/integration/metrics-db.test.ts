// The metrics database between real processes: a writer SIGKILLed at random moments leaves a database that passes
// integrity_check with every committed session whole (its events and its row, never half of one), and recording
// goes on; a reader running what `metrics status` runs while the writer writes never fails on a lock and never
// sees a partial session. No process is left behind.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { deriveRow, type EventRow } from '../../src/metrics/derive.js';
import { KINDS } from '../../src/metrics/facts.js';
import { MetricsStore } from '../../src/metrics/store.js';
import { sampleFacts } from '../support/metrics-facts.js';
import { fixtureBundle } from '../support/build.js';
import { alive } from '../support/processes.js';

const ROOT = resolve(import.meta.dirname, '..', '..');
const WRITER = fixtureBundle('metrics-writer');
const READER = fixtureBundle('metrics-reader');
const dir = mkdtempSync(join(tmpdir(), 'metrics-processes-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const children: ChildProcess[] = [];
afterEach(() => {
  for (const child of children.splice(0))
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
});

interface Started {
  child: ChildProcess;
  lines: Array<Record<string, unknown>>;
  /** Resolves when a line satisfying `test` has arrived. */
  waitFor(test: (line: Record<string, unknown>) => boolean): Promise<void>;
  exit: Promise<{ code: number | null; signal: NodeJS.Signals | null; stderr: string }>;
}

function start(script: string, args: string[]): Started {
  const child = spawn(process.execPath, [script, ...args], {
    cwd: ROOT,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  const lines: Array<Record<string, unknown>> = [];
  const waiters: Array<{ test: (line: Record<string, unknown>) => boolean; resolve: () => void }> = [];
  let buffered = '';
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  child.stdout.on('data', (chunk: Buffer) => {
    buffered += chunk.toString();
    let newline;
    while ((newline = buffered.indexOf('\n')) >= 0) {
      const line = JSON.parse(buffered.slice(0, newline)) as Record<string, unknown>;
      buffered = buffered.slice(newline + 1);
      lines.push(line);
      for (const waiter of waiters.filter((w) => w.test(line))) {
        waiters.splice(waiters.indexOf(waiter), 1);
        waiter.resolve();
      }
    }
  });
  const exit = new Promise<{ code: number | null; signal: NodeJS.Signals | null; stderr: string }>((done) =>
    child.on('exit', (code, signal) => done({ code, signal, stderr })),
  );
  return {
    child,
    lines,
    exit,
    waitFor: (test) =>
      lines.some(test)
        ? Promise.resolve()
        : new Promise<void>((resolveWait, reject) => {
            waiters.push({ test, resolve: resolveWait });
            exit.then(
              (result) =>
                reject(new Error(`exited (${result.code ?? result.signal}) first: ${result.stderr}`)),
              reject,
            );
          }),
  };
}

const sleep = (ms: number) => new Promise((resolveSleep) => setTimeout(resolveSleep, ms));

/** Every check a crashed database must pass; returns the keys it holds. */
function checkWhole(path: string): Set<string> {
  const db = new DatabaseSync(path);
  try {
    expect(
      db
        .prepare('PRAGMA integrity_check')
        .all()
        .map((row) => row.integrity_check),
    ).toEqual(['ok']);
    const events = db
      .prepare('SELECT id, session, kind, value FROM events ORDER BY id')
      .all() as unknown as EventRow[];
    const rows = db
      .prepare('SELECT key FROM sessions')
      .all()
      .map((row) => String(row.key));
    const keys = new Set(events.map((event) => event.session));
    // No events of a session without its row, no row without its events.
    expect(new Set(rows)).toEqual(keys);
    // Grouped once: a writer records thousands of sessions between two kills (one row each).
    const bySession = new Map<string, EventRow[]>();
    for (const event of events)
      bySession.set(event.session, [...(bySession.get(event.session) ?? []), event]);
    const store = MetricsStore.open(path, { readonly: true });
    try {
      for (const row of store.lastSessions(null)) {
        const own = bySession.get(row.key) ?? [];
        expect(own.map((event) => event.kind)).toEqual(KINDS.map((spec) => spec.kind));
        expect(deriveRow(row.key, own)).toEqual(row);
        const { seq: _seq, ...facts } = row;
        expect(facts).toEqual(sampleFacts(row.global! - 1));
      }
    } finally {
      store.close();
    }
    return keys;
  } finally {
    db.close();
  }
}

describe('a writer killed mid-write', () => {
  it('leaves a whole database every time, keeps every committed session, and recording goes on', async () => {
    const path = join(dir, 'killed.db');
    const pids: number[] = [];
    let next = 0;
    const committed = new Set<string>();
    for (let round = 0; round < 6; round++) {
      const writer = start(WRITER, [path, String(next)]);
      pids.push(writer.child.pid!);
      await writer.waitFor((line) => line.ready === true);
      // Let it record for a random while (some rounds before the first commit lands), then kill it outright.
      await sleep(Math.floor(Math.random() * 300));
      writer.child.kill('SIGKILL');
      const { signal } = await writer.exit;
      expect(signal).toBe('SIGKILL');
      for (const line of writer.lines)
        if (typeof line.committed === 'number') committed.add(sampleFacts(line.committed).key);
      const keys = checkWhole(path);
      // Every session the writer reported committed survived the kill.
      for (const key of committed) expect(keys.has(key)).toBe(true);
      next = keys.size;
    }
    expect(alive(pids)).toEqual([]);
    // Recording goes on where it stopped: what is there is "already", the rest is recorded.
    const store = MetricsStore.open(path);
    try {
      const before = store.count();
      expect(before).toBeGreaterThan(0);
      expect(store.record(sampleFacts(0), 'loop')).toBe('already');
      expect(store.record(sampleFacts(before + 1000), 'loop')).toBe('recorded');
      expect(store.count()).toBe(before + 1);
    } finally {
      store.close();
    }
    checkWhole(path);
  });
});

describe('a reader while a writer writes', () => {
  it('never fails on a lock and never sees a partial session', async () => {
    const path = join(dir, 'concurrent.db');
    MetricsStore.open(path).close();
    const writer = start(WRITER, [path, '0', '400']);
    await writer.waitFor((line) => line.ready === true);
    const readers = [start(READER, [path, '2500']), start(READER, [path, '2500'])];
    const results = await Promise.all(readers.map((reader) => reader.exit));
    for (const result of results) expect(result.code, result.stderr).toBe(0);
    for (const reader of readers) {
      const report = reader.lines.at(-1) as {
        reads: number;
        errors: string[];
        partial: string[];
        maxSessions: number;
      };
      expect(report.errors).toEqual([]);
      expect(report.partial).toEqual([]);
      expect(report.reads).toBeGreaterThan(10);
      expect(report.maxSessions).toBeGreaterThan(0);
    }
    await writer.waitFor((line) => line.done === true);
    expect((await writer.exit).code).toBe(0);
    expect(checkWhole(path).size).toBe(400);
    expect(alive([writer.child.pid!, ...readers.map((reader) => reader.child.pid!)])).toEqual([]);
  });
});
