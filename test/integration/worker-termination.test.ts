// The harness decides termination: the iteration limit, the running-time limit (an injected clock), an external
// stop written into state.json while the worker waits for the model, a stop request to the process (the abort
// signal SIGINT/SIGTERM trigger), a `worker stop` racing the worker's own state writes — and heartbeat.json says
// where the loop is all along.
import { spawn } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { Clock } from '../../src/os/clock-spawn.js';
import { runTask } from '../../src/worker/run-task.js';
import { stopTask } from '../../src/worker/stop-task.js';
import {
  startLlmServer,
  type LlmServer,
  type LlmServerOptions,
  type LlmStep,
} from '../support/llm-server.js';
import { answer, makeTask, workerDeps, workerSettings } from '../support/worker-task.js';
import { CLI, NODE } from '../support/workdir.js';

const servers: LlmServer[] = [];
afterEach(async () => {
  for (const server of servers.splice(0)) await server.close();
});

async function server(steps: LlmStep[], respond?: LlmServerOptions['answer']) {
  const s = await startLlmServer(steps, respond ? { answer: respond } : {});
  servers.push(s);
  return s;
}

/**
 * A clock the test moves: `advance` is time passing (wall and monotonic alike), `stepWall` someone setting the
 * date (the wall clock only). Sleeps wait for the abort only (no heartbeat refresh fires).
 */
function manualClock(
  start = Date.parse('2026-01-01T00:00:00Z'),
): Clock & { advance(ms: number): void; stepWall(ms: number): void } {
  let now = start;
  let mono = 0;
  return {
    now: () => now,
    monotonic: () => mono,
    sleep: (_ms, signal) =>
      new Promise((resolve) => {
        if (signal?.aborted) return resolve(false);
        signal?.addEventListener('abort', () => resolve(false), { once: true });
      }),
    advance: (ms) => {
      now += ms;
      mono += ms;
    },
    stepWall: (ms) => void (now += ms),
  };
}

const empty: LlmStep = { answer: answer([]) };

