// The sha256 of a file's bytes, read as a stream (memory stays flat whatever its size). A hash already taken of
// the same file as it is now (rememberSha256: the loop's one pass over a transcript) is given back unread: the
// file's device, inode, size, modification and change times must all be the same, or the file is read.
import { createHash } from 'node:crypto';
import type { Stats } from 'node:fs';
import { openInputFile } from './input-file.js';
import type { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';

/** Reads of 1 MiB (flat memory, fewer calls than the stream default of 64 KiB). */
const READ_BYTES = 1024 * 1024;

interface Known {
  path: string;
  identity: string;
  sha256: string;
}

/** The last hash remembered (one: the loop hashes one transcript per session, the history asks right after). */
let known: Known | null = null;

const identity = (info: Stats): string =>
  `${info.dev}:${info.ino}:${info.size}:${info.mtimeMs}:${info.ctimeMs}`;

/** Remembers the sha256 of the file at `path` as `info` describes it (taken of exactly those bytes). */
export function rememberSha256(path: string, info: Stats, sha256: string): void {
  known = { path, identity: identity(info), sha256 };
}

/** Hex sha256 of the file's bytes, decompressed first when a decompressor is given. */
export async function sha256File(path: string, decompress?: Transform): Promise<string> {
  // A FIFO or a device at the name is refused (InputFileError), never waited on or read without end.
  const handle = await openInputFile(path, { what: 'transcript', maxBytes: Infinity });
  try {
    if (!decompress && known?.path === path && known.identity === identity(await handle.stat()))
      return known.sha256;
    const hash = createHash('sha256');
    const sink = async (source: AsyncIterable<Buffer>) => {
      for await (const chunk of source) hash.update(chunk);
    };
    if (decompress)
      await pipeline(
        handle.createReadStream({ autoClose: false, highWaterMark: READ_BYTES }),
        decompress,
        sink,
      );
    else await pipeline(handle.createReadStream({ autoClose: false, highWaterMark: READ_BYTES }), sink);
    return hash.digest('hex');
  } finally {
    await handle.close();
  }
}
