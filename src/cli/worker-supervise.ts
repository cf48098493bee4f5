// `agent-harness worker supervise [DIR...]`: runs every task under the directories, each in a `worker run` child
// of its own, and watches them (worker/supervisor/, docs/worker.md "Supervising many tasks"). This file is the
// command line's part: the flags and config, one `supervise.lock` per directory (a second supervisor there exits
// 5; one left by a SIGKILLed supervisor is taken over), the run's cookie and reaper (should the supervisor die, its
// children end with it), the signals (the first stops every task through state.json; a second within
// shutdown.force_window_secs ends them at once, exit 130), and where the progress goes: redrawn in place on a
// terminal, plain lines on changes otherwise, JSON lines with --json.
import { spawn } from 'node:child_process';
import { stat } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { loadConfig } from '../config/index.js';
import { EXIT } from '../errors/exit-codes.js';
import { endCarriers, killCarriersNow, newCookie } from '../os/cookie.js';
import { startReaper } from '../os/reaper.js';
import { systemClock } from '../os/system-clock.js';
import { acquireInstanceLock, AlreadyRunningError, type InstanceLock } from '../state/index.js';
import { findTaskDirs } from '../worker/index.js';
import {
  allCompleted,
  eventLine,
  finalTable,
  holdLine,
  lineChanges,
  supervise,
  SUPERVISE_LOCK,
  superviseSettings,
  taskLine,
  type SupervisorEvent,
  type TaskView,
} from '../worker/supervisor/index.js';
import { flagNumber, GLOBAL_OPTIONS, UsageError } from './args.js';
import { installWorkerSignals } from './worker-signals.js';

export interface SuperviseIo {
  cwd: string;
  out: (text: string) => void;
  err: (text: string) => void;
  env: NodeJS.ProcessEnv;
}

export const SUPERVISE_USAGE = `Usage: agent-harness worker supervise [DIR...] [options]

Runs every task under each DIR (a directory of task directories, or one task directory; default:
worker.tasks_dir) that is pending, stopped or left running by a dead worker, each as its own \`worker run\`,
at most --parallel at once; a completed task is left alone and a failed one reported. A task whose heartbeat is
older than --stale-after, or whose step has lasted that long, is stopped through state.json, ended if it does not
stop, and resumed; so is one whose worker died, at most --max-restarts times. A task's done_when (task.json) or
--done-when is run in its workspace after each iteration that wrote a file: exit 0 stops it as done (completed).

      --parallel N         tasks at once (default: worker.supervise_parallel, else the cores, at most 4)
      --stale-after SECS   default: worker.stale_after_secs
      --max-restarts N     default: worker.supervise_max_restarts
      --done-when CMD      a shell command; exit 0 in a task's workspace = done (a task's own done_when wins)
      --json               JSON lines (one per event and change), then the final table as JSON
  -c, --config PATH        config file

Exit code: 0 every task completed; 20 some failed, gave up, were held by another worker or were stopped (SIGINT,
SIGTERM or SIGHUP stops them all; the next supervise resumes them); 5 another supervise runs on a DIR.`;

function parse(argv: readonly string[]) {
  try {
    return parseArgs({
      args: [...argv],
      allowPositionals: true,
      strict: true,
      options: {
        parallel: { type: 'string' },
        'stale-after': { type: 'string' },
        'max-restarts': { type: 'string' },
        'done-when': { type: 'string' },
        json: { type: 'boolean' },
        ...GLOBAL_OPTIONS,
      },
    });
  } catch (error) {
    throw new UsageError(`worker supervise: ${(error as Error).message}\n${SUPERVISE_USAGE}`);
  }
}

/** One lock per directory, in order; all released again when one is held elsewhere (exit 5). */
async function lockAll(dirs: readonly string[], cookie: string): Promise<InstanceLock[]> {
  const locks: InstanceLock[] = [];
  try {
    for (const dir of dirs) locks.push(await acquireInstanceLock(join(dir, SUPERVISE_LOCK), { cookie }));
  } catch (error) {
    for (const lock of locks) await lock.release();
    if (!(error instanceof AlreadyRunningError)) throw error;
    const dir = dirs[locks.length]!;
    throw new AlreadyRunningError(
      `${dir} is being supervised by ${error.heldBy} (lock ${join(dir, SUPERVISE_LOCK)}); stop it with Ctrl-C or ` +
        `SIGTERM${error.holder ? ` (kill ${error.holder.pid})` : ''}, which stops its tasks through their ` +
        'state.json, or wait for it to end',
      error.holder,
      error.reclaiming,
    );
  }
  return locks;
}

