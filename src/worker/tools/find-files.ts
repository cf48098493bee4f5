// find_files: an iterative walk from start_path, at most max_depth directory levels down, that never follows a
// symbolic link (each directory is opened by name from its verified parent, links refused), leaves denied paths
// out and matches names with the glob. Results are paths as the model uses them (relative to the workspace),
// sorted, cut at max_find_results with a note saying how to narrow the search.
import type { Dirent } from 'node:fs';
import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { isDenied, modelPath, resolveModelPath, type Sandbox } from '../sandbox.js';
import { closeQuietly, DIR_FLAGS, listPath, openAt, openDir, realInside, type Dir } from './anchored.js';
import { errnoCode, failure, toolFailureFor, ToolFailure } from './fs-errors.js';
import { globMatcher } from './glob.js';
import type { FindFilesArgs, ToolLimits } from './tool-schemas.js';

/** Directories read at once: enough to keep the thread pool busy on a large tree. */
const CONCURRENCY = 16;

interface Job {
  dir: Dir;
  /** Path below start_path ('' for start_path itself). */
  rel: string;
  depth: number;
}

export async function findFiles(
  sandbox: Sandbox,
  args: FindFilesArgs,
  limits: ToolLimits,
): Promise<{ result: string[]; note?: string }> {
  const matches = globMatcher(args.pattern);
  const start = resolveModelPath(sandbox, args.start_path);
  const given = start.given;
  const real = await realInside(sandbox, start.absolute, given);
  if (real === null) throw failure(given, 'no such directory');
  const top = await openDir(sandbox, real, given).catch((error: unknown) => {
    const refused = toolFailureFor(error, 'find_files', given);
    throw refused.message.includes('(ENOTDIR)') ? failure(given, 'is not a directory') : refused;
  });
  const found: string[] = [];
  const queue: Job[] = [{ dir: top, rel: '', depth: 0 }];
  let active = 0;
  let failed: { error: unknown } | null = null;

  const visit = async (job: Job): Promise<void> => {
    try {
      const entries: Dirent[] = await readdir(listPath(job.dir), { withFileTypes: true });
      for (const entry of entries) {
        const rel = job.rel === '' ? entry.name : `${job.rel}/${entry.name}`;
        const absolute = join(real, rel);
        if (isDenied(sandbox, absolute)) continue;
        if (matches(rel, entry.name))
          found.push(entry.isDirectory() ? `${modelPath(sandbox, absolute)}/` : modelPath(sandbox, absolute));
        if (!entry.isDirectory() || job.depth >= args.max_depth) continue;
        const child = await openChild(sandbox, job.dir, entry.name, given);
        if (child !== null) queue.push({ dir: child, rel, depth: job.depth + 1 });
      }
    } finally {
      await closeQuietly(job.dir.handle);
    }
  };

  await new Promise<void>((done) => {
    const pump = (): void => {
      while (failed === null && active < CONCURRENCY && queue.length > 0) {
        const job = queue.pop()!;
        active++;
        visit(job).then(
          () => {
            active--;
            pump();
          },
          (error: unknown) => {
            active--;
            failed ??= { error };
            pump();
          },
        );
      }
      if (active === 0 && (queue.length === 0 || failed !== null)) done();
    };
    pump();
  });
  for (const job of queue.splice(0)) await closeQuietly(job.dir.handle);
  if (failed !== null) throw (failed as { error: unknown }).error;

  found.sort();
  if (found.length <= limits.max_find_results) return { result: found };
  return {
    result: found.slice(0, limits.max_find_results),
    note: `cut at ${limits.max_find_results} of ${found.length} paths: narrow the pattern, start deeper or lower max_depth`,
  };
}

/** A subdirectory opened from its parent's handle; null when it vanished or was swapped for a link meanwhile. */
async function openChild(sandbox: Sandbox, parent: Dir, name: string, given: string): Promise<Dir | null> {
  try {
    const opened = await openAt(sandbox, parent, name, DIR_FLAGS, given);
    return { handle: opened.handle, real: opened.real };
  } catch (error) {
    if (error instanceof ToolFailure) return null;
    const code = errnoCode(error);
    if (code === 'ENOENT' || code === 'ENOTDIR' || code === 'ELOOP') return null;
    throw error;
  }
}
