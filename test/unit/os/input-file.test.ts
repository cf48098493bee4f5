// The one way the harness reads a file it takes as input (os/input-file.ts), and the readers that use it: a FIFO, a
// device, a directory or a file over the cap is refused at once (a FIFO with no writer never blocks the open), with
// the path named and exit code 18; a regular file is read whole.
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, truncateSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { EXIT } from '../../../src/errors/exit-codes.js';
import {
  INPUT_MAX_BYTES,
  InputFileError,
  readInputText,
  readInputTextSync,
} from '../../../src/os/input-file.js';
import { readCounter } from '../../../src/state/counter.js';
import { readStatus } from '../../../src/state/status.js';
import { FileEventLog } from '../../../src/state/event-log.js';
import { ProgressLog } from '../../../src/tasks/progress.js';
import { readTaskFile } from '../../../src/tasks/store.js';
import { readTask } from '../../../src/worker/task-files.js';
import { readRegularFile } from '../../../src/review/regular-file.js';

const dirs: string[] = [];
function scratch(): string {
  const dir = mkdtempSync(join(tmpdir(), 'ah-input-file-'));
  dirs.push(dir);
  return dir;
}
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

const fifo = (path: string): string => (execFileSync('mkfifo', [path]), path);

/** The error a call throws or rejects with. */
async function failure(call: () => unknown): Promise<unknown> {
  try {
    await call();
  } catch (error) {
    return error;
  }
  throw new Error('expected a failure');
}

describe('readInputText', () => {
  it('reads a regular file, and one through a symlink', async () => {
    const dir = scratch();
    writeFileSync(join(dir, 'p.md'), 'Do the next thing.\n');
    symlinkSync(join(dir, 'p.md'), join(dir, 'link.md'));
    expect(await readInputText(join(dir, 'p.md'))).toBe('Do the next thing.\n');
    expect(await readInputText(join(dir, 'link.md'))).toBe('Do the next thing.\n');
    expect(readInputTextSync(join(dir, 'link.md'))).toBe('Do the next thing.\n');
  });

  it.for<[string, (path: string) => string, string, string]>([
    ['a FIFO with no writer', fifo, 'a FIFO (named pipe)', 'ENOTREG'],
    ['a device', (path) => (symlinkSync('/dev/zero', path), path), 'a character device', 'ENOTREG'],
    ['a directory', (path) => (mkdirSync(path), path), 'a directory', 'EISDIR'],
  ])('refuses %s at once, naming it (async and sync)', async ([, make, kind, code]) => {
    const path = make(join(scratch(), 'PROMPT.md'));
    for (const read of [
      () => readInputText(path, { what: 'prompt file' }),
      () => readInputTextSync(path, { what: 'prompt file' }),
    ]) {
      const error = await failure(read);
      expect(error).toBeInstanceOf(InputFileError);
      expect(error).toMatchObject({ code, exitCode: EXIT.inputFile, path });
      expect((error as Error).message).toBe(
        `prompt file ${path} is ${kind}, not a regular file: the harness reads only regular files (a FIFO or a ` +
          'device could block it, or never end); replace it with a regular file',
      );
    }
  });

  it('refuses a file over the cap, and reads one at it', async () => {
    const dir = scratch();
    writeFileSync(join(dir, 'at'), '');
    truncateSync(join(dir, 'at'), INPUT_MAX_BYTES);
    writeFileSync(join(dir, 'over'), '');
    truncateSync(join(dir, 'over'), INPUT_MAX_BYTES + 1);
    expect((await readInputText(join(dir, 'at'))).length).toBe(INPUT_MAX_BYTES);
    const error = await failure(() => readInputText(join(dir, 'over'), { what: 'config file' }));
    expect(error).toMatchObject({ code: 'EFBIG', exitCode: EXIT.inputFile });
    expect((error as Error).message).toBe(
      `config file ${join(dir, 'over')} is larger than the 4 MiB the harness reads of it (4194305 bytes): shorten it`,
    );
    expect(await failure(() => readInputText(join(dir, 'over'), { maxBytes: 10 }))).toMatchObject({
      code: 'EFBIG',
    });
  });

  it('passes other failures through as the system reports them', async () => {
    expect(await failure(() => readInputText(join(scratch(), 'absent')))).toMatchObject({ code: 'ENOENT' });
  });

  it('with noFollow, a symlink at the name fails as the open does (ELOOP)', async () => {
    const dir = scratch();
    writeFileSync(join(dir, 'real'), 'x');
    symlinkSync(join(dir, 'real'), join(dir, 'link'));
    expect(await failure(() => readRegularFile(join(dir, 'link')))).toMatchObject({ code: 'ELOOP' });
    expect(await failure(() => readRegularFile(fifo(join(dir, 'pipe'))))).toMatchObject({ code: 'ENOTREG' });
  });
});

describe('the readers refuse a FIFO instead of waiting on it', () => {
  it('the task list, the progress log, a worker task.json, the counter and the status file', async () => {
    const dir = scratch();
    const refused = { exitCode: EXIT.inputFile, code: 'ENOTREG' };
    expect(await failure(() => readTaskFile(fifo(join(dir, 'harness-tasks.json'))))).toMatchObject(refused);
    expect(await failure(() => new ProgressLog(fifo(join(dir, 'progress.txt'))).tail(5))).toMatchObject(
      refused,
    );
    mkdirSync(join(dir, 'task'));
    fifo(join(dir, 'task', 'task.json'));
    expect(await failure(() => readTask(join(dir, 'task')))).toMatchObject(refused);
    expect(await failure(() => readCounter(fifo(join(dir, 'counter'))))).toMatchObject(refused);
    expect(await failure(() => readStatus(fifo(join(dir, 'status'))))).toMatchObject(refused);
  });

  it('an append to a log replaced by a FIFO with no reader fails at once (ENXIO), named', async () => {
    const path = fifo(join(scratch(), 'harness-events.jsonl'));
    const error = await failure(() =>
      new FileEventLog(path, Date.now).emit({ event: 'loop_start' } as never),
    );
    expect((error as Error).message).toBe(
      `cannot write ${path}: it is a FIFO (named pipe) with no reader, not a regular file (ENXIO)`,
    );
    expect(error).toMatchObject({ exitCode: EXIT.writeFailed });
    const progress = fifo(join(scratch(), 'harness-progress.txt'));
    const appended = await failure(() =>
      new ProgressLog(progress).append({ session: 1, type: 'WARN', message: 'x' }),
    );
    expect(appended).toMatchObject({ exitCode: EXIT.writeFailed, code: 'ENXIO' });
  });
});
