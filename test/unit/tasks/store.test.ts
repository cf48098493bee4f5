import {
  appendFileSync,
  mkdtempSync,
  readFileSync,
  readdirSync,
  rmSync,
  truncateSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  PROGRESS_TYPES,
  ProgressLog,
  checkpointMessage,
  completedMessage,
  formatProgressLine,
  lockAcquired,
  lockReleased,
  recoveryMessage,
  rollbackMessage,
  startingMessage,
} from '../../../src/tasks/progress.js';
import { newTaskFile, type TaskFile } from '../../../src/tasks/schema.js';
import {
  TaskFileError,
  loadTasksForRead,
  parseTaskFileText,
  readTaskFile,
  writeTaskFile,
} from '../../../src/tasks/store.js';

const dir = () => mkdtempSync(join(tmpdir(), 'ah-store-'));

// The seed's example file, verbatim.
const SEED = {
  version: 2,
  created: '2025-07-01T10:00:00Z',
  session_config: { max_tasks_per_session: 20, max_sessions: 50 },
  tasks: [
    {
      id: 'task-001',
      title: 'Implement user authentication',
      status: 'completed',
      priority: 'P0',
      depends_on: [],
      attempts: 1,
      max_attempts: 3,
      started_at_commit: 'def5678',
      validation: { command: 'npm test -- --testPathPattern=auth', timeout_seconds: 300 },
      on_failure: { cleanup: null },
      error_log: [],
      checkpoints: [],
      completed_at: '2025-07-01T10:15:30Z',
    },
    {
      id: 'task-002',
      title: 'Add rate limiting',
      status: 'failed',
      priority: 'P1',
      depends_on: [],
      attempts: 1,
      max_attempts: 3,
      started_at_commit: 'abc1234',
      validation: { command: 'npm test -- --testPathPattern=rate-limit', timeout_seconds: 120 },
      on_failure: { cleanup: 'docker compose down redis' },
      error_log: ['[TASK_EXEC] Redis connection refused'],
      checkpoints: [],
      completed_at: null,
    },
    {
      id: 'task-003',
      title: 'Add OAuth providers',
      status: 'pending',
      priority: 'P1',
      depends_on: ['task-001'],
      attempts: 0,
      max_attempts: 3,
      started_at_commit: null,
      validation: { command: 'npm test -- --testPathPattern=oauth', timeout_seconds: 180 },
      on_failure: { cleanup: null },
      error_log: [],
      checkpoints: [],
      completed_at: null,
    },
  ],
  session_count: 1,
  last_session: '2025-07-01T10:20:02Z',
} as const;

const seedFile = (): TaskFile => structuredClone(SEED) as unknown as TaskFile;
const json = (value: unknown) => `${JSON.stringify(value, null, 2)}\n`;

function withTitle(title: string): TaskFile {
  const file = seedFile();
  file.tasks[0]!.title = title;
  return file;
}

