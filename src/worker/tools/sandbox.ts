// The worker's file sandbox: the directories its tools may use (roots), the workspace relative model paths
// resolve against, and what is invisible and untouchable even inside a root: the denied paths, the denied name
// families (a directory and a name prefix: the loop's transcripts, one check however many there are) and any
// `.git` or `.harness` component below the root a path is under. Paths are realpaths, fixed when the task starts. This module decides on path strings (pure) and resolves the sandbox
// once; opening files safely against concurrent changes is tools/anchored.ts's job.
import { realpath, stat } from 'node:fs/promises';
import { isAbsolute, relative, resolve, sep } from 'node:path';
import { EXIT, HarnessError } from '../../errors/exit-codes.js';
import { failure, violation } from './fs-errors.js';
import { within } from '../../os/path-within.js';

const PATH_MAX = 4096;
const NAME_MAX = 255;

export interface Sandbox {
  /** The allowed directories (realpaths); the first is the workspace. */
  roots: string[];
  /** Where relative model paths resolve (realpath; roots[0]). */
  workspace: string;
  /** Paths (files or directories, realpaths where they exist) invisible and untouchable inside the roots. */
  denied: string[];
  /** Families of names, invisible and untouchable: everything in `dir` whose name starts with `prefix`. */
  deniedPrefixes?: DeniedPrefix[];
}

/** Every entry of `dir` (absolute) whose name starts with `prefix` (the loop's transcripts, however many). */
export interface DeniedPrefix {
  dir: string;
  prefix: string;
}

/** Names that are never the worker's below the root they are under, at any depth. */
const PROTECTED_NAMES = new Set(['.git', '.harness']);

/** An allowed directory that is missing or not a directory: the task cannot run (EXIT.workerState). */
export class SandboxRootError extends HarnessError {
  override readonly name = 'SandboxRootError';

  constructor(
    readonly path: string,
    reason: string,
  ) {
    super(`allowed path ${path}: ${reason}`, EXIT.workerState);
  }
}

/**
 * Resolves the allowed directories (each must exist and be a directory; the first is the workspace) and the
 * denied paths (a missing one is kept as given, made absolute, so a file created there later is still denied).
 */
export async function openSandbox(options: {
  allowed: string[];
  denied: string[];
  deniedPrefixes?: readonly DeniedPrefix[];
}): Promise<Sandbox> {
  if (options.allowed.length === 0) throw new SandboxRootError('(none)', 'no allowed path given');
  const roots: string[] = [];
  for (const given of options.allowed) {
    const real = await realpath(resolve(given)).catch(() => null);
    if (real === null) throw new SandboxRootError(given, 'does not exist');
    if (!(await stat(real)).isDirectory()) throw new SandboxRootError(given, 'is not a directory');
    if (!roots.includes(real)) roots.push(real);
  }
  const denied: string[] = [];
  for (const given of options.denied) {
    const absolute = resolve(given);
    for (const form of [absolute, await realpath(absolute).catch(() => absolute)])
      if (!denied.includes(form)) denied.push(form);
  }
  const deniedPrefixes: DeniedPrefix[] = [];
  for (const family of options.deniedPrefixes ?? []) {
    const absolute = resolve(family.dir);
    for (const dir of [absolute, await realpath(absolute).catch(() => absolute)])
      if (!deniedPrefixes.some((known) => known.dir === dir && known.prefix === family.prefix))
        deniedPrefixes.push({ dir, prefix: family.prefix });
  }
  return { roots, workspace: roots[0]!, denied, deniedPrefixes };
}

/**
 * Denied: at or below a denied path, unless a root lies between (the task directory is denied, its artifacts/
 * below it is a root and allowed); in a denied family; or with a `.git` or `.harness` component below every root
 * it is under (a root inside `.harness`, like a loop session's artifacts/, stays usable).
 */
export const isDenied = (sandbox: Sandbox, path: string): boolean =>
  protectedBelowRoots(sandbox, path) ||
  (sandbox.deniedPrefixes ?? []).some((family) => inFamily(family, path)) ||
  sandbox.denied.some(
    (denied) =>
      within(denied, path) &&
      !sandbox.roots.some((root) => root !== denied && within(denied, root) && within(root, path)),
  );

/** `path` is in `family`'s directory, named with its prefix, or below such an entry. */
function inFamily(family: DeniedPrefix, path: string): boolean {
  const lead = family.dir.endsWith(sep) ? family.dir : family.dir + sep;
  return path.startsWith(lead + family.prefix) && (family.prefix !== '' || path.length > lead.length);
}

/** Inside at least one root, and below each such root the path has a `.git` or `.harness` component. */
function protectedBelowRoots(sandbox: Sandbox, path: string): boolean {
  let inside = false;
  for (const root of sandbox.roots) {
    if (!within(root, path)) continue;
    inside = true;
    if (!below(root, path).split(sep).some(isProtectedName)) return false;
  }
  return inside;
}

/** Case-folded: on a case-insensitive file system `.GIT` is the same directory. */
const isProtectedName = (name: string): boolean => PROTECTED_NAMES.has(name.toLowerCase());

/** The part of `path` below `base` ('' for `base` itself), both absolute and normalized; `base` may be `/`. */
export function below(base: string, path: string): string {
  if (path === base) return '';
  return path.slice(base.endsWith(sep) ? base.length : base.length + 1);
}

/** Inside a root and not denied: a place the tools may use. */
export const isAllowed = (sandbox: Sandbox, path: string): boolean =>
  sandbox.roots.some((root) => within(root, path)) && !isDenied(sandbox, path);

export const isRoot = (sandbox: Sandbox, path: string): boolean => sandbox.roots.includes(path);

export interface ModelPath {
  /** What the model sent, for messages. */
  given: string;
  /** The absolute, normalized path (lexically inside a root, not denied). */
  absolute: string;
  /** The model wrote a trailing `/`: it means a directory. */
  trailingSlash: boolean;
}

/**
 * Decides on the string alone: refuses (a violation) a NUL byte, any `..` component, an absolute path outside
 * every root and a denied path; resolves a relative path against the workspace. Symbolic links are the caller's:
 * this only says the name is inside.
 */
export function resolveModelPath(sandbox: Sandbox, given: string): ModelPath {
  if (given.includes('\0')) throw violation(given, 'a path may not hold a NUL byte');
  if (given.split(/[/\\]/).includes('..'))
    throw violation(given, 'a path may not go up with ".." (use a path inside the workspace)');
  const absolute = isAbsolute(given) ? resolve(given) : resolve(sandbox.workspace, given);
  if (!sandbox.roots.some((root) => within(root, absolute)))
    throw violation(given, 'outside the allowed paths');
  if (isDenied(sandbox, absolute)) throw violation(given, 'a protected path (not available to the worker)');
  // Refused before any directory is made: a tree deeper than the system can name is no use to anyone.
  if (Buffer.byteLength(absolute) >= PATH_MAX) throw failure(given, 'the path is too long (ENAMETOOLONG)');
  if (absolute.split(sep).some((name) => Buffer.byteLength(name) > NAME_MAX))
    throw failure(given, `a name in the path is longer than ${NAME_MAX} bytes (ENAMETOOLONG)`);
  return { given, absolute, trailingSlash: /[/\\]$/.test(given) && given.length > 1 };
}

/** How the model sees a path: relative to the workspace inside it ("." for the workspace), else absolute. */
export function modelPath(sandbox: Sandbox, absolute: string): string {
  if (!within(sandbox.workspace, absolute)) return absolute;
  return relative(sandbox.workspace, absolute) || '.';
}
