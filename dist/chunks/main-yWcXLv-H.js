import { spawn } from 'node:child_process';
import { v as valueAt, r as resolvePaths, a as readStatus, b as readCounter, p as processAlive, T as TASK_FILE, m as mergeOutcomes, w as writeTaskFile, c as TASK_ID, P as PROGRESS_FILE, l as loadTasksForRead, t as taskStats, i as isPermanentlyFailed, d as PRIORITIES, n as newTaskFile, e as readTaskFile, h as harnessDir, f as writeFileAtomic, g as looseObject, j as record, k as number$1, s as string, o as planfilePath, q as TARGET_METRICS, u as TARGET_RULE, x as compressionOf, y as decompressorFor, z as TAIL_BYTES, A as decodeTail, W as WIDE_TAIL_BYTES, M as MetricsStore, B as transcriptName, C as sha256File, S as SESSION_COLUMNS, K as KIND_NAMES } from './layout-C9qinaQP.js';
import { l as leafKeyPaths, i as installSignalHandlers, s as systemClock, a as acquireLock, r as readLockPid, b as lockDirFor, P as ProgressLog, c as checkpointMessage, v as validateDependencies, d as readyTasks, n as nextTaskId, I as INIT_SCRIPT, e as loadConfig, S as StopController, F as FileEventLog, f as nullEventSink, C as ConsoleLogger, g as isoSeconds, h as adapterFor, w as withTurnShape, j as classifyOutcome, k as createLineScan, m as lineSplitter, o as compilePattern, p as configJsonSchema, q as runHarness, t as exitForError } from './console-logger-DDZ5gA9e.js';
import { H as HarnessError, E as EXIT } from './exit-codes-DUr1-02G.js';
import { parseArgs } from 'node:util';
import { statSync, existsSync, createReadStream, mkdirSync } from 'node:fs';
import { f as formatStatus, t as trendDirection, s as sparkline, d as direction } from './trends-D5f-kYch.js';
import { V as VERSION } from './version-a36rRwiv.js';
import { writeFile, chmod, readdir, mkdir, stat, readFile } from 'node:fs/promises';
import { join, relative, resolve, dirname, basename } from 'node:path';
import { c as contentHash, D as DEFAULT_TEMPLATES, T as TEMPLATE_VERSION, a as TEMPLATE_VARIABLES, r as runPlanning, b as runReviewCycle, d as readPlanfile, p as progressPath, e as readProgress, f as progressText, g as phaseConfig, i as interactiveArgs, w as waitingTasks } from './progress-table-tchEgCmY.js';
import { createHash } from 'node:crypto';
import { pipeline } from 'node:stream/promises';
import 'node:readline';
import 'node:stream';
import 'node:zlib';
import 'process';
import 'buffer';
import 'node:os';
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

Session history: agent-harness metrics <status|targets|query|export|ingest|rebuild|migrate>, agent-harness
improvement <add|list|fix|search>, agent-harness brief [--last N] (for prompt.prepend_commands), and
agent-harness self-improvement ... (the bash loop's tool's command lines). See docs/metrics.md.

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
            return add$1(rest, io, path);
        case 'status':
            return status$2(io, path);
        case 'list':
            return list$1(rest, io, path, 'list');
        case 'ready':
            return list$1(rest, io, path, 'ready');
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
async function add$1(argv, io, path) {
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
    const priority = (str$1(values.priority) ?? 'P1');
    if (!PRIORITIES.includes(priority)) {
        throw new UsageError(`--priority: expected one of ${PRIORITIES.join(', ')}, found ${JSON.stringify(str$1(values.priority))}`);
    }
    const dependsOn = (str$1(values['depends-on']) ?? '')
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean);
    const timeout = positiveNumber('--timeout', str$1(values.timeout), 300);
    const maxAttempts = positiveNumber('--max-attempts', str$1(values['max-attempts']), 3);
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
            validation: { command: str$1(values.validate) ?? null, timeout_seconds: timeout },
            on_failure: { cleanup: str$1(values.cleanup) ?? null },
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
async function status$2(io, path) {
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
async function list$1(argv, io, path, what) {
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
    const step = /^(\d+)\/(\d+)$/.exec(str$1(values.step) ?? '');
    if (!id || !TASK_ID.test(id) || !step || words.length === 0) {
        throw new UsageError('usage: agent-harness tasks checkpoint <task-id> --step M/N "<description>"');
    }
    const [m, n] = [Number(step[1]), Number(step[2])];
    if (n < 1 || m > n)
        throw new UsageError(`--step: expected M/N with 0 <= M <= N and N >= 1, found ${str$1(values.step)}`);
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
const str$1 = (value) => typeof value === 'string' ? value : undefined;

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
        return status$1(positionals[1], io);
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
async function status$1(planId, io) {
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

// Number and time formatting shared by the metrics renderers: fixed, short, and the same everywhere.
/** 1234 -> "1,234"; 1_234_567 -> "1.2M"; 12_345 -> "12.3k". */
function compact(n) {
    const abs = Math.abs(n);
    if (abs >= 1e9)
        return `${(n / 1e9).toFixed(1)}G`;
    if (abs >= 1e6)
        return `${(n / 1e6).toFixed(1)}M`;
    if (abs >= 1e4)
        return `${(n / 1e3).toFixed(1)}k`;
    return Number.isInteger(n) ? String(n) : n.toFixed(1);
}
const usd = (n) => `$${n.toFixed(2)}`;
/** Seconds as "45s", "12m 03s", "2h 05m". */
function duration(secs) {
    const s = Math.round(secs);
    if (s < 60)
        return `${s}s`;
    if (s < 3600)
        return `${Math.floor(s / 60)}m ${String(s % 60).padStart(2, '0')}s`;
    return `${Math.floor(s / 3600)}h ${String(Math.floor((s % 3600) / 60)).padStart(2, '0')}m`;
}
/** "2026-11-24T00:18:29.123Z" -> "2026-11-24 00:18" (UTC, as stored). */
const when = (iso) => iso.replace('T', ' ').slice(0, 16);
/** A number with at most one decimal, no trailing ".0". */
function num(n) {
    const rounded = Math.round(n * 10) / 10;
    return Number.isInteger(rounded) ? String(rounded) : rounded.toFixed(1);
}
/** Left-aligned first column, right-aligned others, two spaces between columns. */
function table(header, rows, left = 1) {
    const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? '').length)));
    const line = (cells) => cells
        .map((c, i) => (i < left ? c.padEnd(widths[i]) : c.padStart(widths[i])))
        .join('  ')
        .trimEnd();
    return [line(header), ...rows.map(line)];
}

/** input + output tokens, or null when neither is known. */
function sessionTokens(row) {
    if (row.input_tokens === null && row.output_tokens === null)
        return null;
    return (row.input_tokens ?? 0) + (row.output_tokens ?? 0);
}
/** How people name a session: its global number when it has one, else the start of its key. */
function sessionName(row) {
    return row.global !== null ? `#${row.global}` : row.key.replace(/^sha256:/, '').slice(0, 8);
}