describe('task file store', () => {
  it('round-trips the seed file byte for byte, as 2-space JSON with a final newline', async () => {
    const path = join(dir(), 'harness-tasks.json');
    expect(await readTaskFile(path)).toBeNull();
    await writeTaskFile(path, seedFile());
    expect(readFileSync(path, 'utf8')).toBe(json(SEED));
    const read = await readTaskFile(path);
    expect(read).toEqual({ file: SEED, restoredFromBackup: false });
  });

  it('fills defaults on read and writes them out', async () => {
    const path = join(dir(), 'harness-tasks.json');
    writeFileSync(
      path,
      JSON.stringify({
        version: 2,
        created: 'x',
        tasks: [{ id: 'task-001', title: 't', status: 'pending' }],
      }),
    );
    const read = await readTaskFile(path);
    expect(read!.file.tasks[0]).toMatchObject({
      priority: 'P1',
      max_attempts: 3,
      validation: { timeout_seconds: 300 },
    });
    expect(read!.file.session_config).toEqual({ max_tasks_per_session: 20, max_sessions: 50 });
  });

  it('copies the previous content to .bak before every write', async () => {
    const d = dir();
    const path = join(d, 'harness-tasks.json');
    await writeTaskFile(path, withTitle('first'));
    expect(readdirSync(d).sort()).toEqual(['harness-tasks.json']);
    const first = readFileSync(path);
    await writeTaskFile(path, withTitle('second'));
    expect(readFileSync(`${path}.bak`)).toEqual(first);
    const second = readFileSync(path);
    await writeTaskFile(path, withTitle('third'));
    expect(readFileSync(`${path}.bak`)).toEqual(second);
    expect((await readTaskFile(path))!.file.tasks[0]!.title).toBe('third');
    expect(readdirSync(d).sort()).toEqual(['harness-tasks.json', 'harness-tasks.json.bak']);
  });

  it('restores bad JSON from a good backup, keeping the bad file aside', async () => {
    const d = dir();
    const path = join(d, 'harness-tasks.json');
    await writeTaskFile(path, withTitle('good'));
    await writeTaskFile(path, withTitle('newer'));
    const good = readFileSync(`${path}.bak`);
    writeFileSync(path, '{"version": 2, "tasks": [');
    const now = Date.parse('2025-07-01T10:20:03Z');

    const read = await readTaskFile(path, { now: () => now });
    expect(read!.restoredFromBackup).toBe(true);
    expect(read!.file.tasks[0]!.title).toBe('good');
    expect(read!.problem).toMatch(/harness-tasks\.json: invalid JSON/);
    expect(readFileSync(path)).toEqual(good);
    expect(readFileSync(`${path}.bak`)).toEqual(good);
    expect(read!.corruptCopy).toBe(`${path}.corrupt-20250701T102003Z`);
    expect(readFileSync(read!.corruptCopy!, 'utf8')).toBe('{"version": 2, "tasks": [');

    // The restored file now reads cleanly; a second corruption at the same second does not clobber the first.
    expect((await readTaskFile(path))!.restoredFromBackup).toBe(false);
    writeFileSync(path, 'garbage');
    const again = await readTaskFile(path, { now: () => now });
    expect(again!.corruptCopy).toBe(`${path}.corrupt-20250701T102003Z-1`);
    expect(readFileSync(`${path}.corrupt-20250701T102003Z`, 'utf8')).toBe('{"version": 2, "tasks": [');
  });

  it('restores a file that parses but breaks the schema', async () => {
    const path = join(dir(), 'harness-tasks.json');
    await writeTaskFile(path, withTitle('good'));
    await writeTaskFile(path, withTitle('newer'));
    const bad = seedFile() as unknown as { tasks: Array<Record<string, unknown>> };
    bad.tasks[1]!.status = 'done';
    writeFileSync(path, JSON.stringify(bad));
    const read = await readTaskFile(path);
    expect(read!.restoredFromBackup).toBe(true);
    expect(read!.file.tasks[0]!.title).toBe('good');
    expect(read!.problem).toContain(
      'tasks[1].status: expected one of pending, in_progress, completed, failed, found "done"',
    );
  });

  it('bad file and bad backup: the seed error with both reasons, and nothing modified', async () => {
    const d = dir();
    const path = join(d, 'harness-tasks.json');
    writeFileSync(path, '{"version": 2,');
    writeFileSync(`${path}.bak`, json({ ...SEED, version: 1 }));
    const before = {
      main: readFileSync(path),
      bak: readFileSync(`${path}.bak`),
      names: readdirSync(d).sort(),
    };

    const error = await readTaskFile(path).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(TaskFileError);
    const e = error as TaskFileError;
    expect(e.exitCode).toBe(2);
    expect(e.message).toMatch(/^harness-tasks\.json corrupted and unrecoverable/);
    expect(e.message).toContain(`${path}: invalid JSON`);
    expect(e.message).toContain(`${path}.bak: version: expected 2, found 1`);
    await expect(loadTasksForRead(path)).rejects.toThrow(/harness-tasks\.json corrupted and unrecoverable/);

    expect(readFileSync(path)).toEqual(before.main);
    expect(readFileSync(`${path}.bak`)).toEqual(before.bak);
    expect(readdirSync(d).sort()).toEqual(before.names);
  });

  it('bad file and no backup: unrecoverable, and nothing written', async () => {
    const d = dir();
    const path = join(d, 'harness-tasks.json');
    writeFileSync(path, 'not json');
    await expect(readTaskFile(path)).rejects.toThrow(/corrupted and unrecoverable[\s\S]*\.bak: no backup/);
    expect(readdirSync(d)).toEqual(['harness-tasks.json']);
    expect(readFileSync(path, 'utf8')).toBe('not json');
  });

  it('names the JSON path, the value and what is expected for each schema problem', async () => {
    const d = dir();
    const path = join(d, 'harness-tasks.json');
    const bad = seedFile() as unknown as Record<string, unknown> & { tasks: Array<Record<string, unknown>> };
    bad.tasks[2]!.priority = 'P9';
    bad.tasks[0]!.attempts = 1.5;
    bad.tasks[1]!.id = 'T2';
    bad.tasks[1]!.colour = 'red';
    delete bad.tasks[0]!.title;
    (bad.session_config as Record<string, unknown>).max_sessions = 0;
    (bad.tasks[0] as Record<string, unknown>).validation = { command: 'true', timeout_seconds: 1e10 };
    writeFileSync(path, JSON.stringify(bad));
    const error = (await loadTasksForRead(path).catch((e: unknown) => e)) as TaskFileError;
    expect(error).toBeInstanceOf(TaskFileError);
    const lines = error.message.split('\n');
    expect(lines).toContain(`${path}: tasks[2].priority: expected one of P0, P1, P2, found "P9"`);
    expect(lines).toContain(`${path}: tasks[0].attempts: expected an integer, found 1.5`);
    expect(lines).toContain(`${path}: tasks[1].id: expected an id like task-001, found "T2"`);
    expect(lines).toContain(`${path}: tasks[1].colour: unknown key`);
    expect(lines).toContain(`${path}: tasks[0].title: expected a string, but it is missing`);
    expect(lines).toContain(`${path}: session_config.max_sessions: expected a number > 0, found 0`);
    expect(lines).toContain(
      `${path}: tasks[0].validation.timeout_seconds: expected a number <= 2147483, found 10000000000 ` +
        '(the longest a timer can wait: 2^31-1 ms, about 24.8 days)',
    );
    // Relative paths are reported as given: the seed's own example.
    const relative = parseTaskFileText('harness-tasks.json', JSON.stringify(bad));
    expect(relative.ok ? [] : relative.problems).toContain(
      'harness-tasks.json: tasks[2].priority: expected one of P0, P1, P2, found "P9"',
    );
  });

  it('reports cross-task problems (duplicates, unknown dependencies) with their paths', async () => {
    const path = join(dir(), 'harness-tasks.json');
    const bad = seedFile();
    bad.tasks[1]!.id = 'task-001';
    bad.tasks[2]!.depends_on = ['task-001', 'task-042'];
    writeFileSync(path, JSON.stringify(bad));
    const error = (await loadTasksForRead(path).catch((e: unknown) => e)) as TaskFileError;
    expect(error.problems).toEqual(
      expect.arrayContaining([
        `${path}: tasks[1].id: duplicate task id task-001`,
        `${path}: tasks[2].depends_on[1]: task-003 depends on task-042, which is not in the task list`,
      ]),
    );
  });

  it('refuses to write an invalid file, leaving file and backup untouched', async () => {
    const d = dir();
    const path = join(d, 'harness-tasks.json');
    await writeTaskFile(path, withTitle('one'));
    await writeTaskFile(path, withTitle('two'));
    const before = { main: readFileSync(path), bak: readFileSync(`${path}.bak`) };
    const bad = seedFile();
    (bad.tasks[0] as { status: string }).status = 'done';
    await expect(writeTaskFile(path, bad)).rejects.toThrow(TaskFileError);
    await expect(writeTaskFile(path, bad)).rejects.toThrow(
      /refusing to write[\s\S]*tasks\[0\]\.status: expected one of/,
    );
    expect(readFileSync(path)).toEqual(before.main);
    expect(readFileSync(`${path}.bak`)).toEqual(before.bak);
    expect(readdirSync(d).sort()).toEqual(['harness-tasks.json', 'harness-tasks.json.bak']);
  });

  it('does not copy a corrupt current file over a good backup when writing', async () => {
    const d = dir();
    const path = join(d, 'harness-tasks.json');
    await writeTaskFile(path, withTitle('one'));
    await writeTaskFile(path, withTitle('two'));
    writeFileSync(path, '{oops');
    const goodBak = readFileSync(`${path}.bak`);
    await writeTaskFile(path, withTitle('three'), { now: () => Date.parse('2025-01-02T03:04:05Z') });
    expect(readFileSync(`${path}.bak`)).toEqual(goodBak);
    expect(readFileSync(`${path}.corrupt-20250102T030405Z`, 'utf8')).toBe('{oops');
    expect((await readTaskFile(path))!.file.tasks[0]!.title).toBe('three');
  });

  it('read-only load uses the backup without writing, and says so', async () => {
    const d = dir();
    const path = join(d, 'harness-tasks.json');
    expect(await loadTasksForRead(path)).toBeNull();
    await writeTaskFile(path, newTaskFile('2025-07-01T10:00:00Z'));
    expect(await loadTasksForRead(path)).toMatchObject({ usedPath: path, fromBackup: false, problem: null });
    await writeTaskFile(path, withTitle('latest'));
    writeFileSync(path, '[');
    const names = readdirSync(d).sort();
    const loaded = await loadTasksForRead(path);
    expect(loaded).toMatchObject({ usedPath: `${path}.bak`, fromBackup: true });
    expect(loaded!.file.tasks).toEqual([]);
    expect(loaded!.problem).toMatch(/invalid JSON/);
    expect(readFileSync(path, 'utf8')).toBe('[');
    expect(readdirSync(d).sort()).toEqual(names);
  });
});

