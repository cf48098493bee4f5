// The review mode's running commands on the local home: `plan "<description>" [--headless]`, `plan status
// <plan_id>` and `loop [--max-tries N] [--reply TEXT [--task ID]] <plan_id>`. They load the config like the
// loop does, install the same signal handling (SIGINT finishes the current session, a second one within the
// force window kills it), write events to the same log, and turn the cycle's outcome into an exit code.
import { runHarness } from '../harness/index.js';
import { spawn } from 'node:child_process';
import { relative } from 'node:path';
import { parseArgs } from 'node:util';
import type { Config } from '../config/index.js';
import { loadConfig } from '../config/index.js';
import { interactiveArgs, phaseConfig } from '../config/index.js';
import { runPlanning, type InteractivePlanner } from '../review/cycle/index.js';
import { runReviewCycle, type CycleSummary, type HumanReply } from '../review/cycle/index.js';
import type { CyclePorts } from '../review/cycle/index.js';
import { EXIT } from '../errors/exit-codes.js';
import { StopController } from '../loop/index.js';
import { installCliSignals } from './signals.js';
import { systemClock } from '../os/system-clock.js';
import { ConsoleLogger } from '../platform/local/index.js';
import { planfilePath } from '../review/index.js';
import { readPlanfile } from '../review/index.js';
import { progressText } from '../review/index.js';
import { progressPath, readProgress } from '../review/index.js';
import { waitingTasks } from '../review/index.js';
import { FileEventLog, isoSeconds, nullEventSink } from '../state/index.js';
import { resolvePaths } from '../state/index.js';
import { GLOBAL_OPTIONS, UsageError, type Verbosity } from './args.js';
import { asksHelp } from './command-line.js';
import { LOOP_USAGE, PLAN_STATUS_USAGE, PLAN_USAGE } from './cycle-usage.js';
import { plansHere, requireAttached, requirePlan } from './review-plans.js';
import { CYCLE_COMMANDS } from './command-names.js';

export { CYCLE_COMMANDS };
export type CycleCommand = (typeof CYCLE_COMMANDS)[number];

export interface CycleCommandIo {
  cwd: string;
  out: (text: string) => void;
  err: (text: string) => void;
  /** Whether stdin is a terminal (the interactive planner needs one). */
  isTty?: boolean;
}

type Values = Record<string, string | boolean | undefined>;

function parse(
  argv: readonly string[],
  options: Record<string, { type: 'string' | 'boolean' }>,
): { values: Values; positionals: string[] } {
  try {
    const parsed = parseArgs({
      args: [...argv],
      allowPositionals: true,
      strict: true,
      options: { ...GLOBAL_OPTIONS, ...options },
    });
    return { values: parsed.values, positionals: parsed.positionals };
  } catch (error) {
    throw new UsageError(error instanceof Error ? error.message : String(error));
  }
}

const verbosityOf = (values: Record<string, unknown>): Verbosity =>
  values.quiet === true ? 'quiet' : values.verbose === true ? 'verbose' : 'normal';

async function loadFor(cwd: string, values: Record<string, unknown>) {
  return loadConfig({
    cwd,
    ...(typeof values.config === 'string' ? { configPath: values.config } : {}),
    overrides: {},
  });
}

async function configFor(cwd: string, values: Record<string, unknown>): Promise<Config> {
  return (await loadFor(cwd, values)).config;
}

/** The ports every phase shares, with the signal handlers installed; `dispose` removes them. */
function localPorts(config: Config, cwd: string, verbosity: Verbosity): CyclePorts & { dispose: () => void } {
  const stop = new StopController();
  const logger = new ConsoleLogger(verbosity, () => systemClock.now());
  const paths = resolvePaths(config, cwd);
  const dispose = installCliSignals(stop, config, logger);
  return {
    config,
    cwd,
    env: process.env,
    clock: systemClock,
    spawn,
    stop,
    logger,
    events: paths.eventLog ? new FileEventLog(paths.eventLog, () => systemClock.now()) : nullEventSink,
    runHarness,
    dispose,
  };
}

export async function cycleCommand(
  command: CycleCommand,
  argv: readonly string[],
  io: CycleCommandIo,
): Promise<number> {
  return command === 'plan' ? plan(argv, io) : loop(argv, io);
}

async function plan(argv: readonly string[], io: CycleCommandIo): Promise<number> {
  // `plan status` (its own subcommand: cliMain put it first) with one plan id; more words are a description.
  const statusAsked = argv[0] === 'status';
  if (statusAsked && asksHelp(argv)) return (io.out(PLAN_STATUS_USAGE), EXIT.ok);
  const { values, positionals } = parse(argv, { headless: { type: 'boolean' } });
  if (values.help === true) return (io.out(PLAN_USAGE), EXIT.ok);
  if (statusAsked && positionals.length <= 2) {
    if (positionals.length === 1) {
      requireAttached(io.cwd, 'plan status');
      throw new UsageError(`plan status: expected a plan id\n${PLAN_STATUS_USAGE}${plansHere(io.cwd)}`);
    }
    return status(positionals[1]!, io);
  }
  const description = positionals.join(' ').trim();
  if (description === '')
    throw new UsageError(
      `plan: expected a description, e.g. agent-harness plan "Add a CSV export"\n${PLAN_USAGE}`,
    );
  requireAttached(io.cwd, 'plan');
  const headless = values.headless === true;
  if (!headless && io.isTty === false)
    throw new UsageError(
      'plan: the planner runs interactively and needs a terminal (stdin is not one): add --headless to plan unattended',
    );
  const config = await configFor(io.cwd, values);
  const ports = localPorts(config, io.cwd, verbosityOf(values));
  try {
    const result = await runPlanning({
      ...ports,
      description,
      headless,
      ...(headless ? {} : { interactive: terminalPlanner(config, io.cwd) }),
    });
    if (result.exitCode !== EXIT.ok) {
      io.err(`agent-harness: ${result.message ?? `planning ended with exit code ${result.exitCode}`}`);
      return result.exitCode;
    }
    io.out(result.planId);
    return EXIT.ok;
  } finally {
    ports.dispose();
  }
}

