import { S as StopController, r as runHarness } from './run-harness-B87iUZYY.js';
import { spawn } from 'node:child_process';
import { dirname, relative } from 'node:path';
import { parseArgs } from 'node:util';
import './input-file-Cbt1w_j3.js';
import { E as EXIT } from './exit-codes-BkuRLrXJ.js';
import 'node:fs/promises';
import { l as loadConfig } from './load-Bmhg6nfv.js';
import { p as phaseConfig, i as interactiveArgs } from './phase-rxdaBFWl.js';
import { r as runPlanning, a as runReviewCycle, b as readPlanfile, p as progressPath, c as readProgress, d as progressText } from './review-cycle-BKvrMxF0.js';
import 'node:os';
import { existsSync, readdirSync } from 'node:fs';
import './worker-agent-CEPc612X.js';
import 'node:readline';
import './harness-files-B0x0nX25.js';
import 'node:buffer';
import 'node:crypto';
import 'node:stream';
import 'node:stream/promises';
import 'node:zlib';
import { F as FileEventLog, n as nullEventSink, i as isoSeconds } from './event-log-BGV3jqas.js';
import { r as resolvePaths } from './paths-CsbkJmHS.js';
import 'node:worker_threads';
import { i as installCliSignals } from './signals-CRLm35NF.js';
import { systemClock } from './system-clock-uwg5zo-s.js';
import { C as ConsoleLogger } from './console-logger-CaTkBmJG.js';
import { h as harnessDir, p as planfilePath, a as plansDir, w as waitingTasks } from './tmplvars-BMvHh65V.js';
import { U as UsageError, g as asksHelp, G as GLOBAL_OPTIONS } from './relaunch-BurLyM5A.js';
export { b as CYCLE_COMMANDS } from './relaunch-BurLyM5A.js';
import './keep-work-B_dXZy8G.js';
import './spend-D-HHXpeX.js';
import './holder-DYQPLy_j.js';
import './tail-CzdcGSBg.js';
import './chunk-reader-0BRVJma9.js';
import './process-group-v69azfoj.js';
import './store-jcKbTIeG.js';
import './reconcile-DxxRVzih.js';
import './error-line-D30764DK.js';
import './shell-xIIC2Ow-.js';
import './late-signals-DLG8WlDk.js';
import './reaper-ON8grmD8.js';
import './instance-lock-BqpK38Bs.js';
import './lock-YHFNiW80.js';
import './store-B8ORO4c2.js';
import './errors-CNcu4SPE.js';
import 'process';
import 'buffer';
import './version-R6LujQcV.js';
import './index-CES9_pm7.js';
import 'fs';
import './text-table-Kb3cLKic.js';
import 'node:perf_hooks';
import 'node:module';

const PLAN_USAGE = `Usage: agent-harness plan "<description>" [--headless]
       agent-harness plan status <plan_id>

The planner persona writes .harness/plans/<plan_id>/planfile.json for the description. On a terminal it runs
interactively so it can ask you questions; --headless runs it unattended, stating its assumptions in the plan's
context. The plan is checked against schema/planfile.schema.json; a malformed plan gets one corrective session
with every problem, then fails with exit code 11. \`plan status\` shows every task's tries, gate results,
verdicts, cost and tokens.

Options:
      --headless        No questions: the planner runs as an unattended session (always in the Action)
  -c, --config <PATH>   Config file (default: harness.yml, harness.yaml or harness.toml here)
  -v, --verbose / -q, --quiet
  -h, --help`;
const PLAN_STATUS_USAGE = `Usage: agent-harness plan status <plan_id>

Shows every task of the plan .harness/plans/<plan_id>/: its status, tries, gate results, verdicts, cost and
tokens. Reads only; runs nothing.

Options:
  -h, --help`;
