import { spawn } from 'node:child_process';
import { v as valueAt, r as resolvePaths, a as readStatus, b as readCounter, p as processAlive, T as TASK_FILE, m as mergeOutcomes, w as writeTaskFile, c as TASK_ID, P as PROGRESS_FILE, l as loadTasksForRead, t as taskStats, i as isPermanentlyFailed, d as PRIORITIES, n as newTaskFile, e as readTaskFile, f as writeFileAtomic, g as looseObject, h as record, j as number$1, s as string } from './merge-Bt44VVfT.js';
import { l as leafKeyPaths, a as acquireLock, r as readLockPid, b as lockDirFor, P as ProgressLog, c as checkpointMessage, v as validateDependencies, d as readyTasks, n as nextTaskId, I as INIT_SCRIPT, s as systemClock, e as configJsonSchema, f as loadConfig, S as StopController, C as ConsoleLogger, g as runHarness, i as installSignalHandlers, F as FileEventLog, h as nullEventSink, j as exitForError } from './console-logger-BqKqiXhE.js';
import { H as HarnessError, E as EXIT } from './exit-codes-D0XAbDHz.js';
import { parseArgs } from 'node:util';
import { statSync, existsSync } from 'node:fs';
import { f as formatStatus } from './status-display-ptmqJJH4.js';
import { V as VERSION } from './version-a36rRwiv.js';
import { writeFile, chmod, readdir, mkdir, stat, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { createHash } from 'node:crypto';
import 'node:readline';
import 'process';
import 'buffer';
import 'node:os';

// The `--dry-run` report: every effective setting and where it came from, so a user can see why the loop
// will behave as it does before starting it.
// Past this width a value (the default agent args) would push every other line's source column far right.
const MAX_VALUE_COLUMN = 40;
function describeConfig(loaded) {
    const rows = leafKeyPaths().map((path) => {
        const value = valueAt(loaded.config, path.split('.'));
        return {
            path,
            value: value === undefined ? '(not set)' : JSON.stringify(value),
            source: loaded.sources[path] ?? 'default',
        };
    });
    const keyWidth = Math.max(...rows.map((r) => r.path.length));
    const valueWidth = Math.min(MAX_VALUE_COLUMN, Math.max(...rows.map((r) => r.value.length)));
    const header = loaded.file === null ? 'no config file, defaults' : `config file: ${loaded.file}`;
    const lines = rows.map((r) => `${r.path.padEnd(keyWidth)} = ${r.value.padEnd(valueWidth)}   (${r.source})`);
    return [header, ...lines].join('\n') + '\n';
}

// Command-line parsing for the local home. Flags map onto config key paths so precedence is one rule:
// flags > file > defaults.
/** A command line the CLI cannot use: exit code 2 (EXIT.usage). */
class UsageError extends HarnessError {
    name = 'UsageError';
    constructor(message) {
        super(message, EXIT.usage);
    }
}
const USAGE = `Usage: agent-harness [OPTIONS] [MAX_ITERATIONS]

Runs an AI coding agent in a supervised loop (see harness.yml / harness.toml).

Arguments:
  [MAX_ITERATIONS]          Override session.max_iterations

Options:
  -c, --config <PATH>       Config file (default: harness.yml, harness.yaml or harness.toml here)
  -p, --prompt <PATH>       Prompt file (overrides prompt.file / session.prompt_file)
  -o, --output-dir <PATH>   Transcript directory (overrides session.output_dir)
      --timeout <MINS>      Stale timeout in minutes, fractions allowed (watchdog.stale_timeout_mins)
      --retries <N>         Empty-session retries (retry.max_empty_retries)
      --time-budget <MINS>  Stop within this wall time (session.time_budget_mins)
      --task <ID>           With a task list: work on this task only (fan-out jobs)
      --dry-run             Validate the config, print resolved settings and their sources, run nothing
      --status              Print the running loop's state and exit
      --print-schema        Print the configuration's JSON Schema
  -v, --verbose             Extra logging, agent output interleaved
  -q, --quiet               Only errors and the summary line
  -h, --help                This text
      --version             The harness version

Tasks: agent-harness tasks <init|add|status|list|ready|checkpoint|merge> (agent-harness tasks --help).
With harness-tasks.json here, every iteration works on one task and its validation command decides.

Review mode: agent-harness attach [--force] scaffolds .harness/ (prompts, personas, plans);
agent-harness tmplvars lists the template variables.

Signals: SIGINT finishes the current session then exits; a second SIGINT within 3 s kills it now;
SIGTERM is graceful like one SIGINT. Touch the STOP file to stop after the current session.

Exit codes: 0 done or stopped, 1 runtime failure, 2 configuration or usage error, 3 rate limits exhausted,
4 pre-session hooks kept failing, 5 another harness runs here, 6 the task environment is broken
(harness-init.sh or a validation binary missing), 7 the agent could not be started, 8 a file could not be
written (disk full, I/O error), 130 forced interrupt.`;
function number(flag, text, integer) {
    const value = Number(text);
    if (text.trim() === '' || !Number.isFinite(value) || (integer && !Number.isInteger(value))) {
        throw new UsageError(`${flag}: expected ${integer ? 'an integer' : 'a number'}, found ${JSON.stringify(text)}`);
    }
    return value;
}
function parseCliArgs(argv) {
    let parsed;
    try {
        parsed = parseArgs({
            args: [...argv],
            allowPositionals: true,
            strict: true,
            options: {
                config: { type: 'string', short: 'c' },
                prompt: { type: 'string', short: 'p' },
                'output-dir': { type: 'string', short: 'o' },
                timeout: { type: 'string' },
                retries: { type: 'string' },
                'time-budget': { type: 'string' },
                task: { type: 'string' },
                'dry-run': { type: 'boolean' },
                status: { type: 'boolean' },
                'print-schema': { type: 'boolean' },
                verbose: { type: 'boolean', short: 'v' },
                quiet: { type: 'boolean', short: 'q' },
                help: { type: 'boolean', short: 'h' },
                version: { type: 'boolean' },
            },
        });
    }
    catch (error) {
        throw new UsageError(`${error.message}\nRun agent-harness --help for the options.`);
    }
    const { values, positionals } = parsed;
    if (positionals.length > 1) {
        throw new UsageError(`expected at most one argument (MAX_ITERATIONS), found ${positionals.length}: ${positionals.join(' ')}`);
    }
    if (values.verbose && values.quiet)
        throw new UsageError('--verbose and --quiet cannot be used together');
    const overrides = {};
    if (positionals[0] !== undefined)
        overrides['session.max_iterations'] = number('MAX_ITERATIONS', positionals[0], true);
    if (values.prompt !== undefined)
        overrides['prompt.file'] = values.prompt;
    if (values['output-dir'] !== undefined)
        overrides['session.output_dir'] = values['output-dir'];
    if (values.timeout !== undefined)
        overrides['watchdog.stale_timeout_mins'] = number('--timeout', values.timeout, false);
    if (values['time-budget'] !== undefined) {
        overrides['session.time_budget_mins'] = number('--time-budget', values['time-budget'], false);
    }
    if (values.retries !== undefined)
        overrides['retry.max_empty_retries'] = number('--retries', values.retries, true);
    const command = values.help
        ? 'help'
        : values.version
            ? 'version'
            : values['print-schema']
                ? 'schema'
                : values.status
                    ? 'status'
                    : values['dry-run']
                        ? 'dry-run'
                        : 'run';
    return {
        command,
        ...(values.config !== undefined ? { configPath: values.config } : {}),
        overrides,
        verbosity: values.verbose ? 'verbose' : values.quiet ? 'quiet' : 'normal',
        ...(values.task !== undefined ? { task: values.task } : {}),
    };
}

// `agent-harness --status`: read the status file another harness writes and describe it.
async function printStatus(config, io) {
    const paths = resolvePaths(config, io.cwd);
    let status;
    try {
        status = await readStatus(paths.status);
    }
    catch (error) {
        io.err(`agent-harness: cannot read ${paths.status}: ${error.message}`);
        return 1;
    }
    if (!status) {
        const counter = await readCounter(paths.counter).catch(() => null);
        io.out(`Loop state: not running (no ${config.session.status_file} here)`);
        if (counter !== null)
            io.out(`Global counter: ${counter}`);
        return 0;
    }
    let currentOutputBytes = null;
    if (status.output_file) {
        try {
            currentOutputBytes = statSync(status.output_file).size;
        }
        catch {
            currentOutputBytes = null;
        }
    }
    io.out(formatStatus(status, { alive: processAlive(status.pid), currentOutputBytes, nowMs: Date.now() }));
    return 0;
}

// `agent-harness tasks <init|add|status|list|checkpoint|ready|merge>`: the task list from the command line. Writes
// take the lock (except a checkpoint recorded by the agent of the session that holds it); reads never do.
const TASKS_USAGE = `Usage: agent-harness tasks <command>

  init [--init-script]             create harness-tasks.json and harness-progress.txt (and harness-init.sh)
  add "<title>" [--priority P0|P1|P2] [--depends-on ID,...] [--validate CMD] [--timeout SECS]
                [--max-attempts N] [--cleanup CMD]
  status                           the task summary, one line per task, the last progress lines (read-only)
  list --json                      the tasks as JSON
  ready --json                     ids of the tasks that can start now (for a strategy.matrix)
  checkpoint <id> --step M/N "<description>"
  merge <outcome.json>...          fold fan-out jobs' task files into this one`;
const iso = (ms) => new Date(ms).toISOString().replace(/\.\d{3}Z$/, 'Z');
async function tasksCommand(argv, io) {
    const [sub, ...rest] = argv;
    const path = join(io.cwd, TASK_FILE);
    switch (sub) {
        case '--help':
        case '-h':
        case 'help':
            io.out(TASKS_USAGE);
            return 0;
        case 'init':
            return init(rest, io, path);
        case 'add':
            return add(rest, io, path);
        case 'status':
            return status(io, path);
        case 'list':
            return list(rest, io, path, 'list');
        case 'ready':
            return list(rest, io, path, 'ready');
        case 'checkpoint':
            return checkpoint(rest, io, path);
        case 'merge':
            return merge(rest, io, path);
        default:
            throw new UsageError(`${sub ? `unknown tasks command "${sub}"` : 'missing tasks command'}\n${TASKS_USAGE}`);
    }
}
async function init(argv, io, path) {
    const { values } = parse$1(argv, { 'init-script': { type: 'boolean' } });
    if (existsSync(path))
        throw new UsageError(`${TASK_FILE} already exists here; it is left as it is`);
    await writeTaskFile(path, newTaskFile(iso(io.now())));
    await new ProgressLog(join(io.cwd, PROGRESS_FILE), io.now).append({
        session: 0,
        type: 'INIT',
        message: `Harness initialized for project ${io.cwd}`,
    });
    if (values['init-script'] && !existsSync(join(io.cwd, INIT_SCRIPT))) {
        await writeFile(join(io.cwd, INIT_SCRIPT), '#!/bin/sh\n# Runs at the start of every task session; must be idempotent. A non-zero exit is retried once,\n' +
            '# then the session stops with ENV_SETUP.\nset -e\necho "Environment health check complete"\n');
        await chmod(join(io.cwd, INIT_SCRIPT), 0o755);
    }
    io.out(`Created ${TASK_FILE} and ${PROGRESS_FILE}. Task runs keep the harness's own files out of their commits and ` +
        'rollbacks whether git ignores them or not (docs/tasks.md).');
    return 0;
}
async function add(argv, io, path) {
    const { values, positionals } = parse$1(argv, {
        priority: { type: 'string' },
        'depends-on': { type: 'string' },
        validate: { type: 'string' },
        timeout: { type: 'string' },
        'max-attempts': { type: 'string' },
        cleanup: { type: 'string' },
    });
    const title = positionals.join(' ').trim();
    if (!title)
        throw new UsageError('tasks add: expected a title, e.g. agent-harness tasks add "Add rate limiting"');
    const priority = (str(values.priority) ?? 'P1');
    if (!PRIORITIES.includes(priority)) {
        throw new UsageError(`--priority: expected one of ${PRIORITIES.join(', ')}, found ${JSON.stringify(str(values.priority))}`);
    }
    const dependsOn = (str(values['depends-on']) ?? '')
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean);
    const timeout = positiveNumber('--timeout', str(values.timeout), 300);
    const maxAttempts = positiveNumber('--max-attempts', str(values['max-attempts']), 3);
    const lock = await acquireLock(io.cwd);
    try {
        const file = await mustRead(path);
        const ids = new Set(file.tasks.map((t) => t.id));
        const unknown = dependsOn.filter((id) => !ids.has(id));
        if (unknown.length > 0)
            throw new UsageError(`--depends-on: no such task ${unknown.join(', ')} (have: ${[...ids].join(', ') || 'none'})`);
        const task = {
            id: nextTaskId(file.tasks),
            title,
            status: 'pending',
            priority,
            depends_on: dependsOn,
            attempts: 0,
            max_attempts: Math.round(maxAttempts),
            started_at_commit: null,
            validation: { command: str(values.validate) ?? null, timeout_seconds: timeout },
            on_failure: { cleanup: str(values.cleanup) ?? null },
            error_log: [],
            checkpoints: [],
            completed_at: null,
        };
        await writeTaskFile(path, { ...file, tasks: [...file.tasks, task] });
        io.out(`Added ${task.id}: ${title}`);
        return 0;
    }
    finally {
        await lock.release();
    }
}
async function status(io, path) {
    const loaded = await loadTasksForRead(path);
    if (!loaded)
        throw new UsageError(`no ${TASK_FILE} here: run agent-harness tasks init`);
    const { file } = loaded;
    const stats = taskStats(file.tasks);
    const lines = [
        `Tasks: ${stats.tasks_total} total, ${stats.completed} completed, ${stats.failed} failed, ${stats.pending} pending, ${stats.blocked} blocked`,
    ];
    if (loaded.fromBackup)
        lines.push(`(read from ${loaded.usedPath}: ${loaded.problem})`);
    const permanent = new Set(file.tasks.filter(isPermanentlyFailed).map((t) => t.id));
    for (const task of file.tasks) {
        const blocked = task.status === 'pending' && task.depends_on.some((d) => permanent.has(d));
        lines.push(`[${blocked ? 'blocked' : task.status}] ${task.id}: ${task.title} (${task.attempts}/${task.max_attempts})`);
    }
    const tail = await new ProgressLog(join(io.cwd, PROGRESS_FILE)).tail(5);
    if (tail.length > 0)
        lines.push('', 'Last progress:', ...tail.map((l) => `  ${l}`));
    lines.push('', `Sessions: ${file.session_count}, last ${file.last_session ?? 'never'}`);
    io.out(lines.join('\n'));
    return 0;
}
async function list(argv, io, path, what) {
    const { values } = parse$1(argv, { json: { type: 'boolean' } });
    const loaded = await loadTasksForRead(path);
    if (!loaded)
        throw new UsageError(`no ${TASK_FILE} here: run agent-harness tasks init`);
    const tasks = validateDependencies(loaded.file.tasks, iso(io.now())).tasks;
    if (what === 'ready') {
        const ids = readyTasks(tasks).map((t) => t.id);
        io.out(values.json ? JSON.stringify(ids) : ids.join('\n'));
    }
    else {
        io.out(values.json
            ? JSON.stringify(tasks, null, 2)
            : tasks.map((t) => `${t.id}\t${t.status}\t${t.title}`).join('\n'));
    }
    return 0;
}
async function checkpoint(argv, io, path) {
    const { values, positionals } = parse$1(argv, { step: { type: 'string' } });
    const [id, ...words] = positionals;
    const step = /^(\d+)\/(\d+)$/.exec(str(values.step) ?? '');
    if (!id || !TASK_ID.test(id) || !step || words.length === 0) {
        throw new UsageError('usage: agent-harness tasks checkpoint <task-id> --step M/N "<description>"');
    }
    const [m, n] = [Number(step[1]), Number(step[2])];
    if (n < 1 || m > n)
        throw new UsageError(`--step: expected M/N with 0 <= M <= N and N >= 1, found ${str(values.step)}`);
    const description = words.join(' ');
    // The agent of a running task session may write while its harness holds the lock; anyone else takes it.
    const holder = await readLockPid(lockDirFor(io.cwd));
    const ours = typeof holder === 'number' && String(holder) === io.env.HARNESS_TASK_LOCK_PID;
    const lock = ours ? null : await acquireLock(io.cwd);
    try {
        const file = await mustRead(path);
        const task = file.tasks.find((t) => t.id === id);
        if (!task)
            throw new UsageError(`no task ${id} in ${TASK_FILE}`);
        const entry = { step: m, total: n, description, timestamp: iso(io.now()) };
        await writeTaskFile(path, {
            ...file,
            tasks: file.tasks.map((t) => (t.id === id ? { ...t, checkpoints: [...t.checkpoints, entry] } : t)),
        });
        await new ProgressLog(join(io.cwd, PROGRESS_FILE), io.now).append({
            session: Math.max(1, file.session_count),
            type: 'CHECKPOINT',
            taskId: id,
            message: checkpointMessage(m, n, description),
        });
        io.out(`Checkpoint ${m}/${n} recorded for ${id}`);
        return 0;
    }
    finally {
        await lock?.release();
    }
}
async function merge(argv, io, path) {
    const { positionals } = parse$1(argv, {});
    if (positionals.length === 0)
        throw new UsageError('usage: agent-harness tasks merge <outcome.json>...');
    const lock = await acquireLock(io.cwd);
    try {
        const file = await mustRead(path);
        const merged = await mergeOutcomes(file, positionals);
        await writeTaskFile(path, merged.file);
        for (const line of merged.report)
            io.out(line);
        return 0;
    }
    finally {
        await lock.release();
    }
}
async function mustRead(path) {
    const read = await readTaskFile(path);
    if (!read)
        throw new UsageError(`no ${TASK_FILE} here: run agent-harness tasks init`);
    return read.file;
}
function positiveNumber(flag, text, fallback) {
    if (text === undefined)
        return fallback;
    const value = Number(text);
    if (!Number.isFinite(value) || value <= 0)
        throw new UsageError(`${flag}: expected a positive number, found ${JSON.stringify(text)}`);
    return value;
}
function parse$1(argv, options) {
    try {
        const parsed = parseArgs({ args: [...argv], options, allowPositionals: true, strict: true });
        return { values: parsed.values, positionals: parsed.positionals };
    }
    catch (error) {
        throw new UsageError(`${error.message}\n${TASKS_USAGE}`);
    }
}
const str = (value) => typeof value === 'string' ? value : undefined;

