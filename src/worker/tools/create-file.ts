// create_file: creates a file and its directories; fails if anything (a file, a directory, a link, even a
// dangling one) is already there. The content goes in through a temp file hard-linked to the name: atomic "fails
// if it exists", never a write through a link.
import type { Sandbox } from './sandbox.js';
import { placeFile } from './place-file.js';
import type { CreateFileArgs, ToolLimits } from './tool-schemas.js';

export async function createFile(sandbox: Sandbox, args: CreateFileArgs, limits: ToolLimits): Promise<true> {
  await placeFile(sandbox, args.path, args.content, limits.max_write_bytes, 'create');
  return true;
}