// Targets: the config's comparison strings ("< 20", ">= 85", "off") parsed into rules, and each rule checked
// against a window of sessions. A metric no session in the window has (codex has no narration counts, a text
// agent no tokens) is "not available": never a pass, never a miss.
const METRIC_INFO = {
    completion_rate: { label: 'Completion rate', unit: '%', good: 'up' },
    narration_only_pct: { label: 'Narration-only turns', unit: '%', good: 'down' },
    parallel_turns_pct: { label: 'Parallel tool turns', unit: '%', good: 'up' },
    turns_per_session: { label: 'Turns per session', unit: '', good: 'down' },
    cost_per_session: { label: 'Cost per session', unit: '$', good: 'down' },
    tokens_per_session: { label: 'Tokens per session', unit: '', good: 'down' },
    tool_calls_per_session: { label: 'Tool calls per session', unit: '', good: 'down' },
    duration_secs: { label: 'Duration (s)', unit: 's', good: 'down' },
};
/** One comparison string; null for "off". Throws on text the config schema would have refused. */
function parseTarget(metric, text) {
    const match = TARGET_RULE.exec(text);
    if (match === null)
        throw new Error(`metrics.targets.${metric}: cannot read ${JSON.stringify(text)}`);
    if (match[1] === undefined)
        return null;
    return { metric, op: match[1], threshold: Number(match[2]) };
}
/** The rules that are on, in TARGET_METRICS order. */
function targetRules(targets) {
    return TARGET_METRICS.flatMap((metric) => {
        const rule = parseTarget(metric, targets[metric]);
        return rule === null ? [] : [rule];
    });
}
function compare(value, op, threshold) {
    switch (op) {
        case '<':
            return value < threshold;
        case '<=':
            return value <= threshold;
        case '>':
            return value > threshold;
        case '>=':
            return value >= threshold;
    }
}
const avg = (values) => values.length === 0 ? null : values.reduce((a, b) => a + b, 0) / values.length;
const known = (values) => values.filter((v) => v !== null);
function turnsPct(rows, part) {
    let parts = 0;
    let turns = 0;
    for (const row of rows) {
        const p = part(row);
        if (p === null || row.turns === null)
            continue;
        parts += p;
        turns += row.turns;
    }
    return turns === 0 ? null : (parts / turns) * 100;
}
/** The metric over a window of sessions; null when not available. */
function metricValue(metric, rows) {
    switch (metric) {
        case 'completion_rate': {
            const committed = known(rows.map((r) => r.committed));
            return committed.length === 0 ? null : (committed.filter(Boolean).length / committed.length) * 100;
        }
        case 'narration_only_pct':
            return turnsPct(rows, (r) => r.narration_turns);
        case 'parallel_turns_pct':
            return turnsPct(rows, (r) => r.parallel_turns);
        case 'turns_per_session':
            return avg(known(rows.map((r) => r.turns)));
        case 'cost_per_session':
            return avg(known(rows.map((r) => r.cost_usd)));
        case 'tokens_per_session':
            return avg(known(rows.map(sessionTokens)));
        case 'tool_calls_per_session':
            return avg(known(rows.map((r) => r.tool_calls)));
        case 'duration_secs':
            return avg(known(rows.map((r) => r.duration_secs)));
    }
}
/** The metric for one session (a trend point, a streak step); null when the session does not have it. */
function sessionValue(metric, row) {
    return metricValue(metric, [row]);
}
/** "85%", "$1.23", "67", "1.2M", "754s". */
function formatMetric(metric, value) {
    const { unit } = METRIC_INFO[metric];
    if (unit === '%')
        return `${Math.round(value)}%`;
    if (unit === '$')
        return usd(value);
    if (unit === 's')
        return `${Math.round(value)}s`;
    return metric === 'tokens_per_session' ? compact(Math.round(value)) : num(value);
}
/** "< 20%", ">= 85%", "< $2.00", "< 80". */
function formatRule(rule) {
    const { unit } = METRIC_INFO[rule.metric];
    if (unit === '$')
        return `${rule.op} ${usd(rule.threshold)}`;
    return `${rule.op} ${num(rule.threshold)}${unit === '%' ? '%' : unit === 's' ? 's' : ''}`;
}
function evaluateTarget(rule, rows) {
    const value = metricValue(rule.metric, rows);
    if (value === null)
        return { rule, value, status: 'not available' };
    return { rule, value, status: compare(value, rule.op, rule.threshold) ? 'pass' : 'miss' };
}
const evaluateTargets = (rules, rows) => rules.map((rule) => evaluateTarget(rule, rows));
/**
 * How many of the newest sessions in a row miss the rule on their own (a session without the metric ends the
 * streak).
 */
function missStreak(rule, rows) {
    let streak = 0;
    for (let i = rows.length - 1; i >= 0; i--) {
        const value = sessionValue(rule.metric, rows[i]);
        if (value === null || compare(value, rule.op, rule.threshold))
            break;
        streak++;
    }
    return streak;
}
/** One line per rule: "Completion rate         60%  (target >= 85%)  MISS". */
function targetLines(results) {
    const width = Math.max(0, ...results.map((r) => METRIC_INFO[r.rule.metric].label.length));
    const valueWidth = Math.max(0, ...results.map((r) => (r.value === null ? 1 : formatMetric(r.rule.metric, r.value).length)));
    return results.map((r) => {
        const value = r.value === null ? '-' : formatMetric(r.rule.metric, r.value);
        const status = r.status === 'pass' ? 'ok' : r.status === 'miss' ? 'MISS' : 'not available';
        const target = `(target ${formatRule(r.rule)})`;
        return `${METRIC_INFO[r.rule.metric].label.padEnd(width)}  ${value.padStart(valueWidth)}  ${target.padEnd(18)}  ${status}`;
    });
}

// The performance brief for `prompt.prepend_commands` (the bash loop's `self-improvement brief --last 5`): the
// targets over the recent sessions (a miss in every one of the last STREAK sessions escalates to a WARNING),
// trends, the worst sessions and why, and the open improvements. Short by design; empty when there is nothing
// to say, so the prompt gets nothing prepended.
/** Consecutive misses (newest sessions) that turn a miss into a WARNING. */
const STREAK = 3;
/** At most this many open improvements are listed. */
const BRIEF_IMPROVEMENTS = 5;
const SEVERITY_ORDER = ['critical', 'high', 'medium', 'low'];
const severityRank = (s) => {
    const i = SEVERITY_ORDER.indexOf(s);
    return i === -1 ? SEVERITY_ORDER.length : i;
};
const BAD_OUTCOMES = new Set(['failed', 'empty', 'rate_limited', 'cancelled', 'timeout']);
function why(row) {
    const reason = [row.failure_kind, row.failure_reason].filter((s) => s !== null && s !== '').join(': ');
    return reason === '' ? (row.outcome ?? 'unknown') : `${row.outcome ?? 'unknown'} (${reason})`;
}
/** The sessions that went wrong, and the ones with the most turns and cost, one line each. */
function worstSessions(rows) {
    const lines = [];
    for (const row of rows.filter((r) => r.outcome !== null && BAD_OUTCOMES.has(r.outcome)).slice(-3))
        lines.push(`${sessionName(row)} ${why(row)}`);
    const most = (pick) => rows.length < 2
        ? undefined
        : rows.reduce((best, r) => {
            const v = pick(r);
            return v !== null && v > 0 && (best === undefined || v > pick(best)) ? r : best;
        }, undefined);
    const turns = most((r) => r.turns);
    if (turns !== undefined)
        lines.push(`${sessionName(turns)} most turns: ${turns.turns}`);
    const cost = most((r) => r.cost_usd);
    if (cost !== undefined)
        lines.push(`${sessionName(cost)} most cost: ${usd(cost.cost_usd)}` +
            (cost.duration_secs === null ? '' : ` in ${duration(cost.duration_secs)}`));
    return lines;
}
function renderBrief(input) {
    const { rows, rules } = input;
    if (rows.length === 0 && input.open.length === 0)
        return '';
    const out = [];
    if (rows.length > 0) {
        const last = rows[rows.length - 1];
        out.push(`## PERFORMANCE BRIEF (last ${rows.length} session${rows.length === 1 ? '' : 's'}, newest ${sessionName(last)})`);
        const results = evaluateTargets(rules, rows);
        if (results.length > 0) {
            out.push('', 'Targets:');
            for (const r of results) {
                const { label } = METRIC_INFO[r.rule.metric];
                const value = r.value === null ? 'not available' : formatMetric(r.rule.metric, r.value);
                const verdict = r.status === 'pass' ? 'OK' : r.status === 'miss' ? 'MISS' : '-';
                out.push(`  ${label}: ${value} (target ${formatRule(r.rule)}) ${verdict}`);
            }
            const warnings = rules.flatMap((rule) => {
                const streak = missStreak(rule, rows);
                return streak >= STREAK
                    ? [
                        `WARNING: ${METRIC_INFO[rule.metric].label.toLowerCase()} missed its target (${formatRule(rule)}) ` +
                            `in each of the last ${streak} sessions.`,
                    ]
                    : [];
            });
            const misses = results.filter((r) => r.status === 'miss').length;
            if (warnings.length > 0)
                out.push('', ...warnings);
            else if (misses === 0 && results.some((r) => r.status === 'pass'))
                out.push('All targets met.');
        }
        if (rows.length >= 2) {
            const trends = TARGET_METRICS.flatMap((metric) => {
                const values = rows.map((r) => sessionValue(metric, r));
                const dir = trendDirection(values, METRIC_INFO[metric].good);
                return dir === null ? [] : [[metric, values, dir]];
            }).filter(([metric]) => metric !== 'duration_secs' && metric !== 'tool_calls_per_session');
            if (trends.length > 0) {
                out.push('', 'Trends (oldest to newest):');
                const width = Math.max(...trends.map(([m]) => METRIC_INFO[m].label.length));
                for (const [metric, values, dir] of trends)
                    out.push(`  ${METRIC_INFO[metric].label.padEnd(width)}  ${sparkline(values)}  ${dir}`);
            }
        }
        const worst = worstSessions(rows);
        if (worst.length > 0)
            out.push('', 'Worst sessions:', ...worst.map((l) => `  ${l}`));
    }
    if (input.open.length > 0) {
        if (out.length > 0)
            out.push('');
        const shown = [...input.open]
            .sort((a, b) => severityRank(a.severity) - severityRank(b.severity))
            .slice(0, BRIEF_IMPROVEMENTS);
        out.push(`## OPEN IMPROVEMENTS (${input.open.length} of ${input.improvementsTotal})`, '');
        for (const i of shown)
            out.push(`${i.ref} [${i.category}/${i.severity}] ${i.title}`);
        if (input.open.length > shown.length)
            out.push(`... and ${input.open.length - shown.length} more`);
    }
    return out.join('\n');
}