describe('termination', () => {
  it('max_iterations: exactly that many model calls, then completed', async () => {
    const task = await makeTask({ max_iterations: 4 });
    const s = await server([empty, empty, empty, empty, empty]);
    const settings = workerSettings(s.ollamaUrl);
    const outcome = await runTask(task.dir, settings, workerDeps(settings));
    expect(s.requests).toHaveLength(4);
    expect(outcome).toMatchObject({
      status: 'completed',
      termination_reason: 'max_iterations',
      iteration: 4,
    });
    expect(task.state()).toMatchObject({
      status: 'completed',
      iteration: 4,
      termination_reason: 'max_iterations',
    });
    expect(task.heartbeat()).toMatchObject({ status: 'done', iteration: 4, pid: process.pid });
    // Rerunning a completed task leaves it alone.
    const again = await runTask(task.dir, settings, workerDeps(settings));
    expect(again).toMatchObject({ status: 'completed', iterations_run: 0, exit_code: 0 });
    expect(s.requests).toHaveLength(4);
  });

  it('timeout: running time over timeout_seconds (the clock moves 10 s per model call)', async () => {
    const task = await makeTask({ max_iterations: 50, timeout_seconds: 25 });
    const clock = manualClock();
    const s = await server([], () => {
      clock.advance(10_000);
      return empty;
    });
    const settings = workerSettings(s.ollamaUrl);
    const outcome = await runTask(task.dir, settings, workerDeps(settings, { clock }));
    // 10 s, 20 s: go on; 30 s > 25 s: stop after the third.
    expect(s.requests).toHaveLength(3);
    expect(outcome).toMatchObject({ status: 'completed', termination_reason: 'timeout', iteration: 3 });
    expect(task.state()).toMatchObject({ termination_reason: 'timeout', elapsed_ms: 30_000 });
  });

  it('timeout counts monotonic time: the date set +1 h, then a day back, neither ends nor stretches it', async () => {
    const task = await makeTask({ max_iterations: 50, timeout_seconds: 25 });
    const clock = manualClock();
    const s = await server([], () => {
      clock.advance(10_000);
      if (s.requests.length === 1) clock.stepWall(3_600_000);
      if (s.requests.length === 2) clock.stepWall(-86_400_000);
      return empty;
    });
    const settings = workerSettings(s.ollamaUrl);
    const outcome = await runTask(task.dir, settings, workerDeps(settings, { clock }));
    expect(s.requests).toHaveLength(3);
    expect(outcome).toMatchObject({ status: 'completed', termination_reason: 'timeout', iteration: 3 });
    expect(task.state()).toMatchObject({ termination_reason: 'timeout', elapsed_ms: 30_000 });
    expect(task.lines().map((line) => line.duration_ms.model)).toEqual([10_000, 10_000, 10_000]);
  });

  it('timeout between actions: the rest of the answer is not run, the iteration logged, reason timeout', async () => {
    const task = await makeTask({ max_iterations: 50, timeout_seconds: 25 });
    const manual = manualClock();
    // Time passes inside the second action: once its file exists the clock reads an hour later.
    const marker = join(task.workspace, 'a1.txt');
    const clock: Clock = {
      now: () => manual.now() + (existsSync(marker) ? 3_600_000 : 0),
      monotonic: () => manual.monotonic() + (existsSync(marker) ? 3_600_000 : 0),
      sleep: manual.sleep,
    };
    const create = (name: string) => ({ tool: 'create_file', args: { path: name, content: name } });
    const s = await server([{ answer: answer(['a0.txt', 'a1.txt', 'a2.txt', 'a3.txt'].map(create)) }, empty]);
    const settings = workerSettings(s.ollamaUrl);
    const outcome = await runTask(task.dir, settings, workerDeps(settings, { clock }));
    expect(s.requests).toHaveLength(1);
    expect(outcome).toMatchObject({
      status: 'completed',
      termination_reason: 'timeout',
      iteration: 1,
      actions: 2,
    });
    const [line] = task.lines();
    expect(line!.results.map((r) => (r.ok ? 'ok' : r.error))).toEqual([
      'ok',
      'ok',
      'not run: the task ran out of time (timeout_seconds)',
      'not run: the task ran out of time (timeout_seconds)',
    ]);
    expect(existsSync(join(task.workspace, 'a2.txt'))).toBe(false);
    expect(existsSync(join(task.workspace, 'a3.txt'))).toBe(false);
    expect(task.exists('pending.json')).toBe(false);
  });

  it('timeout counts running time carried over a stop and a rerun, not wall time', async () => {
    const task = await makeTask({ max_iterations: 50, timeout_seconds: 25 });
    const clock = manualClock();
    const s = await server([], async () => {
      clock.advance(10_000);
      if (s.requests.length === 2) await stopTask(task.dir, clock);
      return empty;
    });
    const settings = workerSettings(s.ollamaUrl);
    const first = await runTask(task.dir, settings, workerDeps(settings, { clock }));
    expect(first).toMatchObject({ status: 'stopped', termination_reason: 'stopped', iteration: 1 });
    expect(task.state().elapsed_ms).toBe(20_000);
    clock.advance(3_600_000); // an hour stopped does not count
    const second = await runTask(task.dir, settings, workerDeps(settings, { clock }));
    expect(second).toMatchObject({ status: 'completed', termination_reason: 'timeout', iteration: 2 });
    expect(task.state().elapsed_ms).toBe(30_000);
  });

  it('an external stop while the worker waits for the model: the answer is not acted on, status stopped', async () => {
    const task = await makeTask({ max_iterations: 10 });
    const s = await server([], async () => {
      if (s.requests.length === 2)
        await stopTask(task.dir, {
          now: () => Date.now(),
          monotonic: () => performance.now(),
          sleep: async () => true,
        });
      return {
        answer: answer([{ tool: 'create_file', args: { path: `f${s.requests.length}.txt`, content: 'x' } }]),
      };
    });
    const settings = workerSettings(s.ollamaUrl);
    const outcome = await runTask(task.dir, settings, workerDeps(settings));
    expect(outcome).toMatchObject({
      status: 'stopped',
      termination_reason: 'stopped',
      iteration: 1,
      exit_code: 0,
    });
    expect(s.requests).toHaveLength(2);
    expect(readFileSync(join(task.workspace, 'f1.txt'), 'utf8')).toBe('x');
    expect(() => readFileSync(join(task.workspace, 'f2.txt'))).toThrow();
    expect(task.state()).toMatchObject({ status: 'stopped', termination_reason: 'stopped', iteration: 1 });
    expect(task.lines()).toHaveLength(1);
  });

  it('a stop request to the process aborts the model call: stopped, interrupted, the iteration not counted', async () => {
    const task = await makeTask({ max_iterations: 3 });
    const stop = new AbortController();
    const s = await server([empty, { hang: true }]);
    const settings = workerSettings(s.ollamaUrl);
    const beats: string[] = [];
    const poll = setInterval(() => {
      try {
        const hb = task.heartbeat();
        beats.push(`${hb.status}@${hb.timestamp}`);
        // Refreshed while the model hangs (a second distinct timestamp for iteration 2), then stop.
        const waiting = new Set(beats.filter((b) => b.startsWith('calling_model')));
        if (hb.iteration === 2 && waiting.size >= 3) stop.abort();
      } catch {
        // between writes
      }
    }, 20);
    const outcome = await runTask(task.dir, settings, workerDeps(settings, { signal: stop.signal })).finally(
      () => clearInterval(poll),
    );
    expect(outcome).toMatchObject({
      status: 'stopped',
      termination_reason: 'interrupted',
      iteration: 1,
      exit_code: 0,
    });
    expect(task.state()).toMatchObject({
      status: 'stopped',
      termination_reason: 'interrupted',
      iteration: 1,
    });
    expect(task.lines()).toHaveLength(1);
    // The heartbeat was refreshed while the call hung (distinct timestamps, same step).
    expect(new Set(beats.filter((b) => b.startsWith('calling_model'))).size).toBeGreaterThan(1);
    expect(task.heartbeat().status).toBe('done');
    // A stopped task resumes on the next run.
    s.push(empty, empty);
    const again = await runTask(task.dir, workerSettings(s.ollamaUrl), workerDeps(settings));
    expect(again).toMatchObject({ iteration: 3, iterations_run: 2, status: 'completed' });
  });

  it('a stop is never overwritten by the worker, and keeps the fields a supervisor added', async () => {
    const task = await makeTask({ max_iterations: 10 });
    const state = JSON.parse(readFileSync(join(task.dir, 'state.json'), 'utf8')) as Record<string, unknown>;
    writeFileSync(join(task.dir, 'state.json'), JSON.stringify({ ...state, supervisor_note: 'keep me' }));
    const s = await server([], async () => {
      await stopTask(task.dir, {
        now: () => Date.now(),
        monotonic: () => performance.now(),
        sleep: async () => true,
      });
      return { answer: answer([]) };
    });
    const settings = workerSettings(s.ollamaUrl);
    await runTask(task.dir, settings, workerDeps(settings));
    expect(task.state()).toMatchObject({ status: 'stopped', supervisor_note: 'keep me' });
  });
});

