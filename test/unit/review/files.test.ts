// Review-mode files on disk: reads name every problem (a missing file too), writes are pretty JSON with a
// trailing newline that keeps the task order, and leave no temp file behind.
import { execFileSync } from 'node:child_process';
import {
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import {
  readMeta,
  readMistakes,
  readPlanfile,
  readReviewMistakes,
  writeMistakes,
  writePlanfile,
} from '../../../src/review/files.js';
import { planfilePath, reviewMistakesPath } from '../../../src/review/layout.js';
import { PlanFileError } from '../../../src/review/problems.js';
import { planOf, SEED_PLANFILE } from './fixtures.js';

const dirs: string[] = [];
const tempDir = (): string => {
  const dir = mkdtempSync(join(tmpdir(), 'ah-review-'));
  dirs.push(dir);
  return dir;
};
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe('review-mode files', () => {
  it('writes a planfile as pretty JSON with a trailing newline, creating its directory, and reads it back', async () => {
    const cwd = tempDir();
    const path = planfilePath(cwd, SEED_PLANFILE.id);
    const plan = planOf(['z_last', []], ['a_first', ['z_last']]);
    const seed = { ...plan, id: SEED_PLANFILE.id };
    await writePlanfile(path, seed);
    const text = readFileSync(path, 'utf8');
    expect(text).toBe(`${JSON.stringify(seed, null, 2)}\n`);
    expect(text.indexOf('z_last')).toBeLessThan(text.indexOf('a_first'));
    expect(await readPlanfile(path, { expectedId: SEED_PLANFILE.id })).toEqual(seed);
    expect(readdirSync(join(cwd, '.harness/plans', SEED_PLANFILE.id))).toEqual(['planfile.json']);
  });

  it('refuses to write a plan that does not match the schema, leaving the file as it was', async () => {
    const path = join(tempDir(), 'planfile.json');
    writeFileSync(path, 'old');
    await expect(writePlanfile(path, { ...planOf(['a', []]), title: '' })).rejects.toThrow();
    expect(readFileSync(path, 'utf8')).toBe('old');
  });

  it('names the file as asked in read errors, a missing one included', async () => {
    const cwd = tempDir();
    const path = planfilePath(cwd, 'p');
    const missing = await readPlanfile(path, { display: '.harness/plans/p/planfile.json' }).catch(
      (e: unknown) => e,
    );
    expect(missing).toBeInstanceOf(PlanFileError);
    expect((missing as PlanFileError).message).toBe(
      '.harness/plans/p/planfile.json is not a valid planfile (1 problem):\n' +
        '.harness/plans/p/planfile.json: the file does not exist',
    );
    mkdirSync(join(cwd, '.harness/plans/p'), { recursive: true });
    writeFileSync(path, '{"id": "p",\n "title": 1}');
    await expect(readPlanfile(path, { display: 'planfile.json' })).rejects.toThrow(
      /^planfile\.json is not a valid planfile \(5 problems\):\nplanfile\.json: title: expected a string, found 1\n/,
    );
  });

  it('reads only a regular file: a symlink in its place (which could lead anywhere) or a FIFO (which would hang) is refused', async () => {
    const cwd = tempDir();
    const path = planfilePath(cwd, 'p');
    mkdirSync(join(cwd, '.harness/plans/p'), { recursive: true });
    const elsewhere = join(cwd, 'secret.json');
    writeFileSync(elsewhere, '{"token": "not for a prompt"}');
    symlinkSync(elsewhere, path);
    const linked = (await readPlanfile(path, { display: 'planfile.json' }).catch((e: unknown) => e)) as Error;
    expect(linked).toBeInstanceOf(PlanFileError);
    expect(linked.message).toContain(
      'planfile.json: it is a symbolic link: the harness reads only a regular file here',
    );
    expect(linked.message).not.toContain('not for a prompt');
    const mistakes = join(cwd, 'mistakes.json');
    execFileSync('mkfifo', [mistakes]);
    await expect(readMistakes(mistakes, { display: 'mistakes.json' })).rejects.toThrow(
      'mistakes.json: it is not a regular file',
    );
  });

  it('reads a missing mistakes.json as no mistakes, and writes merged ones', async () => {
    const path = join(tempDir(), 'mistakes.json');
    expect(await readMistakes(path)).toEqual({ mistakes: [] });
    const file = { mistakes: [{ task_id: 'a', iteration: 1, attempted: 'x', problem: 'y', lesson: 'z' }] };
    await writeMistakes(path, file);
    expect(readFileSync(path, 'utf8')).toBe(`${JSON.stringify(file, null, 2)}\n`);
    expect(await readMistakes(path)).toEqual(file);
    writeFileSync(path, '{"mistakes": [1]}');
    await expect(readMistakes(path, { display: 'mistakes.json' })).rejects.toThrow(
      'mistakes.json: mistakes[0]: expected an object, found 1',
    );
  });

  it('reads the architect’s mistakes file, which must exist, and meta.json', async () => {
    const cwd = tempDir();
    const path = reviewMistakesPath(cwd, 'p', 'a', 1);
    await expect(readReviewMistakes(path, { display: 'a-1-mistakes.json' })).rejects.toThrow(
      'a-1-mistakes.json: the file does not exist',
    );
    mkdirSync(join(cwd, '.harness/plans/p/reviews'), { recursive: true });
    writeFileSync(path, '{"mistakes": []}\n');
    expect(await readReviewMistakes(path)).toEqual({ mistakes: [] });
    const meta = join(cwd, 'meta.json');
    writeFileSync(
      meta,
      '{"template_version": 1, "harness_version": "0.1.0", "attached": "2026-03-26 13:21:21Z"}',
    );
    expect(await readMeta(meta)).toMatchObject({ template_version: 1 });
  });
});