// What `metrics ingest` (and `self-improvement log|backfill`) decide and say about one transcript file: its
// session number from the name, the facts handed to the store, and one line per file.
/** A transcript's session number from its name: `claude-iteration-42.jsonl`, `<prefix>-7.jsonl.zst`, `42.jsonl`. */
function sessionNumberOf(fileName) {
    const match = /(?:^|[-_.])(\d+)\.jsonl(?:\.gz|\.zst)?$/.exec(fileName);
    return match === null ? null : Number(match[1]);
}
/** Whether a file in a transcript directory is one of `prefix`'s transcripts (or a bare `N.jsonl`), and its number. */
function transcriptNumber(fileName, prefix) {
    const escaped = prefix.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    const match = new RegExp(`^(?:${escaped}-)?(\\d+)\\.jsonl(?:\\.gz|\\.zst)?$`).exec(fileName);
    return match === null ? null : Number(match[1]);
}
/** Inclusive range check for `backfill --from N --to N`. */
const inRange = (n, from, to) => (from === undefined || n >= from) && (to === undefined || n <= to);
const plural = (n, what) => `${n} ${what}${n === 1 ? '' : 's'}`;
function ingestLine(result) {
    switch (result.kind) {
        case 'recorded': {
            const f = result.facts;
            const tokens = f.input_tokens === null && f.output_tokens === null
                ? null
                : (f.input_tokens ?? 0) + (f.output_tokens ?? 0);
            const parts = [
                f.global === null ? null : `session ${f.global}`,
                f.format,
                f.outcome,
                f.turns === null ? null : plural(f.turns, 'turn'),
                f.tool_calls === null ? null : plural(f.tool_calls, 'tool call'),
                tokens === null ? null : `${compact(tokens)} tokens`,
                f.cost_usd === null ? null : usd(f.cost_usd),
                f.committed === null ? null : f.committed ? 'committed' : 'no commit',
            ].filter((p) => p !== null);
            return `recorded ${result.file}: ${parts.join(', ')}`;
        }
        case 'already':
            return `already recorded ${result.file}`;
        case 'skipped':
            return `skipped ${result.file}: 0 bytes, nothing to record`;
        case 'error':
            return `error ${result.file}: ${result.message}`;
    }
}
/** "3 files: 2 recorded, 1 already recorded, 0 skipped (0 bytes), 0 errors". */
function ingestSummary(results) {
    const n = (kind) => results.filter((r) => r.kind === kind).length;
    const errors = n('error');
    return (`${results.length} file${results.length === 1 ? '' : 's'}: ${n('recorded')} recorded, ` +
        `${n('already')} already recorded, ${n('skipped')} skipped (0 bytes), ${errors} error${errors === 1 ? '' : 's'}`);
}

// `improvement list|search`: improvements as a table, newest last.
/** Severities `improvement add` accepts (the bash loop's tool's, plus critical). */
const SEVERITIES = ['low', 'medium', 'high', 'critical'];
function renderImprovements(rows) {
    return table(['Ref', 'Status', 'Severity', 'Category', 'Created', 'Title'], rows.map((r) => [
        r.ref,
        r.status,
        r.severity,
        r.category,
        r.created.slice(0, 10),
        r.impact === null || r.impact === '' ? r.title : `${r.title} (impact: ${r.impact})`,
    ]), 6).join('\n');
}

