import { constants } from 'node:os';
import { describe, expect, it } from 'vitest';
import { signalExitCode } from '../../../src/loop/session.js';

describe('signalExitCode', () => {
  it("is 128 + the platform's number for every signal, not only the few once mapped", () => {
    expect(signalExitCode('SIGSEGV')).toBe(128 + constants.signals.SIGSEGV);
    expect(signalExitCode('SIGABRT')).toBe(128 + constants.signals.SIGABRT);
    expect(signalExitCode('SIGTERM')).toBe(128 + constants.signals.SIGTERM);
    for (const [name, number] of Object.entries(constants.signals))
      expect(signalExitCode(name as NodeJS.Signals)).toBe(128 + number);
  });
});