export async function superviseCommand(argv: readonly string[], io: SuperviseIo): Promise<number> {
  const { values, positionals } = parse(argv);
  if (values.help) return (io.out(SUPERVISE_USAGE), EXIT.ok);
  const { config, file } = await loadConfig({
    cwd: io.cwd,
    ...(values.config !== undefined ? { configPath: values.config } : {}),
  });
  const w = config.worker;
  const parallel = flagNumber('--parallel', values.parallel, 'positive integer');
  const staleAfter = flagNumber('--stale-after', values['stale-after'], 'positive number');
  const maxRestarts = flagNumber('--max-restarts', values['max-restarts'], 'whole number');
  const doneWhen = values['done-when'] ?? null;
  if (doneWhen !== null && doneWhen.trim() === '') throw new UsageError('--done-when: the command is empty');
  const dirs = [
    ...new Set((positionals.length > 0 ? positionals : [w.tasks_dir]).map((d) => resolve(io.cwd, d))),
  ];
  for (const dir of dirs)
    if (!(await stat(dir).catch(() => null))?.isDirectory())
      throw new UsageError(`worker supervise: ${dir}: not a directory`);
  const cookie = newCookie();
  const locks = await lockAll(dirs, cookie);
  const graceMs = config.watchdog.kill_grace_secs * 1000;
  const reaper = startReaper(cookie, graceMs, spawn);
  const stop = new AbortController();
  const removeSignals = installWorkerSignals({
    windowMs: config.shutdown.force_window_secs * 1000,
    now: () => systemClock.monotonic(),
    stop: (signal) => {
      io.err(`agent-harness: ${signal}: stopping every task (a second one ends them at once)`);
      stop.abort();
    },
    force: () => {
      // The tasks stay `running`; their workers die here; the next supervise resumes them as after a kill.
      killCarriersNow(cookie);
      process.exit(EXIT.forced);
    },
  });
  const output = progressOutput(io, values.json === true);
  try {
    const taskDirs = [...new Set((await Promise.all(dirs.map(findTaskDirs))).flat())].sort();
    const self = process.argv[1]!;
    const views = await supervise(
      taskDirs,
      superviseSettings(w, dirs[0]!, {
        parallel,
        staleAfterSecs: staleAfter,
        maxRestarts,
        doneWhen,
        graceMs,
      }),
      {
        clock: systemClock,
        spawn,
        cookie,
        env: io.env,
        cwd: io.cwd,
        workerRun: (dir) => ({
          command: process.execPath,
          args: [self, 'worker', 'run', dir, ...(file !== null ? ['-c', file] : [])],
        }),
        report: output.event,
        refresh: output.refresh,
        signal: stop.signal,
      },
    );
    const code = allCompleted(views.map((v) => v.result ?? 'stopped')) ? EXIT.ok : EXIT.tasksUnfinished;
    output.final(views, code);
    return code;
  } finally {
    removeSignals();
    await endCarriers(cookie, graceMs, systemClock);
    reaper.close();
    for (const lock of locks) await lock.release();
  }
}

interface ProgressOutput {
  event: (event: SupervisorEvent) => void;
  refresh: (views: readonly TaskView[], holdUntil: number | null) => void;
  final: (views: readonly TaskView[], code: number) => void;
}

/** Where the progress goes: JSON lines, a block redrawn in place on a terminal, or plain lines on changes. */
function progressOutput(io: SuperviseIo, json: boolean): ProgressOutput {
  const changed = lineChanges();
  if (json)
    return {
      event: (event) => io.out(JSON.stringify({ time: new Date().toISOString(), ...event })),
      refresh: (views) => {
        for (const view of views)
          if (changed(view) !== null)
            io.out(JSON.stringify({ time: new Date().toISOString(), event: 'progress', ...view }));
      },
      final: (views, code) => io.out(JSON.stringify({ event: 'final', exit_code: code, tasks: views })),
    };
  const tty = process.stdout.isTTY === true;
  let drawn = 0;
  const write = (text: string) => process.stdout.write(text);
  return {
    event: (event) => {
      if (tty && drawn > 0) {
        // Above the block: the block is drawn again below it at the next refresh.
        write(`\x1b[${drawn}A\x1b[J`);
        drawn = 0;
      }
      io.out(eventLine(event));
    },
    refresh: (views, holdUntil) => {
      const hold = holdLine(holdUntil);
      if (tty) {
        const lines = [...views.map((v) => taskLine(v)), ...(hold !== null ? [hold] : [])];
        write(`${drawn > 0 ? `\x1b[${drawn}A` : ''}${lines.map((l) => `\x1b[2K${l}\n`).join('')}\x1b[J`);
        drawn = lines.length;
        return;
      }
      for (const view of views) {
        const line = changed(view);
        if (line !== null) io.out(line);
      }
    },
    final: (views, code) => {
      if (tty && drawn > 0) write(`\x1b[${drawn}A\x1b[J`);
      io.out(finalTable(views));
      io.out(`exit ${code}`);
    },
  };
}
