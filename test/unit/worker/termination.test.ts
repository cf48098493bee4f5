// Termination is the harness's decision, one rule per seed condition, in a fixed order.
import { describe, expect, it } from 'vitest';
import { statusFor, terminationFor, type TerminationInput } from '../../../src/worker/termination.js';

const base: TerminationInput = {
  status: 'running',
  iteration: 3,
  maxIterations: 10,
  elapsedMs: 1000,
  timeoutSeconds: 60,
  interrupted: false,
};

describe('terminationFor', () => {
  it('goes on while no condition holds', () => {
    expect(terminationFor(base)).toBeNull();
  });

  it('max_iterations once the iterations counted reach the limit', () => {
    expect(terminationFor({ ...base, iteration: 9 })).toBeNull();
    expect(terminationFor({ ...base, iteration: 10 })).toBe('max_iterations');
    expect(terminationFor({ ...base, iteration: 12 })).toBe('max_iterations');
  });

  it('timeout once the running time exceeds timeout_seconds', () => {
    expect(terminationFor({ ...base, elapsedMs: 60_000 })).toBeNull();
    expect(terminationFor({ ...base, elapsedMs: 60_001 })).toBe('timeout');
  });

  it('an external stop (state.json says stopped) first, then this process stopping', () => {
    expect(terminationFor({ ...base, status: 'stopped', iteration: 10, interrupted: true })).toBe('stopped');
    expect(terminationFor({ ...base, interrupted: true, iteration: 10 })).toBe('interrupted');
  });

  it('maps each reason to the status the contract gives it', () => {
    expect(statusFor('max_iterations')).toBe('completed');
    expect(statusFor('timeout')).toBe('completed');
    expect(statusFor('done')).toBe('completed');
    expect(statusFor('stopped')).toBe('stopped');
    expect(statusFor('interrupted')).toBe('stopped');
    expect(statusFor('fatal')).toBe('failed');
  });
});
