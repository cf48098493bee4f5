// Resuming after a kill, decided from what is on disk: the state catches up with the log, an iteration killed
// among its actions is logged as interrupted with the unrun actions marked, and nothing runs twice.
import { describe, expect, it } from 'vitest';
import {
  decideStart,
  interruptedLine,
  KILLED_NOT_STARTED,
  KILLED_RUNNING,
  lastCounted,
} from '../../../src/worker/resume.js';
import type { ActionLine, PendingIteration, WorkerState } from '../../../src/worker/task-files.js';

const NOW = '2026-01-01T00:00:10.000Z';
const state = (over: Partial<WorkerState> = {}): WorkerState => ({
  status: 'running',
  iteration: 2,
  started_at: '2026-01-01T00:00:00.000Z',
  updated_at: '2026-01-01T00:00:05.000Z',
  termination_reason: null,
  error: null,
  elapsed_ms: 5000,
  security_violations: 0,
  ...over,
});
const line = (iteration: number, over: Partial<ActionLine> = {}): ActionLine => ({
  iteration,
  timestamp: NOW,
  llm_response: { actions: [] },
  error: null,
  results: [],
  usage: { input_tokens: null, output_tokens: null },
  duration_ms: { model: 1, tools: 0 },
  ...over,
});
const pending = (iteration: number, done: number): PendingIteration => ({
  iteration,
  timestamp: NOW,
  llm_response: {
    actions: [
      { tool: 'create_file', args: { path: 'a', content: '1' } },
      { tool: 'write_file', args: { path: 'b', content: '2' } },
      { tool: 'read_file', args: { path: 'c' } },
    ],
  },
  results: Array.from({ length: done }, () => ({ tool: 'create_file', ok: true as const, result: true })),
  usage: { input_tokens: 10, output_tokens: 5 },
  duration_ms: { model: 7 },
});

describe('decideStart', () => {
  it('a task stopped as done (its worker died before it ended it) is done, to be ended completed', () => {
    const stopped = state({ status: 'stopped', termination_reason: 'done' });
    expect(decideStart({ state: stopped, lines: [], pending: null, now: NOW })).toEqual({
      kind: 'done',
      complete: true,
    });
    const other = state({ status: 'stopped', termination_reason: 'stopped' });
    expect(decideStart({ state: other, lines: [], pending: null, now: NOW }).kind).toBe('run');
  });

  it('leaves a completed task alone', () => {
    expect(
      decideStart({ state: state({ status: 'completed' }), lines: [], pending: null, now: NOW }),
    ).toEqual({
      kind: 'done',
    });
  });

  it('runs a pending, stopped, failed or killed task from its state', () => {
    for (const status of ['pending', 'stopped', 'failed', 'running'] as const)
      expect(
        decideStart({ state: state({ status }), lines: [line(1), line(2)], pending: null, now: NOW }),
      ).toEqual({ kind: 'run', iteration: 2, interrupted: null, removePending: false, violations: 0 });
  });

  it('catches the state up with a logged iteration whose state write was lost', () => {
    const decision = decideStart({
      state: state(),
      lines: [line(1), line(2), line(3)],
      pending: null,
      now: NOW,
    });
    expect(decision).toEqual({
      kind: 'run',
      iteration: 3,
      interrupted: null,
      removePending: false,
      violations: 0,
    });
  });

  it('counts the violations of logged lines state.json has not caught up with (not fatal ones, not older ones)', () => {
    const refused = { tool: 'read_file', ok: false as const, error: 'outside', violation: true as const };
    const lines = [
      line(1, { results: [refused] }),
      line(2, { results: [refused] }),
      line(3, { results: [refused, refused] }),
      line(4, { results: [refused], fatal: { kind: 'unreachable', message: 'down' } }),
    ];
    expect(decideStart({ state: state(), lines, pending: null, now: NOW })).toMatchObject({
      iteration: 3,
      violations: 2,
    });
  });

  it('does not count fatal lines', () => {
    const lines = [line(1), line(2), line(3, { fatal: { kind: 'unreachable', message: 'down' } })];
    expect(lastCounted(lines)).toBe(2);
    expect(decideStart({ state: state(), lines, pending: null, now: NOW })).toMatchObject({ iteration: 2 });
  });

  it('logs an iteration killed among its actions as interrupted, and counts it', () => {
    const decision = decideStart({
      state: state(),
      lines: [line(1), line(2)],
      pending: pending(3, 1),
      now: NOW,
    });
    if (decision.kind !== 'run') throw new Error('expected run');
    expect(decision.iteration).toBe(3);
    expect(decision.removePending).toBe(true);
    expect(decision.interrupted).toMatchObject({
      iteration: 3,
      interrupted: true,
      timestamp: NOW,
      error: null,
    });
    expect(decision.interrupted!.results).toEqual([
      { tool: 'create_file', ok: true, result: true },
      { tool: 'write_file', ok: false, error: KILLED_RUNNING },
      { tool: 'read_file', ok: false, error: KILLED_NOT_STARTED },
    ]);
  });

  it('drops a pending iteration the log already has', () => {
    const decision = decideStart({
      state: state(),
      lines: [line(1), line(2), line(3)],
      pending: pending(3, 3),
      now: NOW,
    });
    expect(decision).toEqual({
      kind: 'run',
      iteration: 3,
      interrupted: null,
      removePending: true,
      violations: 0,
    });
  });
});

describe('interruptedLine', () => {
  it('keeps finished results, marks the running action and those after, usage from the pending record', () => {
    const interrupted = interruptedLine(pending(5, 0), NOW);
    expect(interrupted.results.map((r) => (r.ok ? 'ok' : r.error))).toEqual([
      KILLED_RUNNING,
      KILLED_NOT_STARTED,
      KILLED_NOT_STARTED,
    ]);
    expect(interrupted.usage).toEqual({ input_tokens: 10, output_tokens: 5 });
    expect(interrupted.duration_ms).toEqual({ model: 7, tools: 0 });
    expect(interruptedLine(pending(5, 3), NOW).results.every((r) => r.ok)).toBe(true);
  });
});
