// The Action's `worker-supervise` input, the bundle run as the runner runs it (dist/main.js, then dist/post.js)
// with the real cache and artifact clients against Azurite and the scripted model: the worker's supervisor runs
// every task of a committed directory in one job. Run 1: two of three tasks complete, the third hangs in its model
// call, is stopped by its stale heartbeat and given up (worker.supervise_max_restarts 0): the step fails, the
// outputs count the tasks, the summary holds the final table, every task's directory is in the artifact. Run 2,
// from a fresh clone: the tasks' state comes back from the cache, the completed ones are left alone and the third
// resumes and completes. A cancellation (SIGTERM to main) stops every task through its state.json. worker-supervise
// with worker-task is an input error. No process is left.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { stringify } from 'yaml';
import { describe, it, type TestContext } from 'vitest';
import {
  jobEnv,
  jobFiles,
  MAIN,
  parseFileCommands,
  POST,
  postEnv,
  runJob,
  startStep,
} from '../support/action-runner.js';
import { startActionsServices } from '../support/actions-services.js';
import { gate, taskOf, taskServer, writes } from '../support/supervise.js';
import { heartbeatOf, until } from '../support/worker-cli.js';
import { CLI, NODE, testConfig } from '../support/workdir.js';

/** The tests run side by side, each starting processes of its own: a wide hang guard (no timing is asserted). */
const SIDE_BY_SIDE = { timeout: 300_000 };

async function ownServices(onTestFinished: TestContext['onTestFinished']) {
  const services = await startActionsServices();
  onTestFinished(() => services.close());
  return services;
}

const git = (cwd: string, ...args: string[]) =>
  execFileSync('git', ['-c', 'user.name=Test', '-c', 'user.email=test@example.invalid', ...args], {
    cwd,
    encoding: 'utf8',
  }).trim();

/** Processes whose command line names `path` (the workers of a task under it): none may outlive a step. */
function processesUnder(path: string): number[] {
  const found: number[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry) || Number(entry) === process.pid) continue;
    try {
      if (readFileSync(`/proc/${entry}/cmdline`, 'utf8').includes(path)) found.push(Number(entry));
    } catch {
      // gone meanwhile
    }
  }
  return found;
}

/** A clone of a new origin whose tasks/ holds `count` committed tasks ("task-N: ..."), `worker` in its config. */
function committedTasks(
  onTestFinished: TestContext['onTestFinished'],
  modelUrl: string,
  count: number,
  worker: Record<string, unknown>,
) {
  const scratch = mkdtempSync(join(tmpdir(), 'ah-supervise-action-'));
  onTestFinished(() => rmSync(scratch, { recursive: true, force: true }));
  const origin = join(scratch, 'origin.git');
  const ws = join(scratch, 'workspace'); // the runner's workspace path is the same every run
  execFileSync('git', ['init', '-q', '--bare', origin]);
  git(scratch, 'clone', '-q', origin, ws);
  writeFileSync(
    join(ws, 'harness.yml'),
    stringify(
      testConfig({
        llm: { provider: 'ollama', base_url: modelUrl, model: 'scripted', timeout_secs: 60 },
        worker,
      }),
    ),
  );
  const tasks: string[] = [];
  for (let n = 1; n <= count; n++) {
    const args = ['worker', 'new', '--prompt', `task-${n}: write the files`, '--dir', 'tasks'];
    tasks.push(
      execFileSync(NODE, [CLI, ...args, '--max-iterations', '2', '--allow', ws], {
        cwd: ws,
        encoding: 'utf8',
      }).trim(),
    );
  }
  git(ws, 'add', '-A');
  git(ws, 'commit', '-q', '-m', 'worker tasks');
  git(ws, 'push', '-q', 'origin', 'HEAD');
  return { scratch, origin, ws, tasks };
}

const HUNG = 3;