/** The planner on the user's terminal: its Ctrl-C is its own, so the harness ignores SIGINT while it runs. */
function terminalPlanner(config: Config, cwd: string): InteractivePlanner {
  const agent = phaseConfig(config, 'plan').agent;
  return (prompt, env) =>
    new Promise((resolve, reject) => {
      const ignore = () => undefined;
      process.on('SIGINT', ignore);
      const args = interactiveArgs(config).map((arg) => arg.replaceAll('{prompt}', prompt));
      const child = spawn(agent.command, args, {
        cwd,
        stdio: 'inherit',
        env: { ...process.env, ...env, ...agent.env },
      });
      child.once('error', (error) => {
        process.off('SIGINT', ignore);
        reject(error);
      });
      child.once('exit', (code, signal) => {
        process.off('SIGINT', ignore);
        resolve(code ?? (signal ? 128 : 1));
      });
    });
}

async function status(planId: string, io: CycleCommandIo): Promise<number> {
  requirePlan(io.cwd, 'plan status', planId);
  const file = planfilePath(io.cwd, planId);
  const planfile = await readPlanfile(file, { expectedId: planId, display: relative(io.cwd, file) });
  const path = progressPath(io.cwd, planId);
  const progress = await readProgress(path, planId, relative(io.cwd, path));
  io.out(progressText(planfile, progress));
  return EXIT.ok;
}

async function loop(argv: readonly string[], io: CycleCommandIo): Promise<number> {
  const { values, positionals } = parse(argv, {
    'max-tries': { type: 'string' },
    reply: { type: 'string' },
    task: { type: 'string' },
  });
  if (values.help === true) return (io.out(LOOP_USAGE), EXIT.ok);
  if (positionals.length !== 1)
    throw new UsageError(
      `loop: expected one plan id (the directory under .harness/plans/)\n${LOOP_USAGE}${plansHere(io.cwd)}`,
    );
  const planId = positionals[0]!;
  requirePlan(io.cwd, 'loop', planId);
  const loaded = await loadFor(io.cwd, values);
  const config = loaded.config;
  const maxTries = maxTriesOf(values['max-tries'], config.review.max_tries);
  const replies = await repliesFor(io.cwd, planId, values.reply, values.task);
  const ports = localPorts(config, io.cwd, verbosityOf(values));
  let summary: CycleSummary;
  try {
    summary = await runReviewCycle({ ...ports, planId, maxTries, replies, configFile: loaded.file });
  } finally {
    ports.dispose();
  }
  for (const e of summary.escalated) {
    io.out(`\n=== Task ${e.taskId} waits for a human: ${e.why}`);
    if (e.review !== null) io.out(`--- The last review (${e.reviewFile ?? ''}):\n${e.review.trimEnd()}`);
    if (e.gateOutput !== '') io.out(`--- The gate's output:\n${e.gateOutput.trimEnd()}`);
  }
  if (summary.escalated.length > 0)
    io.out(
      `\nAnswer with: agent-harness loop --reply "<what to do>"${summary.escalated.length > 1 ? ' --task <id>' : ''} ${planId}`,
    );
  if (summary.message !== undefined && summary.exitCode !== EXIT.ok)
    io.err(`agent-harness: ${summary.message}`);
  return summary.exitCode;
}

function maxTriesOf(text: string | boolean | undefined, fallback: number): number {
  if (typeof text !== 'string') return fallback;
  const n = Number(text);
  if (!Number.isInteger(n) || n < 1)
    throw new UsageError(`--max-tries: expected a whole number of at least 1, found ${JSON.stringify(text)}`);
  return n;
}

/** `--reply` answers the task that waits (or the one `--task` names). */
async function repliesFor(
  cwd: string,
  planId: string,
  reply: string | boolean | undefined,
  task: string | boolean | undefined,
): Promise<HumanReply[]> {
  if (typeof reply !== 'string') {
    if (typeof task === 'string') throw new UsageError('--task names the task --reply answers: add --reply');
    return [];
  }
  if (reply.trim() === '') throw new UsageError('--reply: the answer is empty');
  const path = progressPath(cwd, planId);
  const progress = await readProgress(path, planId, relative(cwd, path));
  const waiting = waitingTasks(progress);
  const taskId = typeof task === 'string' ? task : waiting.length === 1 ? waiting[0] : undefined;
  if (taskId === undefined)
    throw new UsageError(
      waiting.length === 0
        ? `--reply: no task of plan ${planId} waits for a human`
        : `--reply: ${waiting.length} tasks wait for a human (${waiting.join(', ')}): name one with --task`,
    );
  if (!waiting.includes(taskId))
    throw new UsageError(
      `--task ${taskId}: that task does not wait for a human (waiting: ${waiting.join(', ') || 'none'})`,
    );
  return [{ taskId, at: isoSeconds(Date.now()), by: process.env.USER ?? 'you', text: reply }];
}
