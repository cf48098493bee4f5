// Reading and writing the review-mode JSON files on disk. Reads return the checked value or throw a PlanFileError
// naming every problem (a missing file is one); writes replace the file atomically (src/state/atomic.ts), as
// pretty-printed JSON with a trailing newline, so a crash or SIGKILL leaves the old content or the new, never a
// torn file, and the plan's status is always one the loop can resume from.
import { mkdir } from 'node:fs/promises';
import { dirname } from 'node:path';
import { writeFileAtomic } from '../state/index.js';
import { PlanFileError, type PlanFileKind } from './problems.js';
import { readRegularFile, unreadableReason } from './regular-file.js';
import {
  mistakesFileSchema,
  planfileSchema,
  type Meta,
  type MistakesFile,
  type Plan,
  type ReviewMistakesFile,
} from './schemas.js';
import {
  checkMeta,
  checkMistakesFile,
  checkPlanfile,
  checkReviewMistakesFile,
  type Checked,
} from './validate.js';

export interface ReadOptions {
  /** How messages name the file (e.g. relative to the project root); the path itself by default. */
  display?: string;
}

async function readChecked<T>(
  path: string,
  kind: PlanFileKind,
  display: string,
  check: (text: string) => Checked<T>,
  /** The value of a file that does not exist; without it, a missing file is a problem. */
  missing?: () => T,
): Promise<T> {
  let text: string;
  try {
    text = await readRegularFile(path);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT' && missing) return missing();
    throw new PlanFileError(kind, display, [{ file: display, path: '', message: unreadableReason(code) }]);
  }
  const checked = check(text);
  if (!checked.ok) throw checked.error;
  return checked.value;
}

/** The plan at `path`; with `expectedId` (its directory's name) a plan claiming another id is invalid. */
export const readPlanfile = (
  path: string,
  options: ReadOptions & { expectedId?: string } = {},
): Promise<Plan> => {
  const display = options.display ?? path;
  return readChecked(path, 'planfile', display, (text) => checkPlanfile(text, display, options.expectedId));
};

/** The plan's merged mistakes; a file that does not exist yet reads as no mistakes. */
export const readMistakes = (path: string, options: ReadOptions = {}): Promise<MistakesFile> => {
  const display = options.display ?? path;
  return readChecked(
    path,
    'mistakes file',
    display,
    (text) => checkMistakesFile(text, display),
    () => ({ mistakes: [] }),
  );
};

/** The architect's mistakes file of one try (it must exist: the review prompt asks for it). */
export const readReviewMistakes = (path: string, options: ReadOptions = {}): Promise<ReviewMistakesFile> => {
  const display = options.display ?? path;
  return readChecked(path, 'review mistakes file', display, (text) => checkReviewMistakesFile(text, display));
};

/** `.harness/meta.json`. */
export const readMeta = (path: string, options: ReadOptions = {}): Promise<Meta> => {
  const display = options.display ?? path;
  return readChecked(path, 'meta file', display, (text) => checkMeta(text, display));
};

/** Pretty-printed JSON with a trailing newline: the form every review-mode file is written in. */
export const jsonText = (value: unknown): string => `${JSON.stringify(value, null, 2)}\n`;

async function writeJson(path: string, value: unknown): Promise<void> {
  await mkdir(dirname(path), { recursive: true });
  await writeFileAtomic(path, jsonText(value), { durable: true });
}

/**
 * Writes `plan` atomically, tasks in their order, fields in the schema's order. The plan is checked first
 * (the schema only: a program error must not write a file the next read rejects).
 */
export async function writePlanfile(path: string, plan: Plan): Promise<void> {
  await writeJson(path, planfileSchema.parse(plan));
}

/** Writes the plan's merged mistakes atomically. */
export async function writeMistakes(path: string, file: MistakesFile): Promise<void> {
  await writeJson(path, mistakesFileSchema.parse(file));
}
