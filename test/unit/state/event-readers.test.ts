// Every reader of the event log reads it through the schema (state/events/read.ts): the Action's history (this
// run's sessions, totals, the longest recent session) and the numbering's highest logged session. A torn line,
// a line whose fields do not match and an unknown event are skipped; version-0 lines still count.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { highestLoggedSession } from '../../../src/loop/numbering.js';
import {
  readEvents,
  sessionHistory,
  sessionsFrom,
  totalsOf,
} from '../../../src/platform/github/logged-sessions.js';
import { eventLine } from '../../../src/state/event-log.js';
import type { EventOf } from '../../../src/state/events/index.js';
import { sessionComplete } from '../../support/event-samples.js';

const session = (global: number, over: Partial<EventOf<'session_complete'>> = {}): string =>
  JSON.stringify(eventLine(sessionComplete(global, over), 0));

const dirs: string[] = [];
afterAll(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function log(lines: string[]): string {
  const dir = mkdtempSync(join(tmpdir(), 'ah-readers-'));
  dirs.push(dir);
  const path = join(dir, 'events.jsonl');
  writeFileSync(path, `${lines.join('\n')}\n`);
  return path;
}

// Version 0: written before the log had a version; an early harness wrote fewer fields.
const v0 = (global: number, outcome = 'productive') =>
  JSON.stringify({ ts: '2026-01-01T00:00:00Z', event: 'session_complete', global, outcome, cost_usd: 0.25 });

describe('the readers of the event log', () => {
  const path = log([
    v0(0),
    v0(1, 'empty'),
    '{"event":"loop_start","v":1,', // torn by a crash
    session(2, { committed: true, duration_secs: 30 }),
    session(3, { cost_usd: 'free' as unknown as number }), // a field of the wrong type: skipped
    '{"event":"plan_reviewed","v":2,"global":99}', // an event of a newer harness
    session(4, { outcome: 'rate_limited', rate_limited: true, duration_secs: 5 }),
  ]);

  it('history: every known event that matches, in order', async () => {
    const events = await readEvents(path);
    expect(events.map((e) => (e.event === 'session_complete' ? e.global : e.event))).toEqual([0, 1, 2, 4]);
  });

  it("history: this run's sessions and their totals", async () => {
    const thisRun = sessionsFrom(await readEvents(path), 1);
    expect(thisRun.map((s) => s.global)).toEqual([1, 2, 4]);
    expect(totalsOf(thisRun)).toEqual({
      sessions: 3,
      productive: 1,
      committed: true,
      rateLimited: true,
      costUsd: 1.25,
      tokens: 4, // input + output of the two sessions that report them; the version-0 line has none
    });
  });

  it('history: the longest recent session that was not empty', async () => {
    expect(await sessionHistory(path)).toEqual({ longestSessionMs: 30_000 });
  });

  it('numbering: the highest session number, version-0 lines included, mismatched lines not', async () => {
    expect(await highestLoggedSession(path)).toBe(4);
    expect(await highestLoggedSession(log([v0(6), session(3), session(9, { global: -9 })]))).toBe(6);
  });
});
