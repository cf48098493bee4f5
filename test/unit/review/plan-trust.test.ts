// Which planfile `done` the loop believes (pure): a task a try passed, or one done before the plan's first loop;
// any other `done` (an agent's edit that no harness put back) is opened again.
import { describe, expect, it } from 'vitest';
import { doneBeforeLoop, reopenTasks, unearnedDone } from '../../../src/review/plan-trust.js';
import { emptyProgress, newTaskProgress, type PlanProgress } from '../../../src/review/progress.js';
import type { Plan } from '../../../src/review/schemas.js';

const task = (id: string, status: 'todo' | 'doing' | 'done') => ({
  id,
  title: id,
  status,
  acceptance_criteria: ['works'],
  possibly_relevant_files: [],
  depends_on: [],
});
const plan = (...statuses: Array<'todo' | 'doing' | 'done'>): Plan => ({
  id: 'p',
  title: 'P',
  created: '2026-11-23 10:00:00Z',
  status: 'doing',
  context: '',
  tasks: statuses.map((s, i) => task(`t${i + 1}`, s)),
});
const passedT1 = (): PlanProgress => ({
  ...emptyProgress('p'),
  tasks: { t1: { ...newTaskProgress(2), tries: [{ n: 1, decision: 'done', verdict: 'PASS' }] } },
});

describe('plan trust', () => {
  it('a task a try passed is done', () => {
    expect(unearnedDone(plan('done', 'todo'), { ...passedT1(), done_before_loop: [] })).toEqual([]);
  });

  it('a task done before the first loop stays done; one marked done since, with no passing try, does not', () => {
    const progress = { ...emptyProgress('p'), done_before_loop: ['t1'] };
    expect(unearnedDone(plan('done', 'done', 'todo'), progress)).toEqual(['t2']);
  });

  it('a task whose tries all failed is not done, whatever the planfile says', () => {
    const progress: PlanProgress = {
      ...emptyProgress('p'),
      done_before_loop: [],
      tasks: { t1: { ...newTaskProgress(2), tries: [{ n: 1, decision: 'retry', verdict: 'FAIL' }] } },
    };
    expect(unearnedDone(plan('done'), progress)).toEqual(['t1']);
  });

  it('without a record of the first loop (an older progress.json), the planfile is believed once', () => {
    expect(doneBeforeLoop(plan('done', 'done', 'todo'), passedT1())).toEqual(['t2']);
    expect(unearnedDone(plan('done', 'done'), passedT1())).toEqual([]);
  });

  it('reopens a started task as doing and an unstarted one as todo, and derives the plan status', () => {
    const progress = { ...emptyProgress('p'), tasks: { t1: newTaskProgress(2) } };
    const reopened = reopenTasks({ ...plan('done', 'done'), status: 'done' }, ['t1', 't2'], progress);
    expect(reopened.tasks.map((t) => t.status)).toEqual(['doing', 'todo']);
    expect(reopened.status).toBe('doing');
  });
});
