// The pure decisions of interrupted work: which session ends count as interrupted, the ref's name and the message.
import { describe, expect, it } from 'vitest';
import { interruption, wipMessage, wipRef } from '../../../src/loop/interrupted-work.js';

describe('interrupted work', () => {
  it('counts a forced end (by its stop reason) and a watchdog kill, nothing that ended by itself', () => {
    expect(interruption('forced', 'time_budget')).toBe('time_budget');
    expect(interruption('forced', 'cancelled')).toBe('cancelled');
    expect(interruption('forced', null)).toBe('forced');
    expect(interruption('watchdog', null)).toBe('watchdog');
    expect(interruption('exited', 'time_budget')).toBeNull();
    expect(interruption('result_grace', null)).toBeNull();
    expect(interruption('spawn_error', null)).toBeNull();
  });

  it('names the ref by the run key and the session, and the message by what interrupted it', () => {
    expect(wipRef('0a1b2c3d4e5f60718293a4b5', 7)).toBe('refs/agent-harness/wip/0a1b2c3d-7');
    const message = wipMessage({ run: '0a1b2c3d', global: 7, reason: 'watchdog', task: 'T-3' });
    expect(message.split('\n')[0]).toBe(
      'agent-harness: work of session 7 (task T-3), interrupted by watchdog',
    );
    expect(message).toContain('Run 0a1b2c3d.');
  });
});
