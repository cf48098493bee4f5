// Which config file applies. Two candidate files in one directory is an error rather than a silent pick:
// the user would otherwise edit one and wonder why nothing changes.
import { stat } from 'node:fs/promises';
import { isAbsolute, join, relative, resolve } from 'node:path';
import { ConfigError } from './errors.js';
import { CONFIG_EXTENSIONS, formatOf } from './parse.js';

/** Looked for in this order in the working directory. */
export const CONFIG_FILE_NAMES = ['harness.yml', 'harness.yaml', 'harness.toml'] as const;

// Whatever is at the name counts as there: a FIFO, a device or a directory named harness.yml is refused when it
// is read (os/input-file.ts), never passed over for the defaults.
const isFile = async (path: string): Promise<boolean> => {
  try {
    await stat(path);
    return true;
  } catch {
    return false;
  }
};

/** How a path is shown in messages: relative to the working directory when inside it. */
export function displayPath(cwd: string, file: string): string {
  const rel = relative(cwd, file);
  return rel && !rel.startsWith('..') && !isAbsolute(rel) ? rel : file;
}

/**
 * The absolute path of the config file, or null when there is none (defaults apply). An explicit path
 * (from `--config`, relative to `cwd`) must exist and have a known extension.
 */
export async function discoverConfigFile(cwd: string, configPath?: string): Promise<string | null> {
  if (configPath !== undefined) {
    const file = resolve(cwd, configPath);
    if (!(await isFile(file))) {
      throw new ConfigError([{ source: configPath, message: 'config file not found (given with --config)' }]);
    }
    if (!formatOf(file)) {
      const known = Object.keys(CONFIG_EXTENSIONS).join(', ');
      throw new ConfigError([
        { source: configPath, message: `unsupported config file type; use one of ${known}` },
      ]);
    }
    return file;
  }
  const found: string[] = [];
  for (const name of CONFIG_FILE_NAMES) {
    if (await isFile(join(cwd, name))) found.push(name);
  }
  if (found.length > 1) {
    throw new ConfigError([
      {
        source: cwd,
        message: `${found.join(' and ')} ${found.length === 2 ? 'both' : 'all'} exist; keep one, or choose with --config`,
      },
    ]);
  }
  return found[0] === undefined ? null : join(cwd, found[0]);
}
