// The worker's file sandbox: the directories its tools may use (roots), the workspace relative model paths
// resolve against, and the denied paths that are invisible and untouchable even inside a root. All three are
// realpaths, fixed when the task starts. This module decides on path strings (pure) and resolves the sandbox
// once; opening files safely against concurrent changes is tools/anchored.ts's job.
import { realpath, stat } from 'node:fs/promises';
import { isAbsolute, relative, resolve, sep } from 'node:path';
import { EXIT, HarnessError } from '../errors/exit-codes.js';
import { failure, violation } from './tools/fs-errors.js';

const PATH_MAX = 4096;
const NAME_MAX = 255;

export interface Sandbox {
  /** The allowed directories (realpaths); the first is the workspace. */
  roots: string[];
  /** Where relative model paths resolve (realpath; roots[0]). */
  workspace: string;
  /** Paths (files or directories, realpaths where they exist) invisible and untouchable inside the roots. */
  denied: string[];
}

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
export async function openSandbox(options: { allowed: string[]; denied: string[] }): Promise<Sandbox> {
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
  return { roots, workspace: roots[0]!, denied };
}

/** `path` is `base` or below it (both absolute and normalized). */
export function within(base: string, path: string): boolean {
  return path === base || path.startsWith(base.endsWith(sep) ? base : base + sep);
}

/**
 * Denied: at or below a denied path, unless a root lies between (the task directory is denied, its artifacts/
 * below it is a root and allowed).
 */
export const isDenied = (sandbox: Sandbox, path: string): boolean =>
  sandbox.denied.some(
    (denied) =>
      within(denied, path) &&
      !sandbox.roots.some((root) => root !== denied && within(denied, root) && within(root, path)),
  );

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
