// read_file: the text of one regular file inside the sandbox, read only from a verified handle. Refused: a
// directory (use list_directory), anything not a regular file (FIFO, socket, device: a violation), a file over
// max_read_bytes (the size and the limit said), binary content (a NUL byte).
import { lstat } from 'node:fs/promises';
import { basename, dirname } from 'node:path';
import { isRoot, resolveModelPath, type Sandbox } from './sandbox.js';
import { closeQuietly, openAt, openDir, READ_FLAGS, realInside, type Dir } from './anchored.js';
import { failure, violation } from './fs-errors.js';
import type { ReadFileArgs, ToolLimits } from './tool-schemas.js';

export async function readFile(sandbox: Sandbox, args: ReadFileArgs, limits: ToolLimits): Promise<string> {
  const target = resolveModelPath(sandbox, args.path);
  const given = target.given;
  const real = await realInside(sandbox, target.absolute, given);
  if (real === null) throw failure(given, 'no such file');
  if (isRoot(sandbox, real)) throw failure(given, 'is a directory (use list_directory)');
  // A device, FIFO or socket is refused before it is opened (opening some devices does something); the fstat
  // after the open catches one swapped in meanwhile.
  const before = await lstat(real);
  if (before.isDirectory()) throw failure(given, 'is a directory (use list_directory)');
  if (!before.isFile()) throw violation(given, 'is not a regular file (a FIFO, socket or device)');
  let parent: Dir | null = null;
  let file: Awaited<ReturnType<typeof openAt>> | null = null;
  try {
    parent = await openDir(sandbox, dirname(real), given);
    file = await openAt(sandbox, parent, basename(real), READ_FLAGS, given);
    const stats = await file.handle.stat();
    if (stats.isDirectory()) throw failure(given, 'is a directory (use list_directory)');
    if (!stats.isFile()) throw violation(given, 'is not a regular file (a FIFO, socket or device)');
    if (target.trailingSlash) throw failure(given, 'is a file, not a directory');
    if (stats.size > limits.max_read_bytes)
      throw failure(given, `is ${stats.size} bytes, over the ${limits.max_read_bytes}-byte read limit`);
    const buffer = Buffer.alloc(limits.max_read_bytes + 1);
    let length = 0;
    while (length < buffer.length) {
      const { bytesRead } = await file.handle.read(buffer, length, buffer.length - length, length);
      if (bytesRead === 0) break;
      length += bytesRead;
    }
    if (length > limits.max_read_bytes)
      throw failure(given, `is over the ${limits.max_read_bytes}-byte read limit`);
    const bytes = buffer.subarray(0, length);
    if (bytes.includes(0)) throw failure(given, 'is a binary file (it holds NUL bytes)');
    return bytes.toString('utf8');
  } finally {
    await closeQuietly(file?.handle);
    await closeQuietly(parent?.handle);
  }
}
