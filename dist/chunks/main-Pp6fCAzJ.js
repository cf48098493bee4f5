import { spawn } from 'node:child_process';
import { v as valueAt, r as resolvePaths, a as readStatus, b as readCounter, p as processAlive, T as TASK_FILE, m as mergeOutcomes, w as writeTaskFile, c as TASK_ID, P as PROGRESS_FILE, l as loadTasksForRead, t as taskStats, i as isPermanentlyFailed, d as PRIORITIES, n as newTaskFile, e as readTaskFile, h as harnessDir, f as writeFileAtomic, g as looseObject, j as record, k as number$1, s as string, o as planfilePath } from './layout-IPdYXaOn.js';
import { l as leafKeyPaths, i as installSignalHandlers, s as systemClock, a as acquireLock, r as readLockPid, b as lockDirFor, P as ProgressLog, c as checkpointMessage, v as validateDependencies, d as readyTasks, n as nextTaskId, I as INIT_SCRIPT, e as loadConfig, S as StopController, F as FileEventLog, f as nullEventSink, C as ConsoleLogger, g as isoSeconds, h as configJsonSchema, j as runHarness, k as exitForError } from './console-logger-DJ0rer-Z.js';
import { H as HarnessError, E as EXIT } from './exit-codes-BR6sdZ7Y.js';
import { parseArgs } from 'node:util';
import { statSync, existsSync } from 'node:fs';
import { f as formatStatus } from './status-display-ptmqJJH4.js';
import { V as VERSION } from './version-a36rRwiv.js';
import { writeFile, chmod, readdir, mkdir, stat, readFile } from 'node:fs/promises';
import { join, relative } from 'node:path';
import { c as contentHash, D as DEFAULT_TEMPLATES, T as TEMPLATE_VERSION, a as TEMPLATE_VARIABLES, r as runPlanning, b as runReviewCycle, d as readPlanfile, p as progressPath, e as readProgress, f as progressText, g as phaseConfig, i as interactiveArgs, w as waitingTasks } from './progress-table-BJcAk_oR.js';
import 'node:readline';
import 'node:crypto';
import 'process';
import 'buffer';
import 'node:os';
import 'node:stream/promises';
import 'fs';

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

