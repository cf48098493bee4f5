// Tasks run in dependency order, stable by file order; the next task resumes a `doing` one first, and blocked
// tasks are named with why they wait.
import { describe, expect, it } from 'vitest';
import { describeBlocked, nextTask, taskOrder } from '../../../src/review/plan-order.js';
import { planOf } from './fixtures.js';

const ids = (tasks: Array<{ id: string }>) => tasks.map((t) => t.id);

describe('taskOrder', () => {
  it('keeps file order when there are no dependencies', () => {
    expect(ids(taskOrder(planOf(['c', []], ['a', []], ['b', []])))).toEqual(['c', 'a', 'b']);
  });

  it('puts dependencies first and otherwise keeps file order', () => {
    const plan = planOf(
      ['4_ui', ['2_api', '3_db']],
      ['1_docs', []],
      ['2_api', ['3_db']],
      ['3_db', []],
      ['5_x', []],
    );
    expect(ids(taskOrder(plan))).toEqual(['1_docs', '3_db', '2_api', '4_ui', '5_x']);
  });

  it('puts tasks of a cycle last, in file order (an unvalidated plan)', () => {
    expect(ids(taskOrder(planOf(['a', ['b']], ['b', ['a']], ['c', []])))).toEqual(['c', 'a', 'b']);
  });
});

describe('nextTask', () => {
  it('is the first todo task whose dependencies are done', () => {
    const plan = planOf(['a', [], 'done'], ['b', ['c']], ['c', ['a']]);
    expect(nextTask(plan)).toMatchObject({ kind: 'task', task: { id: 'c' } });
  });

  it('resumes a doing task before starting a new one', () => {
    const plan = planOf(['a', []], ['b', [], 'doing']);
    expect(nextTask(plan)).toMatchObject({ kind: 'task', task: { id: 'b', status: 'doing' } });
  });

  it('is done when every task is', () => {
    expect(nextTask(planOf(['a', [], 'done'], ['b', ['a'], 'done']))).toEqual({ kind: 'done' });
  });

  it('names the blocked tasks and why: a skipped dependency, a cycle, an unknown task', () => {
    const plan = planOf(
      ['a', []],
      ['b', ['a']],
      ['c', ['b', 'a']],
      ['d', ['e']],
      ['e', ['d']],
      ['f', ['zz']],
    );
    const next = nextTask(plan, new Set(['a']));
    expect(next.kind).toBe('blocked');
    if (next.kind !== 'blocked') return;
    expect(next.blocked.map((b) => [b.task.id, b.waitingOn])).toEqual([
      ['b', [{ id: 'a', why: 'skipped' }]],
      [
        'c',
        [
          { id: 'b', why: 'not done' },
          { id: 'a', why: 'skipped' },
        ],
      ],
      ['f', [{ id: 'zz', why: 'unknown task' }]],
      ['d', [{ id: 'e', why: 'not done' }]],
      ['e', [{ id: 'd', why: 'not done' }]],
    ]);
    expect(describeBlocked(next).split('\n')).toEqual([
      'task b waits for a (which exhausted its tries)',
      'task c waits for b (which is not done), a (which exhausted its tries)',
      'task f waits for zz (which is not a task of this plan)',
      'task d waits for e (which is not done)',
      'task e waits for d (which is not done)',
    ]);
  });

  it('is done when only skipped tasks remain, and still offers independent tasks', () => {
    expect(nextTask(planOf(['a', []], ['b', [], 'done']), new Set(['a']))).toEqual({ kind: 'done' });
    expect(nextTask(planOf(['a', []], ['b', ['a']], ['c', []]), new Set(['a']))).toMatchObject({
      kind: 'task',
      task: { id: 'c' },
    });
  });
});