const CLAUDE_TYPES = new Set([
    'system',
    'assistant',
    'user',
    'stream_event',
    'rate_limit_event',
]);
const GEMINI_TYPES = new Set(['init', 'message', 'tool_use', 'tool_result']);
const CODEX_PREFIXES = ['thread.', 'turn.', 'item.'];
/** How many lines are looked at, at most. */
const MAX_LINES = 50;
// The event's type where the CLIs write it (first), for a line too long to have arrived whole.
const TYPE_HEAD = /^\{"type":"([a-z_.]+)"/;
function formatOfType(type, event) {
    if (CLAUDE_TYPES.has(type))
        return 'claude';
    if (GEMINI_TYPES.has(type))
        return 'gemini';
    if (CODEX_PREFIXES.some((p) => type.startsWith(p)))
        return 'codex';
    if (type === 'result' && event !== null) {
        if ('subtype' in event || 'is_error' in event)
            return 'claude';
        if ('status' in event || 'stats' in event)
            return 'gemini';
    }
    return null;
}
function detectFormat(firstLines) {
    let seen = 0;
    for (const raw of firstLines.split('\n')) {
        if (seen++ >= MAX_LINES)
            break;
        const line = raw.trim();
        if (!line.startsWith('{'))
            continue;
        let event = null;
        try {
            const value = JSON.parse(line);
            if (typeof value === 'object' && value !== null && !Array.isArray(value))
                event = value;
        }
        catch {
            // A line cut short (the end of the window) or not JSON: its head may still name the type.
        }
        const type = event === null ? (TYPE_HEAD.exec(line)?.[1] ?? null) : event.type;
        if (typeof type !== 'string')
            continue;
        const format = formatOfType(type, event);
        if (format !== null)
            return format;
    }
    return 'text';
}

// A finished transcript's facts in one streaming pass, for `metrics ingest` and `metrics rebuild`: the sha256 of its
// (decompressed) bytes, the adapter's per-line counts (tool calls, the turn shape) and the first commit pattern in
// what the agent did or said, through the loop's own line scan (loop/line-scan.ts), and the tail kept for the
// adapter's classify, whose verdict decides the outcome as the loop does (loop/policy.ts), with no exit code to go
// by. Plain `.jsonl`, `.jsonl.gz` and `.jsonl.zst` are read alike; memory stays flat whatever the size: chunks are
// hashed and split into lines as they arrive, only the last WIDE_TAIL_BYTES are held, and a line is kept whole up
// to MAX_LINE_BYTES only.
/** Bytes read before the format is detected from them (when no format is given). */
const DETECT_BYTES = 64 * 1024;
const READ_CHUNK = 1024 * 1024;
const INFLATE_CHUNK = 256 * 1024;
/** Every decompressed chunk of the file, in order, to `consume`; a read or decompression error rejects. */
async function readDecompressed(path, consume) {
    const source = createReadStream(path, { highWaterMark: READ_CHUNK });
    if (compressionOf(path) === null)
        return pipeline(source, consume);
    return pipeline(source, decompressorFor(path, { chunkSize: INFLATE_CHUNK }), consume);
}
/** The newest chunks, at least `limit` bytes of them when there are that many (references, not copies). */
class TailWindow {
    limit;
    chunks = [];
    bytes = 0;
    constructor(limit) {
        this.limit = limit;
    }
    push(chunk) {
        this.chunks.push(chunk);
        this.bytes += chunk.length;
        while (this.chunks.length > 1 && this.bytes - (this.chunks[0]?.length ?? 0) >= this.limit) {
            this.bytes -= this.chunks.shift()?.length ?? 0;
        }
    }
    /** The last `n` bytes held. */
    last(n) {
        const all = Buffer.concat(this.chunks, this.bytes);
        return all.length > n ? all.subarray(all.length - n) : all;
    }
}
/** A scan that sees every line: once the loop's scan has learnt all it can, lines are only counted. */
function counting(inner) {
    let live = inner.wanted();
    let after = 0;
    const scan = {
        block: (text) => live && inner.block(text),
        line(raw, mayMatch, cut) {
            if (live)
                live = inner.line(raw, mayMatch, cut);
            else
                after++;
            return true;
        },
        wanted: () => true,
        result: () => inner.result(),
    };
    return { scan, lines: () => inner.result().lines + after };
}
function startScan(reading, format, options) {
    const adapter = adapterFor(format);
    const scan = createLineScan({
        patterns: options.commitPatterns,
        agentText: adapter.agentText,
        toolCalls: adapter.toolCalls,
        turnShape: adapter.turnShape,
    });
    const wrapped = counting(scan);
    const splitter = lineSplitter(wrapped.scan);
    Object.assign(reading, { format, scan, splitter, lines: wrapped.lines });
    return splitter;
}
/** Detects the format from the bytes held so far, starts the scan and hands it those bytes. */
function detectAndStart(reading, options) {
    const first = Buffer.concat(reading.head, reading.headBytes);
    reading.head = [];
    const splitter = startScan(reading, detectFormat(first.toString('utf8')), options);
    splitter.push(first);
    return splitter;
}
async function extractTranscript(path, options) {
    const hash = createHash('sha256');
    const tail = new TailWindow(WIDE_TAIL_BYTES);
    let bytes = 0;
    const reading = {
        format: null,
        scan: null,
        splitter: null,
        lines: () => 0,
        head: [],
        headBytes: 0,
    };
    if (options.format !== undefined)
        startScan(reading, options.format, options);
    await readDecompressed(path, async (input) => {
        for await (const chunk of input) {
            bytes += chunk.length;
            hash.update(chunk);
            tail.push(chunk);
            if (reading.splitter !== null) {
                reading.splitter.push(chunk);
                continue;
            }
            reading.head.push(chunk);
            reading.headBytes += chunk.length;
            if (reading.headBytes >= DETECT_BYTES)
                detectAndStart(reading, options);
        }
    });
    (reading.splitter ?? detectAndStart(reading, options)).end();
    const format = reading.format ?? 'text';
    const adapter = adapterFor(format);
    const scanned = reading.scan?.result() ?? null;
    const [tailString, complete] = tailText(tail, bytes);
    const verdict = adapter.classify(tailString, complete, {
        patterns: options.rateLimitPatterns,
        now_ms: options.nowMs,
    });
    let metrics = verdict.metrics;
    if (metrics.tool_calls === null && scanned !== null && scanned.toolCalls !== null)
        metrics = { ...metrics, tool_calls: scanned.toolCalls };
    metrics = withTurnShape(metrics, scanned?.turns ?? null, adapter.reportsTurns);
    // As the loop decides it, for an agent that ended by itself; the exit code is not known afterwards.
    const decision = classifyOutcome({
        endReason: 'exited',
        outputBytes: bytes,
        minOutputBytes: options.minOutputBytes,
        verdict,
    });
    const pattern = scanned?.matchedPattern ?? null;
    return {
        sha256: bytes === 0 ? null : hash.digest('hex'),
        bytes,
        lines: reading.lines(),
        format,
        model: metrics.model,
        turns: metrics.turns,
        narration_turns: metrics.narration_turns,
        parallel_turns: metrics.parallel_turns,
        tool_calls: metrics.tool_calls,
        input_tokens: metrics.input_tokens,
        output_tokens: metrics.output_tokens,
        cache_read_tokens: metrics.cache_read_tokens,
        cache_write_tokens: metrics.cache_write_tokens,
        cost_usd: metrics.cost_usd,
        agent_duration_ms: metrics.agent_duration_ms,
        // `cancelled` needs a forced end, which a file never shows.
        outcome: decision.outcome === 'cancelled' ? 'failed' : decision.outcome,
        failure_kind: decision.failure?.kind ?? null,
        failure_reason: decision.failure?.reason ?? null,
        committed: pattern !== null,
        commit_evidence: pattern === null ? null : 'pattern',
        commit_pattern: pattern,
    };
}
/** The tail classify reads, as the loop reads it (dispatch.ts): the last TAIL_BYTES, wider when no line is whole. */
function tailText(tail, bytes) {
    const narrow = tail.last(TAIL_BYTES);
    const complete = narrow.length === bytes;
    const text = decodeTail(narrow, !complete);
    if (complete || text.trimEnd().includes('\n'))
        return [text, complete];
    const wide = tail.last(WIDE_TAIL_BYTES);
    return [decodeTail(wide, wide.length < bytes), wide.length === bytes];
}

function ingestFacts(facts, file) {
    const ended = new Date(file.mtimeMs);
    const durationSecs = facts.agent_duration_ms === null ? null : facts.agent_duration_ms / 1000;
    return {
        key: `sha256:${facts.sha256}`,
        source: 'ingest',
        started_at: durationSecs === null ? null : new Date(ended.getTime() - durationSecs * 1000).toISOString(),
        ended_at: ended.toISOString(),
        transcript: file.path,
        sha256: facts.sha256,
        global: sessionNumberOf(file.name),
        iteration: null,
        run: null,
        format: facts.format,
        model: facts.model,
        outcome: facts.outcome,
        failure_kind: facts.failure_kind,
        failure_reason: facts.failure_reason,
        duration_secs: durationSecs,
        output_bytes: facts.bytes,
        exit_code: null,
        turns: facts.turns,
        narration_turns: facts.narration_turns,
        parallel_turns: facts.parallel_turns,
        tool_calls: facts.tool_calls,
        input_tokens: facts.input_tokens,
        output_tokens: facts.output_tokens,
        cache_read_tokens: facts.cache_read_tokens,
        cache_write_tokens: facts.cache_write_tokens,
        cost_usd: facts.cost_usd,
        committed: facts.committed,
        commit_evidence: facts.commit_evidence,
        task_id: null,
        plan_id: null,
        phase: null,
    };
}

// What the session-history commands share: their flags (--db, --config, --last), the config (for the database
// path, targets, commit patterns and the minimum output), opening the database, and recording one transcript.
/** Flags every history command takes. */
const COMMON_OPTIONS = {
    db: { type: 'string' },
    config: { type: 'string', short: 'c' },
    help: { type: 'boolean', short: 'h' },
};
function parseFlags(command, argv, options) {
    try {
        const parsed = parseArgs({
            args: [...argv],
            allowPositionals: true,
            strict: true,
            options: { ...COMMON_OPTIONS, ...options },
        });
        return { values: parsed.values, positionals: parsed.positionals };
    }
    catch (error) {
        throw new UsageError(`${command}: ${error.message}\nRun agent-harness ${command} --help.`);
    }
}
const str = (value) => typeof value === 'string' ? value : undefined;
/** `--last N`: a positive integer, or the default. */
function lastOf(command, values, fallback) {
    const text = str(values['last']);
    if (text === undefined)
        return fallback;
    const n = Number(text);
    if (!Number.isInteger(n) || n < 1)
        throw new UsageError(`${command} --last: expected a positive integer, found ${JSON.stringify(text)}`);
    return n;
}
/** An optional non-negative integer flag (`--from`, `--to`). */
function intOf(command, values, flag) {
    const text = str(values[flag]);
    if (text === undefined)
        return undefined;
    const n = Number(text);
    if (text.trim() === '' || !Number.isInteger(n) || n < 0)
        throw new UsageError(`${command} --${flag}: expected a whole number, found ${JSON.stringify(text)}`);
    return n;
}
/** The config (discovered as the loop does, or --config) and the database path (--db over metrics.database). */
async function history(io, values) {
    const configPath = str(values['config']);
    const loaded = await loadConfig({ cwd: io.cwd, ...(configPath !== undefined ? { configPath } : {}) });
    const dbShown = str(values['db']) ?? loaded.config.metrics.database;
    return {
        config: loaded.config,
        db: resolve(io.cwd, dbShown),
        dbShown,
        rules: targetRules(loaded.config.metrics.targets),
    };
}
/** The database for reading, or null when there is none yet (no history). */
function openForRead(h) {
    return existsSync(h.db) ? MetricsStore.open(h.db, { readonly: true }) : null;
}
/** The database for writing, created (with its directory, as the old tool did for tools/) when missing. */
function openForWrite(h) {
    mkdirSync(dirname(h.db), { recursive: true });
    return MetricsStore.open(h.db);
}
/** Runs `use` with the store and closes it, whatever happens. */
async function withStore(store, use) {
    try {
        return await use(store);
    }
    finally {
        store.close();
    }
}
const noHistory = (h) => `No sessions recorded yet (no metrics database at ${h.dbShown}).`;
/** The extraction settings the loop uses, from the config. */
function extractOptions(config) {
    return {
        commitPatterns: config.commit_detection.patterns.map((p) => compilePattern(p)),
        minOutputBytes: config.watchdog.min_output_bytes,
        rateLimitPatterns: config.rate_limit.patterns.map((p) => compilePattern(p)),
        nowMs: Date.now(),
    };
}
const reason = (error) => {
    const e = error;
    if (e.code === 'ENOENT')
        return 'no such file';
    if (e.code === 'EACCES')
        return 'permission denied';
    if (e.code === 'EISDIR')
        return 'is a directory';
    return e.message;
};
/** Reads one transcript and records it (idempotent by content). `shown` is how the result names the file. */
async function ingestOne(store, config, path, shown) {
    let mtimeMs;
    let facts;
    try {
        const info = await stat(path);
        if (info.isDirectory())
            return { file: shown, kind: 'error', message: 'is a directory' };
        mtimeMs = info.mtimeMs;
        // A file of a name already recorded (a backfill run again): its content hash alone, about six times faster
        // than a full extraction, tells whether it is the same transcript.
        if (info.size > 0 && store.knowsTranscriptName(transcriptName(path))) {
            const sha256 = await sha256File(path, decompressorFor(path));
            if (store.isRecorded(sha256))
                return { file: shown, kind: 'already' };
        }
        facts = await extractTranscript(path, extractOptions(config));
    }
    catch (error) {
        return { file: shown, kind: 'error', message: reason(error) };
    }
    if (facts.sha256 === null || facts.bytes === 0)
        return { file: shown, kind: 'skipped' };
    if (store.isRecorded(facts.sha256))
        return { file: shown, kind: 'already' };
    const session = ingestFacts({ ...facts, sha256: facts.sha256 }, { path, name: basename(path), mtimeMs });
    const state = compressionOf(path) ?? 'plain';
    const outcome = store.record(session, 'ingest', { path, bytes: facts.bytes, state });
    return outcome === 'already'
        ? { file: shown, kind: 'already' }
        : { file: shown, kind: 'recorded', facts: session };
}

// `agent-harness improvement add|list|fix|search`: what a user changed in their prompt or setup, and whether it
// helped. The flags are the bash loop's tool's (--title --severity --category --desc --rec --tags, fix --impact).
const IMPROVEMENT_USAGE = `Usage: agent-harness improvement <command> [--db PATH] [-c CONFIG]

  add ["<title>"] [--title T] [--severity low|medium|high|critical] [--category C] [--desc D] [--rec R]
      [--tags a,b] [--status S]        record one; it gets the next ref (R1, R2, ...)
  list [--status S]                    all improvements, or those with status S (open, fixed, ...)
  fix <REF> [--impact "<what changed>"]
                                       mark one fixed, with its measured impact
  search <text>                        those whose ref, title, description, recommendation or tags contain it`;
async function improvementCommand(argv, io) {
    const [sub, ...rest] = argv;
    switch (sub) {
        case '--help':
        case '-h':
        case 'help':
            io.out(IMPROVEMENT_USAGE);
            return EXIT.ok;
        case 'add':
            return add(rest, io);
        case 'list':
            return list(rest, io);
        case 'fix':
            return fix(rest, io);
        case 'search':
            return search(rest, io);
        default:
            throw new UsageError(`${sub === undefined ? 'missing improvement command' : `unknown improvement command "${sub}"`}\n${IMPROVEMENT_USAGE}`);
    }
}
async function add(argv, io) {
    const { values, positionals } = parseFlags('improvement add', argv, {
        title: { type: 'string' },
        severity: { type: 'string' },
        category: { type: 'string' },
        desc: { type: 'string' },
        description: { type: 'string' },
        rec: { type: 'string' },
        recommendation: { type: 'string' },
        tags: { type: 'string' },
        status: { type: 'string' },
    });
    if (values['help'] === true)
        return (io.out(IMPROVEMENT_USAGE), EXIT.ok);
    const title = (str(values['title']) ?? positionals.join(' ')).trim();
    if (title === '')
        throw new UsageError('improvement add: expected a title, e.g. improvement add --title "Batch file reads"');
    if (str(values['title']) !== undefined && positionals.length > 0)
        throw new UsageError(`improvement add: a title both as --title and as "${positionals.join(' ')}"`);
    const severity = str(values['severity']) ?? 'medium';
    if (!SEVERITIES.includes(severity))
        throw new UsageError(`improvement add --severity: expected one of ${SEVERITIES.join(', ')}, found ${JSON.stringify(severity)}`);
    const h = await history(io, values);
    await withStore(openForWrite(h), (store) => {
        const added = store.improvements.add({
            title,
            severity,
            category: str(values['category']) ?? 'general',
            description: str(values['desc']) ?? str(values['description']) ?? null,
            recommendation: str(values['rec']) ?? str(values['recommendation']) ?? null,
            tags: str(values['tags']) ?? null,
            ...(str(values['status']) !== undefined ? { status: str(values['status']) } : {}),
        });
        io.out(`Added ${added.ref} [${added.category}/${added.severity}] ${added.title}`);
    });
    return EXIT.ok;
}
async function list(argv, io) {
    const { values, positionals } = parseFlags('improvement list', argv, { status: { type: 'string' } });
    if (values['help'] === true)
        return (io.out(IMPROVEMENT_USAGE), EXIT.ok);
    if (positionals.length > 0)
        throw new UsageError(`improvement list: unexpected argument "${positionals[0]}"`);
    const status = str(values['status']);
    const h = await history(io, values);
    const store = openForRead(h);
    const none = status === undefined ? 'No improvements recorded.' : `No ${status} improvements.`;
    if (store === null)
        return (io.out(none), EXIT.ok);
    await withStore(store, (s) => {
        const rows = s.improvements.list(status);
        io.out(rows.length === 0 ? none : renderImprovements(rows));
    });
    return EXIT.ok;
}
async function fix(argv, io) {
    const { values, positionals } = parseFlags('improvement fix', argv, { impact: { type: 'string' } });
    if (values['help'] === true)
        return (io.out(IMPROVEMENT_USAGE), EXIT.ok);
    if (positionals.length !== 1)
        throw new UsageError('improvement fix: expected one ref, e.g. improvement fix R3 --impact "turns -20%"');
    const ref = positionals[0].toUpperCase();
    const h = await history(io, values);
    await withStore(openForWrite(h), (store) => {
        const fixed = store.improvements.fix(ref, str(values['impact']));
        io.out(`Fixed ${fixed.ref}: ${fixed.title}${fixed.impact === null ? '' : ` (impact: ${fixed.impact})`}`);
    });
    return EXIT.ok;
}
async function search(argv, io) {
    const { values, positionals } = parseFlags('improvement search', argv, {});
    if (values['help'] === true)
        return (io.out(IMPROVEMENT_USAGE), EXIT.ok);
    const text = positionals.join(' ').trim();
    if (text === '')
        throw new UsageError('improvement search: expected some text, e.g. improvement search lint');
    const h = await history(io, values);
    const store = openForRead(h);
    const none = `No improvements match "${text}".`;
    if (store === null)
        return (io.out(none), EXIT.ok);
    await withStore(store, (s) => {
        const rows = s.improvements.search(text);
        io.out(rows.length === 0 ? none : renderImprovements(rows));
    });
    return EXIT.ok;
}

// `analyze --last N`: the last N sessions against the N before them, per metric: both values, the change and a
// verdict (better, worse, same), then the targets over the last N.
const VERDICT = { improving: 'better', worse: 'worse', flat: 'same' };
/** `rows`: up to 2N sessions, newest last; the newest N are "recent", the N before "previous". */
function renderAnalyze(rows, n, rules) {
    if (rows.length === 0)
        return 'No sessions recorded yet.';
    const recent = rows.slice(-n);
    const previous = rows.slice(0, Math.max(0, rows.length - recent.length)).slice(-n);
    const body = TARGET_METRICS.map((metric) => {
        const info = METRIC_INFO[metric];
        const before = previous.length === 0 ? null : metricValue(metric, previous);
        const after = metricValue(metric, recent);
        const cell = (v) => (v === null ? 'n/a' : formatMetric(metric, v));
        let change = '';
        let verdict = 'n/a';
        if (before !== null && after !== null) {
            const delta = after - before;
            const rel = before === 0 ? '' : ` (${delta >= 0 ? '+' : ''}${Math.round((delta / Math.abs(before)) * 100)}%)`;
            change = `${delta >= 0 ? '+' : '-'}${formatMetric(metric, Math.abs(delta))}${rel}`;
            verdict = VERDICT[direction(before, after, info.good)];
        }
        return [info.label, cell(before), cell(after), change, verdict];
    });
    const lines = [
        previous.length === 0
            ? `Last ${recent.length} sessions (no earlier sessions to compare with)`
            : `Last ${recent.length} sessions against the ${previous.length} before them`,
        '',
        ...table(['Metric', 'Previous', 'Recent', 'Change', 'Verdict'], body),
    ];
    const results = evaluateTargets(rules, recent);
    if (results.length > 0)
        lines.push('', `Targets (last ${recent.length}):`, ...targetLines(results).map((l) => `  ${l}`));
    return lines.join('\n');
}

// `metrics export --format json|csv`: every session row. CSV per RFC 4180: a header line, CRLF line ends, a field
// quoted when it holds a comma, a double quote, CR or LF, quotes doubled; null is an empty field.
function csvField(value) {
    if (value === null || value === undefined)
        return '';
    let text;
    if (typeof value === 'string')
        text = value;
    else if (typeof value === 'number' || typeof value === 'boolean')
        text = String(value);
    else
        text = JSON.stringify(value);
    return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}
function exportCsv(rows) {
    const lines = [SESSION_COLUMNS.join(',')];
    for (const row of rows)
        lines.push(SESSION_COLUMNS.map((c) => csvField(row[c])).join(','));
    return `${lines.join('\r\n')}\r\n`;
}
function exportJson(rows) {
    return JSON.stringify(rows.map((row) => Object.fromEntries(SESSION_COLUMNS.map((c) => [c, row[c] ?? null]))), null, 2);
}

// `metrics query <kind> [--last N] [--aggregate avg|trend]`: the values of one event kind, one line per session,
// or their average, or their trend.
const show = (value) => value === null || value === undefined ? '-' : typeof value === 'string' ? value : JSON.stringify(value);
const numeric = (value) => typeof value === 'number' ? value : typeof value === 'boolean' ? (value ? 1 : 0) : null;
const name = (p) => p.global !== null ? `#${p.global}` : p.session.replace(/^sha256:/, '').slice(0, 8);
function renderQuery(kind, points, aggregate) {
    if (points.length === 0)
        return `No values of ${kind} recorded.`;
    const values = points.map((p) => numeric(p.value));
    const present = values.filter((v) => v !== null);
    if (aggregate === 'avg') {
        if (present.length === 0)
            return `${kind}: no numeric values in ${points.length} sessions`;
        const avg = present.reduce((a, b) => a + b, 0) / present.length;
        return `${kind}: avg ${Number(avg.toFixed(4))} over ${present.length} of ${points.length} sessions`;
    }
    if (aggregate === 'trend') {
        if (present.length === 0)
            return `${kind}: no numeric values in ${points.length} sessions`;
        return (`${kind}: ${sparkline(values)}  ${show(present[0])} -> ${show(present[present.length - 1])} ` +
            `(min ${Math.min(...present)}, max ${Math.max(...present)}, ${points.length} sessions)`);
    }
    return table(['Session', 'When (UTC)', 'Value'], points.map((p) => [name(p), when(p.ended_at), show(p.value)]), 2).join('\n');
}

function rebuildFacts(row, facts) {
    if (facts.sha256 === null || (row.sha256 !== null && facts.sha256 !== row.sha256))
        return null;
    const counters = {
        format: facts.format,
        model: facts.model,
        turns: facts.turns,
        narration_turns: facts.narration_turns,
        parallel_turns: facts.parallel_turns,
        tool_calls: facts.tool_calls,
        input_tokens: facts.input_tokens,
        output_tokens: facts.output_tokens,
        cache_read_tokens: facts.cache_read_tokens,
        cache_write_tokens: facts.cache_write_tokens,
        cost_usd: facts.cost_usd,
    };
    if (row.source === 'loop')
        return counters;
    return {
        ...counters,
        outcome: facts.outcome,
        failure_kind: facts.failure_kind,
        failure_reason: facts.failure_reason,
        duration_secs: facts.agent_duration_ms === null ? null : facts.agent_duration_ms / 1000,
        output_bytes: facts.bytes,
        committed: facts.committed,
        commit_evidence: facts.commit_evidence,
    };
}

// Averages and totals over a window of sessions, computed from the rows themselves.
function aggregate(values) {
    const present = values.filter((v) => v !== null);
    const sum = present.reduce((a, b) => a + b, 0);
    return { count: present.length, sum, avg: present.length === 0 ? null : sum / present.length };
}
function summarize(rows) {
    const outcomes = new Map();
    for (const row of rows) {
        const outcome = row.outcome ?? 'unknown';
        outcomes.set(outcome, (outcomes.get(outcome) ?? 0) + 1);
    }
    return {
        sessions: rows.length,
        committed: rows.filter((r) => r.committed === true).length,
        committedKnown: rows.filter((r) => r.committed !== null).length,
        outcomes: [...outcomes].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0])),
        turns: aggregate(rows.map((r) => r.turns)),
        toolCalls: aggregate(rows.map((r) => r.tool_calls)),
        tokens: aggregate(rows.map(sessionTokens)),
        cost: aggregate(rows.map((r) => r.cost_usd)),
        duration: aggregate(rows.map((r) => r.duration_secs)),
    };
}