describe('a stop from another process racing the worker’s own writes', () => {
  it.each([1, 2, 3, 4, 5])('round %i: the stop is never lost', async () => {
    const task = await makeTask({ max_iterations: 100_000, timeout_seconds: 3600 });
    const settings = workerSettings('http://127.0.0.1:9');
    const instant = {
      provider: 'ollama' as const,
      model: 'instant',
      endpoint: 'in-process',
      call: () =>
        Promise.resolve({
          text: answer([]),
          usage: { input_tokens: null, output_tokens: null },
          model: 'instant',
          duration_ms: 0,
        }),
    };
    const stopper: { closed?: Promise<number | null> } = {};
    const outcome = await runTask(
      task.dir,
      settings,
      workerDeps(settings, {
        transport: instant,
        onLine: (line) => {
          if (line.iteration !== 5) return;
          const child = spawn(NODE, [CLI, 'worker', 'stop', task.dir], { stdio: 'ignore' });
          stopper.closed = new Promise((resolve) => child.once('close', resolve));
        },
      }),
    );
    expect(await stopper.closed).toBe(0);
    expect(outcome).toMatchObject({ status: 'stopped', termination_reason: 'stopped' });
    expect(task.state()).toMatchObject({ status: 'stopped', termination_reason: 'stopped' });
    expect(task.state().iteration).toBe(outcome.iteration);
    expect(task.lines()).toHaveLength(outcome.iteration);
  });
});