// The `.harness/` directory of review mode (plan → develop → review), named in one place: the prompt templates
// and personas `attach` scaffolds, the plans with their planfile, mistakes and reviews, and the shared files.
// Plan and task ids are checked to be safe path segments (safe-id.ts) before they become paths.
/** The three phases, in the order a plan goes through them. */
const PHASES = ['plan', 'develop', 'review'];
/** The persona that carries out each phase (the seed names personas after the role, not the phase). */
const ROLE_OF_PHASE = {
    plan: 'planner',
    develop: 'developer',
    review: 'architect',
};
PHASES.map((phase) => ROLE_OF_PHASE[phase]);
/** `<cwd>/.harness` */
const harnessDir = (cwd) => join(cwd, '.harness');
/** `prompts/<phase>.md.tmpl`, under `.harness/` (with `/`, as meta.json records it). */
const promptTemplateFile = (phase) => `prompts/${phase}.md.tmpl`;
/** `personas/<role>.md`, under `.harness/`. */
const personaFile = (role) => `personas/${role}.md`;

var architect = "You are a Pedantic Architect. You review one task's work and decide whether it is done. You do not write or fix\ncode: you judge it and explain precisely what must change.\n\n- Evidence before opinion: you run the project's verification tooling first, and a broken build or a failing\n  check is an immediate FAIL, whatever the code looks like.\n- You check every acceptance criterion against the code and the tests, one by one. A criterion that is only\n  partly met is not met.\n- You hold the work to the project's architecture and idioms, not to your personal taste.\n- Your feedback is specific and actionable: the file, what is wrong, and what to do instead.\n- You PASS work that meets the criteria cleanly, even if you would have written it differently.\n";

