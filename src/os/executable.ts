// PATH lookup, so a missing agent is a clear configuration error before anything starts, and one that is there but
// cannot be run is told apart from one that is not there at all.
import { accessSync, constants, statSync } from 'node:fs';
import { delimiter, isAbsolute, join, resolve } from 'node:path';

/** What a lookup found: the executable's path, nothing at all, or a file there that cannot be run (and why). */
export type ExecutableLookup =
  | { kind: 'found'; path: string }
  | { kind: 'not_found' }
  /** `permission`: a regular file without the execute bit for this user (chmod +x mends it). */
  | { kind: 'not_executable'; path: string; why: string; permission: boolean };

/** Why `path` cannot be run, or null when it is an executable regular file; undefined when nothing is there. */
function unrunnable(path: string): { why: string; permission: boolean } | null | undefined {
  let info;
  try {
    info = statSync(path);
  } catch {
    return undefined;
  }
  if (info.isDirectory()) return { why: 'it is a directory', permission: false };
  if (!info.isFile()) return { why: 'it is not a regular file', permission: false };
  try {
    accessSync(path, constants.X_OK);
    return null;
  } catch {
    return { why: 'it has no execute permission for this user', permission: true };
  }
}

/**
 * Looks `command` up as the shell would: a name with a slash is a path (relative to `cwd`), any other name is
 * searched in PATH. The first executable file wins; when there is none, the first file found that cannot be run
 * is named, so a missing execute bit is not reported as "not found".
 */
export function lookUpExecutable(command: string, cwd: string, env: NodeJS.ProcessEnv): ExecutableLookup {
  const candidates = command.includes('/')
    ? [isAbsolute(command) ? command : resolve(cwd, command)]
    : (env.PATH ?? '')
        .split(delimiter)
        .filter((dir) => dir !== '')
        .map((dir) => join(isAbsolute(dir) ? dir : resolve(cwd, dir), command));
  let blocked: ExecutableLookup | null = null;
  for (const path of candidates) {
    const problem = unrunnable(path);
    if (problem === null) return { kind: 'found', path };
    if (problem !== undefined) blocked ??= { kind: 'not_executable', path, ...problem };
  }
  return blocked ?? { kind: 'not_found' };
}

export function findExecutable(command: string, cwd: string, env: NodeJS.ProcessEnv): string | null {
  const found = lookUpExecutable(command, cwd, env);
  return found.kind === 'found' ? found.path : null;
}
