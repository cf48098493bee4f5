import { S as StopController, r as runHarness } from './run-harness-DWMpjnHg.js';
import { spawn } from 'node:child_process';
import { relative } from 'node:path';
import { parseArgs } from 'node:util';
import './input-file-6q8ve5AP.js';
import { E as EXIT } from './exit-codes-B1e2_Xbp.js';
import 'node:fs/promises';
import { l as loadConfig } from './load-Cfaa3dqn.js';
import { p as phaseConfig, i as interactiveArgs } from './phase-rxdaBFWl.js';
import { r as runPlanning, a as runReviewCycle, b as readPlanfile, p as progressPath, c as readProgress, d as progressText } from './review-cycle-Brn6rMMU.js';
import 'node:os';
import 'node:fs';
import './worker-agent-BT4DhLb9.js';
import 'node:readline';
import './harness-files-Dukz__AL.js';
import 'node:buffer';
import 'node:crypto';
import 'node:stream';
import 'node:stream/promises';
import 'node:zlib';
import { F as FileEventLog, n as nullEventSink, i as isoSeconds } from './process-group-CrZliCAe.js';
import { r as resolvePaths } from './paths-BvYzQ2NT.js';
import 'node:worker_threads';
import { i as installCliSignals } from './signals-bAh_qfUI.js';
import { systemClock } from './system-clock-uwg5zo-s.js';
import { C as ConsoleLogger } from './console-logger-Dmd761sn.js';
import { p as planfilePath, w as waitingTasks } from './tmplvars-mnUeNSH9.js';
import { U as UsageError } from './index-C2Ydfofy.js';
export { C as CYCLE_COMMANDS } from './index-C2Ydfofy.js';
import './recovery-DyUdNC9b.js';
import './stats-B7irQI-N.js';
import './errors-Bb6PJNB8.js';
import './atomic-DSIYmMaW.js';
import './holder-DB3IUA2-.js';
import './store-C5U_htSv.js';
import './reconcile-mWHSwO8o.js';
import './spend-DFao0eB-.js';
import './driver-open-CnAYxq3j.js';
import './discover-NOJB2NMI.js';
import './late-signals-DLG8WlDk.js';
import './reaper-CY0rMPaw.js';
import './instance-lock-HHGbMej1.js';
import 'node:perf_hooks';
import 'process';
import 'buffer';
import './index-BCVRbtbN.js';
import 'fs';
import './relaunch-J2eiQfvI.js';
import 'node:module';
import './exit-for-error-CQQW6d7f.js';
import './version-DxYW7N98.js';

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
function parse(argv, options) {
  try {
    const parsed = parseArgs({
      args: [...argv],
      allowPositionals: true,
      strict: true,
      options: {
        help: { type: "boolean", short: "h" },
        config: { type: "string", short: "c" },
        verbose: { type: "boolean", short: "v" },
        quiet: { type: "boolean", short: "q" },
        ...options
      }
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
  const { values, positionals } = parse(argv, { headless: { type: "boolean" } });
  if (values.help === true) return io.out(PLAN_USAGE), EXIT.ok;
  if (positionals[0] === "status" && positionals.length === 2) return status(positionals[1], io);
  const description = positionals.join(" ").trim();
  if (description === "")
    throw new UsageError(
      `plan: expected a description, e.g. agent-harness plan "Add a CSV export"
${PLAN_USAGE}`
    );
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
    throw new UsageError(`loop: expected one plan id (the directory under .harness/plans/)
${LOOP_USAGE}`);
  const planId = positionals[0];
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

export { LOOP_USAGE, PLAN_USAGE, cycleCommand };
