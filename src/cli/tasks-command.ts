// `agent-harness tasks <init|add|status|list|checkpoint|ready|merge>`: the task list from the command line. Writes
// take the lock (except a checkpoint recorded by the agent of the session that holds it); reads never do.
import { chmod, writeFile } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { isPermanentlyFailed } from '../tasks/graph/index.js';
import { nextTaskId } from '../tasks/graph/index.js';
import { readyTasks } from '../tasks/graph/index.js';
import { taskStats } from '../tasks/graph/index.js';
import { validateDependencies } from '../tasks/graph/index.js';
import { acquireLock, lockDirFor, readLockPid } from '../tasks/index.js';
import { checkpointMessage, ProgressLog } from '../tasks/index.js';
import { newTaskFile, PRIORITIES, TASK_ID, type Priority, type Task, type TaskFile } from '../tasks/index.js';
import { INIT_LOG, PROGRESS_FILE, TASK_FILE } from '../state/index.js';
import { INIT_SCRIPT } from '../tasks/index.js';
import { loadTasksForRead, readTaskFile, TaskFileError, writeTaskFile } from '../tasks/index.js';
import { mergeOutcomes } from '../tasks/index.js';
import { flagNumber, GLOBAL_OPTIONS, UsageError } from './args.js';
import { asksHelp } from './command-line.js';
import { SUBCOMMANDS, type NestedName } from './command-names.js';
import { unknownCommand } from './unknown-command.js';
import { TASKS_USAGE, tasksUsageOf } from './tasks-usage.js';

export interface TasksIo {
  cwd: string;
  out: (text: string) => void;
  now: () => number;
  env: NodeJS.ProcessEnv;
}

const iso = (ms: number) => new Date(ms).toISOString().replace(/\.\d{3}Z$/, 'Z');

export async function tasksCommand(argv: readonly string[], io: TasksIo): Promise<number> {
  const [sub, ...rest] = argv;
  const path = join(io.cwd, TASK_FILE);
  const known = (SUBCOMMANDS.tasks as readonly (string | undefined)[]).includes(sub);
  if (known && asksHelp(rest)) return (io.out(tasksUsageOf(sub as NestedName<'tasks'>)), 0);
  switch (sub as NestedName<'tasks'> | 'help' | '--help' | '-h' | undefined) {
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
      return status(rest, io, path);
    case 'list':
      return list(rest, io, path, 'list');
    case 'ready':
      return list(rest, io, path, 'ready');
    case 'checkpoint':
      return checkpoint(rest, io, path);
    case 'merge':
      return merge(rest, io, path);
    case undefined:
      throw new UsageError(`missing tasks command\n${TASKS_USAGE}`);
    default:
      throw await unknownCommand(sub!, 'tasks', TASKS_USAGE);
  }
}

async function init(argv: readonly string[], io: TasksIo, path: string): Promise<number> {
  const { values } = parse(argv, { 'init-script': { type: 'boolean' } });
  if (existsSync(path)) throw new UsageError(`${TASK_FILE} already exists here; it is left as it is`);
  await writeTaskFile(path, newTaskFile(iso(io.now())));
  await new ProgressLog(join(io.cwd, PROGRESS_FILE), io.now).append({
    session: 0,
    type: 'INIT',
    message: `Harness initialized for project ${io.cwd}`,
  });
  io.out(
    `Created ${TASK_FILE} and ${PROGRESS_FILE}. Task runs keep the harness's own files out of their commits and ` +
      'rollbacks whether git ignores them or not (docs/tasks.md).',
  );
  if (values['init-script']) io.out(await createInitScript(io.cwd));
  io.out('Next: add a task with agent-harness tasks add "<title>" --validate "<command that checks it>"');
  return 0;
}

/** harness-init.sh with a stub that passes, unless one is there: what was done, and what to do next. */
async function createInitScript(cwd: string): Promise<string> {
  const script = join(cwd, INIT_SCRIPT);
  if (existsSync(script)) return `${script} exists already: left as it is.`;
  await writeFile(
    script,
    '#!/bin/sh\n# Runs at the start of every task session; must be idempotent. A non-zero exit is retried once,\n' +
      '# then the session stops with ENV_SETUP.\nset -e\necho "Environment health check complete"\n',
  );
  await chmod(script, 0o755);
  return (
    `Created ${script}: it runs before every task session, and a session starts only when it exits 0 ` +
    '(a failure is retried once). Edit it to check what your tasks need (tools installed, services up); ' +
    `its output goes to ${INIT_LOG} when it fails.`
  );
}

