// A planfile write that fails (a full disk at the rename) keeps the old planfile whole and leaves no temp file:
// the loop resumes from the last status it wrote.
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { writePlanfile } from '../../../src/review/files.js';
import { startTask } from '../../../src/review/plan-status.js';
import { HarnessFileError } from '../../../src/state/write-error.js';
import { planOf } from './fixtures.js';

const fault = vi.hoisted(() => ({ rename: false }));

vi.mock('node:fs/promises', async (importOriginal) => {
  const actual = await importOriginal<typeof import('node:fs/promises')>();
  return {
    ...actual,
    rename: (from: string, to: string) =>
      fault.rename
        ? Promise.reject(Object.assign(new Error('no space'), { code: 'ENOSPC' }))
        : actual.rename(from, to),
  };
});

const dirs: string[] = [];
afterEach(() => {
  fault.rename = false;
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe('a planfile write that fails', () => {
  it('keeps the old file, leaves no temp file, and names the file and the cause', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'ah-review-faults-'));
    dirs.push(dir);
    const path = join(dir, 'planfile.json');
    const plan = planOf(['a', []], ['b', ['a']]);
    await writePlanfile(path, plan);
    const before = readFileSync(path, 'utf8');

    fault.rename = true;
    const error = await writePlanfile(path, startTask(plan, 'a')).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(HarnessFileError);
    expect((error as HarnessFileError).message).toBe(
      `cannot write ${path}: no space left on the device (ENOSPC)`,
    );
    expect(readFileSync(path, 'utf8')).toBe(before);
    expect(readdirSync(dir)).toEqual(['planfile.json']);

    fault.rename = false;
    await writePlanfile(path, startTask(plan, 'a'));
    expect(JSON.parse(readFileSync(path, 'utf8'))).toMatchObject({ status: 'doing' });
    expect(readdirSync(dir)).toEqual(['planfile.json']);
  });
});
