// Task statuses go todo → doing → done; the plan's status follows its tasks.
import { describe, expect, it } from 'vitest';
import { canTransition, completeTask, derivePlanStatus, startTask } from '../../../src/review/plan-status.js';
import { planOf } from './fixtures.js';

describe('status transitions', () => {
  it('derives the plan status from its tasks', () => {
    expect(derivePlanStatus([{ status: 'todo' }, { status: 'todo' }])).toBe('todo');
    expect(derivePlanStatus([{ status: 'done' }, { status: 'todo' }])).toBe('doing');
    expect(derivePlanStatus([{ status: 'doing' }])).toBe('doing');
    expect(derivePlanStatus([{ status: 'done' }, { status: 'done' }])).toBe('done');
  });

  it('starts, resumes and completes a task, deriving the plan status, without touching the input', () => {
    const plan = planOf(['a', []], ['b', ['a']]);
    const started = startTask(plan, 'a');
    expect(started.tasks.map((t) => t.status)).toEqual(['doing', 'todo']);
    expect(started.status).toBe('doing');
    expect(startTask(started, 'a')).toEqual(started);
    const done = completeTask(startTask(completeTask(started, 'a'), 'b'), 'b');
    expect(done.tasks.map((t) => t.status)).toEqual(['done', 'done']);
    expect(done.status).toBe('done');
    expect(plan.tasks[0]?.status).toBe('todo');
  });

  it('allows only forward transitions', () => {
    expect(canTransition('todo', 'doing')).toBe(true);
    expect(canTransition('doing', 'done')).toBe(true);
    expect(canTransition('todo', 'done')).toBe(false);
    expect(canTransition('done', 'doing')).toBe(false);
    expect(canTransition('doing', 'todo')).toBe(false);
    const plan = planOf(['a', []]);
    expect(() => completeTask(plan, 'a')).toThrow('task a cannot go from todo to done');
    expect(() => startTask(plan, 'zz')).toThrow('plan p-20260326T1321 has no task "zz"');
  });
});
