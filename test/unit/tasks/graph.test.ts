import { describe, expect, it } from 'vitest';
import { remainingWork } from '../../../src/tasks/graph/blocked.js';
import { isPermanentlyFailed } from '../../../src/tasks/graph/failure.js';
import { compareTaskIds, nextTaskId } from '../../../src/tasks/graph/ids.js';
import { readyTasks, selectNextTask } from '../../../src/tasks/graph/selection.js';
import { formatStats, taskStats } from '../../../src/tasks/graph/stats.js';
import { validateDependencies, type DependencyChange } from '../../../src/tasks/graph/validate.js';
import type { Task } from '../../../src/tasks/schema.js';
import { sampleTask } from '../../support/sample-task.js';

const NOW = '2025-07-01T12:00:00Z';

const task = sampleTask;

const pad = (i: number, width = 3) => `task-${String(i).padStart(width, '0')}`;
const dead = (id: string, over: Partial<Task> = {}) =>
  task(id, { status: 'failed', attempts: 3, error_log: ['[TASK_EXEC] boom'], ...over });
const byId = (tasks: readonly Task[]) => new Map(tasks.map((t) => [t.id, t]));
const lastLog = (t: Task | undefined) => t?.error_log.at(-1);

/** The ids on a `Circular dependency detected: a -> b -> a` message (unshortened paths only). */
function cyclePath(message: string): string[] {
  const match = /^\[DEPENDENCY\] Circular dependency detected: (.*)$/.exec(message);
  if (!match) throw new Error(`not a cycle message: ${message}`);
  return match[1]!.split(' -> ');
}

function deepFreeze<T>(value: T): T {
  if (value && typeof value === 'object') {
    for (const inner of Object.values(value)) deepFreeze(inner);
    Object.freeze(value);
  }
  return value;
}

