// list_directory: the names in one directory inside the sandbox, listed through its verified handle; directories
// end in "/", denied entries are left out, sorted, capped at max_list_entries with a note.
import { join } from 'node:path';
import { isDenied, resolveModelPath, type Sandbox } from './sandbox.js';
import { closeQuietly, listDir, openDir, realInside } from './anchored.js';
import { failure, toolFailureFor } from './fs-errors.js';
import type { ListDirectoryArgs, ToolLimits } from './tool-schemas.js';

export interface Listing {
  result: string[];
  note?: string;
}

export async function listDirectory(
  sandbox: Sandbox,
  args: ListDirectoryArgs,
  limits: ToolLimits,
): Promise<Listing> {
  const target = resolveModelPath(sandbox, args.path);
  const given = target.given;
  const real = await realInside(sandbox, target.absolute, given);
  if (real === null) throw failure(given, 'no such directory');
  let dir;
  try {
    dir = await openDir(sandbox, real, given);
  } catch (error) {
    const refused = toolFailureFor(error, 'list_directory', given);
    if (refused.message.includes('(ENOTDIR)')) throw failure(given, 'is not a directory (use read_file)');
    throw refused;
  }
  try {
    const entries = await listDir(sandbox, dir, given);
    const names = entries
      .filter((entry) => !isDenied(sandbox, join(dir.real, entry.name)))
      .map((entry) => (entry.isDirectory() ? `${entry.name}/` : entry.name))
      .sort();
    if (names.length <= limits.max_list_entries) return { result: names };
    return {
      result: names.slice(0, limits.max_list_entries),
      note: `cut at ${limits.max_list_entries} of ${names.length} entries: list a subdirectory or use find_files with a pattern`,
    };
  } finally {
    await closeQuietly(dir.handle);
  }
}
