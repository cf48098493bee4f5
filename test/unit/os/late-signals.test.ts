// What the guard for signals no run's handlers take decides (os/late-signals.ts). That a flood of SIGINTs through
// a run's end never ends the process by a signal is tested on the CLI (test/integration/loop.test.ts).
import { describe, expect, it } from 'vitest';
import { lateSignalAction } from '../../../src/os/late-signals.js';

describe('lateSignalAction', () => {
  it('leaves the signal to whoever else listens: a run, or a phase that handles it', () => {
    expect(lateSignalAction({ ended: false, exitCode: undefined, others: 1 })).toBe('run');
    expect(lateSignalAction({ ended: true, exitCode: 3, others: 2 })).toBe('run');
  });
  it('before any run: the default action (the process ends by the signal)', () => {
    expect(lateSignalAction({ ended: false, exitCode: undefined, others: 0 })).toBe('default');
  });
  it('while a run finishes after removing its handlers: ignored', () => {
    expect(lateSignalAction({ ended: true, exitCode: undefined, others: 0 })).toBe('ignore');
  });
  it('once the command has its exit code: exit with it', () => {
    expect(lateSignalAction({ ended: true, exitCode: 18, others: 0 })).toBe('exit');
    expect(lateSignalAction({ ended: false, exitCode: 0, others: 0 })).toBe('exit');
  });
});
