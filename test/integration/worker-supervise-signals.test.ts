// `worker supervise` stopped and started again: SIGINT stops every running task through state.json and a second
// supervise resumes and completes them; a second supervise while one runs exits 5; after a SIGKILL of the
// supervisor its workers end with its reaper, and the next supervise takes its lock over and resumes the tasks.
// No process is left. Every wait is on a condition, never on time.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { LlmServer } from '../support/llm-server.js';
import { alive, remember } from '../support/processes.js';
import { gate, jsonEvents, stateOf, taskServer, writes } from '../support/supervise.js';
import { heartbeatOf, until, workerDir, type WorkerDir } from '../support/worker-cli.js';

const servers: LlmServer[] = [];
const dirs: WorkerDir[] = [];
afterEach(async () => {
  for (const server of servers.splice(0)) await server.close();
  for (const w of dirs.splice(0)) expect(alive(w.pids)).toEqual([]);
});

/** Four tasks whose model calls wait for `open` (opened by the test), run two at a time. */
async function setup() {
  const open = gate();
  const server = await taskServer(async (n, i) => {
    await open.wait;
    return writes(n, i);
  });
  servers.push(server);
  const w = workerDir(server.ollamaUrl, { heartbeat_secs: 0.2 }, {}, { watchdog: { kill_grace_secs: 1 } });
  dirs.push(w);
  const tasks: string[] = [];
  for (let n = 1; n <= 4; n++)
    tasks.push(await w.newTask(['--prompt', `task-${n}: write the files`, '--max-iterations', '2']));
  const waiting = () => tasks.filter((dir) => heartbeatOf(dir)?.status === 'calling_model');
  return { open, w, tasks, waiting };
}

const ARGS = ['worker', 'supervise', 'tasks', '--parallel', '2', '--stale-after', '60', '--json'];

/** The model answers again; the next supervise resumes every task and completes it (exit 0). */
async function resumesAll(
  open: { open(): void },
  w: Awaited<ReturnType<typeof setup>>['w'],
  tasks: readonly string[],
): Promise<void> {
  open.open();
  const resumed = await w.start(ARGS).exit;
  jsonEvents(resumed.stdout, w.pids);
  expect(resumed.code).toBe(0);
  for (const dir of tasks)
    expect(stateOf(dir)).toMatchObject({
      status: 'completed',
      termination_reason: 'max_iterations',
      iteration: 2,
    });
}

describe('worker supervise, stopped and started again', () => {
  it('SIGINT stops every running task through state.json; the next supervise resumes them; a second one meanwhile exits 5', async () => {
    const { open, w, tasks, waiting } = await setup();
    const run = w.start(ARGS);
    await until(() => waiting().length === 2, 'two tasks waiting for the model');
    const started = waiting();

    const second = await w.run(['worker', 'supervise', 'tasks']);
    expect(second.code).toBe(5);
    expect(second.stderr).toMatch(/supervise\.lock/);
    // Who supervises, and how to stop it: not the loop's STOP file.
    expect(second.stderr).toMatch(
      /tasks is being supervised by pid (\d+) \(since [^)]+\) \(lock .*\); stop it with Ctrl-C or SIGTERM \(kill \1\)/,
    );
    expect(second.stderr).not.toContain('STOP file');

    run.child.kill('SIGINT');
    const first = await run.exit;
    const events = jsonEvents(first.stdout, w.pids);
    expect(first.code).toBe(20);
    for (const dir of tasks)
      expect(stateOf(dir)).toMatchObject(
        started.includes(dir) ? { status: 'stopped', termination_reason: 'stopped' } : { status: 'pending' },
      );
    const final = events.find((e) => e.event === 'final') as { tasks: Array<{ result: string }> };
    expect(final.tasks.map((t) => t.result)).toEqual(Array(4).fill('stopped'));
    expect(existsSync(join(w.tasks, 'supervise.lock'))).toBe(false);

    await resumesAll(open, w, tasks);
  });

  it('after a SIGKILL of the supervisor, its workers end and the next supervise takes its lock over and resumes', async () => {
    const { open, w, tasks, waiting } = await setup();
    const run = w.start(ARGS);
    await until(() => waiting().length === 2, 'two tasks waiting for the model');
    const workers = waiting().map((dir) => remember((heartbeatOf(dir) as unknown as { pid: number }).pid));
    w.pids.push(...workers);
    run.child.kill('SIGKILL');
    await run.exit;
    // Its reaper ends the processes carrying its cookie: the workers.
    await until(() => alive(workers).length === 0, 'the workers to end with the supervisor');
    expect(existsSync(join(w.tasks, 'supervise.lock'))).toBe(true);
    for (const dir of waiting()) expect(stateOf(dir)).toMatchObject({ status: 'running' });

    await resumesAll(open, w, tasks);
  });

  it('a task that hangs every time is given up after --max-restarts: left stopped, exit 20, the plain table says so', async () => {
    const server = await taskServer((n, i) => (n === 1 ? { hang: true } : writes(n, i)));
    servers.push(server);
    const w = workerDir(
      server.ollamaUrl,
      { heartbeat_secs: 0.2 },
      {},
      { watchdog: { kill_grace_secs: 0.5 } },
    );
    dirs.push(w);
    const hung = await w.newTask(['--prompt', 'task-1: write the files', '--max-iterations', '2']);
    const fine = await w.newTask(['--prompt', 'task-2: write the files', '--max-iterations', '2']);
    const run = w.start(['worker', 'supervise', '--stale-after', '1', '--max-restarts', '1']);
    const result = await run.exit;
    for (const match of result.stdout.matchAll(/(?:start|restart) pid=(\d+)/g))
      w.pids.push(remember(Number(match[1])));
    expect(result.code).toBe(20);
    expect(stateOf(hung)).toMatchObject({ status: 'stopped', termination_reason: 'stopped', iteration: 0 });
    expect(stateOf(fine)).toMatchObject({ status: 'completed', iteration: 2 });
    expect(result.stdout).toMatch(/restart pid=\d+ restarts=1 why="stale: stopped"/);
    const table = result.stdout.slice(result.stdout.indexOf('TASK'));
    expect(table).toMatch(/^TASK +RESULT +STATUS +ITER +REASON +RESTARTS +TOKENS +WHY$/m);
    expect(table).toMatch(/ gave_up +stopped +0\/2 +stopped +1 .*1 restarts used/);
    expect(table).toMatch(/ completed +completed +2\/2 +max_iterations +0 /);
    expect(result.stdout.trimEnd().endsWith('exit 20')).toBe(true);
  });
});