describe('validateDependencies: cycles', () => {
  it('a self-reference is a cycle of one', () => {
    const { tasks, changes } = validateDependencies([task('task-001', { depends_on: ['task-001'] })], NOW);
    const message = '[DEPENDENCY] Circular dependency detected: task-001 -> task-001';
    expect(changes).toEqual([{ id: 'task-001', kind: 'cycle', message }]);
    expect(tasks[0]).toMatchObject({ status: 'failed', error_log: [message], failed_at: NOW, attempts: 0 });
  });

  it('a 2-cycle fails both, each path starting and ending at the task', () => {
    const { tasks, changes } = validateDependencies(
      [
        task('task-001', { depends_on: ['task-002'] }),
        task('task-002', { depends_on: ['task-001'] }),
        task('task-003'),
      ],
      NOW,
    );
    expect(changes).toEqual([
      {
        id: 'task-001',
        kind: 'cycle',
        message: '[DEPENDENCY] Circular dependency detected: task-001 -> task-002 -> task-001',
      },
      {
        id: 'task-002',
        kind: 'cycle',
        message: '[DEPENDENCY] Circular dependency detected: task-002 -> task-001 -> task-002',
      },
    ]);
    expect(tasks.map((t) => t.status)).toEqual(['failed', 'failed', 'pending']);
  });

  it('a 1000-task cycle fails every task, with a shortened path that starts and ends at the task', () => {
    const n = 1000;
    const input = Array.from({ length: n }, (_, i) =>
      task(pad(i + 1), { depends_on: [pad(((i + 1) % n) + 1)] }),
    );
    const { tasks, changes } = validateDependencies(input, NOW);
    expect(changes).toHaveLength(n);
    expect(changes.every((c) => c.kind === 'cycle')).toBe(true);
    expect(tasks.every((t) => t.status === 'failed')).toBe(true);
    expect(changes[0]!.message).toBe(
      '[DEPENDENCY] Circular dependency detected: task-001 -> task-002 -> task-003 -> task-004 -> task-005 -> ' +
        'task-006 -> task-007 -> task-008 -> ... 985 more ... -> task-994 -> task-995 -> task-996 -> task-997 -> ' +
        'task-998 -> task-999 -> task-1000 -> task-001',
    );
    const c500 = changes.find((c) => c.id === 'task-500')!;
    expect(c500.message).toMatch(/detected: task-500 -> task-501 -> .* -> task-498 -> task-499 -> task-500$/);
  });

  it('a task depending on a cycle is blocked, not cyclic', () => {
    const { tasks, changes } = validateDependencies(
      [
        task('task-001', { depends_on: ['task-002'] }),
        task('task-002', { depends_on: ['task-001'] }),
        task('task-003', { depends_on: ['task-002'] }),
      ],
      NOW,
    );
    expect(changes.map((c) => [c.id, c.kind])).toEqual([
      ['task-001', 'cycle'],
      ['task-002', 'cycle'],
      ['task-003', 'blocked'],
    ]);
    expect(lastLog(tasks[2])).toBe('[DEPENDENCY] Blocked by failed task-002');
    expect(tasks[2]!.error_log).toHaveLength(1);
  });

  it('a completed task breaks a would-be cycle and is left alone', () => {
    const input = [
      task('task-001', { status: 'completed', depends_on: ['task-002'], completed_at: NOW }),
      task('task-002', { depends_on: ['task-001'] }),
      task('task-003', { status: 'completed', depends_on: ['task-003'] }),
    ];
    const { tasks, changes } = validateDependencies(input, NOW);
    expect(changes).toEqual([]);
    expect(tasks).toEqual(input);
    expect(selectNextTask(tasks)?.id).toBe('task-002');
  });

  it('paths in dense random graphs are simple cycles through the task along depends_on edges', () => {
    let seed = 7;
    const rand = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
    for (let round = 0; round < 30; round++) {
      const n = 12;
      const input = Array.from({ length: n }, (_, i) =>
        task(pad(i + 1), {
          status: rand() < 0.1 ? 'completed' : 'pending',
          depends_on: Array.from({ length: n }, (_, j) => pad(j + 1)).filter(
            (_, j) => j !== i && rand() < 0.2,
          ),
        }),
      );
      const tasksById = byId(input);
      const { changes } = validateDependencies(input, NOW);
      const cyclic = new Set<string>();
      for (const change of changes.filter((c) => c.kind === 'cycle')) {
        cyclic.add(change.id);
        const path = cyclePath(change.message);
        expect(path[0]).toBe(change.id);
        expect(path.at(-1)).toBe(change.id);
        expect(new Set(path.slice(0, -1)).size).toBe(path.length - 1);
        for (let k = 0; k + 1 < path.length; k++) {
          expect(tasksById.get(path[k]!)!.status).not.toBe('completed');
          expect(tasksById.get(path[k]!)!.depends_on).toContain(path[k + 1]);
        }
      }
      // Reference: a non-completed task is cyclic when it reaches itself through non-completed tasks.
      const reaches = (from: string, target: string) => {
        const seen = new Set<string>();
        const stack = [...tasksById.get(from)!.depends_on];
        while (stack.length > 0) {
          const id = stack.pop()!;
          if (id === target) return true;
          const t = tasksById.get(id)!;
          if (seen.has(id) || t.status === 'completed') continue;
          seen.add(id);
          stack.push(...t.depends_on);
        }
        return false;
      };
      const expected = input.filter((t) => t.status !== 'completed' && reaches(t.id, t.id)).map((t) => t.id);
      expect([...cyclic].sort()).toEqual(expected);
    }
  });
});