function installCliSignals(stop, config, logger) {
    return installSignalHandlers(stop, {
        now: () => systemClock.now(),
        windowMs: config.shutdown.force_window_secs * 1000,
        onSignal: (signal, action) => {
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
}
function ignoreOutputErrors() {
    for (const stream of [process.stdout, process.stderr])
        stream.on('error', () => undefined);
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

Review mode (plan -> develop -> gate -> review): agent-harness attach [--force] scaffolds .harness/;
agent-harness plan "<description>" [--headless] makes a plan; agent-harness loop [--max-tries N] <plan_id> runs it;
agent-harness plan status <plan_id> shows tries, verdicts and cost; agent-harness tmplvars lists template variables.

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
            return status$1(io, path);
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
    const { values } = parse$2(argv, { 'init-script': { type: 'boolean' } });
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
    const { values, positionals } = parse$2(argv, {
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
async function status$1(io, path) {
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
    const { values } = parse$2(argv, { json: { type: 'boolean' } });
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
    const { values, positionals } = parse$2(argv, { step: { type: 'string' } });
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
    const { positionals } = parse$2(argv, {});
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
function parse$2(argv, options) {
    try {
        const parsed = parseArgs({ args: [...argv], options, allowPositionals: true, strict: true });
        return { values: parsed.values, positionals: parsed.positionals };
    }
    catch (error) {
        throw new UsageError(`${error.message}\n${TASKS_USAGE}`);
    }
}
const str = (value) => typeof value === 'string' ? value : undefined;

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
function parse$1(argv, withForce) {
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
        const values = parse$1(argv, false);
        io.out(values.help === true ? TMPLVARS_USAGE : tmplvarsTable());
        return EXIT.ok;
    }
    const values = parse$1(argv, true);
    if (values.help === true)
        return (io.out(ATTACH_USAGE), EXIT.ok);
    const result = await attach({ cwd: io.cwd, force: values.force === true, harnessVersion: VERSION });
    for (const line of result.report)
        io.out(line);
    return EXIT.ok;
}

// The review mode's running commands on the local home: `plan "<description>" [--headless]`, `plan status
// <plan_id>` and `loop [--max-tries N] [--reply TEXT [--task ID]] <plan_id>`. They load the config like the
// loop does, install the same signal handling (SIGINT finishes the current session, a second one within the
// force window kills it), write events to the same log, and turn the cycle's outcome into an exit code.
const CYCLE_COMMANDS = ['plan', 'loop'];
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
                help: { type: 'boolean', short: 'h' },
                config: { type: 'string', short: 'c' },
                verbose: { type: 'boolean', short: 'v' },
                quiet: { type: 'boolean', short: 'q' },
                ...options,
            },
        });
        return { values: parsed.values, positionals: parsed.positionals };
    }
    catch (error) {
        throw new UsageError(error instanceof Error ? error.message : String(error));
    }
}
const verbosityOf = (values) => values.quiet === true ? 'quiet' : values.verbose === true ? 'verbose' : 'normal';
async function configFor(cwd, values) {
    const loaded = await loadConfig({
        cwd,
        ...(typeof values.config === 'string' ? { configPath: values.config } : {}),
        overrides: {},
    });
    return loaded.config;
}
/** The ports every phase shares, with the signal handlers installed; `dispose` removes them. */
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
        dispose,
    };
}
async function cycleCommand(command, argv, io) {
    return command === 'plan' ? plan(argv, io) : loop(argv, io);
}
async function plan(argv, io) {
    const { values, positionals } = parse(argv, { headless: { type: 'boolean' } });
    if (values.help === true)
        return (io.out(PLAN_USAGE), EXIT.ok);
    if (positionals[0] === 'status' && positionals.length === 2)
        return status(positionals[1], io);
    const description = positionals.join(' ').trim();
    if (description === '')
        throw new UsageError(`plan: expected a description, e.g. agent-harness plan "Add a CSV export"\n${PLAN_USAGE}`);
    const headless = values.headless === true;
    if (!headless && io.isTty === false)
        throw new UsageError('plan: the planner runs interactively and needs a terminal (stdin is not one): add --headless to plan unattended');
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
    }
    finally {
        ports.dispose();
    }
}
/** The planner on the user's terminal: its Ctrl-C is its own, so the harness ignores SIGINT while it runs. */
function terminalPlanner(config, cwd) {
    const agent = phaseConfig(config, 'plan').agent;
    return (prompt, env) => new Promise((resolve, reject) => {
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
        'max-tries': { type: 'string' },
        reply: { type: 'string' },
        task: { type: 'string' },
    });
    if (values.help === true)
        return (io.out(LOOP_USAGE), EXIT.ok);
    if (positionals.length !== 1)
        throw new UsageError(`loop: expected one plan id (the directory under .harness/plans/)\n${LOOP_USAGE}`);
    const planId = positionals[0];
    const config = await configFor(io.cwd, values);
    const maxTries = maxTriesOf(values['max-tries'], config.review.max_tries);
    const replies = await repliesFor(io.cwd, planId, values.reply, values.task);
    const ports = localPorts(config, io.cwd, verbosityOf(values));
    let summary;
    try {
        summary = await runReviewCycle({ ...ports, planId, maxTries, replies });
    }
    finally {
        ports.dispose();
    }
    for (const e of summary.escalated) {
        io.out(`\n=== Task ${e.taskId} waits for a human: ${e.why}`);
        if (e.review !== null)
            io.out(`--- The last review (${e.reviewFile ?? ''}):\n${e.review.trimEnd()}`);
        if (e.gateOutput !== '')
            io.out(`--- The gate's output:\n${e.gateOutput.trimEnd()}`);
    }
    if (summary.escalated.length > 0)
        io.out(`\nAnswer with: agent-harness loop --reply "<what to do>"${summary.escalated.length > 1 ? ' --task <id>' : ''} ${planId}`);
    if (summary.message !== undefined && summary.exitCode !== EXIT.ok)
        io.err(`agent-harness: ${summary.message}`);
    return summary.exitCode;
}
function maxTriesOf(text, fallback) {
    if (typeof text !== 'string')
        return fallback;
    const n = Number(text);
    if (!Number.isInteger(n) || n < 1)
        throw new UsageError(`--max-tries: expected a whole number of at least 1, found ${JSON.stringify(text)}`);
    return n;
}
/** `--reply` answers the task that waits (or the one `--task` names). */
async function repliesFor(cwd, planId, reply, task) {
    if (typeof reply !== 'string') {
        if (typeof task === 'string')
            throw new UsageError('--task names the task --reply answers: add --reply');
        return [];
    }
    if (reply.trim() === '')
        throw new UsageError('--reply: the answer is empty');
    const path = progressPath(cwd, planId);
    const progress = await readProgress(path, planId, relative(cwd, path));
    const waiting = waitingTasks(progress);
    const taskId = typeof task === 'string' ? task : waiting.length === 1 ? waiting[0] : undefined;
    if (taskId === undefined)
        throw new UsageError(waiting.length === 0
            ? `--reply: no task of plan ${planId} waits for a human`
            : `--reply: ${waiting.length} tasks wait for a human (${waiting.join(', ')}): name one with --task`);
    if (!waiting.includes(taskId))
        throw new UsageError(`--task ${taskId}: that task does not wait for a human (waiting: ${waiting.join(', ') || 'none'})`);
    return [{ taskId, at: isoSeconds(Date.now()), by: process.env.USER ?? 'you', text: reply }];
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
        const cycle = CYCLE_COMMANDS.find((name) => name === argv[0]);
        if (cycle !== undefined)
            return await cycleCommand(cycle, argv.slice(1), { ...io, isTty: process.stdin.isTTY === true });
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
                const uninstall = installCliSignals(stop, config, logger);
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

export { cliMain };
