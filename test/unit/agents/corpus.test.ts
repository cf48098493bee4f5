// Every corpus case through its adapter: the verdict must carry the evidence that decides the expected outcome.
// The outcome itself is derived with the rules of the outcome model (issue 8; src/loop/policy.ts is their home):
// a successful result with model output is productive, then a limit, then a failure, then emptiness, then a crash.
import { describe, expect, it } from 'vitest';
import { adapterFor } from '../../../src/agents/index.js';
import { withTurnShape, type TranscriptVerdict } from '../../../src/agents/types.js';
import { corpusCases, SHAPE_KEYS, type CorpusCase } from './corpus-cases.js';

const MIN_OUTPUT_BYTES = 100;

function outcomeOf(v: TranscriptVerdict, c: CorpusCase): { outcome: string; kind?: string; reason?: string } {
  if (v.final && v.is_error === false && v.model_output !== false) return { outcome: 'productive' };
  if (v.rate_limit !== null) return { outcome: 'rate_limited' };
  if (v.failure !== null) return { outcome: 'failed', kind: v.failure.kind, reason: v.failure.reason };
  if (v.model_output === false) return { outcome: 'empty' };
  if (v.model_output === null && Buffer.byteLength(c.transcript) < MIN_OUTPUT_BYTES)
    return { outcome: 'empty' };
  if (v.model_output !== null && !v.final && c.exit_code !== 0)
    return { outcome: 'failed', kind: 'error', reason: 'crash' };
  return { outcome: 'productive' };
}

const cases = corpusCases();

describe('transcript corpus: adapter verdicts', () => {
  it('has cases for every format, each naming its source', () => {
    expect(new Set(cases.map((c) => c.format))).toEqual(new Set(['claude', 'codex', 'gemini', 'text']));
    for (const c of cases) expect(c.source.length, c.name).toBeGreaterThan(10);
  });

  it.each(cases.map((c) => [c.name, c] as const))('%s', (_name, c) => {
    const adapter = adapterFor(c.format);
    const now = Date.parse('2026-03-24T10:00:00Z');
    const verdict = adapter.classify(c.transcript, true, {
      patterns: [],
      now_ms: now,
      exit: { code: c.exit_code, signal: null },
    });
    const got = outcomeOf(verdict, c);
    expect(got.outcome, JSON.stringify(verdict)).toBe(c.expect.outcome);
    if (c.expect.failure_kind !== undefined) expect(got.kind).toBe(c.expect.failure_kind);
    if (c.expect.failure_reason !== undefined) expect(got.reason).toBe(c.expect.failure_reason);
    if (c.expect.outcome !== 'failed') expect(verdict.failure).toBeNull();
    if (c.expect.outcome !== 'rate_limited') expect(verdict.rate_limit).toBeNull();
    if (c.expect.has_reset !== undefined) {
      expect(verdict.rate_limit?.resets_at_ms ?? null, verdict.rate_limit?.detail).toSatisfy(
        (ms: number | null) => (c.expect.has_reset ? ms !== null && ms > now : ms === null),
      );
    }
    if (c.expect.resets_at !== undefined)
      expect(verdict.rate_limit?.resets_at_ms).toBe(Date.parse(c.expect.resets_at));
    if (c.expect.tool_calls !== undefined) {
      const count = c.transcript.split('\n').reduce((n, line) => n + (adapter.toolCalls?.(line) ?? 0), 0);
      expect(count).toBe(c.expect.tool_calls);
    }
    // The metrics as the loop reports them: classify's, completed by the turn counter run over every line.
    const counter = adapter.turnShape?.() ?? null;
    if (counter !== null) for (const line of c.transcript.split('\n')) counter.line(line);
    const metrics = withTurnShape(verdict.metrics, counter?.result() ?? null, adapter.reportsTurns);
    if (c.expect.turns !== undefined) expect(metrics.turns).toBe(c.expect.turns);
    if (c.expect.input_tokens !== undefined) expect(metrics.input_tokens).toBe(c.expect.input_tokens);
    if (c.expect.output_tokens !== undefined) expect(metrics.output_tokens).toBe(c.expect.output_tokens);
    // Known answers computed independently of src/ by the corpus's known-answers.py (Python over the parsed events).
    for (const key of SHAPE_KEYS)
      if (c.expect[key] !== undefined) expect(metrics[key], key).toBe(c.expect[key]);
    // A fatal failure says what to fix: its detail is the CLI's own line.
    if (verdict.failure !== null) expect(verdict.failure.detail).not.toBe('');
  });
});