describe('validateDependencies: blocked propagation', () => {
  it('propagates transitively through a chain, naming the direct failed dependency', () => {
    const input = [
      task('task-004', { depends_on: ['task-003'] }),
      dead('task-001'),
      task('task-003', { depends_on: ['task-002'] }),
      task('task-002', { depends_on: ['task-001'] }),
      task('task-005'),
    ];
    const { tasks, changes } = validateDependencies(input, NOW);
    expect(changes).toEqual<DependencyChange[]>([
      { id: 'task-002', kind: 'blocked', message: '[DEPENDENCY] Blocked by failed task-001' },
      { id: 'task-003', kind: 'blocked', message: '[DEPENDENCY] Blocked by failed task-002' },
      { id: 'task-004', kind: 'blocked', message: '[DEPENDENCY] Blocked by failed task-003' },
    ]);
    const out = byId(tasks);
    expect(out.get('task-004')).toMatchObject({ status: 'failed', failed_at: NOW });
    expect(out.get('task-005')!.status).toBe('pending');
    expect(out.get('task-001')).toBe(input[1]); // unchanged tasks are passed through
    expect(tasks.map((t) => t.id)).toEqual(input.map((t) => t.id));
  });

  it('a retryable failed dependency does not block', () => {
    const input = [
      task('task-001', { status: 'failed', attempts: 1, error_log: ['[TEST_FAIL] red'] }),
      task('task-002', { depends_on: ['task-001'] }),
    ];
    const { tasks, changes } = validateDependencies(input, NOW);
    expect(changes).toEqual([]);
    expect(tasks[1]!.status).toBe('pending');
    expect(selectNextTask(tasks)?.id).toBe('task-001');
  });

  it('a failed dependency with a [DEPENDENCY] entry blocks even with attempts left', () => {
    const input = [
      task('task-001', {
        status: 'failed',
        attempts: 0,
        error_log: ['[DEPENDENCY] Blocked by failed task-009'],
      }),
      task('task-002', { depends_on: ['task-001'] }),
    ];
    expect(validateDependencies(input, NOW).changes.map((c) => c.id)).toEqual(['task-002']);
  });

  it('does not re-log a task that already has a [DEPENDENCY] entry; a second run changes nothing', () => {
    const input = [
      dead('task-001'),
      task('task-002', {
        status: 'failed',
        depends_on: ['task-001'],
        error_log: ['[DEPENDENCY] Blocked by failed task-001'],
        failed_at: '2025-01-01T00:00:00Z',
      }),
      task('task-003', { depends_on: ['task-003', 'task-002'] }),
      dead('task-004', { depends_on: ['task-001'], failed_at: '2025-02-01T00:00:00Z' }),
    ];
    const first = validateDependencies(input, NOW);
    expect(first.changes.map((c) => [c.id, c.kind])).toEqual([
      ['task-003', 'cycle'],
      ['task-004', 'blocked'],
    ]);
    expect(first.tasks[1]).toBe(input[1]);
    // already failed (at max attempts): it gains the entry and keeps its failure time
    expect(first.tasks[3]).toMatchObject({
      error_log: ['[TASK_EXEC] boom', '[DEPENDENCY] Blocked by failed task-001'],
      failed_at: '2025-02-01T00:00:00Z',
    });
    const second = validateDependencies(first.tasks, NOW);
    expect(second.changes).toEqual([]);
    expect(second.tasks).toEqual(first.tasks);
  });

  it('does not mutate its input, and the result does not depend on the input order', () => {
    const make = () => [
      dead('task-010'),
      task('task-011', { depends_on: ['task-010'] }),
      task('task-012', { depends_on: ['task-013'] }),
      task('task-013', { depends_on: ['task-012', 'task-011'] }),
      task('task-014', { depends_on: ['task-013'] }),
      task('task-002', { status: 'completed' }),
    ];
    const input = deepFreeze(make());
    const result = validateDependencies(input, NOW);
    expect(input).toEqual(make());
    expect(result.tasks).not.toBe(input);
    const reversed = validateDependencies([...make()].reverse(), NOW);
    expect(reversed.changes).toEqual(result.changes);
    expect(result.changes.map((c) => [c.id, c.kind])).toEqual([
      ['task-012', 'cycle'],
      ['task-013', 'cycle'],
      ['task-011', 'blocked'],
      ['task-014', 'blocked'],
    ]);
  });

  it('handles 10,000- and 100,000-deep chains without recursion', () => {
    for (const n of [10_000, 100_000]) {
      // task-i depends on task-(i+1): the depth-first search from the lowest id goes n deep.
      const down = Array.from({ length: n }, (_, i) =>
        task(pad(i + 1, 6), { depends_on: i + 1 < n ? [pad(i + 2, 6)] : [] }),
      );
      down[n - 1] = dead(pad(n, 6));
      const blocked = validateDependencies(down, NOW);
      expect(blocked.changes).toHaveLength(n - 1);
      expect(blocked.changes.at(-1)).toEqual({
        id: pad(1, 6),
        kind: 'blocked',
        message: `[DEPENDENCY] Blocked by failed ${pad(2, 6)}`,
      });
      // close it into one n-long cycle
      const ring = down.map((t, i) => task(t.id, { depends_on: [pad(((i + 1) % n) + 1, 6)] }));
      const cycle = validateDependencies(ring, NOW);
      expect(cycle.changes).toHaveLength(n);
      expect(cycle.changes.every((c) => c.kind === 'cycle')).toBe(true);
    }
  });
});

