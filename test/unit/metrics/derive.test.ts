// The derived row: per kind the newest event wins, seq is the first event's id, and a session without a
// session.meta (no ended_at, no source) has no row.
import { describe, expect, it } from 'vitest';
import { deriveAll, deriveRow, type EventRow } from '../../../src/metrics/derive.js';
import { factsEvents } from '../../../src/metrics/facts.js';
import { sampleFacts } from '../../support/metrics-facts.js';

const eventsOf = (key: string, facts = sampleFacts(0), firstId = 1): EventRow[] =>
  factsEvents(facts).map((event, index) => ({
    id: firstId + index,
    session: key,
    kind: event.kind,
    value: JSON.stringify(event.value),
  }));

describe('deriveRow', () => {
  it('is the facts with seq = the first event id', () => {
    const facts = sampleFacts(3);
    expect(deriveRow(facts.key, eventsOf(facts.key, facts, 40))).toEqual({ ...facts, seq: 40 });
  });

  it('takes the newest event of each kind, whatever order they come in', () => {
    const events = eventsOf('k');
    const later = [
      { id: 100, session: 'k', kind: 'turns.total', value: '99' },
      { id: 90, session: 'k', kind: 'turns.total', value: '50' },
      { id: 95, session: 'k', kind: 'session.failure', value: '{"kind":"stall","reason":"quiet"}' },
    ];
    const row = deriveRow('k', [...later, ...events.reverse()]);
    expect(row).toMatchObject({ turns: 99, failure_kind: 'stall', failure_reason: 'quiet', seq: 1 });
  });

  it('keeps a newer null: "not known" replaces an older value', () => {
    const row = deriveRow('k', [
      ...eventsOf('k'),
      { id: 500, session: 'k', kind: 'cost.usd', value: 'null' },
    ]);
    expect(row?.cost_usd).toBeNull();
  });

  it('ignores kinds it does not know and values that do not parse', () => {
    const row = deriveRow('k', [
      ...eventsOf('k'),
      { id: 300, session: 'k', kind: 'extract.test_runs', value: '4' },
      { id: 301, session: 'k', kind: 'turns.parallel', value: '{oops' },
    ]);
    expect(row).toEqual({ ...sampleFacts(0), key: 'k', seq: 1, parallel_turns: null });
  });

  it('has no row without a session.meta', () => {
    expect(
      deriveRow(
        'k',
        eventsOf('k').filter((event) => event.kind !== 'session.meta'),
      ),
    ).toBeNull();
    expect(deriveRow('k', [])).toBeNull();
  });
});

describe('deriveAll', () => {
  it('yields one row per session from events ordered by session then id', () => {
    const a = sampleFacts(1);
    const b = sampleFacts(2);
    const events = [
      ...eventsOf('a', a, 1),
      ...eventsOf('b', b, 100),
      { id: 200, session: 'c', kind: 'turns.total', value: '1' },
    ];
    expect([...deriveAll(events)]).toEqual([
      { ...a, key: 'a', seq: 1 },
      { ...b, key: 'b', seq: 100 },
    ]);
  });
});
