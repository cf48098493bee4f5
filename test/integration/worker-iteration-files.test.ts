// What one worker iteration writes in its task directory, and the guarantees its readers keep: heartbeat.json names
// a step that waits (the model call, the actions) within a second of its start, never more often than that in a
// fast loop, says done at the end, and is refreshed every worker.heartbeat_secs whatever the step (a wait on
// state.json's mutex too); a pending.json left empty by a kill during its first write is removed on resume, nothing
// rerun. Real files, counted through inotify (fs.watch): the model is the only stand-in.
import { spawn, type ChildProcess } from 'node:child_process';
import { rmSync, watch, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { systemClock } from '../../src/os/system-clock.js';
import type { LlmTransport } from '../../src/worker/llm/transport.js';
import { HEARTBEAT_LAG_MS } from '../../src/worker/heartbeat.js';
import { runTask } from '../../src/worker/run-task.js';
import type { WorkerSettings } from '../../src/worker/run-options.js';
import { pidAlive } from '../support/processes.js';
import { heartbeatOf, until } from '../support/worker-cli.js';
import { answer, makeTask, workerSettings } from '../support/worker-task.js';

const children: ChildProcess[] = [];
afterEach(async () => {
  for (const child of children.splice(0)) {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGKILL');
      await new Promise((r) => child.once('exit', r));
    }
    expect(pidAlive(child.pid!)).toBe(false);
  }
});

/** A model in this process answering `text` at once. */
function instant(text: string): LlmTransport {
  return {
    provider: 'ollama',
    model: 'instant',
    endpoint: 'in-process',
    call: () =>
      Promise.resolve({
        text,
        usage: { input_tokens: 1, output_tokens: 1 },
        model: 'instant',
        duration_ms: 0,
      }),
  };
}

const deps = (text: string) => ({
  clock: systemClock,
  transport: instant(text),
  log: () => undefined,
  env: process.env,
});

/** Runs `work` and counts the times heartbeat.json was renamed into place meanwhile (every inotify event read). */
async function heartbeatWrites(dir: string, work: () => Promise<unknown>): Promise<number> {
  let writes = 0;
  let sentinel = false;
  const watcher = watch(dir, (event, name) => {
    if (event === 'rename' && name === 'heartbeat.json') writes++;
    if (name === 'sentinel') sentinel = true;
  });
  try {
    await work();
    // inotify keeps the order: once the sentinel's event is read, every earlier one was.
    writeFileSync(join(dir, 'sentinel'), '');
    await until(() => sentinel, 'the sentinel event', 5000);
  } finally {
    watcher.close();
  }
  return writes;
}

const slowHeartbeat = (): WorkerSettings =>
  workerSettings('http://127.0.0.1:9', { worker: { heartbeat_secs: 600 } });

describe('the files one worker iteration writes', () => {
  it('a fast loop writes heartbeat.json about once a second, not every step; the end says done', async () => {
    const task = await makeTask({ max_iterations: 20 });
    writeFileSync(join(task.workspace, 'in.txt'), 'x');
    const acting = answer([
      { tool: 'read_file', args: { path: 'in.txt' } },
      { tool: 'write_file', args: { path: 'out.txt', content: 'y' } },
    ]);
    let ms = 0;
    const writes = await heartbeatWrites(task.dir, async () => {
      const start = performance.now();
      const outcome = await runTask(task.dir, slowHeartbeat(), deps(acting));
      ms = performance.now() - start;
      expect(outcome).toMatchObject({ status: 'completed', iteration: 20, actions: 40 });
    });
    // The run's first write, one a second at most (HEARTBEAT_LAG_MS), done: never two a step (was 4 an iteration).
    expect(writes).toBeLessThanOrEqual(2 + Math.ceil(ms / HEARTBEAT_LAG_MS));
    expect(writes).toBeLessThan(20);
    expect(task.heartbeat()).toMatchObject({ status: 'done', iteration: 20, pid: process.pid });
  });

  it('a step that waits is named in heartbeat.json within the lag, though the last write was just before', async () => {
    const task = await makeTask({ max_iterations: 3 });
    let calls = 0;
    const transport: LlmTransport = {
      ...instant(answer([])),
      call: async () => {
        // The second call answers once the heartbeat names it: the write the lag deferred comes by itself.
        if (++calls === 2)
          await until(
            () => heartbeatOf(task.dir)?.status === 'calling_model' && heartbeatOf(task.dir)?.iteration === 2,
            'calling_model for iteration 2',
            5000,
          );
        return {
          text: answer([]),
          usage: { input_tokens: 1, output_tokens: 1 },
          model: 'instant',
          duration_ms: 0,
        };
      },
    };
    const outcome = await runTask(task.dir, slowHeartbeat(), { ...deps(answer([])), transport });
    expect(outcome).toMatchObject({ status: 'completed', iteration: 3 });
    expect(task.heartbeat()).toMatchObject({ status: 'done', iteration: 3 });
  });

  it('the heartbeat is refreshed while the worker waits on state.json’s mutex', async () => {
    const task = await makeTask({ max_iterations: 1 });
    const holder = spawn('sleep', ['60'], { stdio: 'ignore' });
    children.push(holder);
    await new Promise((r) => holder.once('spawn', r));
    writeFileSync(join(task.dir, 'state.json.lock'), `${holder.pid}\n`);
    const run = runTask(task.dir, workerSettings('http://127.0.0.1:9'), deps(answer([])));
    const stamps = new Set<string>();
    await until(
      () => {
        const beat = heartbeatOf(task.dir);
        if (beat !== null) stamps.add(beat.timestamp);
        return stamps.size >= 3;
      },
      'three heartbeats while the mutex is held',
      5000,
    );
    expect(task.state().iteration).toBe(0);
    rmSync(join(task.dir, 'state.json.lock'));
    expect(await run).toMatchObject({ status: 'completed', iteration: 1 });
    expect(task.heartbeat()).toMatchObject({ status: 'done', iteration: 1 });
  });

  it('a pending.json left empty (a kill during its first write) is removed on resume; nothing is rerun', async () => {
    const task = await makeTask({ max_iterations: 1 });
    writeFileSync(join(task.dir, 'pending.json'), '');
    const outcome = await runTask(task.dir, slowHeartbeat(), deps(answer([])));
    expect(outcome).toMatchObject({ status: 'completed', iteration: 1 });
    expect(task.exists('pending.json')).toBe(false);
    expect(task.lines().map((line) => [line.iteration, line.interrupted ?? false])).toEqual([[1, false]]);
  });
});
