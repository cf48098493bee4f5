// Task mode through the built CLI with an agent that forges the task lock: it removes the harness's lock while
// the session runs and makes one of its own without the harness's owner record, as an agent following the bash
// protocol would make it, naming pid 1, a live process of the machine that works elsewhere, garbage, or the
// shell loop that runs the harness. The next run proceeds and says why the lock was stale. A process that works
// in the project and holds the lock as the bash protocol does still keeps every run out (exit 5).
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, it, type TestContext } from 'vitest';
import { lockDirFor } from '../../src/tasks/lock.js';
import { killRecorded, pidAlive, readPids } from '../support/processes.js';
import {
  CLI,
  makeWorkdir,
  NODE,
  runHarness,
  testConfig,
  waitUntil,
  type Workdir,
} from '../support/workdir.js';

/** A task repository with the scripted agent's `plan`; once the test is finished, none of its agents is left. */
function taskRepo(context: TestContext, plan: string[]): Workdir {
  // One task per run, as a bash loop over the harness runs them.
  const w = makeWorkdir({ git: 'no-ignore', plan, config: testConfig({ session: { max_iterations: 1 } }) });
  context.onTestFinished(async () => {
    killRecorded(w.agentPids());
    await waitUntil(() => !w.agentPids().some(pidAlive), 'the agents to be gone');
    context.expect(w.agentPids().filter(pidAlive)).toEqual([]);
  });
  return w;
}

/** A session whose agent removes the task lock of `w` and makes its own in its place: `mkdir`, then `fill`. */
const forging = (w: Workdir, fill: (lock: string) => string): string => {
  const lock = lockDirFor(w.dir);
  return `sh:rm -rf '${lock}' && mkdir '${lock}' && ${fill(lock)}`;
};
const setPlan = (w: Workdir, plan: string[]) => writeFileSync(w.plan, JSON.stringify(plan));

/** A process the test starts (and ends when it is finished), in `cwd`; what it prints on stderr is kept. */
function started(
  context: TestContext,
  command: string,
  args: string[],
  options: { cwd: string; env?: NodeJS.ProcessEnv },
): { child: ChildProcess; stderr: () => string } {
  const child = spawn(command, args, {
    cwd: options.cwd,
    env: { ...process.env, ...options.env },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  context.onTestFinished(async () => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGKILL');
      await new Promise((r) => child.once('exit', r));
    }
    context.expect(pidAlive(child.pid!)).toBe(false);
  });
  return { child, stderr: () => stderr };
}

const exited = (child: ChildProcess) =>
  new Promise<number | null>((r) =>
    child.exitCode !== null || child.signalCode !== null ? r(child.exitCode) : child.once('exit', r),
  );

const tasks = (w: Workdir, ...args: string[]) => runHarness(w, ['tasks', ...args]);
const statuses = (w: Workdir) =>
  (JSON.parse(w.read('harness-tasks.json')) as { tasks: Array<{ status: string }> }).tasks.map(
    (t) => t.status,
  );

/** Two tasks; the first run (whose agent forges the lock), then a second one: it must run, not exit 5. */
async function forgedThenNext(context: TestContext, w: Workdir): Promise<string> {
  const { expect } = context;
  for (const args of [['init'], ['add', 'One', '--validate', 'true'], ['add', 'Two', '--validate', 'true']])
    expect((await tasks(w, ...args)).code).toBe(0);
  const first = await runHarness(w);
  expect(first.code, first.stderr).toBe(0);
  expect(statuses(w)).toEqual(['completed', 'pending']);
  const second = await runHarness(w);
  expect(second.code, second.stderr).toBe(0);
  expect(statuses(w)).toEqual(['completed', 'completed']);
  const warnings = w.read('harness-progress.txt').match(/\[SESSION-2\] WARN Removed stale lock from .*/g);
  expect(warnings).toHaveLength(1);
  return warnings![0];
}

