// Review mode's events: each one a strict line of the current version in the shape the cycle writes it, each
// field checked (a wrong type, a value outside its closed set, a missing field), `session_complete` carrying the
// plan and phase, and the closed sets agreeing with the review layer's own records and the config's phases.
import { describe, expect, it } from 'vitest';
import { PHASES } from '../../../src/config/agent-section.js';
import { GATE_SCRIPTS } from '../../../src/review/gate.js';
import { TRY_DECISIONS, VERDICT_RECORDS } from '../../../src/review/progress.js';
import { eventLine, type HarnessEvent } from '../../../src/state/event-log.js';
import {
  GATE_STEPS,
  KNOWN_STOP_REASONS,
  REVIEW_DECISIONS,
  REVIEW_VERDICTS,
  SESSION_PHASES,
} from '../../../src/state/events/enums.js';
import { parseEventLine } from '../../../src/state/events/read.js';
import { eventLogReferenceMarkdown } from '../../../src/state/events/reference.js';
import { strictLineProblems } from '../../support/event-log-check.js';
import { sessionComplete } from '../../support/event-samples.js';
import { REVIEW_SAMPLES } from './review-event-samples.js';

const line = (event: HarnessEvent, change: Record<string, unknown> = {}) =>
  JSON.stringify({ ...eventLine(event, Date.UTC(2026, 10, 23)), ...change });

const without = (event: HarnessEvent, key: string) =>
  JSON.stringify(Object.fromEntries(Object.entries(eventLine(event, 0)).filter(([k]) => k !== key)));

/** Per event: a field of the wrong type or outside its set, and a field that must be there. */
const WRONG: Record<
  keyof typeof REVIEW_SAMPLES,
  { change: Record<string, unknown>; field: string; required: string }
> = {
  review_gate: { change: { failed_at: 'test.sh' }, field: 'failed_at', required: 'steps' },
  review_tampered: { change: { phase: 'plan' }, field: 'phase', required: 'files' },
  review_verdict: { change: { verdict: 'pass' }, field: 'verdict', required: 'file' },
  review_try_end: { change: { decision: 'give_up' }, field: 'decision', required: 'plan_cost_usd' },
  review_escalated: { change: { tries: -1 }, field: 'tries', required: 'why' },
  review_answered: { change: { by: 42 }, field: 'by', required: 'task_id' },
  review_end: { change: { cost_usd: '0.5' }, field: 'cost_usd', required: 'tasks_total' },
};

describe("review mode's events", () => {
  for (const [name, sample] of Object.entries(REVIEW_SAMPLES)) {
    const wrong = WRONG[name as keyof typeof REVIEW_SAMPLES];
    it(`${name}: the sample is a strict line; a wrong ${wrong.field} or a missing ${wrong.required} is not`, () => {
      expect(strictLineProblems(line(sample))).toEqual([]);
      expect(parseEventLine(line(sample))).toEqual({
        kind: 'event',
        event: JSON.parse(line(sample)) as unknown,
      });
      const bad = strictLineProblems(line(sample, wrong.change));
      expect(bad).toHaveLength(1);
      expect(bad[0]).toMatch(new RegExp(`^${wrong.field}: `));
      expect(strictLineProblems(without(sample, wrong.required))[0]).toMatch(
        new RegExp(`^${wrong.required}: `),
      );
      expect(strictLineProblems(line(sample, { surprise: true }))).toEqual([
        `surprise: not declared in the ${name} schema`,
      ]);
    });
  }

  it('a try is counted from 1, and a gate step is strict about its keys', () => {
    expect(strictLineProblems(line(REVIEW_SAMPLES.review_try_end, { try: 0 }))[0]).toMatch(/^try: /);
    const step = { script: 'build.sh', exit_code: 0, timed_out: false, duration_ms: 1, stdout: '' };
    expect(strictLineProblems(line(REVIEW_SAMPLES.review_gate, { steps: [step] }))[0]).toMatch(/^steps\.0: /);
  });

  it('review_verdict and review_try_end may leave out error and why; review_gate has failed_at null when it passed', () => {
    const { error: _error, ...verdict } = REVIEW_SAMPLES.review_verdict;
    expect(strictLineProblems(line({ ...verdict, verdict: 'PASS' }))).toEqual([]);
    const { why: _why, ...done } = REVIEW_SAMPLES.review_try_end;
    expect(strictLineProblems(line({ ...done, decision: 'done' }))).toEqual([]);
    const passed = { ...REVIEW_SAMPLES.review_gate, passed: true, failed_at: null };
    expect(strictLineProblems(line(passed))).toEqual([]);
  });

  it('review_gate names the scripts that changed since the gate accepted them, and only known changes', () => {
    const changed = [{ script: 'verify.sh', what: ['content', 'exec bit'] }];
    expect(strictLineProblems(line(REVIEW_SAMPLES.review_gate, { changed }))).toEqual([]);
    const wrong = [{ script: 'verify.sh', what: ['rewritten'] }];
    expect(strictLineProblems(line(REVIEW_SAMPLES.review_gate, { changed: wrong }))[0]).toMatch(
      /^changed\.0\.what/,
    );
  });

  it('session_complete carries the plan and the phase in review mode, and only a known phase', () => {
    const session = sessionComplete(3, { task_id: 'task-1', plan_id: 'p-1', phase: 'review' });
    expect(strictLineProblems(line(session))).toEqual([]);
    expect(strictLineProblems(line(session, { phase: 'architect' }))[0]).toMatch(/^phase: /);
    expect(strictLineProblems(line(sessionComplete(3)))).toEqual([]);
  });

  it("share their closed sets with the review layer's records and the config's phases", () => {
    expect([...REVIEW_VERDICTS]).toEqual([...VERDICT_RECORDS]);
    expect([...REVIEW_DECISIONS]).toEqual([...TRY_DECISIONS]);
    expect([...GATE_STEPS]).toEqual([...GATE_SCRIPTS]);
    expect([...SESSION_PHASES]).toEqual([...PHASES]);
  });

  it("know review mode's stop reasons, and the reference lists them and documents every new field", () => {
    for (const reason of ['phase_done', 'plan_done', 'needs_human', 'cost_budget', 'blocked'])
      expect(KNOWN_STOP_REASONS).toContain(reason);
    const doc = eventLogReferenceMarkdown();
    expect(doc).toContain('`needs_human`');
    expect(doc).toContain('| `phase` | `"plan"`, `"develop"`, `"review"` | optional |');
    expect(doc).toContain('### `review_end`');
  });
});
