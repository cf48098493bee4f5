// A state.json caught half-written by a process that writes it in place (not through `worker stop` or the
// mutex): the worker reads it again once after a moment instead of ending with exit 17; a file that stays
// broken is still exit 17.
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { EXIT } from '../../../src/errors/exit-codes.js';
import { systemClock } from '../../../src/os/system-clock.js';
import { WorkerStateError } from '../../../src/worker/errors.js';
import { createTask } from '../../../src/worker/new-task.js';
import { readStateSettled, updateState } from '../../../src/worker/state-lock.js';

const input = { prompt: 'Fix the bug', max_iterations: 5, timeout_seconds: 60, allowed_paths: ['/work'] };

async function halfWritten(): Promise<{ dir: string; whole: string }> {
  const dir = await createTask(mkdtempSync(join(tmpdir(), 'ah-settle-')), input, systemClock);
  const path = join(dir, 'state.json');
  const whole = readFileSync(path, 'utf8').replace('"pending"', '"stopped"');
  writeFileSync(path, whole.slice(0, 20));
  return { dir, whole };
}

describe('reading state.json while another process writes it in place', () => {
  it('reads again after a moment: the finished write is seen', async () => {
    const { dir, whole } = await halfWritten();
    setTimeout(() => writeFileSync(join(dir, 'state.json'), whole), 5);
    expect(await readStateSettled(dir)).toMatchObject({ status: 'stopped' });
  });

  it('updateState too', async () => {
    const { dir, whole } = await halfWritten();
    setTimeout(() => writeFileSync(join(dir, 'state.json'), whole), 5);
    const after = await updateState(dir, (current) => ({ ...current, iteration: current.iteration + 1 }));
    expect(after).toMatchObject({ status: 'stopped', iteration: 1 });
  });

  it('a file still broken after the second read is exit 17', async () => {
    const { dir } = await halfWritten();
    const error = await readStateSettled(dir).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(WorkerStateError);
    expect((error as WorkerStateError).exitCode).toBe(EXIT.workerState);
  });
});