var developer = "You are a Senior Developer. You implement exactly one task of a plan, to a standard a pedantic architect will\naccept on the first review.\n\n- You read before you write: the task, the code around it, the tests, and the feedback you were given.\n- You make the smallest change that fully meets every acceptance criterion, in the style the project already\n  uses. You do not gold-plate, and you do not start other tasks.\n- Every behaviour you add or change is covered by a test that would fail without your change.\n- You never declare work done that does not build or whose checks fail. You never weaken, skip or delete a test\n  or a check to make it pass.\n- When you take a shortcut, you say so in writing instead of hiding it.\n";

var planner = "You are a Thorough Planner. You turn a request into a plan that other agents will carry out unattended, one\ntask at a time, with no way to ask you anything later. You do not write code.\n\n- You understand before you plan: read the code that the request touches, its tests and its build, and the\n  conventions the project already follows.\n- You remove ambiguity. Every decision a developer would otherwise have to guess is made in the plan.\n- You cut the work into small, atomic, incremental tasks: each one leaves the project building and its tests\n  passing, and each can be reviewed on its own.\n- Every acceptance criterion is concrete and checkable by reading the code or running a test. \"Works well\" or\n  \"improve the UI\" is not a criterion.\n- You are honest about what you do not know and write it down.\n";

var develop = "{{.Persona}}\n\n# Your assignment: task {{.TaskID}} of plan {{.PlanID}} (try {{.Try}} of {{.MaxTries}})\n\nThe project is at `{{.ProjectRoot}}`. The whole plan is in `{{.PlanFile}}`; work on this task only.\n\n**Plan:** {{.PlanTitle}}\n\n{{.PlanContext}}\n\n## Task {{.TaskID}}: {{.TaskTitle}}\n\nAcceptance criteria (all must hold):\n{{#each .AcceptanceCriteria}}\n- {{.}}\n{{/each}}\n{{#if .PossiblyRelevantFiles}}\n\nStart by reading these files:\n{{#each .PossiblyRelevantFiles}}\n- `{{.}}`\n{{/each}}\n{{/if}}\n{{#if .DependsOn}}\n\nThis task builds on tasks that are already done: {{#each .DependsOn}}`{{.}}`{{#unless @last}}, {{/unless}}{{/each}}.\n{{/if}}\n{{#if .HumanReply}}\n\n## A human's answer\n\nThe task was escalated to a human after the previous tries. Their answer takes precedence over the reviews:\n\n{{.HumanReply}}\n{{/if}}\n{{#if .GateOutput}}\n\n## Your previous try failed the harness's gate\n\nThe harness ran `./build.sh` and `./verify.sh` after your previous try and they failed, so the work was not\nreviewed. Fix this first. The end of their output:\n\n```\n{{.GateOutput}}\n```\n{{/if}}\n{{#if .LatestReview}}\n\n## The review of your previous try\n\nThe architect rejected the previous try. Address every issue it raises:\n\n{{.LatestReview}}\n{{/if}}\n{{#if .Mistakes}}\n\n## Mistakes made earlier in this plan: do not repeat them\n\n{{.Mistakes}}\n{{/if}}\n\n## How to work\n\n1. Read the task, the files above and the code around them before changing anything.\n2. Implement the task completely, with tests for every behaviour you add or change. Follow the conventions of\n   the code base. Do not work on other tasks of the plan.\n3. Run `./build.sh`, then `./verify.sh`. Both must succeed. If either fails, fix the cause (never by skipping,\n   weakening or deleting a test or a check) and run both again. The harness runs them itself after you finish\n   and the review is skipped when they fail.\n4. If you took a shortcut or left something for later, add a section to `{{.TechDebtFile}}`: a `## Title`, then\n   what the shortcut is, why it matters, and how to fix it. Read that file first if it may concern your task.\n5. Append an entry to the diary `{{.LogFile}}` (do not rewrite earlier entries):\n\n   ```\n   ## Entry <today's date, YYYY-MM-DD>\n\n   - <what you changed, one line per change, naming the files>\n\n   <one or two sentences: what this try achieved for task {{.TaskID}}>\n   ```\n\n6. Do not edit `{{.PlanFile}}` or anything in `{{.ReviewsDir}}`: the harness keeps the plan's status and the\n   architect writes the reviews.\n\nWhen `./build.sh` and `./verify.sh` both pass and every acceptance criterion holds, stop: the architect reviews\nyour work next.\n";