describe('selectNextTask / readyTasks', () => {
  it('orders pending tasks by priority, then by the number in the id', () => {
    const input = [
      task('task-10'),
      task('task-2'),
      task('task-1000'),
      task('task-999'),
      task('task-500', { priority: 'P2' }),
      task('task-700', { priority: 'P0' }),
    ];
    expect(readyTasks(input).map((t) => t.id)).toEqual([
      'task-700',
      'task-2',
      'task-10',
      'task-999',
      'task-1000',
      'task-500',
    ]);
    expect(selectNextTask(input)?.id).toBe('task-700');
    expect(selectNextTask(input.slice(0, 4))?.id).toBe('task-2');
    expect(compareTaskIds('task-010', 'task-10')).toBeLessThan(0);
  });

  it('only picks tasks whose dependencies are all completed', () => {
    const input = [
      task('task-001', { status: 'completed' }),
      task('task-002', { priority: 'P0', depends_on: ['task-001', 'task-003'] }),
      task('task-003', { status: 'in_progress' }),
      task('task-004', { priority: 'P2', depends_on: ['task-001'] }),
    ];
    expect(selectNextTask(input)?.id).toBe('task-004');
  });

  it('retries failed tasks after pending ones: by priority, then oldest failure (unknown first), then id', () => {
    const failed = (id: string, over: Partial<Task>) =>
      task(id, { status: 'failed', attempts: 1, error_log: ['[TEST_FAIL] red'], ...over });
    const input = [
      failed('task-001', { failed_at: '2025-07-01T10:00:00Z' }),
      failed('task-002', { failed_at: '2025-07-01T09:00:00Z' }),
      failed('task-003', { failed_at: '2025-07-01T11:00:00+02:00' }), // 09:00Z, tie with task-002
      failed('task-004', {}),
      failed('task-005', { failed_at: '2025-07-01T08:00:00Z', priority: 'P2' }),
      failed('task-006', { failed_at: '2025-07-01T07:00:00Z', attempts: 3 }),
      failed('task-007', {
        failed_at: '2025-07-01T07:00:00Z',
        error_log: ['[DEPENDENCY] Blocked by failed x'],
      }),
      failed('task-008', { failed_at: '2025-07-01T07:00:00Z', depends_on: ['task-001'] }),
    ];
    expect(readyTasks(input).map((t) => t.id)).toEqual([
      'task-004',
      'task-002',
      'task-003',
      'task-001',
      'task-005',
    ]);
    expect(selectNextTask(input)?.id).toBe('task-004');
    const withPending = [...input, task('task-009', { priority: 'P2' })];
    expect(selectNextTask(withPending)?.id).toBe('task-009');
    expect(readyTasks(withPending)[0]!.id).toBe('task-009');
  });

  it('returns null when nothing is eligible', () => {
    expect(selectNextTask([])).toBeNull();
    const input = [
      task('task-001', { status: 'completed' }),
      dead('task-002'),
      task('task-003', {
        status: 'failed',
        attempts: 0,
        error_log: ['[DEPENDENCY] Blocked by failed task-002'],
      }),
      task('task-004', { status: 'in_progress' }),
      task('task-005', { depends_on: ['task-004'] }),
      task('task-006', { depends_on: ['task-404'] }),
    ];
    expect(selectNextTask(input)).toBeNull();
    expect(readyTasks(input)).toEqual([]);
  });
});

