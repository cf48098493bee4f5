// The local home: wire the config, the terminal and plain files to the loop, and turn every outcome into
// one exit code.
import { spawn } from 'node:child_process';
import { describeConfig } from '../config/describe.js';
import { configJsonSchema } from '../config/json-schema.js';
import { loadConfig } from '../config/load.js';
import { EXIT } from '../errors/exit-codes.js';
import { exitForError } from '../errors/exit-for-error.js';
import { runHarness } from '../harness/run-harness.js';
import { StopController } from '../loop/stop.js';
import { installCliSignals } from './signals.js';
import { systemClock } from '../os/system-clock.js';
import { ConsoleLogger } from '../platform/local/console-logger.js';
import { FileEventLog, nullEventSink } from '../state/event-log.js';
import { parseCliArgs, USAGE } from './args.js';
import { printStatus } from './status-command.js';
import { VERSION } from '../version.js';
import { tasksCommand } from './tasks-command.js';
import { REVIEW_COMMANDS, reviewCommand } from './review-commands.js';
import { CYCLE_COMMANDS, cycleCommand } from './cycle-commands.js';
import { HISTORY_COMMANDS, historyCommand } from './history-commands.js';
import { processSessionIo, workerSession } from './worker-session.js';
import { workerCommand } from './worker-command.js';

export interface CliIo {
  cwd: string;
  out: (text: string) => void;
  err: (text: string) => void;
  /** A long output's piece and a newline, resolved once the reader has taken it in (backpressure). */
  stream?: (text: string) => Promise<void>;
}

const defaultIo = (): CliIo => ({
  cwd: process.cwd(),
  out: (text) => process.stdout.write(`${text}\n`),
  err: (text) => process.stderr.write(`${text}\n`),
  stream: (text) => writeWaiting(process.stdout, `${text}\n`),
});

/**
 * Writes `text` and, when the stream's buffer is full (a pipe to a slower reader: stdout to a pipe is asynchronous),
 * waits for it to drain, so a long output is never held in memory whole.
 */
function writeWaiting(stream: NodeJS.WriteStream, text: string): Promise<void> {
  if (stream.write(text)) return Promise.resolve();
  return new Promise((resolve, reject) => {
    const done = (error?: Error): void => {
      stream.off('drain', done);
      stream.off('error', done);
      if (error) reject(error);
      else resolve();
    };
    stream.once('drain', done);
    stream.once('error', done);
  });
}

export async function cliMain(argv: readonly string[], io: CliIo = defaultIo()): Promise<number> {
  try {
    // Hidden: the loop's json-actions session (worker-session.ts); before the `worker` commands.
    if (argv[0] === 'worker' && argv[1] === 'session')
      return await workerSession(argv.slice(2), processSessionIo(io.cwd));
    if (argv[0] === 'tasks') {
      return await tasksCommand(argv.slice(1), {
        cwd: io.cwd,
        out: io.out,
        now: () => systemClock.now(),
        env: process.env,
      });
    }
    if (argv[0] === 'worker' && argv[1] !== 'session')
      return await workerCommand(argv.slice(1), { ...io, env: process.env });
    const review = REVIEW_COMMANDS.find((name) => name === argv[0]);
    if (review !== undefined) return await reviewCommand(review, argv.slice(1), io);
    const cycle = CYCLE_COMMANDS.find((name) => name === argv[0]);
    if (cycle !== undefined)
      return await cycleCommand(cycle, argv.slice(1), { ...io, isTty: process.stdin.isTTY === true });
    const history = HISTORY_COMMANDS.find((name) => name === argv[0]);
    if (history !== undefined) return await historyCommand(history, argv.slice(1), io);
    const args = parseCliArgs(argv);
    if (args.command === 'help') return (io.out(USAGE), EXIT.ok);
    if (args.command === 'version') return (io.out(VERSION), EXIT.ok);
    if (args.command === 'schema') return (io.out(JSON.stringify(configJsonSchema(), null, 2)), EXIT.ok);
    const loaded = await loadConfig({
      cwd: io.cwd,
      ...(args.configPath !== undefined ? { configPath: args.configPath } : {}),
      overrides: args.overrides,
    });
    if (args.command === 'dry-run') return (io.out(describeConfig(loaded)), EXIT.ok);
    if (args.command === 'status') return await printStatus(loaded.config, io);

    const config = loaded.config;
    const stop = new StopController();
    const logger = new ConsoleLogger(args.verbosity, () => systemClock.now());
    const summary = await runHarness({
      config,
      cwd: io.cwd,
      env: process.env,
      clock: systemClock,
      spawn,
      stop,
      ...(args.task !== undefined ? { onlyTask: args.task } : {}),
      ...selfCommand(),
      configFile: loaded.file,
      start: ({ paths }) => {
        const uninstall = installCliSignals(stop, config, logger);
        const budgetMins = config.session.time_budget_mins;
        return Promise.resolve({
          logger,
          events: paths.eventLog ? new FileEventLog(paths.eventLog, () => systemClock.now()) : nullEventSink,
          budget: () =>
            budgetMins === undefined
              ? undefined
              : {
                  deadlineMs: systemClock.now() + budgetMins * 60_000,
                  graceMs: config.watchdog.kill_grace_secs * 1000,
                  estimateMs: 0,
                },
          dispose: uninstall,
        });
      },
    });
    if (summary.error !== undefined) io.err(`agent-harness: ${summary.error}`);
    return summary.exitCode;
  } catch (error) {
    const verdict = exitForError(error);
    io.err(`agent-harness: ${verdict.message}`);
    return verdict.code;
  }
}

/** How the loop starts this very CLI again (agent.format = "json-actions"): this node, this script. */
function selfCommand(): { self: { command: string; args: string[] } } | Record<string, never> {
  const script = process.argv[1];
  return script === undefined ? {} : { self: { command: process.execPath, args: [script] } };
}
