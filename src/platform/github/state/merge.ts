// How a saved copy meets the workspace's file beyond the default copy: the counter (a saved copy that is not a
// counter is named in a warning and the local one kept; otherwise the higher number wins, so no session number is
// used twice), and the merge a state branch makes when another job saved meanwhile (its push was rejected): each
// file through its `merge` (the metrics database's sessions by identity, never replacing the open file; the
// event log, below), else its `restore` (the counter's maximum, tasks by `tasks merge` rules, the longer progress
// log, the issue-to-plan map), else the local copy wins (the status file, a worker task's files: this job's are
// the newer) and that is logged. A directory merges file by file, the local file winning. The event log merges by line: the
// other job's lines are appended (never rewritten, as the loop appends to it).
import { appendFile, cp, readFile } from 'node:fs/promises';
import { readCounter, writeCounter } from '../../../state/index.js';
import type { StateFile } from './stage.js';

const message = (error: unknown): string => (error instanceof Error ? error.message : String(error));

export async function restoreCounter(
  savedPath: string,
  localPath: string,
  warn: (message: string) => void,
): Promise<void> {
  let saved: number;
  try {
    saved = await readCounter(savedPath);
  } catch (error) {
    warn(`the saved counter is not usable (${message(error)}); keeping ${localPath}`);
    return;
  }
  const local = await readCounter(localPath).catch(() => -1);
  if (saved > local) await writeCounter(localPath, saved);
}

/** Throws when a saved counter is not a counter. */
export async function checkCounter(savedPath: string): Promise<void> {
  await readCounter(savedPath);
}

/** The lines of `theirs` that `localPath` lacks, appended to it. */
export async function mergeLines(theirs: string, localPath: string): Promise<void> {
  const text = (path: string) =>
    readFile(path, 'utf8').catch((error: NodeJS.ErrnoException) => {
      if (error.code === 'ENOENT') return '';
      throw error;
    });
  const mine = await text(localPath);
  const have = new Set(mine.split('\n'));
  const missing = (await text(theirs)).split('\n').filter((line) => line !== '' && !have.has(line));
  if (missing.length === 0) return;
  const lead = mine === '' || mine.endsWith('\n') ? '' : '\n';
  await appendFile(localPath, `${lead}${missing.join('\n')}\n`);
}

/** How one file of a racing save meets the local one (see the header). */
export async function mergeOne(
  file: StateFile,
  theirs: string,
  warn: (message: string) => void,
  log: (message: string) => void,
): Promise<void> {
  if (file.merge) return file.merge(theirs, file.path, warn);
  if (file.restore) return file.restore(theirs, file.path, warn);
  if (file.directory) {
    await cp(theirs, file.path, { recursive: true, force: false, errorOnExist: false });
    log(`state merge: ${file.path}: the other job's files added, this job's kept where both have one`);
    return;
  }
  log(`state merge: ${file.path}: this job's copy kept (the other job's is replaced)`);
}