var plan = "{{.Persona}}\n\n# Your assignment: plan this work\n\n{{.Description}}\n\nThe project is at `{{.ProjectRoot}}`. Explore it before planning: its layout, the code the request touches, its\ntests, and how it is built and verified (`./build.sh`, `./verify.sh`). Known technical debt is listed in\n`{{.TechDebtFile}}`; read it if it may matter to this work.\n\n{{#if .Headless}}\nYou are running unattended: nobody can answer questions. Where the request is ambiguous, choose the most\nreasonable interpretation that is consistent with the code base, and state every assumption you made,\nexplicitly, in the plan's `context` field (a sentence each, starting with \"Assumption:\").\n{{else}}\nA human is at the terminal. Before you write the plan, ask them clarifying questions (use your question tool,\nor ask in plain text and wait for the answer) until you understand what they want: scope, expected behaviour,\nedge cases, constraints. Do not ask what you can find out by reading the code.\n{{/if}}\n\n## Write the plan\n\nWrite the plan to `{{.PlanFile}}` (create the directory if needed) as JSON, exactly in this shape:\n\n```json\n{\n  \"id\": \"{{.PlanID}}\",\n  \"title\": \"A short title of the whole plan\",\n  \"created\": \"{{.Created}}\",\n  \"status\": \"todo\",\n  \"context\": \"Why this work is needed, the relevant background, and the decisions taken\",\n  \"tasks\": [\n    {\n      \"id\": \"1_short_snake_case_name\",\n      \"title\": \"What this task achieves, in one line\",\n      \"status\": \"todo\",\n      \"acceptance_criteria\": [\n        \"A concrete, checkable statement about the code or its behaviour\",\n        \"Another one\"\n      ],\n      \"possibly_relevant_files\": [\"path/relative/to/the/project\"],\n      \"depends_on\": []\n    }\n  ]\n}\n```\n\nRules the harness checks (a plan that breaks them is sent back to you with the errors):\n\n- `id` is exactly `{{.PlanID}}` and `created` is exactly `{{.Created}}`; every `status` is `todo`.\n- Task ids are unique and name files, so use only letters, digits, `_` and `-`; start each with its order number\n  (`1_…`, `2_…`).\n- `title` and `context` are not empty.\n- `depends_on` lists only ids of other tasks of this plan, with no cycles; a task comes after those it depends on.\n- Every task has at least one acceptance criterion.\n- The file is valid JSON with exactly these fields: no comments, no trailing commas, nothing else in the file.\n\nHow to cut the work:\n\n- Each task is small enough to implement and review in one session, and leaves the project building with\n  `./build.sh` and passing `./verify.sh`.\n- Tests are part of the task whose behaviour they cover, not a separate task at the end.\n- Acceptance criteria name observable behaviour, files, functions or tests; a reviewer must be able to say\n  yes or no to each one.\n- `possibly_relevant_files` lists the files a developer should read first.\n\nWrite only the plan file. Do not change any other file and do not start implementing.\n";