describe('stats', () => {
  it('counts by status, blocked pending tasks, attempts and checkpoints', () => {
    const cp = { step: 1, total: 2, description: 'x', timestamp: NOW };
    const input = [
      task('task-001', { status: 'completed', attempts: 2, checkpoints: [cp, cp, cp] }),
      dead('task-002'),
      task('task-003', { status: 'failed', attempts: 1 }),
      task('task-004', { depends_on: ['task-002'] }),
      task('task-005', { depends_on: ['task-003'] }),
      task('task-006', { depends_on: ['task-004'], checkpoints: [cp] }),
      task('task-007', { status: 'in_progress', attempts: 1 }),
    ];
    const stats = taskStats(input);
    expect(stats).toEqual({
      tasks_total: 7,
      completed: 1,
      failed: 2,
      pending: 3,
      blocked: 1,
      attempts_total: 7,
      checkpoints: 4,
    });
    expect(formatStats(stats)).toBe(
      'tasks_total=7 completed=1 failed=2 pending=3 blocked=1 attempts_total=7 checkpoints=4',
    );
    expect(
      formatStats({
        tasks_total: 10,
        completed: 7,
        failed: 1,
        pending: 2,
        blocked: 0,
        attempts_total: 12,
        checkpoints: 23,
      }),
    ).toBe('tasks_total=10 completed=7 failed=1 pending=2 blocked=0 attempts_total=12 checkpoints=23');
  });

  it('isPermanentlyFailed: failed at max attempts or with a [DEPENDENCY] entry', () => {
    expect(isPermanentlyFailed(dead('task-001'))).toBe(true);
    expect(isPermanentlyFailed(task('task-001', { status: 'failed', attempts: 2 }))).toBe(false);
    expect(isPermanentlyFailed(task('task-001', { status: 'failed', error_log: ['[DEPENDENCY] x'] }))).toBe(
      true,
    );
    expect(isPermanentlyFailed(task('task-001', { status: 'pending', attempts: 3 }))).toBe(false);
    expect(
      isPermanentlyFailed(task('task-001', { status: 'failed', error_log: ['[TASK_EXEC] [DEPENDENCY]'] })),
    ).toBe(false);
  });

  it('remainingWork is false once everything is completed, permanently failed or (transitively) blocked', () => {
    expect(remainingWork([])).toBe(false);
    expect(remainingWork([task('task-001', { status: 'completed' })])).toBe(false);
    const doomed = [
      task('task-001', { status: 'completed' }),
      dead('task-002'),
      task('task-003', { depends_on: ['task-002'] }),
      task('task-004', { depends_on: ['task-003'] }),
    ];
    expect(remainingWork(doomed)).toBe(false);
    expect(remainingWork([...doomed, task('task-005', { depends_on: ['task-001'] })])).toBe(true);
    expect(remainingWork([...doomed, task('task-005', { status: 'failed', attempts: 2 })])).toBe(true);
    expect(remainingWork([...doomed, task('task-005', { status: 'in_progress' })])).toBe(true);
  });
});

describe('nextTaskId', () => {
  it('is one more than the highest number, at least three digits', () => {
    expect(nextTaskId([])).toBe('task-001');
    expect(nextTaskId([task('task-001'), task('task-007'), task('task-003')])).toBe('task-008');
    expect(nextTaskId([task('task-1000'), task('task-999')])).toBe('task-1001');
    expect(nextTaskId([task('task-999')])).toBe('task-1000');
    expect(nextTaskId([task('task-0042')])).toBe('task-043');
  });
});
