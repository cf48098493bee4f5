// The supervisor's decisions, pure: which task starts, when a running one is stale, stopped, signalled, restarted
// or given up, and how each supervision ends.
import { describe, expect, it } from 'vitest';
import {
  allCompleted,
  decideIdle,
  decideRunning,
  staleness,
  type Limits,
  type TaskSnapshot,
} from '../../../../src/worker/supervisor/decide.js';

const limits = (over: Partial<Limits> = {}): Limits => ({
  now: 100_000,
  staleAfterMs: 10_000,
  graceMs: 2_000,
  maxRestarts: 2,
  held: false,
  shuttingDown: false,
  slotFree: true,
  ...over,
});

const running = (over: Partial<TaskSnapshot> = {}): TaskSnapshot => ({
  status: 'running',
  reason: null,
  child: { startedAt: 95_000, exit: null },
  heartbeat: { ageMs: 500, stepMs: 1_000, status: 'calling_model' },
  restarts: 0,
  stop: null,
  doneFound: false,
  ...over,
});

const exited = (code: number | null, signal: NodeJS.Signals | null = null) => ({
  startedAt: 95_000,
  exit: { code, signal },
});

describe('decideIdle', () => {
  it('starts a pending, stopped or running task when a slot is free, and waits otherwise', () => {
    for (const status of ['pending', 'stopped', 'running', null] as const) {
      expect(decideIdle({ status, reason: null }, limits())).toEqual({ kind: 'start' });
      expect(decideIdle({ status, reason: null }, limits({ slotFree: false }))).toEqual({ kind: 'wait' });
    }
  });
  it('leaves a completed task (and one stopped as done) completed, a failed one failed', () => {
    expect(decideIdle({ status: 'completed', reason: 'max_iterations' }, limits())).toMatchObject({
      kind: 'finish',
      result: 'completed',
    });
    expect(decideIdle({ status: 'stopped', reason: 'done' }, limits())).toMatchObject({
      kind: 'finish',
      result: 'completed',
      why: 'done',
    });
    expect(decideIdle({ status: 'failed', reason: 'fatal' }, limits())).toMatchObject({
      kind: 'finish',
      result: 'failed',
    });
  });
  it('starts nothing once the supervisor is shutting down', () => {
    expect(decideIdle({ status: 'pending', reason: null }, limits({ shuttingDown: true }))).toMatchObject({
      kind: 'finish',
      result: 'stopped',
    });
  });
});

describe('staleness', () => {
  it('a fresh heartbeat in a short step is not stale', () => {
    expect(staleness(running(), limits())).toBeNull();
  });
  it('a frozen heartbeat is stale', () => {
    expect(
      staleness(running({ heartbeat: { ageMs: 10_001, stepMs: 0, status: 'calling_model' } }), limits()),
    ).toMatch(/heartbeat 10 s old/);
  });
  it('a step that lasts too long is stale, though its heartbeat is fresh', () => {
    expect(
      staleness(running({ heartbeat: { ageMs: 100, stepMs: 10_001, status: 'calling_model' } }), limits()),
    ).toMatch(/calling_model for 10 s/);
  });
  it('a long wait during a model hold, or a deliberate wait, is not a hang', () => {
    const long = { ageMs: 100, stepMs: 60_000 };
    expect(
      staleness(running({ heartbeat: { ...long, status: 'calling_model' } }), limits({ held: true })),
    ).toBeNull();
    expect(staleness(running({ heartbeat: { ...long, status: 'waiting_for_model' } }), limits())).toBeNull();
  });
  it('no heartbeat from this child: stale only once stale-after has passed since its start', () => {
    expect(staleness(running({ heartbeat: null }), limits({ now: 105_000 }))).toBeNull();
    expect(staleness(running({ heartbeat: null }), limits({ now: 105_001 }))).toMatch(/no heartbeat/);
  });
});