// `metrics status [--last N]`: the last N sessions as a fixed-width table, then their averages and totals, then
// the targets.
const DASH = '-';
const pct = (part, whole) => part === null || whole === null || whole === 0 ? DASH : `${Math.round((part / whole) * 100)}%`;
const opt = (n, f) => (n === null ? DASH : f(n));
const committedCell = (c) => (c === null ? DASH : c ? 'yes' : 'no');
const STATUS_HEADER = [
    'Session',
    'When (UTC)',
    'Outcome',
    'Turns',
    'Narr',
    'Par',
    'Tools',
    'Tokens',
    'Cost',
    'Duration',
    'Commit',
];
function statusRow(row) {
    return [
        sessionName(row),
        when(row.ended_at),
        row.outcome ?? DASH,
        opt(row.turns, String),
        pct(row.narration_turns, row.turns),
        pct(row.parallel_turns, row.turns),
        opt(row.tool_calls, String),
        opt(sessionTokens(row), compact),
        opt(row.cost_usd, usd),
        opt(row.duration_secs, duration),
        committedCell(row.committed),
    ];
}
const avgOf = (a, f) => (a.avg === null ? 'n/a' : f(a.avg));
const sumOf = (a, f) => (a.count === 0 ? 'n/a' : f(a.sum));
const rate = (part, whole) => (whole === 0 ? '' : ` (${Math.round((part / whole) * 100)}%)`);
/** The report over the window `rows` (newest last), the whole history's totals, and the targets over the window. */
function renderStatus(rows, all, targets) {
    if (rows.length === 0)
        return 'No sessions recorded yet.';
    const s = summarize(rows);
    const total = all.sessions;
    const lines = [
        `Last ${rows.length} of ${total} session${total === 1 ? '' : 's'} (oldest first)`,
        '',
        ...table(STATUS_HEADER, rows.map(statusRow), 3),
        '',
        `Averages: turns ${avgOf(s.turns, num)}, tool calls ${avgOf(s.toolCalls, num)}, ` +
            `tokens ${avgOf(s.tokens, (n) => compact(Math.round(n)))}, cost ${avgOf(s.cost, usd)}, ` +
            `duration ${avgOf(s.duration, duration)}`,
        `Totals: ${s.sessions} session${s.sessions === 1 ? '' : 's'}, ` +
            `${s.committed} committed${rate(s.committed, s.committedKnown)}, ` +
            `tokens ${sumOf(s.tokens, compact)}, cost ${sumOf(s.cost, usd)}, duration ${sumOf(s.duration, duration)}`,
        `Outcomes: ${s.outcomes.map(([o, n]) => `${o} ${n}`).join(', ')}`,
    ];
    if (total > rows.length) {
        const sum = (v, f) => (v === null ? 'n/a' : f(v));
        lines.push(`All time: ${total} sessions, ${all.committed} committed${rate(all.committed, all.commit_known)}, ` +
            `tokens ${sum(all.tokens.sum, compact)}, cost ${sum(all.cost_usd.sum, usd)}, ` +
            `duration ${sum(all.duration_secs.sum, duration)}`);
    }
    if (targets.length > 0)
        lines.push('', 'Targets:', ...targetLines(targets).map((l) => `  ${l}`));
    return lines.join('\n');
}

