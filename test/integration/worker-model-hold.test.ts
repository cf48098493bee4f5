// The model hold (AGENT_HARNESS_MODEL_HOLD) through the built CLI as real processes against the scripted model
// server: a 429 with Retry-After from one task's call holds the next calls of both tasks sharing the hold file
// until its `until`, and both then complete; without the variable a 429 is still exit 16; a garbled hold file does
// not fail a task; a worker gives up after llm.max_rate_limit_waits 429s in a row; a stop request or a signal
// ends a wait on the hold at once. No timing is asserted but "no call before the hold's until", which it guarantees.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it, type TestContext } from 'vitest';
import { startLlmServer, type LlmServer, type LlmStep } from '../support/llm-server.js';
import { alive } from '../support/processes.js';
import { heartbeatOf, until, workerDir, type WorkerDir } from '../support/worker-cli.js';
import { answer, taskReaders, userContent } from '../support/worker-task.js';

const HOLD_VAR = 'AGENT_HARNESS_MODEL_HOLD';
const empty: LlmStep = { answer: answer([]) };
const limited = (retryAfter: string): LlmStep => ({ status: 429, headers: { 'retry-after': retryAfter } });

/** Once the test is finished (its model server closed first), no process it started in `w` is left. */
function leavesNothing({ expect, onTestFinished }: TestContext, w: WorkerDir, server: LlmServer): void {
  onTestFinished(async () => {
    await server.close();
    expect(alive(w.pids)).toEqual([]);
  });
}

async function setup(
  context: TestContext,
  steps: LlmStep[],
  respond?: (body: unknown) => LlmStep | Promise<LlmStep>,
  llm: Record<string, unknown> = {},
) {
  const server = await startLlmServer(steps, respond ? { answer: (r) => respond(r.body) } : {});
  const w = workerDir(server.ollamaUrl, { max_iterations: 2 }, llm);
  leavesNothing(context, w, server);
  return { server, w, hold: join(w.dir, 'model-hold.json') };
}

const count = (text: string, what: string): number => text.split(what).length - 1;

