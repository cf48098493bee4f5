// The driver that hands one worker task to every session (the Action's worker-task): the task's prompt, its
// directory in the session's environment, and worker_done once the task is completed or failed for good.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { isStop } from '../../../src/loop/driver.js';
import { systemClock } from '../../../src/os/system-clock.js';
import { createTask } from '../../../src/worker/new-task.js';
import { openTaskDriver, taskStop, WORKER_DONE } from '../../../src/worker/task-driver.js';
import { WorkerStateError } from '../../../src/worker/errors.js';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

async function task(): Promise<string> {
  const parent = mkdtempSync(join(tmpdir(), 'ah-driver-'));
  dirs.push(parent);
  return createTask(
    parent,
    { prompt: 'Fix the parser.', max_iterations: 3, timeout_seconds: 60, allowed_paths: [parent] },
    systemClock,
  );
}

const state = (dir: string, fields: Record<string, unknown>) =>
  writeFileSync(
    join(dir, 'state.json'),
    JSON.stringify({
      status: 'running',
      iteration: 1,
      started_at: null,
      updated_at: new Date(0).toISOString(),
      termination_reason: null,
      error: null,
      elapsed_ms: 0,
      security_violations: 0,
      ...fields,
    }),
  );

describe('taskStop', () => {
  it('goes on while the task has work left, or was failed by its model', () => {
    expect(taskStop(null)).toBeNull();
    for (const status of ['pending', 'running', 'stopped'] as const)
      expect(taskStop({ status, iteration: 1, error: null })).toBeNull();
    for (const kind of ['unreachable', 'rate_limited', 'authentication', 'timeout'])
      expect(taskStop({ status: 'failed', iteration: 1, error: { kind, message: 'm' } })).toBeNull();
  });

  it('stops with worker_done when it is completed (0) or failed for good (1)', () => {
    expect(taskStop({ status: 'completed', iteration: 3, error: null })).toEqual({ stop: WORKER_DONE });
    expect(taskStop({ status: 'failed', iteration: 2, error: { kind: 'disk_full', message: 'm' } })).toEqual({
      stop: WORKER_DONE,
      exitCode: 1,
    });
  });
});

describe('openTaskDriver', () => {
  it("hands every session the task's prompt and directory until the task is done", async () => {
    const dir = await task();
    const stops: unknown[] = [];
    const driver = openTaskDriver(dir, (fields) => stops.push(fields));
    const work = await driver.begin();
    if (isStop(work)) throw new Error('expected work');
    expect(work.promptText).toBe('Fix the parser.');
    expect(work.prompt('assembled')).toBe('assembled');
    expect(work.env).toEqual({ AGENT_HARNESS_WORKER_TASK: dir });
    expect(await driver.finish()).toBeNull();
    state(dir, { status: 'completed', iteration: 3, termination_reason: 'max_iterations' });
    expect(await driver.finish()).toEqual({ stop: 'worker_done' });
    expect(await driver.begin()).toEqual({ stop: 'worker_done' });
    expect(stops).toEqual([
      expect.objectContaining({ status: 'completed', iteration: 3 }),
      expect.objectContaining({ status: 'completed', iteration: 3 }),
    ]);
    await driver.close('worker_done');
  });

  it('leaves an unreadable state to the session, which names it; a directory that is no task is refused', async () => {
    const dir = await task();
    writeFileSync(join(dir, 'state.json'), '{"status": "runn');
    const driver = openTaskDriver(dir, () => undefined);
    expect(isStop(await driver.begin())).toBe(false);
    expect(() => openTaskDriver(join(dir, 'artifacts'), () => undefined)).toThrow(WorkerStateError);
  });
});
