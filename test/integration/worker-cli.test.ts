// `agent-harness worker new|run|stop|ls` through the built CLI (dist/cli.js) as real processes against the
// scripted model server: help texts, a task from creation to completion, `run A B` and its exit code, one worker
// per task (exit 5), a stop from another process while the worker waits for the model, SIGTERM, the model
// unreachable (16) and a rerun, corrupt state (17), and `worker ls` for every status and liveness.
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join, relative } from 'node:path';
import { describe, it, type TestContext } from 'vitest';
import { startLlmServer, type LlmServer, type LlmStep } from '../support/llm-server.js';
import { alive } from '../support/processes.js';
import { heartbeatOf, until, workerDir, type WorkerDir } from '../support/worker-cli.js';
import { answer, taskReaders } from '../support/worker-task.js';
import { CLI, NODE } from '../support/workdir.js';

// The tests run side by side, each with a directory and a model server of its own: most of their time is spent
// waiting on the CLI's processes.

/** Once the test is finished (its model server closed first), no process it started in `w` is left. */
function leavesNothing({ expect, onTestFinished }: TestContext, w: WorkerDir, server?: LlmServer): WorkerDir {
  onTestFinished(async () => {
    await server?.close();
    expect(alive(w.pids)).toEqual([]);
  });
  return w;
}

async function setup(
  context: TestContext,
  steps: LlmStep[],
  respond?: () => LlmStep | Promise<LlmStep>,
  worker = {},
) {
  const server = await startLlmServer(steps, respond ? { answer: respond } : {});
  const w = leavesNothing(context, workerDir(server.ollamaUrl, worker), server);
  return { server, w };
}

const empty: LlmStep = { answer: answer([]) };
const state = (dir: string) => taskReaders(dir).state();

