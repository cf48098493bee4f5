// harness-tasks.json on disk: read, validate, write with the task protocol's backup rule, and recover from a
// corrupt file. Every write is whole (temp file + rename), preceded by a copy of the current file to
// `<path>.bak`. A file that does not parse is restored from the backup, and the bad file is kept aside as
// `<path>.corrupt-<timestamp>` so nothing a person typed is lost. When neither parses, nothing is touched.
// Writers (and a restoring reader) must hold the task lock (lock.ts); `loadTasksForRead` never writes.
import { valueAt } from '../config/index.js';
import { EXIT, HarnessError } from '../errors/exit-codes.js';
import { TIMER_LIMIT_REASON } from '../config/index.js';
import { writeFile } from 'node:fs/promises';
import { readInputFile } from '../os/input-file.js';
import type { z } from 'zod';
import { writeFileAtomic } from '../state/index.js';
import { taskFileSchema, type TaskFile } from './schema.js';

/** An unusable task file: exit code 2 (EXIT.usage), the same as for a configuration problem. */
export class TaskFileError extends HarnessError {
  override readonly name = 'TaskFileError';
  /** One line per problem, each naming the file and the JSON path. */
  readonly problems: readonly string[];

  constructor(message: string, problems: readonly string[] = []) {
    super(message, EXIT.usage);
    this.problems = Object.freeze([...problems]);
  }
}

export interface ReadTaskFileResult {
  file: TaskFile;
  /** The file did not parse and was replaced by its valid backup. */
  restoredFromBackup: boolean;
  /** Where the unparseable file was kept, when it was restored from the backup. */
  corruptCopy?: string;
  /** Why the file was unusable, when it was restored from the backup. */
  problem?: string;
}

export interface ReadOnlyTasks {
  file: TaskFile;
  /** The file the tasks came from: the task file itself, or its backup when the task file does not parse. */
  usedPath: string;
  fromBackup: boolean;
  /** Why the task file was unusable, when the backup was used. */
  problem: string | null;
}

export const backupPath = (path: string): string => `${path}.bak`;

type Parsed = { ok: true; file: TaskFile; bytes: Buffer } | { ok: false; reason: string; bytes: Buffer };

/**
 * Reads and validates the task file. Null when it does not exist. When it does not parse (JSON syntax or the
 * schema), its backup is tried: a valid backup is written back over it (the bad file is kept as
 * `<path>.corrupt-<timestamp>`) and `restoredFromBackup` is true. When both are bad, throws TaskFileError and
 * writes nothing.
 */
export async function readTaskFile(
  path: string,
  options: { now?: () => number } = {},
): Promise<ReadTaskFileResult | null> {
  const primary = await parseTaskFile(path);
  if (primary === null) return null;
  if (primary.ok) return { file: primary.file, restoredFromBackup: false };

  const bak = backupPath(path);
  const backup = await parseTaskFile(bak);
  if (backup === null || !backup.ok) throw unrecoverable(path, primary.reason, backup);

  // Keep the bad file first (exclusive create, never clobbering an earlier copy), then replace it whole.
  const corruptCopy = await keepAside(path, primary.bytes, (options.now ?? Date.now)());
  await writeFileAtomic(path, backup.bytes.toString('utf8'), { durable: true });
  return { file: backup.file, restoredFromBackup: true, corruptCopy, problem: primary.reason };
}

/**
 * For read-only commands (status): no restore, no writes. Uses the task file, or its backup when the task
 * file does not parse, and says which. Null when the task file does not exist; TaskFileError when neither
 * parses.
 */
export async function loadTasksForRead(path: string): Promise<ReadOnlyTasks | null> {
  const primary = await parseTaskFile(path);
  if (primary === null) return null;
  if (primary.ok) return { file: primary.file, usedPath: path, fromBackup: false, problem: null };
  const bak = backupPath(path);
  const backup = await parseTaskFile(bak);
  if (backup === null || !backup.ok) throw unrecoverable(path, primary.reason, backup);
  return { file: backup.file, usedPath: bak, fromBackup: true, problem: primary.reason };
}

/**
 * Validates `file` (an invalid file is refused, nothing is written), copies the current file to `<path>.bak`
 * if it exists, then replaces the file whole with 2-space JSON and a final newline. A current file that does
 * not parse is not copied over a good backup: it is kept as `<path>.corrupt-<timestamp>` instead.
 */
export async function writeTaskFile(
  path: string,
  file: TaskFile,
  options: { now?: () => number } = {},
): Promise<void> {
  const result = taskFileSchema.safeParse(file);
  if (!result.success) {
    const problems = formatIssues(path, result.error.issues, file);
    throw new TaskFileError(
      `refusing to write ${path}: the task list is invalid\n${problems.join('\n')}`,
      problems,
    );
  }
  const text = `${JSON.stringify(result.data, null, 2)}\n`;

  const current = await parseTaskFile(path);
  if (current?.ok) {
    await writeFileAtomic(backupPath(path), current.bytes.toString('utf8'), { durable: true });
  } else if (current) {
    await keepAside(path, current.bytes, (options.now ?? Date.now)());
  }
  await writeFileAtomic(path, text, { durable: true });
}

/** Parses text as a task file: the file, or one line per problem (prefixed with `source`). */
export function parseTaskFileText(
  source: string,
  text: string,
): { ok: true; file: TaskFile } | { ok: false; problems: string[] } {
  let data: unknown;
  try {
    data = JSON.parse(text.replace(/^\uFEFF/, ''));
  } catch (error) {
    return { ok: false, problems: [`${source}: invalid JSON: ${(error as Error).message}`] };
  }
  const result = taskFileSchema.safeParse(data);
  if (result.success) return { ok: true, file: result.data };
  return { ok: false, problems: formatIssues(source, result.error.issues, data) };
}