describe.concurrent('the model hold', () => {
  it("a supervised worker's model cannot forge the hold or the supervisor's lock, tasks straight in its root", async (context) => {
    const { expect } = context;
    const forged = '{"until": "2999-01-01T00:00:00Z"}';
    const bodies: string[] = [];
    const { w } = await setup(context, [], (body) => {
      bodies.push(userContent(body));
      return bodies.length > 1
        ? empty
        : {
            answer: answer([
              { tool: 'write_file', args: { path: '.model-hold.json', content: forged } },
              { tool: 'write_file', args: { path: 'supervise.lock', content: '{"pid": 1}' } },
              { tool: 'write_file', args: { path: 'ok.txt', content: 'allowed\n' } },
            ]),
          };
    });
    // The task in the workspace itself, which is its root: the supervisor's directory is the model's too.
    const dir = await w.newTask(['--prompt', 'ALPHA', '--dir', 'workspace', '--allow', 'workspace']);
    const hold = join(w.workspace, '.model-hold.json');
    const run = await w.start(['worker', 'run', dir], { [HOLD_VAR]: hold }).exit;
    expect(run.code, run.stderr).toBe(0);
    expect(readFileSync(join(w.workspace, 'ok.txt'), 'utf8')).toBe('allowed\n');
    expect(existsSync(hold)).toBe(false);
    expect(existsSync(join(w.workspace, 'supervise.lock'))).toBe(false);
    expect(bodies[1]).toContain(
      'Result 1 (write_file): error: write_file: .model-hold.json: a protected path',
    );
    expect(bodies[1]).toContain('Result 2 (write_file): error: write_file: supervise.lock: a protected path');
  });

  it("one task's 429 holds both tasks' next calls until the hold's end; both then complete", async (context) => {
    const { expect } = context;
    const calls: Array<{ task: 'A' | 'B'; at: number }> = [];
    let limitedAt = Infinity;
    let hold = '';
    const { w } = await setup(context, [], async (body) => {
      const task = userContent(body).includes('ALPHA') ? 'A' : 'B';
      calls.push({ task, at: Date.now() });
      if (calls.filter((c) => c.task === task).length > 1) return empty;
      if (task === 'A') {
        limitedAt = Date.now();
        return limited('2');
      }
      // B's first call is answered only once A's 429 has set the hold: B's next call comes under it.
      await until(() => existsSync(hold), 'the hold file');
      return empty;
    });
    hold = join(w.dir, 'model-hold.json');
    const a = await w.newTask(['--prompt', 'ALPHA']);
    const b = await w.newTask(['--prompt', 'BETA']);
    const env = { [HOLD_VAR]: hold };
    const [runA, runB] = await Promise.all([
      w.start(['worker', 'run', a], env).exit,
      w.start(['worker', 'run', b], env).exit,
    ]);
    expect([runA.code, runB.code]).toEqual([0, 0]);
    for (const dir of [a, b])
      expect(taskReaders(dir).state()).toMatchObject({ status: 'completed', iteration: 2, error: null });
    const written = JSON.parse(readFileSync(hold, 'utf8')) as Record<string, unknown>;
    const taskA = (JSON.parse(readFileSync(join(a, 'task.json'), 'utf8')) as { task_id: string }).task_id;
    expect(written).toMatchObject({ set_by: taskA, status: 429 });
    const end = Date.parse(written.until as string);
    expect(end).toBeGreaterThanOrEqual(limitedAt + 2000);
    // Each task's calls after its first (A's: after its 429; B's: after the hold was set) reached the server at
    // or after the hold's end.
    const later = (task: 'A' | 'B') => calls.filter((c) => c.task === task).slice(1);
    expect([later('A').length, later('B').length]).toEqual([2, 1]);
    for (const call of [...later('A'), ...later('B')]) expect(call.at).toBeGreaterThanOrEqual(end);
    // The 429 is neither an iteration nor a line of the log; the wait is logged.
    expect(
      taskReaders(a)
        .lines()
        .map((l) => l.iteration),
    ).toEqual([1, 2]);
    expect(runA.stderr).toContain('event=model_rate_limited');
    expect(runB.stderr).toContain('event=model_hold');
  });

  it('without the variable a 429 still fails the task: exit 16, rate_limited, no hold file', async (context) => {
    const { expect } = context;
    const { w, server, hold } = await setup(context, [limited('2')]);
    const dir = await w.newTask();
    const run = await w.run(['worker', 'run', dir]);
    expect(run.code).toBe(16);
    expect(taskReaders(dir).state()).toMatchObject({ status: 'failed', error: { kind: 'rate_limited' } });
    expect(server.requests).toHaveLength(1);
    expect(existsSync(hold)).toBe(false);
  });

  it('a garbled hold file is one warning, never a failure; a 429 writes a good one over it', async (context) => {
    const { expect } = context;
    const { w, hold } = await setup(context, [limited('1'), empty, empty]);
    writeFileSync(hold, '{"until": "not a time"');
    const dir = await w.newTask();
    const run = await w.start(['worker', 'run', dir], { [HOLD_VAR]: hold }).exit;
    expect(run.code).toBe(0);
    expect(taskReaders(dir).state()).toMatchObject({ status: 'completed', iteration: 2 });
    expect(count(run.stderr, 'event=model_hold_ignored')).toBe(1);
    expect(JSON.parse(readFileSync(hold, 'utf8'))).toMatchObject({ status: 429 });
  });

  it('gives up after llm.max_rate_limit_waits 429s in a row: exit 16 as without the hold', async (context) => {
    const { expect } = context;
    const steps = [limited('0'), limited('0'), limited('0'), empty];
    const { w, server, hold } = await setup(context, steps, undefined, { max_rate_limit_waits: 2 });
    const dir = await w.newTask();
    const run = await w.start(['worker', 'run', dir], { [HOLD_VAR]: hold }).exit;
    expect(run.code).toBe(16);
    expect(server.requests).toHaveLength(3);
    expect(count(run.stderr, 'event=model_rate_limited')).toBe(2);
    expect(taskReaders(dir).state()).toMatchObject({ status: 'failed', error: { kind: 'rate_limited' } });
    expect(taskReaders(dir).lines()).toHaveLength(1);
  });

  it('a stop request or a signal ends a wait on the hold at once; nothing reaches the model', async (context) => {
    const { expect } = context;
    const { w, server, hold } = await setup(context, []);
    const inTenMinutes = new Date(Date.now() + 600_000).toISOString();
    writeFileSync(
      hold,
      JSON.stringify({ until: inTenMinutes, set_at: inTenMinutes, set_by: 'x', status: 429 }),
    );
    const stopped = await w.newTask();
    const signalled = await w.newTask();
    const first = w.start(['worker', 'run', stopped], { [HOLD_VAR]: hold });
    const second = w.start(['worker', 'run', signalled], { [HOLD_VAR]: hold });
    for (const dir of [stopped, signalled])
      await until(() => heartbeatOf(dir)?.status === 'waiting_for_model', 'the wait on the hold');
    expect((await w.run(['worker', 'stop', stopped])).code).toBe(0);
    second.child.kill('SIGTERM');
    const [one, two] = await Promise.all([first.exit, second.exit]);
    expect([one.code, two.code]).toEqual([0, 0]);
    expect(taskReaders(stopped).state()).toMatchObject({ status: 'stopped', termination_reason: 'stopped' });
    expect(taskReaders(signalled).state()).toMatchObject({
      status: 'stopped',
      termination_reason: 'interrupted',
    });
    for (const dir of [stopped, signalled]) expect(taskReaders(dir).state().iteration).toBe(0);
    expect(server.requests).toHaveLength(0);
  });
});