describe.concurrent('the Action with worker-supervise', SIDE_BY_SIDE, () => {
  it('runs a directory of tasks in one job; the next run continues the unfinished one from the cache', async ({
    expect,
    onTestFinished,
  }) => {
    const services = await ownServices(onTestFinished);
    let hung = false;
    const llm = await taskServer((n, i) => {
      if (n === HUNG && !hung) {
        hung = true;
        return { hang: true };
      }
      return writes(n, i);
    });
    onTestFinished(() => llm.close());
    const { scratch, origin, ws, tasks } = committedTasks(onTestFinished, llm.ollamaUrl, 3, {
      heartbeat_secs: 0.2,
      stale_after_secs: 4,
      supervise_max_restarts: 0,
    });

    const stateKey = `supervise-${Date.now()}`;
    const run = async (runId: string) => {
      rmSync(ws, { recursive: true, force: true });
      git(scratch, 'clone', '-q', origin, ws); // a fresh checkout, as every job gets
      const result = await runJob({
        files: jobFiles(),
        workspace: ws,
        inputs: {
          'worker-supervise': 'tasks',
          'worker-parallel': '3',
          'state-key': stateKey,
          'github-token': '',
        },
        env: { ...services.env },
        runId,
      });
      expect(processesUnder(ws)).toEqual([]);
      return result;
    };
    const state = (dir: string) =>
      JSON.parse(readFileSync(join(dir, 'state.json'), 'utf8')) as Record<string, unknown>;
    const calls = (n: number) => llm.requests.filter((r) => r.format === 'ollama' && taskOf(r) === n).length;

    const run1 = await run('951');
    const log1 = run1.main.stdout + run1.main.stderr;
    expect(run1.main.code, log1).not.toBe(0);
    expect(log1).toContain('1 of 3 worker task(s) did not complete (exit code 20)');
    expect(run1.post.code, run1.post.stdout).toBe(0);
    expect(run1.outputs).toMatchObject({
      'stop-reason': 'worker_done',
      'worker-completed': '2',
      'worker-unfinished': '1',
    });
    for (const [index, dir] of tasks.entries())
      expect(state(dir)).toMatchObject(
        index + 1 === HUNG
          ? { status: 'stopped' }
          : { status: 'completed', termination_reason: 'max_iterations', iteration: 2 },
      );
    // The summary is the supervisor's final table, one row per task.
    expect(run1.summary).toContain('2 of 3 tasks under');
    expect(run1.summary).toContain(
      '| Task | Result | Status | Iterations | Reason | Restarts | Tokens | Why |',
    );
    for (const [index, dir] of tasks.entries())
      expect(run1.summary).toMatch(
        new RegExp(`\\| ${basename(dir)} \\| ${index + 1 === HUNG ? 'gave\\\\_up' : 'completed'} \\|`),
      );
    const keys = services.cacheEntries().map((e) => e.key);
    expect(keys.some((key) => key.startsWith(`${stateKey}~supervise-tasks-951-1-`))).toBe(true);
    const artifact1 = await services.downloadArtifact('agent-harness-951-1-agent-0');
    for (const dir of tasks) {
      expect(artifact1.has(`${basename(dir)}/task.json`)).toBe(true);
      expect(artifact1.has(`${basename(dir)}/state.json`)).toBe(true);
    }
    const [first, second] = [calls(1), calls(2)];
    expect([first, second]).toEqual([2, 2]);

    // Run 2 in a fresh clone: the cached state comes back; the completed tasks are left alone, the third resumes.
    const run2 = await run('952');
    expect(run2.main.code, run2.main.stdout + run2.main.stderr).toBe(0);
    expect(run2.post.code, run2.post.stdout).toBe(0);
    expect(run2.outputs).toMatchObject({ 'worker-completed': '3', 'worker-unfinished': '0' });
    for (const dir of tasks)
      expect(state(dir)).toMatchObject({
        status: 'completed',
        termination_reason: 'max_iterations',
        iteration: 2,
      });
    expect([calls(1), calls(2)]).toEqual([first, second]);
    expect(run2.summary).toContain('3 of 3 tasks under');
    const artifact2 = await services.downloadArtifact('agent-harness-952-1-agent-0');
    expect(JSON.parse(artifact2.get(`${basename(tasks[HUNG - 1]!)}/state.json`)!.toString())).toMatchObject({
      status: 'completed',
    });
  });

  it('refuses worker-supervise together with worker-task', async ({ expect, onTestFinished }) => {
    const services = await ownServices(onTestFinished);
    const ws = mkdtempSync(join(tmpdir(), 'ah-supervise-input-'));
    onTestFinished(() => rmSync(ws, { recursive: true, force: true }));
    const run = await runJob({
      files: jobFiles(),
      workspace: ws,
      inputs: { 'worker-supervise': 'tasks', 'worker-task': 'tasks/a', 'github-token': '' },
      env: { ...services.env },
      runId: '960',
    });
    expect(run.main.code).not.toBe(0);
    expect(run.main.stdout).toContain('input worker-task and worker-supervise cannot be used together');
  });

  it('a cancellation stops every task through its state.json and ends every process; post keeps the state', async ({
    expect,
    onTestFinished,
  }) => {
    const services = await ownServices(onTestFinished);
    const open = gate();
    const llm = await taskServer(async (n, i) => {
      await open.wait;
      return writes(n, i);
    });
    onTestFinished(() => {
      open.open();
      return llm.close();
    });
    const { ws, tasks } = committedTasks(onTestFinished, llm.ollamaUrl, 2, { heartbeat_secs: 0.2 });
    const files = jobFiles();
    const env = jobEnv({
      files,
      workspace: ws,
      inputs: { 'worker-supervise': 'tasks', 'state-key': `cancel-${Date.now()}`, 'github-token': '' },
      env: { ...services.env },
      runId: '970',
    });
    const main = startStep(MAIN, env, ws);
    await until(
      () => tasks.every((dir) => heartbeatOf(dir)?.status === 'calling_model'),
      'both tasks waiting for the model',
    );
    main.child.kill('SIGTERM');
    const exit = await main.exit;
    // The runner marks a cancelled step itself: the step does not fail it further.
    expect(exit.code, main.stdout() + main.stderr()).toBe(0);
    expect(processesUnder(ws)).toEqual([]);
    for (const dir of tasks)
      expect(JSON.parse(readFileSync(join(dir, 'state.json'), 'utf8'))).toMatchObject({ status: 'stopped' });
    const post = startStep(POST, postEnv(env, files), ws);
    expect((await post.exit).code, post.stdout()).toBe(0);
    expect(parseFileCommands(readFileSync(files.output, 'utf8'))).toMatchObject({
      'stop-reason': 'cancelled',
    });
    expect(readFileSync(files.summary, 'utf8')).toContain('the run was cancelled');
  });
});
