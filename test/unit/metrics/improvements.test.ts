// Improvements: refs R<n> take the next free number, list filters by status, fix closes one with its impact (an
// unknown ref is a clear usage error), search matches any text field whatever its case, wildcards literally.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { UnknownImprovementError } from '../../../src/metrics/errors.js';
import { containsPattern, nextRef } from '../../../src/metrics/improvements.js';
import { MetricsStore } from '../../../src/metrics/store.js';

const dir = mkdtempSync(join(tmpdir(), 'metrics-improvements-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('nextRef', () => {
  it('is one more than the highest R<n>, ignoring other refs', () => {
    expect(nextRef([])).toBe('R1');
    expect(nextRef(['R1', 'R7', 'R3', 'X12', 'R2b'])).toBe('R8');
  });
});

describe('containsPattern', () => {
  it("escapes LIKE's wildcards", () => {
    expect(containsPattern('50%_off\\')).toBe('%50\\%\\_off\\\\%');
  });
});

describe('improvements', () => {
  let clock = 0;
  const store = MetricsStore.open(join(dir, 'improvements.db'), {
    now: () => new Date(Date.UTC(2026, 0, 1, 0, 0, clock++)).toISOString(),
  });
  afterAll(() => store.close());

  it('adds with the next ref and the defaults', () => {
    const first = store.improvements.add({ title: 'Batch reads in parallel', tags: 'turns,parallel' });
    expect(first).toEqual({
      id: 1,
      ref: 'R1',
      created: '2026-01-01T00:00:00.000Z',
      resolved: null,
      category: 'general',
      severity: 'medium',
      status: 'open',
      title: 'Batch reads in parallel',
      description: null,
      recommendation: null,
      impact: null,
      tags: 'turns,parallel',
    });
    const second = store.improvements.add({
      title: 'Stop narrating',
      category: 'prompt',
      severity: 'high',
      description: 'Sessions spend turns on NARRATION only',
      recommendation: 'Say: act, do not describe',
    });
    expect(second.ref).toBe('R2');
    store.improvements.add({
      title: 'Cheaper model for reviews',
      status: 'wontfix',
      recommendation: 'try 50% off',
    });
    expect(store.improvements.list().map((entry) => entry.ref)).toEqual(['R1', 'R2', 'R3']);
    expect(store.improvements.list('open').map((entry) => entry.ref)).toEqual(['R1', 'R2']);
  });

  it('fixes one with its measured impact', () => {
    const fixed = store.improvements.fix('R2', 'narration 31% -> 12% over 20 sessions');
    expect(fixed).toMatchObject({
      ref: 'R2',
      status: 'fixed',
      impact: 'narration 31% -> 12% over 20 sessions',
    });
    expect(fixed.resolved).toMatch(/^2026-01-01T/);
    expect(store.improvements.list('fixed').map((entry) => entry.ref)).toEqual(['R2']);
    // Fixing again without an impact keeps the one measured.
    expect(store.improvements.fix('R2').impact).toBe('narration 31% -> 12% over 20 sessions');
  });

  it('refuses an unknown ref by name', () => {
    expect(() => store.improvements.fix('R42', 'x')).toThrow(UnknownImprovementError);
    expect(() => store.improvements.fix('R42')).toThrow(/no improvement R42/);
    expect(store.improvements.get('R42')).toBeNull();
  });

  it('searches title, description, recommendation, tags and ref, case-insensitively', () => {
    const refs = (text: string) => store.improvements.search(text).map((entry) => entry.ref);
    expect(refs('PARALLEL')).toEqual(['R1']);
    expect(refs('narration')).toEqual(['R2']);
    expect(refs('do not describe')).toEqual(['R2']);
    expect(refs('r3')).toEqual(['R3']);
    expect(refs('50%')).toEqual(['R3']);
    expect(refs('%')).toEqual(['R3']);
    expect(refs('_')).toEqual([]);
    expect(refs('nothing like this')).toEqual([]);
  });

  it('never reuses a ref after the highest', () => {
    expect(store.improvements.add({ title: 'later' }).ref).toBe('R4');
  });
});
