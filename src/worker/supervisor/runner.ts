// The supervisor's side effects, kept thin: every poll it reads each task's state.json, heartbeat.json and the new
// end of actions.jsonl, asks decide.ts what to do, and does it: start a `worker run DIR` child (its own process
// group, the supervisor's cookie, the model hold's path in its environment), ask a task to stop through state.json
// (stopTask, the seed's way: the only file it writes), signal a child's group, start a done_when check. It never
// writes anything else of a task's; the worker stays the writer of the rest. Clock and spawn are injected.
import type { ChildProcess } from 'node:child_process';
import { availableParallelism } from 'node:os';
import { join, resolve } from 'node:path';
import type { Config } from '../../config/index.js';
import type { Clock, Spawn } from '../../os/clock-spawn.js';
import { withCookie } from '../../os/cookie.js';
import { signalGroup } from '../../os/process-group.js';
import { stopTask } from '../stop-task.js';
import { decideIdle, decideRunning, type Decision, type Limits, type StopCause } from './decide.js';
import { runDoneCheck } from './done-check.js';
import { holdUntil, MODEL_HOLD_FILE, MODEL_HOLD_VAR } from './model-hold.js';
import type { SupervisorEvent, TaskView } from './progress.js';
import { STDERR_KEEP, Watched, type Child } from './watched.js';

export interface SuperviseSettings {
  parallel: number;
  staleAfterMs: number;
  /** Between a stop request and SIGTERM, and between SIGTERM and SIGKILL (watchdog.kill_grace_secs). */
  graceMs: number;
  maxRestarts: number;
  /** The supervisor's --done-when; a task's own done_when wins. */
  doneWhen: string | null;
  doneTimeoutMs: number;
  /** The model hold's file, absolute: every child is told it. */
  holdFile: string;
  pollMs: number;
}

/**
 * The settings from the config's [worker] section and what the caller overrides (the CLI's flags, the Action's
 * inputs), for the tasks under `dir` (the first supervised directory: the model hold's file is there).
 */
export function superviseSettings(
  worker: Pick<
    Config['worker'],
    'supervise_parallel' | 'stale_after_secs' | 'supervise_max_restarts' | 'done_when_timeout_secs'
  >,
  dir: string,
  over: {
    parallel?: number | undefined;
    staleAfterSecs?: number | undefined;
    maxRestarts?: number | undefined;
    doneWhen: string | null;
    graceMs: number;
  },
): SuperviseSettings {
  const staleAfterMs = (over.staleAfterSecs ?? worker.stale_after_secs) * 1000;
  return {
    parallel: over.parallel ?? worker.supervise_parallel ?? Math.min(4, availableParallelism()),
    staleAfterMs,
    graceMs: over.graceMs,
    maxRestarts: over.maxRestarts ?? worker.supervise_max_restarts,
    doneWhen: over.doneWhen,
    doneTimeoutMs: worker.done_when_timeout_secs * 1000,
    holdFile: join(dir, MODEL_HOLD_FILE),
    pollMs: Math.min(1000, Math.max(100, staleAfterMs / 4)),
  };
}

export interface SuperviseDeps {
  clock: Clock;
  spawn: Spawn;
  cookie: string;
  env: NodeJS.ProcessEnv;
  cwd: string;
  /** The command line of `agent-harness worker run DIR` (the same CLI, its config). */
  workerRun: (dir: string) => { command: string; args: string[] };
  report: (event: SupervisorEvent) => void;
  /** After every poll: each task's view and the model hold's end (a terminal redraws them). */
  refresh: (views: readonly TaskView[], holdUntil: number | null) => void;
  /** Aborted: stop every task (through state.json), wait for them within the grace, end the rest. */
  signal: AbortSignal;
}

