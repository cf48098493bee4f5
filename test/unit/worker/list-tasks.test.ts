// `worker ls`: liveness from the status, the lock holder and the heartbeat's age; the table it prints.
import { describe, expect, it } from 'vitest';
import { firstLine, formatListing, livenessOf, type TaskListing } from '../../../src/worker/list-tasks.js';

describe('livenessOf', () => {
  const base = { status: 'running' as const, holderAlive: true, heartbeatAgeMs: 1000, staleAfterSecs: 60 };
  it('alive: a live holder and a fresh heartbeat', () => {
    expect(livenessOf(base)).toBe('alive');
    expect(livenessOf({ ...base, heartbeatAgeMs: 60_000 })).toBe('alive');
  });
  it('stale: a live holder, an old or missing heartbeat', () => {
    expect(livenessOf({ ...base, heartbeatAgeMs: 60_001 })).toBe('stale');
    expect(livenessOf({ ...base, heartbeatAgeMs: null })).toBe('stale');
  });
  it('dead: running but no live holder', () => {
    expect(livenessOf({ ...base, holderAlive: false })).toBe('dead');
  });
  it('-: not running', () => {
    for (const status of ['pending', 'stopped', 'completed', 'failed', 'unreadable'] as const)
      expect(livenessOf({ ...base, status })).toBe('-');
  });
});

describe('formatListing', () => {
  const listing = (over: Partial<TaskListing>): TaskListing => ({
    dir: '/t/x',
    task_id: '0123456789abcdef',
    status: 'pending',
    iteration: 0,
    max_iterations: 50,
    termination_reason: null,
    liveness: '-',
    heartbeat_age_secs: null,
    prompt: 'Fix the bug in parser.py\nmore detail',
    created_at: '2026-01-01T00:00:00.000Z',
    ...over,
  });

  it('one aligned row per task: id, status, iteration/max, reason, liveness, prompt line', () => {
    const text = formatListing([
      listing({}),
      listing({ task_id: 'aaaaaaaa-1', status: 'running', iteration: 3, liveness: 'alive' }),
      listing({
        task_id: 'bbbbbbbb-2',
        status: 'running',
        iteration: 4,
        liveness: 'stale',
        heartbeat_age_secs: 95,
      }),
      listing({
        task_id: 'cccccccc-3',
        status: 'completed',
        iteration: 50,
        termination_reason: 'max_iterations',
      }),
      listing({ task_id: 'dddddddd-4', status: 'unreadable', problem: 'state.json: is not valid JSON' }),
    ]);
    expect(text.split('\n')).toEqual([
      'TASK      STATUS      ITER   REASON          LIVENESS     PROMPT',
      '01234567  pending     0/50   -               -            Fix the bug in parser.py',
      'aaaaaaaa  running     3/50   -               alive        Fix the bug in parser.py',
      'bbbbbbbb  running     4/50   -               stale (95s)  Fix the bug in parser.py',
      'cccccccc  completed   50/50  max_iterations  -            Fix the bug in parser.py',
      'dddddddd  unreadable  -      -               -            state.json: is not valid JSON',
    ]);
  });

  it('says when there are none', () => {
    expect(formatListing([])).toBe('No tasks.');
  });

  it('cuts a long first line', () => {
    expect(firstLine(`${'x'.repeat(100)}\nsecond`, 10)).toBe('xxxxxxxxx…');
  });
});
