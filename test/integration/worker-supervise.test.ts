// `agent-harness worker supervise` with real processes against the scripted model: eight tasks, three at a time,
// all complete; one whose first model call hangs is stopped by its stale heartbeat and resumed; one whose worker
// is SIGKILLed is restarted from its state; one whose done_when becomes true stops as done (completed). No
// process is left. A 429 with Retry-After from the first call holds every task's next call until the hold's end,
// and all then complete. Every wait is on a condition (files, heartbeats, the supervisor's output), never on time.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { LlmServer } from '../support/llm-server.js';
import { alive } from '../support/processes.js';
import { gate, jsonEvents, stateOf, stateOrNull, taskServer, writes } from '../support/supervise.js';
import { heartbeatOf, until, workerDir, type WorkerDir } from '../support/worker-cli.js';

const servers: LlmServer[] = [];
const dirs: WorkerDir[] = [];
afterEach(async () => {
  for (const server of servers.splice(0)) await server.close();
  for (const w of dirs.splice(0)) expect(alive(w.pids)).toEqual([]);
});

const HUNG = 5;
const KILLED = 7;
const DONE = 3;

describe('worker supervise', () => {
  it('runs eight tasks three at a time: a hung one resumed, a killed one restarted, a done one stopped as done', async () => {
    let hung = false;
    const killGate = gate();
    let killGateUsed = false;
    const doneGate = gate();
    const server = await taskServer(async (n, i) => {
      if (n === HUNG && !hung) {
        hung = true;
        return { hang: true };
      }
      if (n === KILLED && i === 2 && !killGateUsed) {
        killGateUsed = true;
        await killGate.wait;
      }
      if (n === DONE && i >= 2) await doneGate.wait;
      return writes(n, i, n === DONE ? ['done.txt'] : []);
    });
    servers.push(server);
    const w = workerDir(server.ollamaUrl, { heartbeat_secs: 0.2 }, {}, { watchdog: { kill_grace_secs: 1 } });
    dirs.push(w);
    const tasks: string[] = [];
    for (let n = 1; n <= 8; n++)
      tasks.push(await w.newTask(['--prompt', `task-${n}: write the files`, '--max-iterations', '3']));
    const doneDir = tasks[DONE - 1]!;
    const spec = JSON.parse(readFileSync(join(doneDir, 'task.json'), 'utf8')) as Record<string, unknown>;
    writeFileSync(join(doneDir, 'task.json'), JSON.stringify({ ...spec, done_when: 'test -f done.txt' }));

    const run = w.start(['worker', 'supervise', 'tasks', '--parallel', '3', '--stale-after', '4', '--json']);
    // The killed one: its worker waits in its second call; kill it there (its PID from the heartbeat).
    const killedDir = tasks[KILLED - 1]!;
    await until(() => {
      const beat = heartbeatOf(killedDir) as { status: string; iteration: number; pid?: number } | null;
      return beat?.status === 'calling_model' && beat.iteration === 2;
    }, 'the second call of the task to kill');
    const victim = (heartbeatOf(killedDir) as unknown as { pid: number }).pid;
    process.kill(victim, 'SIGKILL');
    killGate.open();
    // The done one: once the supervisor has asked it to stop as done, its held call may answer.
    await until(() => stateOrNull(doneDir)?.termination_reason === 'done', 'the stop as done');
    doneGate.open();

    const result = await run.exit;
    const events = jsonEvents(result.stdout, w.pids);
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);

    for (const [index, dir] of tasks.entries()) {
      const n = index + 1;
      expect(stateOf(dir)).toMatchObject(
        n === DONE
          ? { status: 'completed', termination_reason: 'done' }
          : { status: 'completed', termination_reason: 'max_iterations', iteration: 3 },
      );
    }
    const restarts = (n: number) =>
      events.filter((e) => e.event === 'restart' && e.dir === tasks[n - 1]).map((e) => String(e.why));
    expect(restarts(HUNG)).toEqual([expect.stringMatching(/stale/)]);
    expect(restarts(KILLED)).toEqual([expect.stringMatching(/SIGKILL/)]);
    for (const n of [1, 2, 3, 4, 6, 8]) expect(restarts(n)).toEqual([]);
    const checks = events.filter((e) => e.event === 'done_check' && e.dir === doneDir);
    expect(checks.at(-1)).toMatchObject({ done: true, code: 0 });
    // The killed iteration was asked again; every task's files are there.
    expect(readFileSync(join(w.workspace, 'out', `${KILLED}-3.txt`), 'utf8')).toBe(`${KILLED}:3`);
    const final = events.find((e) => e.event === 'final') as { tasks: Array<{ result: string }> };
    expect(final.tasks.map((t) => t.result)).toEqual(Array(8).fill('completed'));
  });

  it("a 429 with Retry-After holds every task's calls until the hold's end; all then complete", async () => {
    // The first call is refused only once three calls are at the server (one per running task); the other two are
    // answered once the hold file is written, so every later call of every task comes under the hold.
    const arrivals: Array<{ task: number; at: number }> = [];
    let limitedAt = Infinity;
    let hold = '';
    const server = await taskServer(async (n, i) => {
      arrivals.push({ task: n, at: Date.now() });
      if (arrivals.length === 1) {
        await until(() => arrivals.length >= 3, 'a call of each running task');
        limitedAt = Date.now();
        return { status: 429, headers: { 'retry-after': '2' } };
      }
      if (limitedAt === Infinity) await until(() => existsSync(hold), 'the hold file');
      return writes(n, i);
    });
    servers.push(server);
    const w = workerDir(server.ollamaUrl, { heartbeat_secs: 0.2 }, {}, { watchdog: { kill_grace_secs: 1 } });
    dirs.push(w);
    hold = join(w.tasks, '.model-hold.json');
    const tasks: string[] = [];
    for (let n = 1; n <= 5; n++)
      tasks.push(await w.newTask(['--prompt', `task-${n}: write the files`, '--max-iterations', '2']));

    const result = await w.start([
      'worker',
      'supervise',
      'tasks',
      '--parallel',
      '3',
      '--stale-after',
      '60',
      '--json',
    ]).exit;
    const events = jsonEvents(result.stdout, w.pids);
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    for (const dir of tasks)
      expect(stateOf(dir)).toMatchObject({
        status: 'completed',
        termination_reason: 'max_iterations',
        iteration: 2,
      });

    const until_ = (JSON.parse(readFileSync(hold, 'utf8')) as { until: string; status: number }).until;
    const end = Date.parse(until_);
    expect(end).toBeGreaterThanOrEqual(limitedAt + 2000);
    // Nothing of any task reached the server between the 429 and the hold's end; the refused call was asked again.
    const after = arrivals.filter((a) => a.at > limitedAt);
    expect(after.filter((a) => a.at < end)).toEqual([]);
    expect(server.requests).toHaveLength(arrivals.length);
    expect(arrivals).toHaveLength(5 * 2 + 1);
    // The supervisor said so: a model_hold event with the hold's end, then one saying it is over.
    const holds = events.filter((e) => e.event === 'model_hold').map((e) => e.until);
    expect(holds).toEqual([until_, null]);
    const final = events.find((e) => e.event === 'final') as { tasks: Array<{ result: string }> };
    expect(final.tasks.map((t) => t.result)).toEqual(Array(5).fill('completed'));
  });
});
