import { spawn } from 'node:child_process';
import { l as leafKeyPaths, a as acquireLock, r as readLockPid, b as lockDirFor, P as ProgressLog, c as checkpointMessage, v as validateDependencies, d as readyTasks, n as nextTaskId, I as INIT_SCRIPT, s as systemClock, e as configJsonSchema, f as loadConfig, S as StopController, C as ConsoleLogger, g as runHarness, i as installSignalHandlers, F as FileEventLog, h as nullEventSink, j as exitForError } from './console-logger-D1_g2hBm.js';
import { H as HarnessError, E as EXIT } from './exit-codes-BebQzdUK.js';
import { parseArgs } from 'node:util';
import { statSync, existsSync } from 'node:fs';
import { r as resolvePaths, a as readStatus, b as readCounter, p as processAlive, T as TASK_FILE, m as mergeOutcomes, w as writeTaskFile, c as TASK_ID, P as PROGRESS_FILE, l as loadTasksForRead, t as taskStats, i as isPermanentlyFailed, d as PRIORITIES, n as newTaskFile, e as readTaskFile } from './merge-QZSgsoeg.js';
import { f as formatStatus } from './status-display-ptmqJJH4.js';
import { V as VERSION } from './version-a36rRwiv.js';
import { writeFile, chmod } from 'node:fs/promises';
import { join } from 'node:path';
import 'process';
import 'buffer';
import 'node:os';
import 'node:crypto';
import 'node:readline';

// Past this width a value (the default agent args) would push every other line's source column far right.
const MAX_VALUE_COLUMN = 40;
function valueAt(config, path) {
    return path
        .split('.')
        .reduce((node, key) => node?.[key], config);
}
function describeConfig(loaded) {
    const rows = leafKeyPaths().map((path) => {
        const value = valueAt(loaded.config, path);
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
    const { values } = parse(argv, { 'init-script': { type: 'boolean' } });
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
    const { values, positionals } = parse(argv, {
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
    const { values } = parse(argv, { json: { type: 'boolean' } });
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
    const { values, positionals } = parse(argv, { step: { type: 'string' } });
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
    const { positionals } = parse(argv, {});
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
function parse(argv, options) {
    try {
        const parsed = parseArgs({ args: [...argv], options, allowPositionals: true, strict: true });
        return { values: parsed.values, positionals: parsed.positionals };
    }
    catch (error) {
        throw new UsageError(`${error.message}\n${TASKS_USAGE}`);
    }
}
const str = (value) => typeof value === 'string' ? value : undefined;

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