var review = "{{.Persona}}\n\n# Your assignment: review task {{.TaskID}} of plan {{.PlanID}} (try {{.Try}} of {{.MaxTries}})\n\nThe project is at `{{.ProjectRoot}}`. The plan is in `{{.PlanFile}}`. A developer has just worked on this task;\nthe project's build and checks passed the harness's gate. Review the work in the working tree (use\n`git status` and `git diff` to see what changed). Do not change any code.\n\n**Plan:** {{.PlanTitle}}\n\n{{.PlanContext}}\n\n## Task {{.TaskID}}: {{.TaskTitle}}\n\nAcceptance criteria:\n{{#each .AcceptanceCriteria}}\n- {{.}}\n{{/each}}\n{{#if .PossiblyRelevantFiles}}\n\nFiles the planner expected to matter: {{#each .PossiblyRelevantFiles}}`{{.}}`{{#unless @last}}, {{/unless}}{{/each}}.\n{{/if}}\n{{#if .DependsOn}}\n\nIt builds on tasks already done and reviewed: {{#each .DependsOn}}`{{.}}`{{#unless @last}}, {{/unless}}{{/each}}. Their\nwork is not under review.\n{{/if}}\n\nThe developer's diary is `{{.LogFile}}` and known shortcuts are in `{{.TechDebtFile}}`; earlier reviews of this\nplan are in `{{.ReviewsDir}}`.\n\n## How to review\n\n1. **Static check, first.** Run `./build.sh`, then `./verify.sh`. If either fails, the review is an immediate\n   FAIL: write the review with the failing command and its error, and stop.\n2. **Acceptance criteria.** Check each criterion against the code and the tests. A criterion partly met is\n   not met.\n3. **Test coverage.** Every behaviour the task adds or changes has a test that would fail without the change.\n   No test or check was weakened, skipped or deleted.\n4. **Architecture.** The change fits the project's structure: responsibilities in the right place, no\n   duplication, no needless coupling.\n5. **Idioms.** The code follows the language's and the project's conventions.\n\nA shortcut recorded in `{{.TechDebtFile}}` may be acceptable if it does not break a criterion; an unrecorded one\nis an issue.\n\n## Write the review\n\nWrite the review to `{{.ReviewFile}}`. Its first line must be exactly `Result: PASS` or `Result: FAIL` (nothing\nbefore it, nothing after it on that line): the harness reads only that line, and anything else counts as a\nfailed review. The result is PASS only if every section passes. Use this format:\n\n```\nResult: FAIL\n\nPlan: {{.PlanID}}\nTask: {{.TaskID}}\nIteration: {{.Try}}\n\n## Static Check\n\nResult: PASS\n\n## Acceptance Criteria\n\nResult: FAIL\n\n### Issues:\n\n<each issue: what is wrong, where (file, function), and what to do instead>\n\n## Test Coverage\n\nResult: PASS\n\n## Architecture\n\nResult: PASS\n\n## Idioms\n\nResult: PASS\n```\n\nA section that fails lists its issues under `### Issues:`; a section that passes has none.\n\n## Write the mistakes\n\nIf the result is FAIL, also write `{{.MistakesFile}}`: the lessons the developer should remember for the rest\nof the plan, as JSON exactly in this shape (one entry per distinct mistake, no comments):\n\n```json\n{\n  \"mistakes\": [\n    {\n      \"attempted\": \"What the developer did\",\n      \"problem\": \"Why it is wrong\",\n      \"lesson\": \"The rule to follow from now on\"\n    }\n  ]\n}\n```\n\nIf the result is PASS, write `{\"mistakes\": []}` there. Write nothing else.\n";

// The default prompt templates and personas `attach` writes into `.harness/`, shipped inside the bundle. They are
// plain files in src/review/defaults/ (edit them there), imported as strings with `?raw`. TEMPLATE_VERSION goes
// up whenever one of them changes, so `attach` can tell a project that it has older templates; each file's hash
// tells an untouched file (replaceable) from one the user edited (never overwritten silently).
/** Raise it with every change to a file in defaults/. */
const TEMPLATE_VERSION = 1;
const DEFAULT_TEMPLATES = [
    { path: promptTemplateFile('plan'), phase: 'plan', kind: 'prompt', content: plan },
    { path: promptTemplateFile('develop'), phase: 'develop', kind: 'prompt', content: develop },
    { path: promptTemplateFile('review'), phase: 'review', kind: 'prompt', content: review },
    { path: personaFile('planner'), phase: 'plan', kind: 'persona', content: planner },
    { path: personaFile('developer'), phase: 'develop', kind: 'persona', content: developer },
    { path: personaFile('architect'), phase: 'review', kind: 'persona', content: architect },
];
/** The SHA-256 (hex) of a file's content, as meta.json's `templates` records it. */
const contentHash = (content) => createHash('sha256').update(content).digest('hex');

