// Fatal file failures: a full disk or a read-only file system under a tool (ToolFatalError) or under the
// worker's own files (HarnessFileError) ends the task, exit 8; corrupt task.json/state.json ends it with exit 17
// and nothing overwritten. The disk is a real tiny tmpfs (the tests run as root in CI's container; without the
// right to mount they are skipped, saying why).
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { EXIT } from '../../src/errors/exit-codes.js';
import { WorkerStateError } from '../../src/worker/errors.js';
import { createTask } from '../../src/worker/new-task.js';
import { runTask } from '../../src/worker/run-task.js';
import { systemClock } from '../../src/os/system-clock.js';
import { startLlmServer, type LlmServer, type LlmStep } from '../support/llm-server.js';
import { answer, makeTask, taskReaders, workerDeps, workerSettings } from '../support/worker-task.js';

const servers: LlmServer[] = [];
const mounts: string[] = [];
afterEach(async () => {
  for (const server of servers.splice(0)) await server.close();
});
afterAll(() => {
  for (const dir of mounts.splice(0)) execFileSync('umount', [dir]);
});

async function server(steps: LlmStep[], respond?: () => LlmStep | Promise<LlmStep>) {
  const s = await startLlmServer(steps, respond ? { answer: respond } : {});
  servers.push(s);
  return s;
}

/** A fresh 64 KiB tmpfs, or the reason there is none. */
function tinyDisk(): string | { skip: string } {
  const dir = mkdtempSync(join(tmpdir(), 'ah-tmpfs-'));
  try {
    execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=64k', 'tmpfs', dir], { stdio: 'pipe' });
  } catch (error) {
    return { skip: `cannot mount a tmpfs here (${(error as Error).message.split('\n')[0]}): needs root` };
  }
  mounts.push(dir);
  return dir;
}
const probe = tinyDisk();
const noMount = typeof probe === 'string' ? false : probe.skip;
const disk = (): string => {
  const made = tinyDisk();
  if (typeof made !== 'string') throw new Error(made.skip);
  return made;
};
const readOnly = (dir: string) => execFileSync('mount', ['-o', 'remount,ro', dir]);
const readWrite = (dir: string) => execFileSync('mount', ['-o', 'remount,rw', dir]);

/** Fills the file system at `dir` to the last byte. */
function fill(dir: string): string {
  const path = join(dir, 'filler');
  try {
    writeFileSync(path, Buffer.alloc(1024 * 1024));
  } catch {
    // ENOSPC: what was written stays
  }
  for (let size = 4096; size >= 1; size = Math.floor(size / 2)) {
    for (;;) {
      try {
        writeFileSync(path, Buffer.alloc(size), { flag: 'a' });
      } catch {
        break;
      }
    }
  }
  return path;
}

