// write_file: replaces a file whole (atomically: temp file + rename in the verified parent), or creates it and its
// directories. Through a symbolic link it writes the file the link names, when that is inside.
import type { Sandbox } from './sandbox.js';
import { placeFile } from './place-file.js';
import type { ToolLimits, WriteFileArgs } from './tool-schemas.js';

export async function writeFile(sandbox: Sandbox, args: WriteFileArgs, limits: ToolLimits): Promise<true> {
  await placeFile(sandbox, args.path, args.content, limits.max_write_bytes, 'replace');
  return true;
}
