// `worker new` and `worker stop` on real files: the seed's layout, a v4 task id, state pending; a stop that keeps
// every other field and leaves an ended task alone.
import { mkdtempSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { systemClock } from '../../../src/os/system-clock.js';
import { createTask, createTaskAt } from '../../../src/worker/new-task.js';
import { stopTask } from '../../../src/worker/stop-task.js';
import { readState, readTask } from '../../../src/worker/task-files.js';

const input = { prompt: 'Fix the bug', max_iterations: 5, timeout_seconds: 60, allowed_paths: ['/work'] };
const fixed = {
  now: () => Date.parse('2026-02-03T04:05:06.789Z'),
  monotonic: () => 0,
  sleep: () => Promise.resolve(true),
};

describe('createTask', () => {
  it('makes <parent>/<uuid>/ with task.json, state.json (pending) and artifacts/', async () => {
    const parent = mkdtempSync(join(tmpdir(), 'ah-new-'));
    const dir = await createTask(join(parent, 'tasks'), input, fixed);
    const id = dir.split('/').at(-1)!;
    expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(readdirSync(dir).sort()).toEqual(['artifacts', 'state.json', 'task.json']);
    expect(statSync(join(dir, 'artifacts')).isDirectory()).toBe(true);
    expect(readTask(dir)).toEqual({
      task_id: id,
      prompt: 'Fix the bug',
      // Kept relative to the task directory: the task works wherever its repository is checked out.
      constraints: { max_iterations: 5, timeout_seconds: 60, allowed_paths: [relative(dir, '/work')] },
      created_at: '2026-02-03T04:05:06.789Z',
    });
    expect(readState(dir)).toEqual({
      status: 'pending',
      iteration: 0,
      started_at: null,
      updated_at: '2026-02-03T04:05:06.789Z',
      termination_reason: null,
      error: null,
      elapsed_ms: 0,
      security_violations: 0,
    });
    expect(resolve(dir, readTask(dir).constraints.allowed_paths[0]!)).toBe('/work');
    expect(await createTask(join(parent, 'tasks'), input, systemClock)).not.toBe(dir);
  });

  it('refuses relative allowed paths, and a directory that already holds a task', async () => {
    const parent = mkdtempSync(join(tmpdir(), 'ah-new-'));
    await expect(createTask(parent, { ...input, allowed_paths: ['work'] }, fixed)).rejects.toThrow(
      /absolute/,
    );
    const dir = await createTaskAt(join(parent, 'session-1'), input, fixed);
    expect(dir).toBe(join(parent, 'session-1'));
    await expect(createTaskAt(dir, input, fixed)).rejects.toThrow(/already holds a task/);
  });
});

describe('stopTask', () => {
  it('writes stopped and keeps every other field, a supervisor’s own included', async () => {
    const dir = await createTask(mkdtempSync(join(tmpdir(), 'ah-stop-')), input, fixed);
    const state = JSON.parse(readFileSync(join(dir, 'state.json'), 'utf8')) as Record<string, unknown>;
    writeFileSync(
      join(dir, 'state.json'),
      JSON.stringify({ ...state, status: 'running', iteration: 3, note: 'x' }),
    );
    const later = { ...fixed, now: () => Date.parse('2026-02-03T05:00:00.000Z') };
    const result = await stopTask(dir, later);
    expect(result.changed).toBe(true);
    expect(result.before).toMatchObject({ status: 'running', iteration: 3 });
    expect(JSON.parse(readFileSync(join(dir, 'state.json'), 'utf8'))).toEqual({
      ...state,
      status: 'stopped',
      termination_reason: 'stopped',
      iteration: 3,
      note: 'x',
      updated_at: '2026-02-03T05:00:00.000Z',
    });
    expect(readdirSync(dir).filter((name) => name.includes('.lock') || name.endsWith('.tmp'))).toEqual([]);
  });

  it('a supervisor stops a task as done: reason done, which the worker ends completed', async () => {
    const dir = await createTask(mkdtempSync(join(tmpdir(), 'ah-stop-')), input, fixed);
    const state = JSON.parse(readFileSync(join(dir, 'state.json'), 'utf8')) as Record<string, unknown>;
    writeFileSync(join(dir, 'state.json'), JSON.stringify({ ...state, status: 'running' }));
    expect((await stopTask(dir, fixed, 'done')).changed).toBe(true);
    expect(JSON.parse(readFileSync(join(dir, 'state.json'), 'utf8'))).toMatchObject({
      status: 'stopped',
      termination_reason: 'done',
    });
  });

  it.each(['completed', 'failed', 'stopped'])('leaves a %s task alone', async (status) => {
    const dir = await createTask(mkdtempSync(join(tmpdir(), 'ah-stop-')), input, fixed);
    const state = JSON.parse(readFileSync(join(dir, 'state.json'), 'utf8')) as Record<string, unknown>;
    const text = JSON.stringify({ ...state, status });
    writeFileSync(join(dir, 'state.json'), text);
    expect((await stopTask(dir, fixed)).changed).toBe(false);
    expect(readFileSync(join(dir, 'state.json'), 'utf8')).toBe(text);
  });
});