describe.skipIf(noMount !== false)(`full disk and read-only files (${noMount || 'tmpfs'})`, () => {
  it('a tool hitting a full disk: fatal, exit 8, the line logged with the finished actions', async () => {
    const workspace = disk();
    const root = mkdtempSync(join(tmpdir(), 'ah-worker-'));
    const dir = await createTask(
      join(root, 'tasks'),
      { prompt: 'p', max_iterations: 3, timeout_seconds: 300, allowed_paths: [workspace] },
      systemClock,
    );
    const task = taskReaders(dir);
    const s = await server([
      {
        answer: answer([
          { tool: 'create_file', args: { path: 'small.txt', content: 'ok' } },
          { tool: 'write_file', args: { path: 'big.txt', content: 'x'.repeat(200 * 1024) } },
          { tool: 'create_file', args: { path: 'never.txt', content: 'no' } },
        ]),
      },
    ]);
    const settings = workerSettings(s.ollamaUrl);
    const outcome = await runTask(dir, settings, workerDeps(settings));
    expect(outcome).toMatchObject({ status: 'failed', exit_code: EXIT.writeFailed, iteration: 0 });
    expect(outcome.error).toMatchObject({ kind: 'disk_full' });
    expect(task.state()).toMatchObject({
      status: 'failed',
      termination_reason: 'fatal',
      error: { kind: 'disk_full' },
    });
    const [line] = task.lines();
    expect(line).toMatchObject({ iteration: 1, fatal: { kind: 'disk_full' } });
    expect(line!.results.map((r) => r.ok)).toEqual([true, false]);
    expect(task.exists('pending.json')).toBe(false);
    expect(readFileSync(join(workspace, 'small.txt'), 'utf8')).toBe('ok');
  });

  it('a tool on a read-only file system: fatal, exit 8, kind permission', async () => {
    const workspace = disk();
    readOnly(workspace);
    const root = mkdtempSync(join(tmpdir(), 'ah-worker-'));
    const dir = await createTask(
      join(root, 'tasks'),
      { prompt: 'p', max_iterations: 3, timeout_seconds: 300, allowed_paths: [workspace] },
      systemClock,
    );
    const s = await server([
      { answer: answer([{ tool: 'write_file', args: { path: 'a.txt', content: 'a' } }]) },
    ]);
    const settings = workerSettings(s.ollamaUrl);
    const outcome = await runTask(dir, settings, workerDeps(settings));
    expect(outcome).toMatchObject({
      status: 'failed',
      exit_code: EXIT.writeFailed,
      error: { kind: 'permission' },
    });
    expect(taskReaders(dir).state()).toMatchObject({ status: 'failed', error: { kind: 'permission' } });
  });

  it("the worker's own files on a full disk: exit 8; with space again the rerun goes on", async () => {
    const root = disk();
    const task = await makeTask({ root, max_iterations: 3 });
    let filler = '';
    const s = await server([], () => {
      if (s.requests.length === 2) filler = fill(root);
      return { answer: answer([]) };
    });
    const settings = workerSettings(s.ollamaUrl);
    const outcome = await runTask(task.dir, settings, workerDeps(settings));
    expect(outcome).toMatchObject({ exit_code: EXIT.writeFailed, status: 'failed', iteration: 1 });
    expect(outcome.error!.kind).toBe('disk_full');
    expect(outcome.error!.message).toMatch(/ENOSPC/);
    // state.json could not say so: it still says running at iteration 1, whole.
    expect(task.state()).toMatchObject({ status: 'running', iteration: 1 });
    rmSync(filler);
    const again = await runTask(task.dir, settings, workerDeps(settings));
    expect(again).toMatchObject({ status: 'completed', iteration: 3, exit_code: 0 });
    expect(task.lines().map((l) => l.iteration)).toEqual([1, 2, 3]);
  });

  it("the worker's own files turning read-only mid-run: exit 8, kind permission", async () => {
    const root = disk();
    const task = await makeTask({ root, max_iterations: 3 });
    const s = await server([], () => {
      if (s.requests.length === 2) readOnly(root);
      return { answer: answer([]) };
    });
    const settings = workerSettings(s.ollamaUrl);
    const outcome = await runTask(task.dir, settings, workerDeps(settings));
    readWrite(root);
    expect(outcome).toMatchObject({
      exit_code: EXIT.writeFailed,
      status: 'failed',
      error: { kind: 'permission' },
    });
    expect(task.state()).toMatchObject({ status: 'running', iteration: 1 });
  });
});

describe('corrupt task files: exit 17, nothing overwritten', () => {
  it.each([
    ['state.json', 'not json {', /state\.json: is not valid JSON/],
    [
      'state.json',
      '{"status": "sleeping", "iteration": -1}',
      /state\.json: is not a valid task state \(status: .*iteration/,
    ],
    ['task.json', '{"task_id": "x"}', /task\.json: is not a valid task definition \(prompt/],
    ['task.json', '', /task\.json: is not valid JSON/],
  ])('%s holding %j', async (name, content, message) => {
    const task = await makeTask();
    writeFileSync(join(task.dir, name), content);
    const before = readFileSync(join(task.dir, 'state.json'), 'utf8');
    const s = await server([{ answer: answer([]) }]);
    const settings = workerSettings(s.ollamaUrl);
    const error = await runTask(task.dir, settings, workerDeps(settings)).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(WorkerStateError);
    expect((error as WorkerStateError).exitCode).toBe(EXIT.workerState);
    expect((error as Error).message).toMatch(message);
    expect((error as Error).message).toMatch(/left as it is/);
    expect(readFileSync(join(task.dir, name), 'utf8')).toBe(content);
    expect(readFileSync(join(task.dir, 'state.json'), 'utf8')).toBe(before);
    expect(task.exists('heartbeat.json')).toBe(false);
    expect(task.exists('actions.jsonl')).toBe(false);
    expect(task.exists('worker.lock')).toBe(false);
    expect(s.requests).toHaveLength(0);
  });

  it('a missing state.json (after a run) and a missing allowed path are named too', async () => {
    const task = await makeTask();
    // A task that has run (its action log is there) and lost its state: an error, never a fresh start.
    writeFileSync(join(task.dir, 'actions.jsonl'), '');
    rmSync(join(task.dir, 'state.json'));
    const s = await server([]);
    const settings = workerSettings(s.ollamaUrl);
    await expect(runTask(task.dir, settings, workerDeps(settings))).rejects.toThrow(/state\.json: missing/);
    const other = await makeTask();
    rmSync(other.workspace, { recursive: true });
    const error = await runTask(other.dir, settings, workerDeps(settings)).catch((e: unknown) => e);
    expect((error as { exitCode: number }).exitCode).toBe(EXIT.workerState);
    expect(other.state().status).toBe('pending');
    mkdirSync(other.workspace);
  });
});