const LOOP_USAGE = `Usage: agent-harness loop [--max-tries N] [--reply TEXT [--task ID]] <plan_id>

For each task of the plan, in dependency order: a develop session (developer persona), the gate (./build.sh then
./verify.sh, each with review.gate_timeout_mins), and a review session (architect persona) whose "Result: PASS"
ends the task; anything else is a failed try, up to --max-tries. Resumes where it stopped.

Options:
      --max-tries <N>   Tries per task (review.max_tries, default 2)
      --reply <TEXT>    Your answer to a task that waits for a human: it resumes with your words in the
                        develop prompt and gets --max-tries more tries
      --task <ID>       The task --reply answers (needed when several wait)
  -c, --config <PATH>   Config file
  -v, --verbose / -q, --quiet
  -h, --help

Exit codes: 0 every task done, 12 review.max_cost_usd reached, 13 a task waits for a human, 2 build.sh or
verify.sh missing or not executable, 11 an invalid plan or progress file.`;

function planIds(cwd) {
  try {
    return readdirSync(plansDir(cwd), { withFileTypes: true }).filter((entry) => entry.isDirectory()).map((entry) => entry.name).sort();
  } catch {
    return [];
  }
}
function plansHere(cwd) {
  const ids = planIds(cwd);
  return ids.length === 0 ? '\nNo plans here yet: agent-harness plan "<description>" makes one.' : `
Plans here: ${ids.join(", ")}`;
}
function requireAttached(cwd, command) {
  if (!existsSync(harnessDir(cwd)))
    throw new UsageError(
      `${command}: no .harness/ here: run \`agent-harness attach\` first (it scaffolds the review mode's templates and plans/)`
    );
}
function requirePlan(cwd, command, planId) {
  requireAttached(cwd, command);
  if (existsSync(dirname(planfilePath(cwd, planId)))) return;
  throw new UsageError(`${command}: no plan "${planId}" in .harness/plans/${plansHere(cwd)}`);
}

