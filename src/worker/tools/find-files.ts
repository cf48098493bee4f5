// find_files: a depth-first walk from start_path, at most max_depth directory levels down, that never follows a
// symbolic link (each directory is opened by name from its parent's open handle with O_NOFOLLOW, and checked by
// where the kernel says it is), leaves denied paths out and matches names with the glob. Results are paths as
// the model uses them (relative to the workspace), sorted, cut at max_find_results with a note saying how to
// narrow the search. The walk uses synchronous calls in slices of a few milliseconds, yielding to the event loop
// between slices: a thread-pool round trip per call would cost more than the calls themselves on a large tree.
import {
  closeSync,
  fstatSync,
  lstatSync,
  openSync,
  readdirSync,
  readlinkSync,
  realpathSync,
  type Dirent,
} from 'node:fs';
import { join, sep } from 'node:path';
import { within } from '../../os/path-within.js';
import { below, isAllowed, isDenied, modelPath, resolveModelPath, type Sandbox } from './sandbox.js';
import { closeQuietly, DIR_FLAGS, openDir, PROC_FD, realInside } from './anchored.js';
import { errnoCode, failure, toolFailureFor } from './fs-errors.js';
import { globMatcher, type Matcher } from './glob.js';
import type { FindFilesArgs, ToolLimits } from './tool-schemas.js';

const SLICE_MS = 10;

interface Frame {
  fd: number;
  /** The directory's realpath (start's realpath plus rel). */
  real: string;
  /** Path below start_path ('' for start_path itself). */
  rel: string;
  depth: number;
  /** Subdirectories still to walk. */
  pending: string[];
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
  const stack: Frame[] = [];
  // Paths as the model names them: below the workspace by plain string work (this runs per match).
  const inWorkspace = within(sandbox.workspace, top.real);
  const base = modelPath(sandbox, top.real);
  const shown = (absolute: string): string => {
    if (!inWorkspace) return absolute;
    const rest = below(top.real, absolute);
    return base === '.' ? rest : `${base}/${rest}`;
  };
  const walk: Walk = { sandbox, maxDepth: args.max_depth, matches, found, shown };
  try {
    stack.push(frame(walk, top.handle.fd, top.real, '', 0));
    let slice = performance.now();
    while (stack.length > 0) {
      if (performance.now() - slice > SLICE_MS) {
        await new Promise((resume) => setImmediate(resume));
        slice = performance.now();
      }
      const current = stack[stack.length - 1]!;
      const name = current.pending.pop();
      if (name === undefined) {
        stack.pop();
        if (stack.length > 0) closeSync(current.fd); // the start's handle is closed below
        continue;
      }
      const fd = openChild(sandbox, current, name);
      if (fd === null) continue;
      const rel = current.rel === '' ? name : `${current.rel}/${name}`;
      try {
        stack.push(frame(walk, fd, childOf(current.real, name), rel, current.depth + 1));
      } catch (error) {
        closeSync(fd);
        throw error;
      }
    }
  } finally {
    for (const open of stack.splice(1)) closeSync(open.fd);
    await closeQuietly(top.handle);
  }
  found.sort();
  if (found.length <= limits.max_find_results) return { result: found };
  return {
    result: found.slice(0, limits.max_find_results),
    note: `cut at ${limits.max_find_results} of ${found.length} paths: narrow the pattern, start deeper or lower max_depth`,
  };
}

/** `name` in the directory `real` by string work alone: `/` + `etc` is `/etc`, not `//etc`. */
export const childOf = (real: string, name: string): string =>
  real.endsWith(sep) ? `${real}${name}` : `${real}${sep}${name}`;

/** What every directory of one walk shares. */
interface Walk {
  sandbox: Sandbox;
  maxDepth: number;
  matches: Matcher;
  found: string[];
  /** The model's name for an absolute path below the start. */
  shown: (absolute: string) => string;
}

/** Reads one directory: its matches into `found`, its subdirectories (within max_depth) as pending. */
function frame(walk: Walk, fd: number, real: string, rel: string, depth: number): Frame {
  const entries: Dirent[] = readdirSync(PROC_FD ? `/proc/self/fd/${fd}` : real, { withFileTypes: true });
  // Without /proc the listing went by path: the directory must still be there, the same one.
  if (!PROC_FD && !samePlace(walk.sandbox, fd, real)) return { fd, real, rel, depth, pending: [] };
  const pending: string[] = [];
  for (const entry of entries) {
    const path = rel === '' ? entry.name : `${rel}/${entry.name}`;
    const absolute = childOf(real, entry.name);
    if (isDenied(walk.sandbox, absolute)) continue;
    const directory = entry.isDirectory();
    if (walk.matches(path, entry.name))
      walk.found.push(directory ? `${walk.shown(absolute)}/` : walk.shown(absolute));
    if (directory && depth < walk.maxDepth) pending.push(entry.name);
  }
  return { fd, real, rel, depth, pending };
}

/**
 * A subdirectory opened from its parent's handle (a link is never followed) and checked by the kernel's word;
 * null when it vanished, was swapped for a link or a file, cannot be opened (EACCES, EPERM) or is not where it
 * should be.
 */
function openChild(sandbox: Sandbox, parent: Frame, name: string): number | null {
  let fd: number;
  try {
    fd = openSync(PROC_FD ? `/proc/self/fd/${parent.fd}/${name}` : join(parent.real, name), DIR_FLAGS);
  } catch (error) {
    const code = errnoCode(error);
    // Gone, swapped for a file or a link, or not ours to open: left out (the model never named it).
    if (code === 'ENOENT' || code === 'ENOTDIR' || code === 'ELOOP' || code === 'EACCES' || code === 'EPERM')
      return null;
    throw error;
  }
  const expected = join(parent.real, name);
  if (PROC_FD ? kernelPathIs(sandbox, fd, expected) : samePlace(sandbox, fd, expected)) return fd;
  closeSync(fd);
  return null;
}

function kernelPathIs(sandbox: Sandbox, fd: number, expected: string): boolean {
  try {
    const actual = readlinkSync(`/proc/self/fd/${fd}`);
    return actual === expected && isAllowed(sandbox, actual);
  } catch {
    return false; // gone meanwhile: left out like a link
  }
}

/** Without /proc: `path` resolves (now) to an allowed place holding the very directory `fd` has open. */
function samePlace(sandbox: Sandbox, fd: number, path: string): boolean {
  try {
    const actual = realpathSync(path);
    const seen = lstatSync(actual);
    const open = fstatSync(fd);
    return isAllowed(sandbox, actual) && seen.ino === open.ino && seen.dev === open.dev;
  } catch {
    return false;
  }
}
