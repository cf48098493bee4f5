// The model call under the hold, on a manual clock: a 429 sets the hold and the call is made again once it ends
// (never before), the wait is not running time, a stop request or the run's signal ends the wait, the worker keeps
// its own hold when another shortens the file, and without the variable a 429 is thrown as before.
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { LlmError, type LlmReply } from '../../../src/worker/llm/index.js';
import { MODEL_HOLD_VAR } from '../../../src/worker/llm/hold-file.js';
import { callModel, newHoldState, type HeldRun } from '../../../src/worker/model-call.js';
import { manualClock } from '../../support/manual-clock.js';

const REPLY: LlmReply = {
  text: '{"actions": []}',
  usage: { input_tokens: 1, output_tokens: 1 },
  model: 'm',
  duration_ms: 0,
};

function harness(script: Array<LlmError | LlmReply>, withHold = true) {
  const clock = manualClock(Date.parse('2026-11-27T10:00:00.000Z'));
  const path = join(mkdtempSync(join(tmpdir(), 'ah-hold-')), 'hold.json');
  const calls: number[] = [];
  const beats: string[] = [];
  const logs: Array<Record<string, unknown>> = [];
  const box = { status: 'running', held: 0 };
  const stop = new AbortController();
  const run = {
    settings: { llm: { max_rate_limit_waits: 3, rate_limit_wait_secs: 30 } },
    deps: {
      clock,
      env: withHold ? { [MODEL_HOLD_VAR]: path } : {},
      signal: stop.signal,
      log: (_level: string, fields: Record<string, unknown>) => logs.push(fields),
      transport: {
        call: () => {
          calls.push(clock.now());
          const next = script.shift()!;
          return next instanceof LlmError ? Promise.reject(next) : Promise.resolve(next);
        },
      },
    },
    task: { task_id: 'task-a' },
    rec: {
      beat: (status: string) => beats.push(status),
      readState: () => Promise.resolve({ status: box.status }),
      notRunning: (ms: number) => (box.held += ms),
    },
    hold: newHoldState(),
  } as unknown as HeldRun;
  const request = { messages: [], schema: {}, signal: stop.signal };
  return { clock, path, calls, beats, logs, box, stop, run, request };
}

/** A call that should not fail, not awaited: its failure is kept to fail the test. */
const failures: unknown[] = [];
const fail = (error: unknown) => void failures.push(error);

const limit = (retryAfterMs: number | null) => new LlmError('429', 'rate_limited', 429, retryAfterMs);

describe('callModel under the hold', () => {
  afterEach(() => expect(failures.splice(0)).toEqual([]));

  it('a 429 holds the next call until Retry-After has passed; the wait is not running time', async () => {
    const h = harness([limit(2000), REPLY]);
    const start = h.clock.now();
    let result: unknown = null;
    callModel(h.run, 1, h.request).then((r) => (result = r), fail);
    await h.clock.advance(0);
    expect(JSON.parse(readFileSync(h.path, 'utf8'))).toEqual({
      until: '2026-11-27T10:00:02.000Z',
      set_at: '2026-11-27T10:00:00.000Z',
      set_by: 'task-a',
      status: 429,
    });
    await h.clock.advance(1999);
    expect(h.calls).toEqual([start]);
    await h.clock.advance(1);
    expect(h.calls).toEqual([start, start + 2000]);
    expect(result).toMatchObject({ reply: REPLY, started: start + 2000 });
    expect(h.box.held).toBe(2000);
    expect(h.beats).toEqual(['calling_model', 'waiting_for_model', 'calling_model']);
    expect(h.logs.map((l) => l.event)).toEqual(['model_rate_limited', 'model_hold']);
  });

  it("waits on another worker's hold before its first call; a 429 without Retry-After holds for the default", async () => {
    const h = harness([limit(null), REPLY]);
    const start = h.clock.now();
    writeFileSync(h.path, JSON.stringify({ until: new Date(start + 1000).toISOString() }));
    callModel(h.run, 1, h.request).catch(fail);
    await h.clock.advance(999);
    expect(h.calls).toEqual([]);
    await h.clock.advance(1);
    expect(h.calls).toEqual([start + 1000]);
    await h.clock.advance(29_999);
    expect(h.calls).toHaveLength(1);
    await h.clock.advance(1);
    expect(h.calls).toEqual([start + 1000, start + 31_000]);
  });

  it("keeps its own hold when another worker's write shortens the file", async () => {
    const h = harness([limit(5000), REPLY]);
    const start = h.clock.now();
    callModel(h.run, 1, h.request).catch(fail);
    await h.clock.advance(0);
    writeFileSync(h.path, JSON.stringify({ until: new Date(start + 100).toISOString() }));
    await h.clock.advance(4999);
    expect(h.calls).toHaveLength(1);
    await h.clock.advance(1);
    expect(h.calls).toEqual([start, start + 5000]);
  });

  it('a stop request (state.json) or the run signal ends the wait', async () => {
    for (const how of ['stopped', 'interrupted'] as const) {
      const h = harness([]);
      writeFileSync(h.path, JSON.stringify({ until: new Date(h.clock.now() + 600_000).toISOString() }));
      let result: unknown = null;
      callModel(h.run, 1, h.request).then((r) => (result = r), fail);
      await h.clock.advance(500);
      expect(result).toBeNull();
      if (how === 'stopped') h.box.status = 'stopped';
      else h.stop.abort();
      // The signal wakes the sleep at once; a stop request is read at the next poll.
      await h.clock.advance(how === 'stopped' ? 250 : 0);
      expect(result).toBe(how);
      expect(h.calls).toEqual([]);
      expect(h.box.held).toBe(how === 'stopped' ? 750 : 500);
    }
  });

  it('a garbled file is one warning and no hold', async () => {
    const h = harness([REPLY, REPLY]);
    writeFileSync(h.path, 'garbled');
    await callModel(h.run, 1, h.request);
    await callModel(h.run, 2, h.request);
    expect(h.calls).toHaveLength(2);
    expect(h.logs.map((l) => l.event)).toEqual(['model_hold_ignored']);
  });

  it('gives up after max_rate_limit_waits 429s in a row, and without the variable at the first', async () => {
    const h = harness([limit(0), limit(0), limit(0), limit(0)]);
    await expect(callModel(h.run, 1, h.request)).rejects.toMatchObject({ kind: 'rate_limited' });
    expect(h.calls).toHaveLength(4);
    const bare = harness([limit(0)], false);
    await expect(callModel(bare.run, 1, bare.request)).rejects.toMatchObject({ kind: 'rate_limited' });
    expect(bare.calls).toHaveLength(1);
    expect(bare.beats).toEqual(['calling_model']);
  });
});