describe('decideRunning', () => {
  it('waits on a healthy task', () => {
    expect(decideRunning(running(), limits())).toEqual({ kind: 'wait' });
  });
  it('stops a stale task, a done one, and every one at shutdown', () => {
    const stale = running({ heartbeat: { ageMs: 20_000, stepMs: 0, status: 'executing_action' } });
    expect(decideRunning(stale, limits())).toEqual({
      kind: 'stop',
      cause: 'stale',
      why: 'heartbeat 20 s old',
    });
    expect(decideRunning(running({ doneFound: true }), limits())).toEqual({ kind: 'stop', cause: 'done' });
    expect(decideRunning(running({ doneFound: true }), limits({ shuttingDown: true }))).toEqual({
      kind: 'stop',
      cause: 'shutdown',
    });
  });
  it('after a stop: SIGTERM once the grace has passed, SIGKILL after another', () => {
    const asked = { cause: 'stale' as const, at: 99_000, signalled: null, signalledAt: 0 };
    expect(decideRunning(running({ stop: asked }), limits())).toEqual({ kind: 'wait' });
    expect(decideRunning(running({ stop: asked }), limits({ now: 101_000 }))).toEqual({
      kind: 'signal',
      signal: 'SIGTERM',
    });
    const termed = { ...asked, signalled: 'SIGTERM' as const, signalledAt: 101_000 };
    expect(decideRunning(running({ stop: termed }), limits({ now: 102_000 }))).toEqual({ kind: 'wait' });
    expect(decideRunning(running({ stop: termed }), limits({ now: 103_000 }))).toEqual({
      kind: 'signal',
      signal: 'SIGKILL',
    });
    const killed = { ...termed, signalled: 'SIGKILL' as const };
    expect(decideRunning(running({ stop: killed }), limits({ now: 200_000 }))).toEqual({ kind: 'wait' });
  });
  it('a stale task that ended is resumed, up to max restarts, then given up', () => {
    const stop = { cause: 'stale' as const, at: 0, signalled: null, signalledAt: 0 };
    const ended = running({ status: 'stopped', reason: 'stopped', child: exited(0), stop });
    expect(decideRunning(ended, limits())).toMatchObject({ kind: 'restart', why: 'stale: stopped' });
    expect(decideRunning({ ...ended, restarts: 2 }, limits())).toMatchObject({
      kind: 'finish',
      result: 'gave_up',
    });
  });
  it('a worker that died (a signal, or an exit with the task still running) is restarted', () => {
    expect(decideRunning(running({ child: exited(null, 'SIGKILL') }), limits())).toMatchObject({
      kind: 'restart',
      why: 'its worker died (SIGKILL)',
    });
    expect(decideRunning(running({ child: exited(1) }), limits())).toMatchObject({ kind: 'restart' });
    expect(decideRunning(running({ child: exited(null, 'SIGKILL'), restarts: 2 }), limits())).toMatchObject({
      kind: 'finish',
      result: 'gave_up',
    });
  });
  it('a worker that ended normally is not restarted', () => {
    const end = (status: TaskSnapshot['status'], reason: TaskSnapshot['reason'], code: number) =>
      decideRunning(running({ status, reason, child: exited(code) }), limits());
    expect(end('completed', 'max_iterations', 0)).toMatchObject({ kind: 'finish', result: 'completed' });
    expect(end('completed', 'done', 0)).toMatchObject({ kind: 'finish', result: 'completed', why: 'done' });
    expect(end('stopped', 'done', 0)).toMatchObject({ kind: 'finish', result: 'completed' });
    expect(end('failed', 'fatal', 16)).toMatchObject({ kind: 'finish', result: 'failed' });
    expect(end('stopped', 'stopped', 0)).toMatchObject({ kind: 'finish', result: 'stopped' });
  });
  it('exit 5 (another worker holds it) is reported, not retried', () => {
    expect(decideRunning(running({ child: exited(5) }), limits())).toMatchObject({
      kind: 'finish',
      result: 'held',
    });
  });
  it('another error of worker run (a corrupt task) ends its supervision', () => {
    expect(decideRunning(running({ status: 'pending', child: exited(17) }), limits())).toMatchObject({
      kind: 'finish',
      result: 'error',
    });
  });
  it('a task stopped for the shutdown ends stopped, whatever its worker did', () => {
    const stop = { cause: 'shutdown' as const, at: 0, signalled: 'SIGKILL' as const, signalledAt: 0 };
    expect(
      decideRunning(running({ child: exited(null, 'SIGKILL'), stop }), limits({ shuttingDown: true })),
    ).toMatchObject({ kind: 'finish', result: 'stopped' });
  });
});

describe('allCompleted', () => {
  it('only when every task completed', () => {
    expect(allCompleted(['completed', 'completed'])).toBe(true);
    expect(allCompleted(['completed', 'gave_up'])).toBe(false);
    expect(allCompleted([])).toBe(true);
  });
});