export async function supervise(
  dirs: readonly string[],
  settings: SuperviseSettings,
  deps: SuperviseDeps,
): Promise<TaskView[]> {
  const tasks = dirs.map((dir) => new Watched(dir));
  const checks = new Set<Promise<void>>();
  const checkStop = new AbortController();
  let wake = new AbortController();
  const wakeUp = () => wake.abort();
  deps.signal.addEventListener('abort', wakeUp, { once: true });
  let held: number | null = null;
  const report = (task: Watched, event: string, fields: Record<string, unknown> = {}) =>
    deps.report({ event, task: task.id, dir: task.dir, ...fields });

  const start = (task: Watched, restart: string | null): void => {
    const { command, args } = deps.workerRun(task.dir);
    const env = withCookie({ ...deps.env, [MODEL_HOLD_VAR]: settings.holdFile }, deps.cookie);
    const startedAt = deps.clock.monotonic();
    let proc: ChildProcess;
    try {
      proc = deps.spawn(command, args, {
        cwd: deps.cwd,
        env,
        detached: true,
        stdio: ['ignore', 'pipe', 'pipe'],
      });
    } catch (error) {
      task.result = 'error';
      task.why = `worker run could not start: ${(error as Error).message}`;
      report(task, 'finish', { result: task.result, why: task.why });
      return;
    }
    const child: Child = { proc, pid: proc.pid ?? -1, startedAt, exit: null, stderr: '' };
    task.child = child;
    task.heartbeat = null;
    task.beatKey = '';
    task.stop = null;
    task.doneFound = false;
    proc.stdout?.resume();
    proc.stderr?.on('data', (chunk: Buffer) => {
      child.stderr = (child.stderr + chunk.toString()).slice(-STDERR_KEEP);
    });
    proc.once('error', (error) => {
      child.stderr += error.message;
      child.exit ??= { code: 1, signal: null };
      wakeUp();
    });
    proc.once('exit', (code, signal) => {
      child.exit = { code, signal };
      wakeUp();
    });
    if (restart === null) report(task, 'start', { pid: child.pid });
    else report(task, 'restart', { pid: child.pid, restarts: task.restarts, why: restart });
  };

  const readFiles = (task: Watched, now: number, wall: number): void => {
    const news = task.read(now, wall);
    const doneWhen = task.spec?.done_when ?? settings.doneWhen;
    const child = task.child;
    if (news.wroteFiles && doneWhen !== null && child !== null && child.exit === null && task.stop === null)
      check(task, doneWhen);
  };

  const check = (task: Watched, command: string): void => {
    if (task.checking) {
      task.recheck = true;
      return;
    }
    task.checking = true;
    task.recheck = false;
    const workspace = resolve(task.dir, task.spec!.constraints.allowed_paths[0]!);
    const running = runDoneCheck(command, workspace, settings.doneTimeoutMs, {
      spawn: deps.spawn,
      clock: deps.clock,
      env: deps.env,
      cookie: deps.cookie,
      signal: checkStop.signal,
    }).then((result) => {
      task.checking = false;
      report(task, 'done_check', {
        done: result.done,
        code: result.code,
        timed_out: result.timedOut,
        output: result.output,
      });
      if (result.done) task.doneFound = true;
      else if (task.recheck && task.stop === null && task.child?.exit === null) check(task, command);
      wakeUp();
    });
    checks.add(running);
    running.then(
      () => checks.delete(running),
      () => checks.delete(running),
    );
  };

  const requestStop = async (task: Watched, cause: StopCause, why?: string): Promise<void> => {
    task.stop = { cause, at: deps.clock.monotonic(), signalled: null, signalledAt: 0 };
    try {
      await stopTask(task.dir, deps.clock, cause === 'done' ? 'done' : 'stopped');
      report(task, 'stop', { cause, why });
    } catch (error) {
      // Not written (a lock held too long, a state that cannot be read): the grace then the signals end it.
      report(task, 'stop', { cause, why, error: (error as Error).message });
    }
  };

  const apply = async (task: Watched, decision: Decision): Promise<void> => {
    switch (decision.kind) {
      case 'wait':
        return;
      case 'start':
        return start(task, null);
      case 'stop':
        return requestStop(task, decision.cause, decision.why);
      case 'signal':
        signalGroup(task.child!.pid, decision.signal);
        task.stop = { ...task.stop!, signalled: decision.signal, signalledAt: deps.clock.monotonic() };
        report(task, 'signal', { signal: decision.signal, pid: task.child!.pid });
        return;
      case 'restart':
        task.restarts++;
        return start(task, decision.why);
      case 'finish': {
        const child = task.child;
        task.result = decision.result;
        task.why = decision.result === 'failed' && task.error !== null ? task.error : decision.why;
        const stderr = child?.stderr.trim().split('\n').at(-1);
        if (decision.result === 'error' && stderr) task.why = `${decision.why}: ${stderr}`;
        report(task, 'finish', {
          result: task.result,
          why: task.why,
          status: task.status,
          reason: task.reason,
        });
        return;
      }
    }
  };

  let shutdownSeen = false;
  for (;;) {
    const shuttingDown = deps.signal.aborted;
    if (shuttingDown && !shutdownSeen) {
      shutdownSeen = true;
      checkStop.abort();
    }
    const now = deps.clock.monotonic();
    const wall = deps.clock.now();
    const hold = holdUntil(settings.holdFile, wall);
    if (hold !== held) {
      held = hold;
      deps.report({ event: 'model_hold', until: hold === null ? null : new Date(hold).toISOString() });
    }
    let running = tasks.filter((t) => t.result === null && t.child !== null).length;
    for (const task of tasks) {
      if (task.result !== null) continue;
      readFiles(task, now, wall);
      const limits: Limits = {
        now,
        staleAfterMs: settings.staleAfterMs,
        graceMs: settings.graceMs,
        maxRestarts: settings.maxRestarts,
        held: hold !== null,
        shuttingDown,
        slotFree: running < settings.parallel,
      };
      if (task.child === null && task.problem !== null && task.spec === null) {
        await apply(task, { kind: 'finish', result: 'error', why: task.problem });
        continue;
      }
      const decision =
        task.child === null ? decideIdle(task, limits) : decideRunning(task.snapshot(task.child), limits);
      const hadChild = task.child !== null;
      await apply(task, decision);
      if (!hadChild && task.child !== null) running++;
      if (hadChild && task.result !== null) running--;
    }
    deps.refresh(
      tasks.map((task) => task.view()),
      held,
    );
    if (tasks.every((task) => task.result !== null)) break;
    wake = new AbortController();
    if (deps.signal.aborted && !shuttingDown) continue;
    if (tasks.some((t) => t.child?.exit !== null && t.child !== null && t.result === null)) continue;
    await deps.clock.sleep(settings.pollMs, wake.signal);
  }
  deps.signal.removeEventListener('abort', wakeUp);
  await Promise.all([...checks]);
  return tasks.map((task) => task.view());
}