// `agent-harness metrics status|query|export|ingest|rebuild|migrate|targets`: the session history from the
// command line. Readers open the database read-only and say "no sessions recorded yet" when there is none.
const METRICS_USAGE = `Usage: agent-harness metrics <command> [--db PATH] [-c CONFIG]

  status [--last N]                    the last N sessions (default 10): a table, averages, totals, targets
  targets [--last N]                   each target over the last N sessions (default 10): ok, MISS or not available
  query <kind> [--last N] [--aggregate avg|trend]
                                       one event kind's values per session (kinds: turns.total, cost.usd, ...)
  export [--format json|csv]           every session row (default json) on stdout
  ingest FILE...                       record transcripts (.jsonl, .jsonl.gz, .jsonl.zst; any agent format);
                                       a transcript already recorded (same content, any name) is not counted twice
  rebuild                              re-extract each session from its transcript (when it still exists) and
                                       derive the sessions table again from the events
  migrate --from PATH                  import the bash loop's tools/self-improvement.db (sessions, improvements)

  --db PATH       the database (default: metrics.database, harness-metrics.db)
  -c, --config    the config file (default: harness.yml, harness.yaml or harness.toml here)

Exit codes: 0 done; 1 a transcript could not be read (the others are still recorded); 2 usage;
15 the database cannot be used (unreadable, corrupt, not a metrics database, or newer than this agent-harness).
See docs/metrics.md.`;
const QUERY_AGGREGATES = ['avg', 'trend'];
const FORMATS = ['json', 'csv'];
async function metricsCommand(argv, io) {
    const [sub, ...rest] = argv;
    switch (sub) {
        case undefined:
            throw new UsageError(`missing metrics command\n${METRICS_USAGE}`);
        case '--help':
        case '-h':
        case 'help':
            io.out(METRICS_USAGE);
            return EXIT.ok;
        case 'status':
            return status('metrics status', rest, io, 10);
        case 'targets':
            return targets('metrics targets', rest, io, 10);
        case 'query':
            return query(rest, io);
        case 'export':
            return exportRows(rest, io);
        case 'ingest':
            return ingest(rest, io);
        case 'rebuild':
            return rebuild(rest, io);
        case 'migrate':
            return migrate(rest, io);
        default:
            throw new UsageError(`unknown metrics command "${sub}"\n${METRICS_USAGE}`);
    }
}
function helpOr(values, io, usage) {
    if (values['help'] === true)
        io.out(usage);
    return values['help'] === true;
}
/** Runs `use` on the read-only database, or prints that there is no history. */
async function reading(h, io, use) {
    const store = openForRead(h);
    if (store === null) {
        io.out(noHistory(h));
        return EXIT.ok;
    }
    await withStore(store, use);
    return EXIT.ok;
}
/** A reading command over the last N sessions (`--last N`, else `fallback`): flags, help, the store. */
async function windowed(command, argv, io, fallback, body) {
    const { values, positionals } = parseFlags(command, argv, { last: { type: 'string' } });
    if (helpOr(values, io, METRICS_USAGE))
        return EXIT.ok;
    noPositionals(command, positionals);
    const n = lastOf(command, values, fallback);
    const h = await history(io, values);
    return reading(h, io, (store) => body(store, n, h));
}
function status(command, argv, io, fallback) {
    return windowed(command, argv, io, fallback, (store, n, h) => {
        const rows = store.lastSessions(n);
        io.out(renderStatus(rows, store.allTime(), evaluateTargets(h.rules, rows)));
    });
}
function targets(command, argv, io, fallback) {
    return windowed(command, argv, io, fallback, (store, n, h) => {
        const rows = store.lastSessions(n);
        if (rows.length === 0)
            return io.out('No sessions recorded yet.');
        if (h.rules.length === 0)
            return io.out('Every target is "off" ([metrics.targets]).');
        const results = evaluateTargets(h.rules, rows);
        const count = (s) => results.filter((r) => r.status === s).length;
        io.out([
            `Targets over the last ${rows.length} session${rows.length === 1 ? '' : 's'} ` +
                `(${sessionName(rows[0])} to ${sessionName(rows[rows.length - 1])}):`,
            '',
            ...targetLines(results).map((l) => `  ${l}`),
            '',
            `${count('pass')} ok, ${count('miss')} missed, ${count('not available')} not available`,
        ].join('\n'));
    });
}
function analyze(command, argv, io, fallback) {
    return windowed(command, argv, io, fallback, (store, n, h) => io.out(renderAnalyze(store.lastSessions(2 * n), n, h.rules)));
}
async function query(argv, io) {
    const { values, positionals } = parseFlags('metrics query', argv, {
        last: { type: 'string' },
        aggregate: { type: 'string' },
    });
    if (helpOr(values, io, METRICS_USAGE))
        return EXIT.ok;
    const [kind, ...extra] = positionals;
    if (kind === undefined || extra.length > 0)
        throw new UsageError(`metrics query: expected one event kind, one of: ${KIND_NAMES.join(', ')}`);
    if (!KIND_NAMES.includes(kind))
        throw new UsageError(`metrics query: unknown kind "${kind}"; the kinds are: ${KIND_NAMES.join(', ')}`);
    const aggregate = str(values['aggregate']);
    if (aggregate !== undefined && !QUERY_AGGREGATES.includes(aggregate))
        throw new UsageError(`metrics query --aggregate: expected avg or trend, found ${JSON.stringify(aggregate)}`);
    const n = values['last'] === undefined ? null : lastOf('metrics query', values, 0);
    const h = await history(io, values);
    return reading(h, io, (store) => io.out(renderQuery(kind, store.query(kind, n), aggregate)));
}
async function exportRows(argv, io) {
    const { values, positionals } = parseFlags('metrics export', argv, { format: { type: 'string' } });
    if (helpOr(values, io, METRICS_USAGE))
        return EXIT.ok;
    noPositionals('metrics export', positionals);
    const format = str(values['format']) ?? 'json';
    if (!FORMATS.includes(format))
        throw new UsageError(`metrics export --format: expected json or csv, found ${JSON.stringify(format)}`);
    const h = await history(io, values);
    const store = openForRead(h);
    if (store === null) {
        // Still valid output for a pipe: an empty list, or the header alone.
        io.out(format === 'csv' ? exportCsv([]).trimEnd() : '[]');
        return EXIT.ok;
    }
    await withStore(store, (s) => {
        const rows = [...s.sessions()];
        io.out(format === 'csv' ? exportCsv(rows).replace(/\r\n$/, '') : exportJson(rows));
    });
    return EXIT.ok;
}
/** Records each file, one line each; exit 1 when any could not be read. */
async function ingestFiles(h, io, files, summary) {
    const results = [];
    await withStore(openForWrite(h), async (store) => {
        for (const file of files) {
            const result = await ingestOne(store, h.config, file.path, file.shown);
            results.push(result);
            if (result.kind === 'error')
                io.err(ingestLine(result));
            else
                io.out(ingestLine(result));
        }
    });
    if (summary)
        io.out(ingestSummary(results));
    return results.some((r) => r.kind === 'error') ? EXIT.failure : EXIT.ok;
}
async function ingest(argv, io) {
    const { values, positionals } = parseFlags('metrics ingest', argv, {});
    if (helpOr(values, io, METRICS_USAGE))
        return EXIT.ok;
    if (positionals.length === 0)
        throw new UsageError('metrics ingest: expected one or more transcript files, e.g. claude-iteration-*.jsonl');
    const h = await history(io, values);
    const files = positionals.map((p) => ({ path: resolve(io.cwd, p), shown: p }));
    return ingestFiles(h, io, files, files.length > 1);
}
async function rebuild(argv, io) {
    const { values, positionals } = parseFlags('metrics rebuild', argv, {});
    if (helpOr(values, io, METRICS_USAGE))
        return EXIT.ok;
    noPositionals('metrics rebuild', positionals);
    const h = await history(io, values);
    if (!existsSync(h.db)) {
        io.out(noHistory(h));
        return EXIT.ok;
    }
    const options = extractOptions(h.config);
    await withStore(openForWrite(h), async (store) => {
        // Where each session's transcript is now (retention may have compressed it).
        const where = new Map();
        for (const t of store.transcripts())
            if (t.state !== 'deleted')
                where.set(t.session, [...(where.get(t.session) ?? []), t.path]);
        const reextract = async (row) => {
            const candidates = [
                ...(where.get(row.key) ?? []),
                ...(row.transcript === null ? [] : [row.transcript, `${row.transcript}.zst`, `${row.transcript}.gz`]),
            ].map((p) => resolve(io.cwd, p));
            const path = candidates.find((p) => existsSync(p));
            if (path === undefined)
                return null;
            try {
                return rebuildFacts(row, await extractTranscript(path, options));
            }
            catch (error) {
                io.err(`agent-harness: cannot re-read ${relative(io.cwd, path)}: ${error.message}`);
                return null;
            }
        };
        const result = await store.rebuild(reextract);
        io.out(`Rebuilt ${result.sessions} session${result.sessions === 1 ? '' : 's'} from the events ` +
            `(${result.reextracted} re-extracted from their transcripts).`);
    });
    return EXIT.ok;
}
async function migrate(argv, io) {
    const { values, positionals } = parseFlags('metrics migrate', argv, { from: { type: 'string' } });
    if (helpOr(values, io, METRICS_USAGE))
        return EXIT.ok;
    noPositionals('metrics migrate', positionals);
    const from = str(values['from']);
    if (from === undefined)
        throw new UsageError('metrics migrate: expected --from PATH, e.g. --from tools/self-improvement.db');
    const source = resolve(io.cwd, from);
    if (!existsSync(source))
        throw new UsageError(`metrics migrate: ${from} does not exist`);
    const h = await history(io, values);
    await withStore(openForWrite(h), (store) => {
        const r = store.importSelfImprovement(source);
        io.out(`Imported ${r.sessions} session${r.sessions === 1 ? '' : 's'} and ${r.improvements} improvement` +
            `${r.improvements === 1 ? '' : 's'} from ${from} into ${h.dbShown} (${r.skipped} already there).`);
    });
    return EXIT.ok;
}
function noPositionals(command, positionals) {
    if (positionals.length > 0)
        throw new UsageError(`${command}: unexpected argument "${positionals[0]}"`);
}