describe('progress log format', () => {
  const ts = '2025-07-01T10:00:00Z';

  it('formats every type, session-level and task-scoped', () => {
    const expected: Record<(typeof PROGRESS_TYPES)[number], string> = {
      INIT: `[${ts}] [SESSION-1] INIT Harness initialized for project /path/to/project`,
      Starting: `[${ts}] [SESSION-1] Starting [task-001] Implement user authentication (base=def5678)`,
      Completed: `[${ts}] [SESSION-1] Completed [task-001] (commit abc1234)`,
      ERROR: `[${ts}] [SESSION-1] ERROR [task-002] [TASK_EXEC] Redis connection refused`,
      CHECKPOINT: `[${ts}] [SESSION-1] CHECKPOINT [task-001] step=2/4 "auth routes created, tests pending"`,
      ROLLBACK: `[${ts}] [SESSION-1] ROLLBACK [task-002] git reset --hard abc1234`,
      RECOVERY: `[${ts}] [SESSION-1] RECOVERY [task-003] action="resume" reason="checkpoints match files"`,
      STATS: `[${ts}] [SESSION-1] STATS tasks_total=5 completed=1 failed=1 pending=3 blocked=0`,
      LOCK: `[${ts}] [SESSION-1] LOCK acquired (pid=12345)`,
      WARN: `[${ts}] [SESSION-1] WARN Removed stale lock from pid=999`,
    };
    const entries = {
      INIT: { message: 'Harness initialized for project /path/to/project' },
      Starting: {
        taskId: 'task-001',
        message: startingMessage(
          { title: 'Implement user authentication' },
          'def5678aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa',
        ),
      },
      Completed: { taskId: 'task-001', message: completedMessage('abc1234ffffffffff') },
      ERROR: { taskId: 'task-002', category: 'TASK_EXEC', message: 'Redis connection refused' },
      CHECKPOINT: {
        taskId: 'task-001',
        message: checkpointMessage(2, 4, 'auth routes created, tests pending'),
      },
      ROLLBACK: { taskId: 'task-002', message: rollbackMessage('abc1234def') },
      RECOVERY: { taskId: 'task-003', message: recoveryMessage('resume', 'checkpoints match files') },
      STATS: { message: 'tasks_total=5 completed=1 failed=1 pending=3 blocked=0' },
      LOCK: { message: lockAcquired(12345) },
      WARN: { message: 'Removed stale lock from pid=999' },
    } as const;
    for (const type of PROGRESS_TYPES) {
      expect(formatProgressLine({ ts, session: 1, type, ...entries[type] })).toBe(expected[type]);
    }
  });

  it('category without a task id, lock release, milliseconds dropped, newlines flattened', () => {
    expect(
      formatProgressLine({
        ts: '2025-07-01T10:20:00.123Z',
        session: 3,
        type: 'ERROR',
        category: 'ENV_SETUP',
        message: 'harness-tasks.json corrupted and unrecoverable',
      }),
    ).toBe(
      '[2025-07-01T10:20:00Z] [SESSION-3] ERROR [ENV_SETUP] harness-tasks.json corrupted and unrecoverable',
    );
    expect(formatProgressLine({ ts, session: 12, type: 'LOCK', message: lockReleased() })).toBe(
      `[${ts}] [SESSION-12] LOCK released`,
    );
    const line = formatProgressLine({
      ts,
      session: 1,
      type: 'ERROR',
      taskId: 'task-002',
      category: 'TEST_FAIL',
      message: 'line one\nline two\r\nthree',
    });
    expect(line).toBe(`[${ts}] [SESSION-1] ERROR [task-002] [TEST_FAIL] line one line two three`);
    expect(checkpointMessage(1, 2, 'said "hi"\nthen left')).toBe('step=1/2 "said \\"hi\\" then left"');
  });

  it('appends one line per entry with the clock, never truncating', async () => {
    const path = join(dir(), 'harness-progress.txt');
    writeFileSync(path, 'existing line\n');
    let t = Date.parse('2025-07-01T10:00:00.999Z');
    const log = new ProgressLog(path, () => t);
    await log.append({ session: 1, type: 'LOCK', message: lockAcquired(42) });
    t += 5000;
    await log.append({ session: 1, type: 'Starting', taskId: 'task-001', message: 'multi\nline' });
    expect(readFileSync(path, 'utf8')).toBe(
      'existing line\n' +
        '[2025-07-01T10:00:00Z] [SESSION-1] LOCK acquired (pid=42)\n' +
        '[2025-07-01T10:00:05Z] [SESSION-1] Starting [task-001] multi line\n',
    );
    expect(await log.tail(2)).toEqual([
      '[2025-07-01T10:00:00Z] [SESSION-1] LOCK acquired (pid=42)',
      '[2025-07-01T10:00:05Z] [SESSION-1] Starting [task-001] multi line',
    ]);
    expect(await log.tail(10)).toHaveLength(3);
    expect(await new ProgressLog(join(dir(), 'none.txt'), Date.now).tail(5)).toEqual([]);
  });

  it('tails across block boundaries and multi-byte characters', async () => {
    const path = join(dir(), 'harness-progress.txt');
    const lines = Array.from({ length: 500 }, (_, i) => `line ${i} ${'é'.repeat(i % 13)} ✓`);
    writeFileSync(path, `${lines.join('\n')}\n`);
    const log = new ProgressLog(path, Date.now);
    for (const block of [1, 7, 64, 4096]) {
      expect(await log.tail(200, block)).toEqual(lines.slice(-200));
      expect(await log.tail(1000, block)).toEqual(lines);
    }
  });

  it('reads only the end of a huge log', async () => {
    // A 3 GiB sparse file: reading it whole fails (Node refuses files over 2 GiB) or takes far too long.
    const d = dir();
    const path = join(d, 'harness-progress.txt');
    try {
      writeFileSync(path, 'first line\n');
      truncateSync(path, 3 * 1024 ** 3);
      const tailLines = Array.from(
        { length: 250 },
        (_, i) => `[2025-07-01T10:00:00Z] [SESSION-9] STATS n=${i}`,
      );
      appendFileSync(path, `\n${tailLines.join('\n')}\n`);
      const started = Date.now();
      const got = await new ProgressLog(path, Date.now).tail(200);
      expect(got).toEqual(tailLines.slice(-200));
      expect(Date.now() - started).toBeLessThan(2000);
    } finally {
      rmSync(d, { recursive: true, force: true });
    }
  });
});
