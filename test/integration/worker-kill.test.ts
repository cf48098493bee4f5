// Resume after SIGKILL: the `worker run` process killed at several moments (waiting for the model; among the
// actions of an iteration, at a slow action and at random points), then run again. The iteration count goes on
// from where the files say, state.json is whole, the killed iteration is logged once (`interrupted: true` when its
// actions had started) and no action runs twice: every action is a create_file of a unique name, which fails if
// it runs again, and the rerun's model repeats the same answer whenever it is asked for the same iteration.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { readPending, type ActionLine } from '../../src/worker/task-files.js';
import {
  startLlmServer,
  type LlmServer,
  type LlmServerOptions,
  type RecordedRequest,
} from '../support/llm-server.js';
import { alive } from '../support/processes.js';
import { heartbeatOf, until, workerDir, type WorkerDir } from '../support/worker-cli.js';
import { answer, taskReaders, userContent } from '../support/worker-task.js';

const servers: LlmServer[] = [];
const dirs: WorkerDir[] = [];
afterEach(async () => {
  for (const server of servers.splice(0)) await server.close();
  for (const w of dirs.splice(0)) expect(alive(w.pids)).toEqual([]);
});

/** The log's lines that parse, and how many did not (a line torn by the kill). */
function readLog(dir: string): { lines: ActionLine[]; torn: number } {
  const lines: ActionLine[] = [];
  let torn = 0;
  for (const raw of readFileSync(join(dir, 'actions.jsonl'), 'utf8').split('\n')) {
    if (raw === '') continue;
    try {
      lines.push(JSON.parse(raw) as ActionLine);
    } catch {
      torn++;
    }
  }
  return { lines, torn };
}

const iterationOf = (request: RecordedRequest) =>
  Number(/Iteration (\d+) of/.exec(userContent(request.body))![1]);

/** Iteration i's answer: `count` create_file actions, unique names, `size` bytes each; a slow find_files inserted at `slowAt`. */
function actionsFor(i: number, count: number, size: number, slowAt: number | null = null) {
  const actions: Array<{ tool: string; args: Record<string, unknown> }> = Array.from(
    { length: count },
    (_, j) => ({
      tool: 'create_file',
      args: { path: `marks/i${i}-a${j}.txt`, content: `${i}-${j}:`.padEnd(size, '.') },
    }),
  );
  if (slowAt !== null)
    actions.splice(slowAt, 0, {
      tool: 'find_files',
      args: { pattern: '*.nothing', start_path: 'tree', max_depth: 20 },
    });
  return answer(actions);
}

/** A tree big enough that walking it (find_files matching nothing) takes a while: the slow action. */
function bigTree(workspace: string): void {
  for (let a = 0; a < 40; a++) {
    mkdirSync(join(workspace, 'tree', `d${a}`), { recursive: true });
    for (let b = 0; b < 250; b++) writeFileSync(join(workspace, 'tree', `d${a}`, `f${b}.txt`), '');
  }
}

/** How many results pending.json holds, or null when there is none (or it is being replaced). */
function pendingResults(dir: string): number | null {
  return readPending(dir)?.results.length ?? null;
}

/** The invariants after a kill and a complete rerun. */
function checkResumed(w: WorkerDir, dir: string, iterations: number) {
  const state = taskReaders(dir).state();
  expect(state).toMatchObject({
    status: 'completed',
    iteration: iterations,
    termination_reason: 'max_iterations',
  });
  const { lines, torn } = readLog(dir);
  expect(torn).toBeLessThanOrEqual(1);
  expect(readFileSync(join(dir, 'actions.jsonl'), 'utf8').endsWith('\n')).toBe(true);
  // Each iteration logged once (fatal lines aside), in order.
  expect(lines.filter((l) => !l.fatal).map((l) => l.iteration)).toEqual(
    Array.from({ length: iterations }, (_, i) => i + 1),
  );
  for (const line of lines) {
    expect(line.error).toBeNull();
    line.results.forEach((result, j) => {
      const action = line.llm_response!.actions[j]!;
      if (action.tool !== 'create_file') return;
      const path = join(w.workspace, String(action.args.path));
      // Never twice: a second create_file of the same name would have failed with "exists".
      if (!result.ok) expect(result.error).not.toMatch(/exist/);
      let content: string | null;
      try {
        content = readFileSync(path, 'utf8');
      } catch {
        content = null;
      }
      if (result.ok) expect(content).toBe(action.args.content);
      else if (result.error === 'not run: the worker was killed during this iteration')
        expect(content).toBeNull();
      else expect(result.error).toMatch(/may or may not have completed/);
    });
  }
  return lines;
}

async function scripted(respond: NonNullable<LlmServerOptions['answer']>) {
  const server = await startLlmServer([], { answer: respond });
  servers.push(server);
  return server;
}

