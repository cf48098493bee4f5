// How a task run ends when no task can be selected: success only when nothing failed for good in the run's scope.
import { describe, expect, it } from 'vitest';
import { nothingLeftStop } from '../../../src/tasks/nothing-left.js';
import type { Task } from '../../../src/tasks/schema.js';
import { sampleTask } from '../../support/sample-task.js';

const task = sampleTask;
const done = (id: string) => task(id, { status: 'completed' });
const dead = (id: string, over: Partial<Task> = {}) =>
  task(id, { status: 'failed', attempts: 3, error_log: ['[TEST_FAIL] boom'], ...over });

describe('nothingLeftStop', () => {
  it('every task completed: tasks_done, no exit code of its own, no error', () => {
    expect(nothingLeftStop([done('task-001'), done('task-002')])).toEqual({ stop: 'tasks_done' });
  });

  it('every task failed for good: no_eligible_tasks, exit 20, the error counts and names them', () => {
    const stop = nothingLeftStop([dead('task-001'), dead('task-002')]);
    expect(stop).toMatchObject({ stop: 'no_eligible_tasks', exitCode: 20 });
    expect(stop.error).toMatch(/^2 of 2 tasks failed for good \(task-001, task-002\), so no task can run/);
    expect(stop.error).toContain('`agent-harness tasks status`');
  });

  it('a task blocked by one that failed for good counts as failed; completed ones do not', () => {
    const tasks = [done('task-001'), dead('task-002'), task('task-003', { depends_on: ['task-002'] })];
    expect(nothingLeftStop(tasks).error).toMatch(/^2 of 3 tasks failed for good \(task-002, task-003\)/);
  });

  it('many failed: five named, the count whole', () => {
    const tasks = Array.from({ length: 7 }, (_, i) => dead(`task-00${i + 1}`));
    expect(nothingLeftStop(tasks).error).toMatch(
      /^7 of 7 tasks failed for good \(task-001, task-002, task-003, task-004, task-005, …\)/,
    );
  });

  it('a task with attempts left is not failed for good: nothing is reported failed', () => {
    const stop = nothingLeftStop([
      task('task-001', { status: 'in_progress' }),
      dead('task-002', { attempts: 1 }),
    ]);
    expect(stop).toEqual({ stop: 'no_eligible_tasks' });
  });

  it('with --task, only that task counts', () => {
    const others = [dead('task-001'), task('task-002')];
    // Done, others still waiting for their own jobs: no failure of this run's.
    expect(nothingLeftStop([...others, done('task-003')], 'task-003')).toEqual({ stop: 'no_eligible_tasks' });
    // Done, and nothing else can run: done.
    expect(nothingLeftStop([dead('task-001'), done('task-003')], 'task-003')).toEqual({ stop: 'tasks_done' });
    // Its own task failed for good: exit 20, one of one.
    const own = nothingLeftStop([...others, dead('task-003')], 'task-003');
    expect(own).toMatchObject({ stop: 'no_eligible_tasks', exitCode: 20 });
    expect(own.error).toMatch(/^1 of 1 task failed for good \(task-003\)/);
  });
});
