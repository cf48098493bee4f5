// The sandbox a task runs in keeps the other tasks out of reach: with tasks/ inside the workspace (the defaults),
// task A's model can neither read, write nor list task B's files, nor its own task.json and state.json, and can
// still write its artifacts/; with task directories straight in the workspace, each sibling task is denied and
// the rest of the workspace stays usable.
import {
  existsSync,
  mkdtempSync,
  readFileSync,
  realpathSync,
  rmSync,
  writeFileSync,
  mkdirSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { systemClock } from '../../../src/os/system-clock.js';
import { createTask } from '../../../src/worker/new-task.js';
import { readTask } from '../../../src/worker/task-files.js';
import { openTaskSandbox } from '../../../src/worker/task-sandbox.js';
import { runAction, type ToolResult } from '../../../src/worker/tools/run-action.js';
import { LIMITS } from './tools/world.js';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

async function twoTasks(tasksDir: string) {
  const workspace = realpathSync(mkdtempSync(join(tmpdir(), 'ah-task-sandbox-')));
  dirs.push(workspace);
  const tasks = join(workspace, tasksDir);
  const spec = { prompt: 'p', max_iterations: 1, timeout_seconds: 60, allowed_paths: [workspace] };
  const a = await createTask(tasks, spec, systemClock);
  const b = await createTask(tasks, spec, systemClock);
  const sandbox = await openTaskSandbox(a, readTask(a));
  const run = (tool: string, args: Record<string, unknown>): Promise<ToolResult> =>
    runAction({ tool, args }, { sandbox, limits: LIMITS });
  return { workspace, a, b, run };
}

const refused = { ok: false, violation: true };

describe('openTaskSandbox', () => {
  it('denies the other tasks under tasks/ and this task’s own files; its artifacts/ stays usable', async () => {
    const { workspace, a, b, run } = await twoTasks('tasks');
    const bTask = readFileSync(join(b, 'task.json'), 'utf8');
    const rel = (path: string) => relative(workspace, path);
    for (const file of [
      join(b, 'task.json'),
      join(b, 'state.json'),
      join(a, 'task.json'),
      join(a, 'state.json'),
    ]) {
      expect(await run('read_file', { path: rel(file) })).toMatchObject(refused);
      expect(await run('write_file', { path: rel(file), content: '{"allowed_paths":["/"]}' })).toMatchObject(
        refused,
      );
    }
    expect(await run('create_file', { path: rel(join(b, 'pending.json')), content: '{}' })).toMatchObject(
      refused,
    );
    expect(await run('list_directory', { path: rel(b) })).toMatchObject(refused);
    expect(await run('list_directory', { path: 'tasks' })).toMatchObject(refused);
    const listing = await run('list_directory', { path: '.' });
    expect(listing).toMatchObject({ ok: true });
    expect((listing as { result: string[] }).result).not.toContain('tasks/');
    const found = await run('find_files', { pattern: '*.json', start_path: '.', max_depth: 10 });
    expect(found).toMatchObject({ ok: true, result: [] });
    expect(readFileSync(join(b, 'task.json'), 'utf8')).toBe(bTask);
    expect(existsSync(join(b, 'pending.json'))).toBe(false);
    // This task's artifacts/ is a root below the denied tasks/: usable.
    expect(await run('create_file', { path: join(a, 'artifacts', 'out.txt'), content: 'x' })).toMatchObject({
      ok: true,
    });
    expect(readFileSync(join(a, 'artifacts', 'out.txt'), 'utf8')).toBe('x');
  });

  it('denies each sibling task when the tasks sit straight in the workspace, and nothing else', async () => {
    const { workspace, b, run } = await twoTasks('.');
    mkdirSync(join(workspace, 'src'));
    writeFileSync(join(workspace, 'src', 'main.py'), 'print(1)');
    const name = relative(workspace, b);
    expect(await run('read_file', { path: `${name}/task.json` })).toMatchObject(refused);
    expect(await run('write_file', { path: `${name}/state.json`, content: '{}' })).toMatchObject(refused);
    expect(await run('list_directory', { path: name })).toMatchObject(refused);
    const listing = await run('list_directory', { path: '.' });
    expect(listing).toMatchObject({ ok: true, result: ['src/'] });
    expect(await run('write_file', { path: 'src/main.py', content: 'print(2)' })).toMatchObject({ ok: true });
  });
});