function parse(argv, options) {
  try {
    const parsed = parseArgs({
      args: [...argv],
      allowPositionals: true,
      strict: true,
      options: { ...GLOBAL_OPTIONS, ...options }
    });
    return { values: parsed.values, positionals: parsed.positionals };
  } catch (error) {
    throw new UsageError(error instanceof Error ? error.message : String(error));
  }
}
const verbosityOf = (values) => values.quiet === true ? "quiet" : values.verbose === true ? "verbose" : "normal";
async function loadFor(cwd, values) {
  return loadConfig({
    cwd,
    ...typeof values.config === "string" ? { configPath: values.config } : {},
    overrides: {}
  });
}
async function configFor(cwd, values) {
  return (await loadFor(cwd, values)).config;
}
function localPorts(config, cwd, verbosity) {
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
    dispose
  };
}
async function cycleCommand(command, argv, io) {
  return command === "plan" ? plan(argv, io) : loop(argv, io);
}
async function plan(argv, io) {
  const statusAsked = argv[0] === "status";
  if (statusAsked && asksHelp(argv)) return io.out(PLAN_STATUS_USAGE), EXIT.ok;
  const { values, positionals } = parse(argv, { headless: { type: "boolean" } });
  if (values.help === true) return io.out(PLAN_USAGE), EXIT.ok;
  if (statusAsked && positionals.length <= 2) {
    if (positionals.length === 1) {
      requireAttached(io.cwd, "plan status");
      throw new UsageError(`plan status: expected a plan id
${PLAN_STATUS_USAGE}${plansHere(io.cwd)}`);
    }
    return status(positionals[1], io);
  }
  const description = positionals.join(" ").trim();
  if (description === "")
    throw new UsageError(
      `plan: expected a description, e.g. agent-harness plan "Add a CSV export"
${PLAN_USAGE}`
    );
  requireAttached(io.cwd, "plan");
  const headless = values.headless === true;
  if (!headless && io.isTty === false)
    throw new UsageError(
      "plan: the planner runs interactively and needs a terminal (stdin is not one): add --headless to plan unattended"
    );
  const config = await configFor(io.cwd, values);
  const ports = localPorts(config, io.cwd, verbosityOf(values));
  try {
    const result = await runPlanning({
      ...ports,
      description,
      headless,
      ...headless ? {} : { interactive: terminalPlanner(config, io.cwd) }
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
function terminalPlanner(config, cwd) {
  const agent = phaseConfig(config, "plan").agent;
  return (prompt, env) => new Promise((resolve, reject) => {
    const ignore = () => void 0;
    process.on("SIGINT", ignore);
    const args = interactiveArgs(config).map((arg) => arg.replaceAll("{prompt}", prompt));
    const child = spawn(agent.command, args, {
      cwd,
      stdio: "inherit",
      env: { ...process.env, ...env, ...agent.env }
    });
    child.once("error", (error) => {
      process.off("SIGINT", ignore);
      reject(error);
    });
    child.once("exit", (code, signal) => {
      process.off("SIGINT", ignore);
      resolve(code ?? (signal ? 128 : 1));
    });
  });
}
async function status(planId, io) {
  requirePlan(io.cwd, "plan status", planId);
  const file = planfilePath(io.cwd, planId);
  const planfile = await readPlanfile(file, { expectedId: planId, display: relative(io.cwd, file) });
  const path = progressPath(io.cwd, planId);
  const progress = await readProgress(path, planId, relative(io.cwd, path));
  io.out(progressText(planfile, progress));
  return EXIT.ok;
}
async function loop(argv, io) {
  const { values, positionals } = parse(argv, {
    "max-tries": { type: "string" },
    reply: { type: "string" },
    task: { type: "string" }
  });
  if (values.help === true) return io.out(LOOP_USAGE), EXIT.ok;
  if (positionals.length !== 1)
    throw new UsageError(
      `loop: expected one plan id (the directory under .harness/plans/)
${LOOP_USAGE}${plansHere(io.cwd)}`
    );
  const planId = positionals[0];
  requirePlan(io.cwd, "loop", planId);
  const loaded = await loadFor(io.cwd, values);
  const config = loaded.config;
  const maxTries = maxTriesOf(values["max-tries"], config.review.max_tries);
  const replies = await repliesFor(io.cwd, planId, values.reply, values.task);
  const ports = localPorts(config, io.cwd, verbosityOf(values));
  let summary;
  try {
    summary = await runReviewCycle({ ...ports, planId, maxTries, replies, configFile: loaded.file });
  } finally {
    ports.dispose();
  }
  for (const e of summary.escalated) {
    io.out(`
=== Task ${e.taskId} waits for a human: ${e.why}`);
    if (e.review !== null) io.out(`--- The last review (${e.reviewFile ?? ""}):
${e.review.trimEnd()}`);
    if (e.gateOutput !== "") io.out(`--- The gate's output:
${e.gateOutput.trimEnd()}`);
  }
  if (summary.escalated.length > 0)
    io.out(
      `
Answer with: agent-harness loop --reply "<what to do>"${summary.escalated.length > 1 ? " --task <id>" : ""} ${planId}`
    );
  if (summary.message !== void 0 && summary.exitCode !== EXIT.ok)
    io.err(`agent-harness: ${summary.message}`);
  return summary.exitCode;
}
function maxTriesOf(text, fallback) {
  if (typeof text !== "string") return fallback;
  const n = Number(text);
  if (!Number.isInteger(n) || n < 1)
    throw new UsageError(`--max-tries: expected a whole number of at least 1, found ${JSON.stringify(text)}`);
  return n;
}
async function repliesFor(cwd, planId, reply, task) {
  if (typeof reply !== "string") {
    if (typeof task === "string") throw new UsageError("--task names the task --reply answers: add --reply");
    return [];
  }
  if (reply.trim() === "") throw new UsageError("--reply: the answer is empty");
  const path = progressPath(cwd, planId);
  const progress = await readProgress(path, planId, relative(cwd, path));
  const waiting = waitingTasks(progress);
  const taskId = typeof task === "string" ? task : waiting.length === 1 ? waiting[0] : void 0;
  if (taskId === void 0)
    throw new UsageError(
      waiting.length === 0 ? `--reply: no task of plan ${planId} waits for a human` : `--reply: ${waiting.length} tasks wait for a human (${waiting.join(", ")}): name one with --task`
    );
  if (!waiting.includes(taskId))
    throw new UsageError(
      `--task ${taskId}: that task does not wait for a human (waiting: ${waiting.join(", ") || "none"})`
    );
  return [{ taskId, at: isoSeconds(Date.now()), by: process.env.USER ?? "you", text: reply }];
}

export { cycleCommand };