// The session-history commands: `metrics ...`, `improvement ...`, `brief [--last N]`, and `self-improvement ...`,
// which takes the bash loop's tool's command lines (tools/self-improvement) so hooks and prompts written for it
// keep working.
const HISTORY_COMMANDS = ['metrics', 'improvement', 'brief', 'self-improvement'];
const BRIEF_USAGE = `Usage: agent-harness brief [--last N] [--db PATH] [-c CONFIG]

A short performance brief over the last N sessions (default 5) for prompt.prepend_commands: targets (a miss in
each of the last 3 sessions is a WARNING), trends, the worst sessions and why, open improvements. Prints nothing
at all when there is no history yet.`;
const SELF_IMPROVEMENT_USAGE = `Usage: agent-harness self-improvement [--db PATH] <command>

The bash loop's tools/self-improvement command lines, answered from the metrics database:
  log <file>                                   = metrics ingest <file>
  backfill [--from N] [--to N] [--sessions-dir D]
                                               ingest <prefix>-N.jsonl[.gz|.zst] (or N.jsonl) in D
                                               (default session.output_dir) with N in range
  status [--last N]                            = metrics status
  analyze [--last N]                           the last N sessions (default 10) against the N before
  targets [--last N]                           = metrics targets (default the last 5)
  brief [--last N]                             = brief
  improvement add|list|fix|search ...          = improvement ...
--db PATH selects the database (default: metrics.database, harness-metrics.db).`;
async function historyCommand(command, argv, io) {
    switch (command) {
        case 'metrics':
            return metricsCommand(argv, io);
        case 'improvement':
            return improvementCommand(argv, io);
        case 'brief':
            return brief(argv, io);
        case 'self-improvement':
            return selfImprovement(argv, io);
    }
}
async function brief(argv, io) {
    const { values, positionals } = parseFlags('brief', argv, { last: { type: 'string' } });
    if (values['help'] === true)
        return (io.out(BRIEF_USAGE), EXIT.ok);
    if (positionals.length > 0)
        throw new UsageError(`brief: unexpected argument "${positionals[0]}"`);
    const n = lastOf('brief', values, 5);
    const h = await history(io, values);
    const store = openForRead(h);
    if (store === null)
        return EXIT.ok;
    await withStore(store, (s) => {
        const all = s.improvements.list();
        const text = renderBrief({
            rows: s.lastSessions(n),
            rules: h.rules,
            open: all.filter((i) => i.status === 'open'),
            improvementsTotal: all.length,
        });
        if (text !== '')
            io.out(text);
    });
    return EXIT.ok;
}
/** `--db PATH` (or `--db=PATH`) may come before the subcommand, as the old tool's global flag. */
function takeDb(argv) {
    const rest = [];
    const db = [];
    for (let i = 0; i < argv.length; i++) {
        const arg = argv[i];
        if (arg === '--db' && i + 1 < argv.length)
            db.push('--db', argv[++i]);
        else if (arg.startsWith('--db='))
            db.push('--db', arg.slice('--db='.length));
        else
            rest.push(arg);
    }
    return { db: db.slice(-2), rest };
}
async function selfImprovement(argv, io) {
    const { db, rest } = takeDb(argv);
    const [sub, ...args] = rest;
    const withDb = [...args, ...db];
    switch (sub) {
        case undefined:
            throw new UsageError(`missing self-improvement command\n${SELF_IMPROVEMENT_USAGE}`);
        case '--help':
        case '-h':
        case 'help':
            io.out(SELF_IMPROVEMENT_USAGE);
            return EXIT.ok;
        case 'log':
            return log(withDb, io);
        case 'backfill':
            return backfill(withDb, io);
        case 'status':
            return status('self-improvement status', withDb, io, 10);
        case 'analyze':
            return analyze('self-improvement analyze', withDb, io, 10);
        case 'targets':
            return targets('self-improvement targets', withDb, io, 5);
        case 'brief':
            return brief(withDb, io);
        case 'improvement':
            return improvementCommand(withDb, io);
        case 'seed':
            throw new UsageError('self-improvement seed: import the old database instead: agent-harness metrics migrate --from tools/self-improvement.db');
        default:
            throw new UsageError(`unknown self-improvement command "${sub}"\n${SELF_IMPROVEMENT_USAGE}`);
    }
}
async function log(argv, io) {
    const { values, positionals } = parseFlags('self-improvement log', argv, {});
    if (values['help'] === true)
        return (io.out(SELF_IMPROVEMENT_USAGE), EXIT.ok);
    if (positionals.length !== 1)
        throw new UsageError('self-improvement log: expected one transcript file, e.g. log claude-iteration-3.jsonl');
    const h = await history(io, values);
    return ingestFiles(h, io, [{ path: resolve(io.cwd, positionals[0]), shown: positionals[0] }], false);
}
async function backfill(argv, io) {
    const { values, positionals } = parseFlags('self-improvement backfill', argv, {
        from: { type: 'string' },
        to: { type: 'string' },
        'sessions-dir': { type: 'string' },
    });
    if (values['help'] === true)
        return (io.out(SELF_IMPROVEMENT_USAGE), EXIT.ok);
    if (positionals.length > 0)
        throw new UsageError(`self-improvement backfill: unexpected argument "${positionals[0]}"`);
    const from = intOf('self-improvement backfill', values, 'from');
    const to = intOf('self-improvement backfill', values, 'to');
    const h = await history(io, values);
    const dir = resolve(io.cwd, str(values['sessions-dir']) ?? h.config.session.output_dir);
    let names;
    try {
        names = await readdir(dir);
    }
    catch {
        io.err(`agent-harness: sessions directory not found: ${relative(io.cwd, dir) || '.'}`);
        return EXIT.failure;
    }
    const files = names
        .map((name) => ({ name, n: transcriptNumber(name, h.config.session.output_prefix) }))
        .filter((f) => f.n !== null && inRange(f.n, from, to))
        .sort((a, b) => a.n - b.n || a.name.localeCompare(b.name))
        .map((f) => {
        const path = join(dir, f.name);
        return { path, shown: relative(io.cwd, path) };
    });
    if (files.length === 0) {
        io.out(`No session files found in ${relative(io.cwd, dir) || '.'}`);
        return EXIT.ok;
    }
    return ingestFiles(h, io, files, true);
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
        const history = HISTORY_COMMANDS.find((name) => name === argv[0]);
        if (history !== undefined)
            return await historyCommand(history, argv.slice(1), io);
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
