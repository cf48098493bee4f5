// PATH lookup, so a missing agent is a clear configuration error before anything starts.
import { accessSync, constants, statSync } from 'node:fs';
import { delimiter, isAbsolute, join, resolve } from 'node:path';

function isExecutableFile(path: string): boolean {
  try {
    accessSync(path, constants.X_OK);
    return statSync(path).isFile();
  } catch {
    return false;
  }
}

export function findExecutable(command: string, cwd: string, env: NodeJS.ProcessEnv): string | null {
  if (command.includes('/')) {
    const path = isAbsolute(command) ? command : resolve(cwd, command);
    return isExecutableFile(path) ? path : null;
  }
  for (const dir of (env.PATH ?? '').split(delimiter)) {
    if (dir === '') continue;
    const candidate = join(isAbsolute(dir) ? dir : resolve(cwd, dir), command);
    if (isExecutableFile(candidate)) return candidate;
  }
  return null;
}