describe.concurrent('an agent that forges the task lock', () => {
  it('pid=1: the next run proceeds', async (context) => {
    const w = taskRepo(context, []);
    setPlan(w, [forging(w, (lock) => `echo 1 > '${lock}/pid'`), 'ok']);
    const line = await forgedThenNext(context, w);
    context.expect(line).toContain('from pid=1: pid 1 is the init process, never a lock holder');
  });

  it('the pid of a live unrelated process working in another directory: the next run proceeds', async (context) => {
    const elsewhere = mkdtempSync(join(tmpdir(), 'ah-elsewhere-'));
    const other = started(context, 'sleep', ['300'], { cwd: elsewhere }).child;
    await new Promise((r) => other.once('spawn', r));
    const w = taskRepo(context, []);
    setPlan(w, [forging(w, (lock) => `echo ${other.pid} > '${lock}/pid'`), 'ok']);
    const line = await forgedThenNext(context, w);
    context.expect(line).toContain(`from pid=${other.pid}: pid ${other.pid} runs in ${elsewhere}, not in`);
    context.expect(pidAlive(other.pid!)).toBe(true);
  });

  it('garbage, in a lock directory dated a day ahead: the next run proceeds', async (context) => {
    const w = taskRepo(context, []);
    const garbage = (lock: string) =>
      `echo 'pid=1' > '${lock}/pid' && echo '{' > '${lock}/owner' && touch -d tomorrow '${lock}'`;
    setPlan(w, [forging(w, garbage), 'ok']);
    const line = await forgedThenNext(context, w);
    context.expect(line).toContain('its pid file holds no pid');
  });

  it('the shell loop that runs the harness, working in the project: its next run proceeds', async (context) => {
    const { expect } = context;
    const w = taskRepo(context, []);
    setPlan(w, [forging(w, (lock) => `echo "$LOOP_PID" > '${lock}/pid'`), 'ok']);
    await tasks(w, 'init');
    await tasks(w, 'add', 'One', '--validate', 'true');
    await tasks(w, 'add', 'Two', '--validate', 'true');
    const script = 'LOOP_PID=$$; export LOOP_PID; for i in 1 2; do "$0" "$1" || exit $?; done';
    const loop = started(context, '/bin/sh', ['-c', script, NODE, CLI], {
      cwd: w.dir,
      env: { AGENT_PLAN: w.plan },
    });
    expect(await exited(loop.child), loop.stderr()).toBe(0);
    expect(statuses(w)).toEqual(['completed', 'completed']);
    const pid = loop.child.pid!;
    expect(w.read('harness-progress.txt')).toContain(
      `WARN Removed stale lock from pid=${pid}: pid ${pid} is an ancestor of this process`,
    );
  });
});

describe.concurrent('a bash agent holding the task lock in the project', () => {
  it('keeps every run out (exit 5) until it lets go', async (context) => {
    const { expect } = context;
    const w = taskRepo(context, ['ok']);
    await tasks(w, 'init');
    await tasks(w, 'add', 'One', '--validate', 'true');
    const lock = lockDirFor(w.dir);
    // The seed's protocol: mkdir the lock, write $$ into it, work, remove it.
    const script = `mkdir '${lock}' && echo $$ > '${lock}/pid' && while [ ! -e release ]; do sleep 0.05; done; rm -rf '${lock}'`;
    const holder = started(context, '/bin/sh', ['-c', script], { cwd: w.dir }).child;
    await waitUntil(() => readPids(join(lock, 'pid'))[0] === holder.pid, 'the bash agent to hold the lock');
    const refused = await runHarness(w);
    expect(refused.code, refused.stderr).toBe(5);
    expect(refused.stderr).toContain(`pid=${holder.pid}`);
    expect(statuses(w)).toEqual(['pending']);

    writeFileSync(w.path('release'), '');
    expect(await exited(holder)).toBe(0);
    const run = await runHarness(w);
    expect(run.code, run.stderr).toBe(0);
    expect(statuses(w)).toEqual(['completed']);
  });
});
