// KINDS is the one table between session facts and events: every column is filled by exactly one kind, and an
// event written from facts reads back as the same columns.
import { describe, expect, it } from 'vitest';
import {
  columnsOf,
  eventColumns,
  eventValue,
  FACT_FIELDS,
  factsEvents,
  fieldValue,
  KINDS,
  kindSpec,
} from '../../../src/metrics/facts.js';
import { sampleFacts } from '../../support/metrics-facts.js';

describe('KINDS', () => {
  it('fills every sessions column exactly once', () => {
    const filled = KINDS.flatMap(columnsOf);
    expect([...filled].sort()).toEqual([...FACT_FIELDS].sort());
    expect(new Set(filled).size).toBe(filled.length);
  });

  it('names the kinds of the design', () => {
    expect(KINDS.map((spec) => spec.kind)).toEqual([
      'session.meta',
      'session.outcome',
      'session.failure',
      'session.duration_secs',
      'session.output_bytes',
      'session.exit_code',
      'turns.total',
      'turns.narration_only',
      'turns.parallel',
      'turns.tool_calls',
      'tokens.input',
      'tokens.output',
      'tokens.cache_read',
      'tokens.cache_write',
      'cost.usd',
      'commit.detected',
      'commit.evidence',
      'task.id',
      'plan.id',
      'plan.phase',
    ]);
  });

  it('reads back through JSON what it wrote, column for column', () => {
    for (const facts of [sampleFacts(0), sampleFacts(4), sampleFacts(7, { committed: null, turns: null })]) {
      const columns = Object.assign(
        {},
        ...factsEvents(facts).map((event) =>
          eventColumns(kindSpec(event.kind)!, JSON.parse(JSON.stringify(event.value))),
        ),
      );
      const { key: _key, ...expected } = facts;
      expect(columns).toEqual(expected);
    }
  });

  it('writes session.failure as null when nothing of it is known, and the meta always as an object', () => {
    const facts = sampleFacts(0, { failure_kind: null, failure_reason: null });
    expect(eventValue(kindSpec('session.failure')!, facts)).toBeNull();
    expect(eventValue(kindSpec('session.failure')!, { ...facts, failure_kind: 'agent_error' })).toEqual({
      kind: 'agent_error',
      reason: null,
    });
    expect(eventValue(kindSpec('session.meta')!, facts)).toMatchObject({
      ended_at: facts.ended_at,
      source: 'loop',
    });
  });

  it('reads a value of the wrong type as unknown', () => {
    expect(fieldValue('turns', '12')).toBeNull();
    expect(fieldValue('turns', 12.7)).toBe(12);
    expect(fieldValue('cost_usd', 0.125)).toBe(0.125);
    expect(fieldValue('committed', 1)).toBeNull();
    expect(fieldValue('committed', false)).toBe(false);
    expect(fieldValue('model', 3)).toBeNull();
  });
});
