// The loop run (`agent-harness [flags]`) and the commands that read the configuration (--dry-run, --status):
// loaded by cliMain only when one of them runs, so `--version`, `--help` and the subcommands never load the
// config schema, the YAML and TOML parsers or the loop.
import { spawn } from 'node:child_process';
import { describeConfig, type LoadedConfig } from '../config/index.js';
import { loadConfig } from '../config/index.js';
import { EXIT } from '../errors/exit-codes.js';
import { runHarness } from '../harness/index.js';
import { preflightProblems, StopController } from '../loop/index.js';
import { systemClock } from '../os/system-clock.js';
import { ConsoleLogger } from '../platform/local/index.js';
import { FileEventLog, nullEventSink } from '../state/index.js';
import type { CliArgs } from './args.js';
import type { CliIo } from './io.js';
import { installCliSignals } from './signals.js';
import { printStatus } from './status-command.js';

export async function runCommand(args: CliArgs, io: CliIo): Promise<number> {
  const loaded = await loadConfig({
    cwd: io.cwd,
    ...(args.configPath !== undefined ? { configPath: args.configPath } : {}),
    overrides: args.overrides,
  });
  if (args.command === 'dry-run') return dryRun(loaded, io);
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
                deadlineMs: systemClock.monotonic() + budgetMins * 60_000,
                graceMs: config.watchdog.kill_grace_secs * 1000,
                estimateMs: 0,
              },
        dispose: uninstall,
      });
    },
  });
  if (summary.error !== undefined) io.err(`agent-harness: ${summary.error}`);
  return summary.exitCode;
}

/**
 * `--dry-run`: the resolved settings, then what a run would check before it starts (the prompt file, the output
 * directory, the agent command): every problem named, and the exit code the run would end with for the first.
 * Exit 0 only when a run could start.
 */
function dryRun(loaded: LoadedConfig, io: CliIo): number {
  io.out(describeConfig(loaded));
  const problems = preflightProblems(loaded.config, io.cwd, { self: selfCommand().self !== undefined });
  if (problems.length === 0) {
    io.out('dry run: a run could start (prompt file, output directory and agent command found)');
    return EXIT.ok;
  }
  for (const problem of problems) io.err(`agent-harness: ${problem.message}`);
  const exitCode = problems[0]!.exitCode;
  io.err(
    `agent-harness: dry run: a run would not start (${problems.length} problem${problems.length === 1 ? '' : 's'}, exit code ${exitCode})`,
  );
  return exitCode;
}

/** How the loop starts this very CLI again (agent.format = "json-actions"): this node, this script. */
function selfCommand(): { self: { command: string; args: string[] } } | Record<string, never> {
  const script = process.argv[1];
  return script === undefined ? {} : { self: { command: process.execPath, args: [script] } };
}