async function parseTaskFile(path: string): Promise<Parsed | null> {
  let bytes: Buffer;
  try {
    // A FIFO, a device, a directory or a huge file at its name is refused (InputFileError, exit 18), never
    // restored over from the backup: nothing that is not a regular file is replaced.
    bytes = await readInputFile(path, { what: 'task list' });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
  const parsed = parseTaskFileText(path, bytes.toString('utf8'));
  return parsed.ok
    ? { ok: true, file: parsed.file, bytes }
    : { ok: false, reason: parsed.problems.join('\n'), bytes };
}

function unrecoverable(path: string, primaryReason: string, backup: Parsed | null): TaskFileError {
  const bak = backupPath(path);
  let backupReason = `${bak}: no backup (the file does not exist)`;
  if (backup !== null && !backup.ok) backupReason = backup.reason;
  const name = path.split(/[\\/]/).pop() ?? path;
  return new TaskFileError(
    `${name} corrupted and unrecoverable (${path}); nothing was changed\n${primaryReason}\n${backupReason}`,
    [...primaryReason.split('\n'), ...backupReason.split('\n')],
  );
}

async function keepAside(path: string, bytes: Buffer, nowMs: number): Promise<string> {
  const stamp = new Date(nowMs)
    .toISOString()
    .replace(/\.\d{3}Z$/, 'Z')
    .replace(/[-:]/g, '');
  for (let n = 0; ; n++) {
    const target = `${path}.corrupt-${stamp}${n === 0 ? '' : `-${n}`}`;
    try {
      await writeFile(target, bytes, { flag: 'wx' });
      return target;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST' || n >= 1000) throw error;
    }
  }
}

// ---- zod issues as lines a person can act on ----

type Issue = z.core.$ZodIssue;

export function formatIssues(source: string, issues: readonly Issue[], data: unknown): string[] {
  return issues.flatMap((issue) => {
    if (issue.code === 'unrecognized_keys') {
      return issue.keys.map((key) => `${source}: ${formatJsonPath([...issue.path, key])}: unknown key`);
    }
    return [`${source}: ${formatJsonPath(issue.path)}: ${describeIssue(issue, valueAt(data, issue.path))}`];
  });
}

/** `tasks[2].priority`; the top level is `(top level)`. */
export function formatJsonPath(path: readonly PropertyKey[]): string {
  let out = '';
  for (const key of path) {
    if (typeof key === 'number') out += `[${key}]`;
    else if (typeof key === 'string' && /^[A-Za-z_$][\w$]*$/.test(key)) out += out === '' ? key : `.${key}`;
    else out += `[${JSON.stringify(String(key))}]`;
  }
  return out === '' ? '(top level)' : out;
}

function describeIssue(issue: Issue, value: unknown): string {
  const found = foundText(value);
  switch (issue.code) {
    case 'invalid_type':
      return `expected ${typeName(issue.expected)}, ${found}`;
    case 'invalid_value': {
      const values = issue.values.map((v) => String(v));
      const expected = values.length === 1 ? `expected ${values[0]}` : `expected one of ${values.join(', ')}`;
      return `${expected}, ${found}`;
    }
    case 'too_small':
      return `${boundText(issue.origin, issue.minimum, issue.inclusive ?? true, 'min')}, ${found}`;
    case 'too_big':
      return (
        `${boundText(issue.origin, issue.maximum, issue.inclusive ?? true, 'max')}, ${found}` +
        (issue.message === TIMER_LIMIT_REASON ? ` (${TIMER_LIMIT_REASON})` : '')
      );
    case 'invalid_format': {
      const expected = /^expected /.test(issue.message)
        ? issue.message
        : issue.format === 'regex' && 'pattern' in issue
          ? `expected a string matching ${String(issue.pattern)}`
          : `expected a valid ${issue.format}`;
      return `${expected}, ${found}`;
    }
    case 'custom':
      return issue.message;
    default:
      return `${issue.message.replace(/^Invalid input: /, '')}, ${found}`;
  }
}

function typeName(expected: string): string {
  switch (expected) {
    case 'int':
      return 'an integer';
    case 'array':
      return 'a list';
    case 'object':
      return 'an object';
    case 'null':
      return 'null';
    default:
      return /^[aeiou]/.test(expected) ? `an ${expected}` : `a ${expected}`;
  }
}

function boundText(origin: string, bound: number | bigint, inclusive: boolean, side: 'min' | 'max'): string {
  const n = Number(bound);
  if (origin === 'string') {
    if (side === 'min' && n === 1 && inclusive) return 'expected a non-empty string';
    return `expected a string of ${side === 'min' ? 'at least' : 'at most'} ${n} characters`;
  }
  if (origin === 'array') return `expected ${side === 'min' ? 'at least' : 'at most'} ${n} items`;
  const op = side === 'min' ? (inclusive ? '>=' : '>') : inclusive ? '<=' : '<';
  return `expected a number ${op} ${n}`;
}

function foundText(value: unknown): string {
  if (value === undefined) return 'but it is missing';
  if (value === null) return 'found null';
  if (Array.isArray(value)) return `found a list`;
  if (typeof value === 'object') return 'found an object';
  if (typeof value === 'string') {
    return `found ${JSON.stringify(value.length > 60 ? `${value.slice(0, 60)}…` : value)}`;
  }
  return typeof value === 'number' || typeof value === 'boolean'
    ? `found ${value}`
    : `found a ${typeof value}`;
}
