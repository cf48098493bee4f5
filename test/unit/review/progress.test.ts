import { describe, expect, it } from 'vitest';
import {
  addPhaseSpend,
  addSpend,
  answerEscalation,
  emptyProgress,
  formatHumanReplies,
  idleTries,
  newTaskProgress,
  NO_SPEND,
  planProgressSchema,
  planSpend,
  resumePoint,
  spendOf,
  taskSpend,
  withTask,
  type TaskProgress,
} from '../../../src/review/progress.js';

const session = (cost: number | null, input = 100, output = 10) =>
  spendOf({ cost_usd: cost, input_tokens: input, output_tokens: output });

describe('review progress', () => {
  it('adds sessions up per try, per task and per plan, without float drift', () => {
    let task = newTaskProgress(2);
    task = addPhaseSpend(task, 1, 'develop', session(0.1));
    task = addPhaseSpend(task, 1, 'review', session(0.2));
    task = addPhaseSpend(task, 2, 'develop', session(null, 5, 1));
    expect(task.tries.map((t) => t.n)).toEqual([1, 2]);
    expect(taskSpend(task)).toEqual({
      sessions: 3,
      cost_usd: 0.3,
      input_tokens: 205,
      output_tokens: 21,
      unpriced_sessions: 1,
    });
    const progress = { ...withTask(emptyProgress('p'), 't', task), planning: session(0.05) };
    expect(planSpend(progress).cost_usd).toBe(0.35);
    expect(planSpend(progress).sessions).toBe(4);
    expect(planProgressSchema.parse(progress)).toEqual(progress);
  });

  it('addSpend is the identity with NO_SPEND', () => {
    expect(addSpend(NO_SPEND, session(1.5))).toEqual(session(1.5));
  });

  it('resumes a task at its recorded step, a new one at try 1, and an escalated one nowhere', () => {
    const fresh = newTaskProgress(2);
    expect(resumePoint(fresh)).toEqual({ try: 1, step: 'develop' });
    expect(resumePoint({ ...fresh, next: { try: 2, step: 'review' } })).toEqual({ try: 2, step: 'review' });
    const escalated: TaskProgress = {
      ...fresh,
      tries: [{ n: 1 }, { n: 2 }],
      escalated: { at: 'x', why: 'FAIL', review_file: null, gate_output: '', tries: 2 },
    };
    expect(resumePoint(escalated)).toBeNull();
  });

  it('a human answer grants as many tries again, numbered on, and joins the replies', () => {
    const escalated: TaskProgress = {
      ...newTaskProgress(2),
      tries: [{ n: 1 }, { n: 2 }],
      escalated: { at: 'x', why: 'FAIL', review_file: null, gate_output: '', tries: 2 },
    };
    const answered = answerEscalation(
      escalated,
      { at: '2026-11-23T10:00:00Z', by: 'ana', text: ' Use X. ' },
      2,
    );
    expect(answered.escalated).toBeNull();
    expect(answered.next).toEqual({ try: 3, step: 'develop' });
    expect(answered.max_try).toBe(4);
    expect(formatHumanReplies(answered)).toBe('ana (2026-11-23T10:00:00Z):\nUse X.');
  });

  it('rejects an unknown field and a negative cost in progress.json', () => {
    expect(planProgressSchema.safeParse({ ...emptyProgress('p'), extra: 1 }).success).toBe(false);
    expect(
      planProgressSchema.safeParse({ ...emptyProgress('p'), planning: { ...NO_SPEND, cost_usd: -1 } })
        .success,
    ).toBe(false);
  });

  it('counts the develop sessions in a row that changed nothing, back to a change, an unknown or an escalation', () => {
    const task = (...tries: Array<{ changed?: boolean; decision?: 'retry' | 'escalate' }>): TaskProgress => ({
      ...newTaskProgress(9),
      tries: tries.map(({ changed, decision }, i) => ({
        n: i + 1,
        ...(changed !== undefined ? { develop_changed: changed } : {}),
        ...(decision ? { decision } : {}),
      })),
    });
    expect(idleTries(task({ changed: false }, { changed: false }), 2)).toBe(2);
    expect(idleTries(task({ changed: true }, { changed: false }), 2)).toBe(1);
    expect(idleTries(task({ changed: false }, { changed: true }), 2)).toBe(0);
    // Outside git nothing is recorded: never idle.
    expect(idleTries(task({ changed: false }, {}), 2)).toBe(0);
    // Tries after `n` are not counted; a human's reply after an escalation starts again.
    expect(idleTries(task({ changed: false }, { changed: false }, { changed: false }), 2)).toBe(2);
    expect(idleTries(task({ changed: false, decision: 'escalate' }, { changed: false }), 2)).toBe(1);
  });
});