// What `attach` does to each file of `.harness/`, decided from what is there: a pure function, so every case
// (fresh project, current templates, older templates untouched or edited, --force) is tested without a disk.
//
// meta.json's `templates` records, per template, the hash of the default the harness last offered there (written, or written
// beside it as `<name>.new`). A file whose content still has that hash is untouched and may be replaced by a
// newer default; a file whose content differs was edited by the user and is never overwritten: with --force the
// new default is written beside it as `<name>.new` for the user to merge. techdebt.md, log.md and plans/ belong
// to the project once created and are never overwritten, even with --force.
function classify(template, existing) {
    const content = existing.contents[template.path];
    if (content === undefined)
        return 'missing';
    const now = contentHash(content);
    const latest = contentHash(template.content);
    if (now === latest)
        return 'current';
    const recorded = existing.recorded[template.path];
    if (recorded !== undefined && now === recorded)
        return 'outdated';
    return recorded === latest ? 'edited' : 'edited-outdated';
}
const ACTION = {
    missing: 'write',
    current: 'keep',
    outdated: 'write',
    edited: 'keep',
    'edited-outdated': 'write-new',
};
function decide(templates, existing) {
    return templates.map((t) => {
        const state = classify(t, existing);
        return { path: t.path, state, action: ACTION[state] };
    });
}
/** meta.json after attach: every template's hash is the current default's (written, or offered as `.new`). */
function nextMeta(templates, templateVersion, harnessVersion, now) {
    return {
        template_version: templateVersion,
        harness_version: harnessVersion,
        attached: now
            .toISOString()
            .replace('T', ' ')
            .replace(/\.\d+Z$/, 'Z'),
        templates: Object.fromEntries(templates.map((t) => [t.path, contentHash(t.content)])),
    };
}

// `agent-harness attach [--force]`: scaffold `.harness/` from the default templates in the bundle, or tell an
// existing one what is outdated. Decisions come from attach-plan.ts; this file reads and writes (atomically).
//
// Without --force and with `.harness/` present nothing is written: the report names what exists, which templates
// are outdated and which of those the user edited, and the command fails with EXIT.usage. With --force: missing
// files are created, untouched outdated templates replaced, edited ones kept with the new default written beside
// them as `<name>.new`; techdebt.md, log.md and plans/ are never overwritten.
/** `<cwd>/.harness` (the layout module names the same directory). */
const TECHDEBT_START = `# Technical debt

<!-- Shortcuts taken to fix later: a "## Title" per item, then what it is, why it matters, how to fix it. -->
`;
const LOG_START = `# Diary

<!-- One "## Entry YYYY-MM-DD" per develop session: what changed, then a sentence on what it achieved. -->
`;
/** `.harness/` exists and --force was not given: the message is the whole report. */
class HarnessExistsError extends HarnessError {
    decisions;
    name = 'HarnessExistsError';
    constructor(message, decisions) {
        super(message, EXIT.usage);
        this.decisions = decisions;
    }
}
const metaSchema = looseObject({
    template_version: number$1().int(),
    templates: record(string(), string()).optional(),
});
async function exists(path) {
    return stat(path).then(() => true, (error) => {
        if (error.code === 'ENOENT')
            return false;
        throw error;
    });
}
async function readOptional(path) {
    return readFile(path, 'utf8').catch((error) => {
        if (error.code === 'ENOENT')
            return undefined;
        throw error;
    });
}
async function readExisting(dir) {
    const contents = {};
    for (const t of DEFAULT_TEMPLATES) {
        const text = await readOptional(join(dir, t.path));
        if (text !== undefined)
            contents[t.path] = text;
    }
    const metaText = await readOptional(join(dir, 'meta.json'));
    let meta;
    try {
        meta = metaText === undefined ? undefined : metaSchema.parse(JSON.parse(metaText));
    }
    catch {
        meta = undefined; // unreadable: every differing template counts as edited, nothing is overwritten
    }
    return {
        ...(meta !== undefined ? { templateVersion: meta.template_version } : {}),
        recorded: meta?.templates ?? {},
        contents,
    };
}
const STATE_TEXT = {
    missing: 'missing',
    current: 'current',
    outdated: 'outdated (untouched)',
    edited: 'edited by you (kept)',
    'edited-outdated': 'outdated and edited by you',
};
async function attach(options) {
    const dir = harnessDir(options.cwd);
    const present = await exists(dir);
    const existing = present ? await readExisting(dir) : { recorded: {}, contents: {} };
    const decisions = decide(DEFAULT_TEMPLATES, existing);
    if (present && !options.force) {
        const entries = (await readdir(dir, { withFileTypes: true }))
            .map((e) => (e.isDirectory() ? `${e.name}/` : e.name))
            .sort();
        throw new HarnessExistsError(refusal(dir, entries, existing, decisions), decisions);
    }
    const written = [];
    const report = [];
    const write = async (path, content) => {
        const full = join(dir, path);
        await mkdir(join(full, '..'), { recursive: true });
        await writeFileAtomic(full, content);
        written.push(path);
    };
    await mkdir(join(dir, 'plans'), { recursive: true });
    for (const d of decisions) {
        const template = DEFAULT_TEMPLATES.find((t) => t.path === d.path);
        if (template === undefined)
            continue;
        if (d.action === 'write') {
            await write(d.path, template.content);
            if (present)
                report.push(`${d.path}: ${d.state === 'missing' ? 'created' : 'updated to the new default'}`);
        }
        else if (d.action === 'write-new') {
            await write(`${d.path}.new`, template.content);
            report.push(`${d.path}: edited by you, kept; the new default is in ${d.path}.new — merge it and delete the .new file`);
        }
    }
    for (const [path, start] of [
        ['techdebt.md', TECHDEBT_START],
        ['log.md', LOG_START],
    ]) {
        if (!(await exists(join(dir, path))))
            await write(path, start);
    }
    await write('meta.json', `${JSON.stringify(nextMeta(DEFAULT_TEMPLATES, TEMPLATE_VERSION, options.harnessVersion, options.now ?? new Date()), null, 2)}\n`);
    if (!present)
        report.push(`Created ${dir} (template version ${TEMPLATE_VERSION}): ${written.join(', ')}, plans/`);
    else
        report.push(`Updated ${dir} to template version ${TEMPLATE_VERSION}.`);
    return { created: !present, decisions, written, report };
}
function refusal(dir, entries, existing, decisions) {
    const lines = [`${dir} already exists (it holds ${entries.join(', ') || 'nothing'}); nothing was written.`];
    const version = existing.templateVersion;
    if (version !== undefined && version < TEMPLATE_VERSION)
        lines.push(`Its templates are version ${version}; this agent-harness ships version ${TEMPLATE_VERSION}.`);
    else if (version === undefined)
        lines.push('Its meta.json is missing or unreadable.');
    const notable = decisions.filter((d) => d.state !== 'current' && d.state !== 'edited');
    for (const d of notable)
        lines.push(`  ${d.path}: ${STATE_TEXT[d.state]}`);
    const edited = decisions.filter((d) => d.state === 'edited');
    for (const d of edited)
        lines.push(`  ${d.path}: ${STATE_TEXT[d.state]}`);
    if (notable.length === 0)
        lines.push('Every template is current; techdebt.md, log.md and plans/ are never overwritten.');
    else
        lines.push('agent-harness attach --force creates missing files, replaces untouched outdated templates and writes ' +
            'the new default beside each edited one as <name>.new; it never overwrites an edited template, ' +
            'techdebt.md, log.md or plans/.');
    return lines.join('\n');
}

