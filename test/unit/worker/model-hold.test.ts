// The model hold's pure parts: the file's format read leniently (garbled: no hold, a problem), the later hold wins,
// a 429's hold and when a worker gives up, how long a wait sleeps; and extending the file (read, compare, rename).
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  extendHold,
  holdEndMs,
  holdPathFrom,
  laterHold,
  MODEL_HOLD_VAR,
  parseHold,
  readHold,
  type ModelHold,
} from '../../../src/worker/llm/hold-file.js';
import { holdSleepMs, rateLimitDecision } from '../../../src/worker/model-call.js';

const hold = (until: string, set_by = 'a'): ModelHold => ({
  until,
  set_at: '2026-11-27T10:00:00.000Z',
  set_by,
  status: 429,
});

describe('the hold file', () => {
  it('reads the format, and only `until` is required', () => {
    const full = hold('2026-11-27T10:00:02.000Z');
    expect(parseHold(JSON.stringify(full))).toEqual({ hold: full, problem: null });
    expect(parseHold('{"until": "2026-11-27T10:00:02Z", "extra": 1}').hold?.until).toBe(
      '2026-11-27T10:00:02Z',
    );
  });

  it('takes a garbled file as no hold, with a problem to warn about', () => {
    for (const text of ['', '{', 'null', '[]', '{"until": "tomorrow"}', '{"until": 5}'])
      expect(parseHold(text)).toMatchObject({ hold: null, problem: expect.any(String) as string });
  });

  it('a missing file is no hold and no problem; a directory is a problem', () => {
    const dir = mkdtempSync(join(tmpdir(), 'ah-hold-'));
    expect(readHold(join(dir, 'hold.json'))).toEqual({ hold: null, problem: null });
    mkdirSync(join(dir, 'sub'));
    expect(readHold(join(dir, 'sub')).problem).toMatch(/cannot be read/);
  });

  it('the variable names an absolute path; anything else is ignored with a problem', () => {
    expect(holdPathFrom({})).toEqual({ path: null, problem: null });
    expect(holdPathFrom({ [MODEL_HOLD_VAR]: '' })).toEqual({ path: null, problem: null });
    expect(holdPathFrom({ [MODEL_HOLD_VAR]: '/run/hold.json' })).toEqual({
      path: '/run/hold.json',
      problem: null,
    });
    expect(holdPathFrom({ [MODEL_HOLD_VAR]: 'hold.json' }).path).toBeNull();
    expect(holdPathFrom({ [MODEL_HOLD_VAR]: 'hold.json' }).problem).toMatch(/not an absolute path/);
  });

  it('the later until wins, whichever is proposed', () => {
    const early = hold('2026-11-27T10:00:01.000Z', 'early');
    const late = hold('2026-11-27T10:00:05.000Z', 'late');
    expect(laterHold(null, early)).toBe(early);
    expect(laterHold(early, late)).toBe(late);
    expect(laterHold(late, early)).toBe(late);
    expect(holdEndMs(null)).toBe(0);
    expect(holdEndMs(late)).toBe(Date.parse(late.until));
  });

  it('extends the file through a rename, never shortens it, and overwrites a garbled one', () => {
    const dir = mkdtempSync(join(tmpdir(), 'ah-hold-'));
    const path = join(dir, 'hold.json');
    const late = hold('2026-11-27T10:00:05.000Z', 'late');
    expect(extendHold(path, late)).toEqual({ hold: late, problem: null });
    expect(JSON.parse(readFileSync(path, 'utf8'))).toEqual(late);
    expect(extendHold(path, hold('2026-11-27T10:00:01.000Z', 'early')).hold).toEqual(late);
    expect(JSON.parse(readFileSync(path, 'utf8'))).toEqual(late);
    writeFileSync(path, '{garbled');
    const next = extendHold(path, late);
    expect(next).toEqual({ hold: late, problem: null });
    expect(JSON.parse(readFileSync(path, 'utf8'))).toEqual(late);
    expect(readdirSync(dir)).toEqual(['hold.json']);
  });

  it('a file that cannot be written is a problem, and the proposed hold is still the one in force', () => {
    const late = hold('2026-11-27T10:00:05.000Z');
    const result = extendHold('/nonexistent-dir-for-the-hold/hold.json', late);
    expect(result.hold).toBe(late);
    expect(result.problem).toMatch(/cannot be written/);
  });
});

describe('a 429 under the hold', () => {
  const base = { inARow: 1, maxWaits: 3, retryAfterMs: 2000, defaultWaitMs: 30_000, nowMs: 1_000_000 };

  it('holds for Retry-After, else for the configured wait', () => {
    expect(rateLimitDecision(base)).toEqual({ untilMs: 1_002_000, giveUp: false });
    expect(rateLimitDecision({ ...base, retryAfterMs: null }).untilMs).toBe(1_030_000);
    expect(rateLimitDecision({ ...base, retryAfterMs: 0 }).untilMs).toBe(1_000_000);
  });

  it('gives up on the 429 after max_rate_limit_waits waits in a row (0: at the first)', () => {
    expect(rateLimitDecision({ ...base, inARow: 3 }).giveUp).toBe(false);
    expect(rateLimitDecision({ ...base, inARow: 4 }).giveUp).toBe(true);
    expect(rateLimitDecision({ ...base, maxWaits: 0 }).giveUp).toBe(true);
  });

  it('a wait sleeps until the hold ends, at most a poll at a time, and not at all once it has', () => {
    expect(holdSleepMs(1000, 1000, 250)).toBe(0);
    expect(holdSleepMs(900, 1000, 250)).toBe(0);
    expect(holdSleepMs(1100, 1000, 250)).toBe(100);
    expect(holdSleepMs(5000, 1000, 250)).toBe(250);
  });
});