describe.concurrent('worker CLI', () => {
  it('prints help for the group and each command', async (context) => {
    const { expect } = context;
    const { w } = await setup(context, []);
    for (const args of [
      ['worker', '--help'],
      ...['new', 'run', 'stop', 'ls'].map((c) => ['worker', c, '--help']),
    ]) {
      const result = await w.run(args);
      expect(result.code).toBe(0);
      expect(result.stdout).toMatch(/^Usage: agent-harness worker/);
    }
    const bad = await w.run(['worker', 'frobnicate']);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('unknown worker command "frobnicate"');
    expect((await w.run(['worker', 'new'])).code).toBe(2);
  });

  it('new → run → ls: a task from creation to completion', async (context) => {
    const { expect } = context;
    const { w, server } = await setup(context, [
      { answer: answer([{ tool: 'create_file', args: { path: 'hello.txt', content: 'hi' } }]) },
      empty,
    ]);
    writeFileSync(join(w.dir, 'PROMPT.txt'), 'Say hello\nin a file');
    const dir = await w.newTask(['--prompt-file', 'PROMPT.txt', '--max-iterations', '2', '--timeout', '60']);
    expect(dir.startsWith(w.tasks)).toBe(true);
    const task = JSON.parse(readFileSync(join(dir, 'task.json'), 'utf8')) as Record<string, unknown>;
    expect(task).toMatchObject({
      prompt: 'Say hello\nin a file',
      constraints: { max_iterations: 2, timeout_seconds: 60, allowed_paths: [relative(dir, w.workspace)] },
    });
    expect(state(dir)).toMatchObject({ status: 'pending', iteration: 0 });
    const run = await w.run(['worker', 'run', dir]);
    expect(run.code).toBe(0);
    expect(run.stdout).toContain(`${dir}: completed (max_iterations) at iteration 2`);
    expect(readFileSync(join(w.workspace, 'hello.txt'), 'utf8')).toBe('hi');
    expect(server.requests).toHaveLength(2);
    const ls = await w.run(['worker', 'ls']);
    expect(ls.stdout).toMatch(/completed\s+2\/2\s+max_iterations\s+-\s+Say hello/);
    const json = JSON.parse((await w.run(['worker', 'ls', '--json'])).stdout) as Array<
      Record<string, unknown>
    >;
    expect(json).toEqual([
      expect.objectContaining({ dir, status: 'completed', liveness: '-', iteration: 2 }),
    ]);
  });

  it('a task moved with its checkout works where it lands: allowed paths are relative to the task', async (context) => {
    const { expect } = context;
    const { w } = await setup(context, [
      { answer: answer([{ tool: 'create_file', args: { path: 'moved.txt', content: 'here' } }]) },
    ]);
    const dir = await w.newTask(['--prompt', 'Leave a note', '--max-iterations', '1']);
    const moved = `${w.dir}-moved`;
    renameSync(w.dir, moved);
    try {
      const newDir = join(moved, relative(w.dir, dir));
      // Rejects on a non-zero exit; asynchronous, since the model server runs in this process.
      await promisify(execFile)(NODE, [CLI, 'worker', 'run', newDir], { cwd: moved });
      expect(readFileSync(join(moved, 'workspace', 'moved.txt'), 'utf8')).toBe('here');
    } finally {
      renameSync(moved, w.dir);
    }
  });

  it('run A B runs both; the exit code is the first non-zero', async (context) => {
    const { expect } = context;
    const { w } = await setup(context, [empty, empty, empty]);
    const a = await w.newTask();
    const b = await w.newTask();
    writeFileSync(join(a, 'state.json'), '{"status": "running"');
    const run = await w.run(['worker', 'run', a, b]);
    expect(run.code).toBe(17);
    expect(run.stderr).toContain(`${a}: ${join(a, 'state.json')}: is not valid JSON`);
    expect(readFileSync(join(a, 'state.json'), 'utf8')).toBe('{"status": "running"');
    expect(state(b)).toMatchObject({ status: 'completed', iteration: 3 });
  });

  it('one worker per task: a second run exits 5; SIGTERM stops the first cleanly', async (context) => {
    const { expect } = context;
    const { w } = await setup(context, [empty, { hang: true }]);
    const dir = await w.newTask();
    const first = w.start(['worker', 'run', dir]);
    await until(
      () => heartbeatOf(dir)?.status === 'calling_model' && heartbeatOf(dir)?.iteration === 2,
      'the call',
    );
    const second = await w.run(['worker', 'run', dir]);
    expect(second.code).toBe(5);
    // Who runs the task and how to stop it: the lock's holder, and `worker stop DIR`, not the loop's STOP file.
    expect(second.stderr).toMatch(
      /task (\S+) is being run by pid \d+ \(since \d{4}-\d\d-\d\dT[\d:.]+Z\); stop it with `agent-harness worker stop \1`, or wait/,
    );
    expect(second.stderr).toContain(basename(dir));
    expect(second.stderr).not.toContain('STOP file');
    first.child.kill('SIGTERM');
    const ended = await first.exit;
    expect(ended.code).toBe(0);
    expect(state(dir)).toMatchObject({ status: 'stopped', termination_reason: 'interrupted', iteration: 1 });
    expect(heartbeatOf(dir)?.status).toBe('done');
  });

  it('SIGHUP stops the task cleanly, like SIGTERM', async (context) => {
    const { expect } = context;
    const { w } = await setup(context, [empty, { hang: true }]);
    const dir = await w.newTask();
    const run = w.start(['worker', 'run', dir]);
    await until(
      () => heartbeatOf(dir)?.status === 'calling_model' && heartbeatOf(dir)?.iteration === 2,
      'the call',
    );
    run.child.kill('SIGHUP');
    const ended = await run.exit;
    expect(ended).toMatchObject({ code: 0, signal: null });
    expect(state(dir)).toMatchObject({ status: 'stopped', termination_reason: 'interrupted', iteration: 1 });
  });

  it('a second signal within the force window ends the run at once: exit 130, no process left', async (context) => {
    const { expect } = context;
    // A model command that ignores SIGTERM: the clean stop would wait out its kill grace.
    const pidFile = join(mkdtempSync(join(tmpdir(), 'ah-force-')), 'model.pid');
    const stubborn = `process.on('SIGTERM', () => {}); require('fs').writeFileSync(${JSON.stringify(pidFile)}, String(process.pid)); setInterval(() => {}, 1000);`;
    // A window no load can outlast: the second signal is sent once the first one was handled.
    const w = leavesNothing(
      context,
      workerDir(
        'http://127.0.0.1:9',
        {},
        { provider: 'command', command: [NODE, '-e', stubborn] },
        { shutdown: { force_window_secs: 60 } },
      ),
    );
    const dir = await w.newTask();
    const run = w.start(['worker', 'run', dir]);
    await until(() => existsSync(pidFile) && readFileSync(pidFile, 'utf8') !== '', 'the model command');
    const model = Number(readFileSync(pidFile, 'utf8'));
    run.child.kill('SIGINT');
    await run.output.waitFor(() => run.output.stderr().includes('signal=SIGINT'));
    run.child.kill('SIGINT');
    const ended = await run.exit;
    expect(ended.code, ended.stderr).toBe(130);
    // Killed (SIGKILL) by the run; reaped by init a moment after the run exits.
    await until(() => alive([model]).length === 0, 'the model command to be gone', 5000);
    expect(existsSync(join(dir, 'worker.lock'))).toBe(false);
    // Left as a kill leaves it: the next run resumes it.
    expect(state(dir).status).toBe('running');
  });

  it('a stop written by another process while the worker waits for the model', async (context) => {
    const { expect } = context;
    let dir = '';
    const { w } = await setup(context, [], async () => {
      // Asynchronous: this process is the model server of the tests running beside this one.
      const stopped = await w.run(['worker', 'stop', dir]);
      if (stopped.code !== 0) throw new Error(`worker stop failed: ${stopped.stderr}`);
      return { answer: answer([{ tool: 'create_file', args: { path: 'no.txt', content: 'x' } }]) };
    });
    dir = await w.newTask();
    const run = await w.run(['worker', 'run', dir]);
    expect(run.code).toBe(0);
    expect(run.stdout).toContain('stopped (stopped) at iteration 0');
    expect(state(dir)).toMatchObject({ status: 'stopped', termination_reason: 'stopped', iteration: 0 });
    expect(() => readFileSync(join(w.workspace, 'no.txt'))).toThrow();
    const again = await w.run(['worker', 'stop', dir]);
    expect(again.stdout).toContain('already stopped');
  });

  it('the model unreachable: exit 16, failed; the rerun with the server back resumes', async (context) => {
    const { expect } = context;
    const { w, server } = await setup(context, [empty]);
    const dir = await w.newTask();
    // One answer, then a 500 (the script is used up): fatal.
    const run = await w.run(['worker', 'run', dir]);
    expect(run.code).toBe(16);
    expect(run.stderr).toContain('http_error');
    expect(state(dir)).toMatchObject({ status: 'failed', iteration: 1, error: { kind: 'http_error' } });
    server.push(empty, empty);
    const rerun = await w.run(['worker', 'run', dir]);
    expect(rerun.code).toBe(0);
    expect(state(dir)).toMatchObject({ status: 'completed', iteration: 3, error: null });
  });

  it('run and stop on a directory that is not a task: exit 17 naming task.json, nothing written', async (context) => {
    const { expect } = context;
    const { w } = await setup(context, []);
    const typo = join(w.dir, 'tasks-typo');
    const empty = join(w.dir, 'not-a-task');
    mkdirSync(empty);
    for (const command of ['run', 'stop']) {
      for (const dir of [typo, empty]) {
        const result = await w.run(['worker', command, dir]);
        expect(result.code, `${command} ${dir}: ${result.stderr}`).toBe(17);
        expect(result.stderr).toContain(join(dir, 'task.json'));
        expect(result.stderr).toContain('missing');
      }
    }
    expect(existsSync(typo)).toBe(false);
    expect(readdirSync(empty)).toEqual([]);
  });

  it('ls: pending, running (alive, stale, dead), stopped, completed, failed', async (context) => {
    const { expect } = context;
    const { w, server } = await setup(context, []);
    const pending = await w.newTask(['--prompt', 'pending one']);
    const stopped = await w.newTask(['--prompt', 'stopped one']);
    expect((await w.run(['worker', 'stop', stopped])).code).toBe(0);
    const completed = await w.newTask(['--prompt', 'completed one', '--max-iterations', '1']);
    server.push(empty);
    expect((await w.run(['worker', 'run', completed])).code).toBe(0);
    const failed = await w.newTask(['--prompt', 'failed one']);
    server.push({ status: 404 });
    expect((await w.run(['worker', 'run', failed])).code).toBe(16);
    const running = await w.newTask(['--prompt', 'running one']);
    server.push({ hang: true });
    const worker = w.start(['worker', 'run', running]);
    await until(() => heartbeatOf(running)?.status === 'calling_model', 'the call');

    const rows = async (...args: string[]) =>
      JSON.parse((await w.run(['worker', 'ls', '--json', ...args])).stdout) as Array<{
        dir: string;
        status: string;
        liveness: string;
        termination_reason: string | null;
      }>;
    const byDir = (list: Awaited<ReturnType<typeof rows>>) =>
      Object.fromEntries(
        list.map((r) => [r.dir, `${r.status}/${r.liveness}/${r.termination_reason ?? '-'}`]),
      );
    expect(byDir(await rows())).toEqual({
      [pending]: 'pending/-/-',
      [stopped]: 'stopped/-/stopped',
      [completed]: 'completed/-/max_iterations',
      [failed]: 'failed/-/fatal',
      [running]: 'running/alive/-',
    });
    const table = (await w.run(['worker', 'ls'])).stdout;
    expect(table.split('\n')[0]).toMatch(/^TASK\s+STATUS\s+ITER\s+REASON\s+LIVENESS\s+PROMPT$/);
    expect(table).toMatch(/running\s+0\/3\s+-\s+alive\s+running one/);
    expect(table).toMatch(/failed\s+0\/3\s+fatal\s+-\s+failed one/);

    worker.child.kill('SIGSTOP'); // alive, but its heartbeat no longer moves
    const frozen = heartbeatOf(running)!.timestamp;
    await until(() => Date.now() - Date.parse(frozen) > 20, 'the heartbeat to age');
    expect(byDir(await rows('--stale-after', '0.01'))[running]).toBe('running/stale/-');
    expect((await w.run(['worker', 'ls', '--stale-after', '0.01'])).stdout).toMatch(/stale \(\d+s\)/);
    worker.child.kill('SIGKILL');
    await worker.exit;
    expect(byDir(await rows())[running]).toBe('running/dead/-');
    // The one task directory alone.
    expect((await rows(pending)).map((r) => r.dir)).toEqual([pending]);
  });

  it("run: the config file it loaded is never the model's, even inside the workspace", async (context) => {
    const { expect } = context;
    const write = (path: string) => ({
      tool: 'write_file',
      args: { path, content: '[llm]\ncommand = "sh"\n' },
    });
    const { w, server } = await setup(context, [
      { answer: answer([write('harness.toml'), write('./harness.toml')]) },
    ]);
    // The config as harness.toml in the directory that is also the workspace (allowed_paths ["."]).
    rmSync(join(w.dir, 'harness.yml'));
    const toml =
      `[llm]\nprovider = "ollama"\nbase_url = "${server.ollamaUrl}"\nmodel = "scripted"\ntimeout_secs = 30\n` +
      `[worker]\nallowed_paths = ["."]\nheartbeat_secs = 0.05\nmax_iterations = 1\n`;
    writeFileSync(join(w.dir, 'harness.toml'), toml);
    const dir = await w.newTask();
    const run = await w.run(['worker', 'run', dir]);
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toContain('2 refused paths');
    expect(readFileSync(join(w.dir, 'harness.toml'), 'utf8')).toBe(toml);
    expect(state(dir)).toMatchObject({ status: 'completed', security_violations: 2 });
  });
});