// Every variable the review mode's templates can use (`{{.Name}}`): its meaning, the phases that set it and an
// example value. One registry feeds `agent-harness tmplvars`, the template checker (unknown variable → the
// closest known one) and the tests that render every default template with every variable of its phase.
const TEMPLATE_PHASES = PHASES;
const ALL = TEMPLATE_PHASES;
const WORK = ['develop', 'review'];
const TEMPLATE_VARIABLES = [
    {
        name: 'ProjectRoot',
        description: 'Absolute path of the project (the directory holding .harness/)',
        phases: ALL,
        kind: 'text',
        example: '/home/me/shop',
    },
    {
        name: 'Persona',
        description: "The phase's persona (.harness/personas/<role>.md), rendered",
        phases: ALL,
        kind: 'text',
        example: 'You are a Senior Developer…',
    },
    {
        name: 'Description',
        description: 'The user\'s description of what to build (agent-harness plan "…")',
        phases: ['plan'],
        kind: 'text',
        example: 'Name CSV downloads DDMMYY HH:MM {Name}',
    },
    {
        name: 'Headless',
        description: 'True when the planner runs unattended (--headless, the Action): it cannot ask questions',
        phases: ['plan'],
        kind: 'flag',
        example: true,
    },
    {
        name: 'Created',
        description: 'The time the plan is made, for its "created" field (YYYY-MM-DD HH:MM:SSZ)',
        phases: ['plan'],
        kind: 'text',
        example: '2026-03-26 13:21:21Z',
    },
    {
        name: 'PlanID',
        description: "The plan's id (its directory under .harness/plans/)",
        phases: ALL,
        kind: 'text',
        example: 'fix-csv-naming-20260326T1321',
    },
    {
        name: 'PlanTitle',
        description: "The plan's title",
        phases: WORK,
        kind: 'text',
        example: 'Fix CSV download naming convention',
    },
    {
        name: 'PlanContext',
        description: "The plan's context: why the work is needed (and, headless, the planner's assumptions)",
        phases: WORK,
        kind: 'text',
        example: 'Users cannot tell downloads apart.',
    },
    {
        name: 'PlanFile',
        description: 'Path of the planfile.json (the planner writes it; the others may read it)',
        phases: ALL,
        kind: 'text',
        example: '.harness/plans/fix-csv-naming-20260326T1321/planfile.json',
    },
    {
        name: 'TaskID',
        description: 'The current task’s id',
        phases: WORK,
        kind: 'text',
        example: '1_update_csv_filename',
    },
    {
        name: 'TaskTitle',
        description: 'The current task’s title',
        phases: WORK,
        kind: 'text',
        example: 'Update CSV filename to use DDMMYY HH:MM format',
    },
    {
        name: 'AcceptanceCriteria',
        description: 'The current task’s acceptance criteria (a list: {{#each .AcceptanceCriteria}}{{.}}{{/each}})',
        phases: WORK,
        kind: 'list',
        example: ['Filename follows DDMMYY HH:MM {Name}', 'Filename uses sanitized user input'],
    },
    {
        name: 'PossiblyRelevantFiles',
        description: 'Files the planner thought relevant to the current task (a list)',
        phases: WORK,
        kind: 'list',
        example: ['src/components/TableViewer.tsx'],
    },
    {
        name: 'DependsOn',
        description: 'Ids of the tasks the current task depends on, all done (a list)',
        phases: WORK,
        kind: 'list',
        example: [],
    },
    {
        name: 'Try',
        description: 'This try of the current task, from 1',
        phases: WORK,
        kind: 'number',
        example: 2,
    },
    {
        name: 'MaxTries',
        description: 'The most tries a task gets (loop --max-tries)',
        phases: WORK,
        kind: 'number',
        example: 2,
    },
    {
        name: 'Mistakes',
        description: "The plan's mistakes.json, formatted (empty when there are none)",
        phases: ['develop'],
        kind: 'text',
        example: '- Attempted: Inline validation in the HTTP handler\n  Problem: …\n  Lesson: …',
    },
    {
        name: 'LatestReview',
        description: 'The previous try’s review, in full (empty on the first try)',
        phases: ['develop'],
        kind: 'text',
        example: 'Result: FAIL\n\nPlan: …',
    },
    {
        name: 'GateOutput',
        description: 'The tail of build.sh/verify.sh output when the previous try failed the gate (else empty)',
        phases: ['develop'],
        kind: 'text',
        example: '$ ./verify.sh\nFAIL src/csv.test.ts …\nexit code 1',
    },
    {
        name: 'HumanReply',
        description: 'What a human answered after the task was escalated to them (else empty)',
        phases: ['develop'],
        kind: 'text',
        example: 'Use the date-fns formatter, not a hand-written one.',
    },
    {
        name: 'TechDebtFile',
        description: 'Path of techdebt.md (by path only: read it when relevant)',
        phases: ALL,
        kind: 'text',
        example: '.harness/techdebt.md',
    },
    {
        name: 'LogFile',
        description: 'Path of log.md, the developer’s diary (by path only)',
        phases: WORK,
        kind: 'text',
        example: '.harness/log.md',
    },
    {
        name: 'ReviewsDir',
        description: "The plan's reviews directory",
        phases: WORK,
        kind: 'text',
        example: '.harness/plans/fix-csv-naming-20260326T1321/reviews',
    },
    {
        name: 'ReviewFile',
        description: 'Where the architect writes this try’s review (<task-id>-<try>-review.md)',
        phases: ['review'],
        kind: 'text',
        example: '.harness/plans/fix-csv-naming-20260326T1321/reviews/1_update_csv_filename-2-review.md',
    },
    {
        name: 'MistakesFile',
        description: 'Where the architect writes this try’s mistakes (<task-id>-<try>-mistakes.json)',
        phases: ['review'],
        kind: 'text',
        example: '.harness/plans/fix-csv-naming-20260326T1321/reviews/1_update_csv_filename-2-mistakes.json',
    },
];
new Map(TEMPLATE_VARIABLES.map((v) => [v.name, v]));