describe('resume after kill -9', () => {
  it('killed while waiting for the model: the rerun asks again for that iteration', async () => {
    let hang = true;
    const server = await scripted((request) =>
      iterationOf(request) === 2 && hang
        ? { hang: true }
        : { answer: actionsFor(iterationOf(request), 2, 10) },
    );
    const w = workerDir(server.ollamaUrl);
    dirs.push(w);
    const dir = await w.newTask();
    const run = w.start(['worker', 'run', dir]);
    await until(
      () => server.requests.length === 2 && heartbeatOf(dir)?.status === 'calling_model',
      'the call',
    );
    run.child.kill('SIGKILL');
    await run.exit;
    expect(taskReaders(dir).state()).toMatchObject({ status: 'running', iteration: 1 });
    hang = false;
    const rerun = await w.run(['worker', 'run', dir]);
    expect(rerun.code).toBe(0);
    const lines = checkResumed(w, dir, 3);
    expect(lines.some((l) => l.interrupted)).toBe(false);
    expect(server.requests.map(iterationOf)).toEqual([1, 2, 2, 3]);
  });

  it('killed during a slow action: logged interrupted, finished actions kept, the rest never run', async () => {
    const server = await scripted((request) => {
      const i = iterationOf(request);
      return {
        answer: i === 1 ? actionsFor(1, 3, 10, 1) : answer([]),
      };
    });
    const w = workerDir(server.ollamaUrl, { max_iterations: 2 });
    dirs.push(w);
    bigTree(w.workspace);
    const dir = await w.newTask();
    const run = w.start(['worker', 'run', dir]);
    await until(() => pendingResults(dir) === 1, 'the first action to finish');
    run.child.kill('SIGKILL');
    const killed = await run.exit;
    expect(killed.signal).toBe('SIGKILL');
    const rerun = await w.run(['worker', 'run', dir]);
    expect(rerun.code).toBe(0);
    const lines = checkResumed(w, dir, 2);
    const first = lines.find((l) => l.iteration === 1)!;
    expect(first.interrupted).toBe(true);
    expect(first.results.map((r) => (r.ok ? 'ok' : r.error))).toEqual([
      'ok',
      'not run: the worker was killed during this iteration; it may or may not have completed',
      'not run: the worker was killed during this iteration',
      'not run: the worker was killed during this iteration',
    ]);
    expect(readFileSync(join(w.workspace, 'marks', 'i1-a0.txt'), 'utf8')).toMatch(/^1-0:/);
    // The model was asked once per iteration: the killed one was not asked again.
    expect(server.requests.map(iterationOf)).toEqual([1, 2]);
    expect(taskReaders(dir).exists('pending.json')).toBe(false);
    expect(userContent(server.requests[1]!.body)).toContain(
      '## Iteration 1 (interrupted: the worker was killed)',
    );
  });

  /** What the test watches for before it kills: the moment, read from the task's files. */
  const MOMENTS: Array<[string, (dir: string) => boolean, number | null]> = [
    ['as soon as the answer is sent', () => true, null],
    ['once pending.json records the answer', (dir) => pendingResults(dir) === 0, 0],
    ['among the actions', (dir) => (pendingResults(dir) ?? 0) >= 3, 3],
    ['once the iteration is logged', (dir) => readLog(dir).lines.some((l) => l.iteration === 2), null],
  ];

  it.each(MOMENTS)('killed %s: the rerun goes on, nothing runs twice', async (_moment, ready, slowAt) => {
    let armed = false;
    const server = await scripted((request) => {
      if (iterationOf(request) === 2) armed = true;
      // The same answer whenever the same iteration is asked for.
      const i = iterationOf(request);
      return { answer: actionsFor(i, 12, 60_000, i === 2 ? slowAt : null) };
    });
    const w = workerDir(server.ollamaUrl);
    dirs.push(w);
    if (slowAt !== null) bigTree(w.workspace);
    const dir = await w.newTask();
    const run = w.start(['worker', 'run', dir]);
    const watch = setInterval(() => {
      if (armed && ready(dir)) {
        clearInterval(watch);
        run.child.kill('SIGKILL');
      }
    }, 1);
    const first = await run.exit.finally(() => clearInterval(watch));
    const rerun = await w.run(['worker', 'run', dir]);
    expect(rerun.code).toBe(0);
    const lines = checkResumed(w, dir, 3);
    if (process.env.WORKER_KILL_DEBUG)
      console.log(
        lines.map((l) => `${l.iteration}${l.interrupted ? 'i' : ''}`).join(' '),
        server.requests.map(iterationOf),
        first.signal,
      );
    // A kill among the actions leaves the iteration to be logged as interrupted.
    if (slowAt !== null) expect(lines[1]).toMatchObject({ iteration: 2, interrupted: true });
    expect(first.signal).toBe('SIGKILL');
  });
});
