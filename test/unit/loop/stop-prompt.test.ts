import { describe, expect, it } from 'vitest';
import { assemblePrompt, placePrompt, promptTooLongForArg } from '../../../src/loop/prompt.js';
import { decideSignal, StopController } from '../../../src/loop/stop.js';

describe('decideSignal', () => {
  it('first SIGINT and any SIGTERM are graceful; a second SIGINT within the window forces', () => {
    expect(decideSignal('SIGINT', 1000, null, 3000).action).toBe('graceful');
    expect(decideSignal('SIGINT', 4000, 1000, 3000).action).toBe('force');
    expect(decideSignal('SIGINT', 4001, 1000, 3000).action).toBe('graceful');
    expect(decideSignal('SIGTERM', 1100, 1000, 3000).action).toBe('graceful');
  });
  it('the controller keeps the first reason, aborts waits, and tells force listeners', () => {
    const stop = new StopController();
    let forced = 0;
    stop.onForce(() => forced++);
    expect(stop.request('sigterm')).toBe(true);
    expect(stop.request('stop_file')).toBe(false);
    expect(stop.signal.aborted).toBe(true);
    expect(stop.reason).toBe('sigterm');
    stop.force();
    expect(forced).toBe(1);
  });
  it('SIGHUP is a SIGTERM', () => {
    expect(decideSignal('SIGHUP', 1100, 1000, 3000).action).toBe('graceful');
  });
  it("only an interrupting request or a forced stop interrupts the harness's own commands", () => {
    const stop = new StopController();
    stop.request('sigint');
    expect(stop.interrupt.aborted).toBe(false);
    stop.request('sigterm', { interrupt: true });
    expect(stop.interrupt.aborted).toBe(true);
    expect(stop.reason).toBe('sigint');
    const forced = new StopController();
    forced.force({ reason: 'cancelled', graceMs: 4000 });
    expect(forced.interrupt.aborted).toBe(true);
    expect(forced.interrupt.reason).toBe(4000);
  });
});

describe('prompt', () => {
  it('prepends non-empty command output with the seed separator', () => {
    expect(assemblePrompt(['brief\n', '', '  '], 'PROMPT')).toBe('brief\n---\nPROMPT');
    expect(assemblePrompt([], 'PROMPT', ['task'])).toBe('PROMPT\n---\ntask');
  });
  it('places the prompt by prompt_via', () => {
    const args = ['-p', '{prompt}', '--x', '{prompt_file}'];
    expect(placePrompt(args, 'arg', 'hi', null)).toEqual({ args: ['-p', 'hi', '--x', ''], stdinText: null });
    expect(placePrompt(['-p', '{prompt}', '--v'], 'stdin', 'hi', null)).toEqual({
      args: ['-p', '--v'],
      stdinText: 'hi',
    });
    expect(placePrompt(['--f', '{prompt_file}'], 'file', 'hi', '/t/p.md')).toEqual({
      args: ['--f', '/t/p.md'],
      stdinText: null,
    });
  });
  it('knows the single-argument limit', () => {
    expect(promptTooLongForArg('x'.repeat(128 * 1024 - 1))).toBe(false);
    expect(promptTooLongForArg('x'.repeat(128 * 1024))).toBe(true);
  });
});