// `agent-harness tmplvars`: the template variables as a plain-text table (name, phases, description), for a
// terminal. The registry is tmplvars.ts.
function tmplvarsTable(variables = TEMPLATE_VARIABLES) {
    const rows = [
        ['VARIABLE', 'PHASES', 'DESCRIPTION'],
        ...variables.map((v) => [`{{.${v.name}}}`, v.phases.join(','), `${v.description}${kindNote(v)}`]),
    ];
    const width = (col) => Math.max(...rows.map((r) => (r[col] ?? '').length));
    const [w0, w1] = [width(0), width(1)];
    const lines = rows.map((r) => `${(r[0] ?? '').padEnd(w0)}  ${(r[1] ?? '').padEnd(w1)}  ${r[2] ?? ''}`);
    return [
        ...lines,
        '',
        'Conditionals and loops are Handlebars blocks: {{#if .LatestReview}}…{{else}}…{{/if}},',
        '{{#each .AcceptanceCriteria}}- {{.}}{{/each}}; $.Name reaches a variable from inside a loop.',
    ].join('\n');
}
const kindNote = (v) => v.kind === 'list' && !v.description.includes('list')
    ? ' (a list)'
    : v.kind === 'flag' && !v.description.toLowerCase().includes('true')
        ? ' (true/false)'
        : '';

// The review mode's setup subcommands: `agent-harness attach [--force]` scaffolds `.harness/`, `agent-harness
// tmplvars` lists the template variables. Dispatched from cliMain before the loop's flags are parsed.
const REVIEW_COMMANDS = ['attach', 'tmplvars'];
const ATTACH_USAGE = `Usage: agent-harness attach [--force]

Scaffolds .harness/ here: prompts/{plan,develop,review}.md.tmpl, personas/{planner,developer,architect}.md,
plans/, meta.json, techdebt.md and log.md. If .harness/ exists, reports what is there and which templates are
outdated or edited, and writes nothing.

Options:
      --force   Create missing files, replace untouched outdated templates, and write the new default beside
                each edited template as <name>.new. Never overwrites an edited template, techdebt.md, log.md
                or plans/.
  -h, --help    This text`;
const TMPLVARS_USAGE = `Usage: agent-harness tmplvars

Prints every variable the templates in .harness/prompts and .harness/personas can use, with the phases that set it.`;
function parse(argv, withForce) {
    try {
        return parseArgs({
            args: [...argv],
            allowPositionals: false,
            strict: true,
            options: {
                help: { type: 'boolean', short: 'h' },
                ...(withForce ? { force: { type: 'boolean' } } : {}),
            },
        }).values;
    }
    catch (error) {
        throw new UsageError(error instanceof Error ? error.message : String(error));
    }
}
async function reviewCommand(command, argv, io) {
    if (command === 'tmplvars') {
        const values = parse(argv, false);
        io.out(values.help === true ? TMPLVARS_USAGE : tmplvarsTable());
        return EXIT.ok;
    }
    const values = parse(argv, true);
    if (values.help === true)
        return (io.out(ATTACH_USAGE), EXIT.ok);
    const result = await attach({ cwd: io.cwd, force: values.force === true, harnessVersion: VERSION });
    for (const line of result.report)
        io.out(line);
    return EXIT.ok;
}

// The local home: wire the config, the terminal and plain files to the loop, and turn every outcome into
// one exit code.
const defaultIo = () => ({
    cwd: process.cwd(),
    out: (text) => process.stdout.write(`${text}\n`),
    err: (text) => process.stderr.write(`${text}\n`),
});
async function cliMain(argv, io = defaultIo()) {
    try {
        if (argv[0] === 'tasks') {
            return await tasksCommand(argv.slice(1), {
                cwd: io.cwd,
                out: io.out,
                now: () => systemClock.now(),
                env: process.env,
            });
        }
        const review = REVIEW_COMMANDS.find((name) => name === argv[0]);
        if (review !== undefined)
            return await reviewCommand(review, argv.slice(1), io);
        const args = parseCliArgs(argv);
        if (args.command === 'help')
            return (io.out(USAGE), EXIT.ok);
        if (args.command === 'version')
            return (io.out(VERSION), EXIT.ok);
        if (args.command === 'schema')
            return (io.out(JSON.stringify(configJsonSchema(), null, 2)), EXIT.ok);
        const loaded = await loadConfig({
            cwd: io.cwd,
            ...(args.configPath !== undefined ? { configPath: args.configPath } : {}),
            overrides: args.overrides,
        });
        if (args.command === 'dry-run')
            return (io.out(describeConfig(loaded)), EXIT.ok);
        if (args.command === 'status')
            return await printStatus(loaded.config, io);
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
            start: ({ paths }) => {
                const uninstall = installSignalHandlers(stop, {
                    now: () => systemClock.now(),
                    windowMs: config.shutdown.force_window_secs * 1000,
                    onSignal: (signal, action) => {
                        // The terminal is gone: writing to it must not take the harness down and leave the agent unsupervised.
                        if (signal === 'SIGHUP')
                            ignoreOutputErrors();
                        if (action === 'force')
                            logger.log('warn', { signal, action: 'killing session now' });
                        else if (signal === 'SIGINT')
                            logger.summary('Caught SIGINT, finishing current session...');
                        else
                            logger.log('info', { signal, action: 'finishing current session' });
                    },
                });
                const budgetMins = config.session.time_budget_mins;
                return Promise.resolve({
                    logger,
                    events: paths.eventLog ? new FileEventLog(paths.eventLog, () => systemClock.now()) : nullEventSink,
                    budget: () => budgetMins === undefined
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
        if (summary.error !== undefined)
            io.err(`agent-harness: ${summary.error}`);
        return summary.exitCode;
    }
    catch (error) {
        const verdict = exitForError(error);
        io.err(`agent-harness: ${verdict.message}`);
        return verdict.code;
    }
}
function ignoreOutputErrors() {
    for (const stream of [process.stdout, process.stderr])
        stream.on('error', () => undefined);
}

export { cliMain };