async function add(argv: readonly string[], io: TasksIo, path: string): Promise<number> {
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
  const priority = (str(values.priority) ?? 'P1') as Priority;
  if (!PRIORITIES.includes(priority)) {
    throw new UsageError(
      `--priority: expected one of ${PRIORITIES.join(', ')}, found ${JSON.stringify(str(values.priority))}`,
    );
  }
  const dependsOn = (str(values['depends-on']) ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  const timeout = flagNumber('--timeout', str(values.timeout), 'positive number') ?? 300;
  const maxAttempts = flagNumber('--max-attempts', str(values['max-attempts']), 'positive number') ?? 3;
  const lock = await acquireLock(io.cwd);
  try {
    const file = await mustRead(path);
    const ids = new Set(file.tasks.map((t) => t.id));
    const unknown = dependsOn.filter((id) => !ids.has(id));
    if (unknown.length > 0)
      throw new UsageError(
        `--depends-on: no such task ${unknown.join(', ')} (have: ${[...ids].join(', ') || 'none'})`,
      );
    const task: Task = {
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
  } finally {
    await lock.release();
  }
}

async function status(argv: readonly string[], io: TasksIo, path: string): Promise<number> {
  const { positionals } = parse(argv, {});
  if (positionals.length > 0) throw new UsageError(`tasks status: unexpected argument "${positionals[0]}"`);
  const loaded = await loadTasksForRead(path);
  if (!loaded) throw new UsageError(`no ${TASK_FILE} here: run agent-harness tasks init`);
  const { file } = loaded;
  const stats = taskStats(file.tasks);
  const lines = [
    `Tasks: ${stats.tasks_total} total, ${stats.completed} completed, ${stats.failed} failed, ${stats.pending} pending, ${stats.blocked} blocked`,
  ];
  if (loaded.fromBackup) lines.push(`(read from ${loaded.usedPath}: ${loaded.problem})`);
  const permanent = new Set(file.tasks.filter(isPermanentlyFailed).map((t) => t.id));
  for (const task of file.tasks) {
    const blocked = task.status === 'pending' && task.depends_on.some((d) => permanent.has(d));
    lines.push(
      `[${blocked ? 'blocked' : task.status}] ${task.id}: ${task.title} (${task.attempts}/${task.max_attempts})`,
    );
    const why = task.status === 'failed' ? task.error_log.at(-1) : undefined;
    if (why !== undefined) lines.push(`    last error: ${why}`);
  }
  const tail = await new ProgressLog(join(io.cwd, PROGRESS_FILE)).tail(5);
  if (tail.length > 0) lines.push('', 'Last progress:', ...tail.map((l) => `  ${l}`));
  lines.push('', `Sessions: ${file.session_count}, last ${file.last_session ?? 'never'}`);
  io.out(lines.join('\n'));
  return 0;
}

async function list(
  argv: readonly string[],
  io: TasksIo,
  path: string,
  what: 'list' | 'ready',
): Promise<number> {
  const { values } = parse(argv, { json: { type: 'boolean' } });
  const loaded = await loadTasksForRead(path);
  if (!loaded) throw new UsageError(`no ${TASK_FILE} here: run agent-harness tasks init`);
  const tasks = validateDependencies(loaded.file.tasks, iso(io.now())).tasks;
  if (what === 'ready') {
    const ids = readyTasks(tasks).map((t) => t.id);
    io.out(values.json ? JSON.stringify(ids) : ids.join('\n'));
  } else {
    io.out(
      values.json
        ? JSON.stringify(tasks, null, 2)
        : tasks.map((t) => `${t.id}\t${t.status}\t${t.title}`).join('\n'),
    );
  }
  return 0;
}

async function checkpoint(argv: readonly string[], io: TasksIo, path: string): Promise<number> {
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
    if (!task) throw new UsageError(`no task ${id} in ${TASK_FILE}`);
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
  } finally {
    await lock?.release();
  }
}

async function merge(argv: readonly string[], io: TasksIo, path: string): Promise<number> {
  const { positionals } = parse(argv, {});
  if (positionals.length === 0) throw new UsageError('usage: agent-harness tasks merge <outcome.json>...');
  const lock = await acquireLock(io.cwd);
  try {
    const file = await mustRead(path);
    const merged = await mergeOutcomes(file, positionals);
    await writeTaskFile(path, merged.file);
    for (const line of merged.report) io.out(line);
    return 0;
  } finally {
    await lock.release();
  }
}

async function mustRead(path: string): Promise<TaskFile> {
  const read = await readTaskFile(path);
  if (!read) throw new UsageError(`no ${TASK_FILE} here: run agent-harness tasks init`);
  return read.file;
}

type Values = Record<string, string | boolean | undefined>;

function parse(
  argv: readonly string[],
  options: Record<string, { type: 'string' | 'boolean' }>,
): { values: Values; positionals: string[] } {
  try {
    const parsed = parseArgs({
      args: [...argv],
      options: { ...GLOBAL_OPTIONS, ...options },
      allowPositionals: true,
      strict: true,
    });
    return { values: parsed.values, positionals: parsed.positionals };
  } catch (error) {
    throw new UsageError(`${(error as Error).message}\n${TASKS_USAGE}`);
  }
}

const str = (value: string | boolean | undefined): string | undefined =>
  typeof value === 'string' ? value : undefined;

export { TaskFileError };
