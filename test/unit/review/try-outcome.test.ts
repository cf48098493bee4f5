// How a try ends: PASS is done; a failed gate, a FAIL, a review without a valid verdict or no review at all is a
// failed try that earns another until the last, which escalates; a stop during the gate is no try at all.
import { describe, expect, it } from 'vitest';
import type { GateResult } from '../../../src/review/gate.js';
import { decideTry, type TryEnd } from '../../../src/review/try-outcome.js';
import { parseVerdict } from '../../../src/review/verdict.js';

const FILE = '.harness/plans/p/reviews/t-1-review.md';
const review = (text: string): TryEnd => ({ kind: 'review', file: FILE, verdict: parseVerdict(text, FILE) });
const gate = (over: Partial<GateResult>): TryEnd => ({
  kind: 'gate',
  gate: {
    passed: false,
    failedAt: 'verify.sh',
    interrupted: false,
    steps: [],
    output: './verify.sh failed',
    changes: [],
    refused: false,
    ...over,
  },
});

describe('decideTry', () => {
  it('ends the task on PASS, at any try', () => {
    expect(decideTry(review('Result: PASS\n'), 1, 2)).toEqual({ next: 'done' });
    expect(decideTry(review('Result: PASS\n'), 2, 2)).toEqual({ next: 'done' });
  });

  it('retries a FAIL before the last try, and escalates it at the last', () => {
    expect(decideTry(review('Result: FAIL\n'), 1, 2)).toEqual({
      next: 'retry',
      why: `the architect's verdict is FAIL (${FILE})`,
      gateOutput: '',
    });
    expect(decideTry(review('Result: FAIL\n'), 2, 2)).toEqual({
      next: 'escalate',
      why: `the architect's verdict is FAIL (${FILE}) (try 2 of 2)`,
      gateOutput: '',
    });
  });

  it('carries a failed gate’s output to the next try, the review skipped', () => {
    expect(decideTry(gate({}), 1, 3)).toEqual({
      next: 'retry',
      why: 'the gate failed at verify.sh: the review was skipped',
      gateOutput: './verify.sh failed',
    });
    expect(decideTry(gate({}), 3, 3)).toMatchObject({ next: 'escalate', gateOutput: './verify.sh failed' });
  });

  it('counts a review without a valid verdict, or none at all, as a failed review, saying where', () => {
    const malformed = decideTry(review('Result: PASSED\n'), 1, 2);
    expect(malformed).toMatchObject({ next: 'retry' });
    expect(malformed.next === 'retry' && malformed.why).toMatch(
      /^the review has no valid verdict: .*t-1-review\.md:1: .*PASSED.*; a failed review$/,
    );
    expect(decideTry({ kind: 'no_review', file: FILE }, 2, 2)).toEqual({
      next: 'escalate',
      why: `the architect wrote no review (${FILE}): a failed review (try 2 of 2)`,
      gateOutput: '',
    });
  });

  it('a gate refused for changed scripts says which, and carries the refusal to the next try', () => {
    const refused = gate({
      refused: true,
      failedAt: 'verify.sh',
      changes: [{ script: 'verify.sh', what: ['content'] }],
      output: 'The gate did not run: …',
    });
    expect(decideTry(refused, 1, 2)).toEqual({
      next: 'retry',
      why: 'the gate refused the try: verify.sh changed since the gate accepted them (verify.sh: content); the review was skipped',
      gateOutput: 'The gate did not run: …',
    });
  });

  it("a developer's session that touched what it may not write fails the try, and its next prompt is told why", () => {
    const end: TryEnd = { kind: 'tampered', why: 'the developer touched planfile.json', notice: 'Do not.' };
    expect(decideTry(end, 1, 2)).toEqual({
      next: 'retry',
      why: 'the developer touched planfile.json',
      gateOutput: 'Do not.',
    });
    expect(decideTry(end, 2, 2)).toMatchObject({
      next: 'escalate',
      why: 'the developer touched planfile.json (try 2 of 2)',
    });
  });

  it('treats a stop request during the gate as no try, whatever the try number', () => {
    expect(decideTry(gate({ interrupted: true }), 2, 2)).toEqual({ next: 'interrupted' });
  });

  it('escalates a failed try early when progress.max_idle_sessions develop sessions in a row changed nothing', () => {
    const fail = review('Result: FAIL\n');
    expect(decideTry(fail, 2, 5, { count: 2, max: 2 })).toEqual({
      next: 'escalate',
      why: `the architect's verdict is FAIL (${FILE}); no progress: 2 develop sessions in a row changed nothing (no commit, no file of the project; progress.max_idle_sessions = 2)`,
      gateOutput: '',
    });
    // Below the count, with the check off, or on PASS: as without it.
    expect(decideTry(fail, 2, 5, { count: 1, max: 2 })).toMatchObject({ next: 'retry' });
    expect(decideTry(fail, 4, 5, { count: 4, max: 0 })).toMatchObject({ next: 'retry' });
    expect(decideTry(review('Result: PASS\n'), 3, 5, { count: 3, max: 2 })).toEqual({ next: 'done' });
    // The last try says which try it was, as always.
    expect(decideTry(fail, 5, 5, { count: 5, max: 2 })).toMatchObject({
      why: expect.stringMatching(/\(try 5 of 5\)$/),
    });
  });
});
