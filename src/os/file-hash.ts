// The sha256 of a file's bytes, read in chunks (memory stays flat whatever its size): a plain file through the
// chunk reader (without the thread pool up to SYNC_READ_MAX), a compressed one as a stream through its
// decompressor. A hash already taken of the same file as it is now (rememberSha256: the loop's one pass over a
// transcript) is given back unread: the file's device, inode, size, modification and change times must all be
// the same, or the file is read.
import { createHash } from 'node:crypto';
import { closeSync, type Stats } from 'node:fs';
import { READ_CHUNK, SYNC_READ_MAX, withChunkReader } from './chunk-reader.js';
import { openInputFile, openInputFileSync } from './input-file.js';
import type { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';

const OPEN = { what: 'transcript', maxBytes: Infinity } as const;

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
  if (decompress === undefined) {
    // A FIFO or a device at the name is refused (InputFileError), never waited on or read without end.
    const { fd, info } = openInputFileSync(path, OPEN);
    try {
      if (known?.path === path && known.identity === identity(info)) return known.sha256;
      if (info.size <= SYNC_READ_MAX) {
        const hash = createHash('sha256');
        await withChunkReader((reader) => reader.readToEndSync(fd, (chunk) => hash.update(chunk)));
        return hash.digest('hex');
      }
    } finally {
      closeSync(fd);
    }
  }
  const handle = await openInputFile(path, OPEN);
  try {
    const hash = createHash('sha256');
    if (decompress === undefined)
      await withChunkReader((reader) => reader.readToEnd(handle, null, (chunk) => hash.update(chunk)));
    else
      await pipeline(
        handle.createReadStream({ autoClose: false, highWaterMark: READ_CHUNK }),
        decompress,
        async (source: AsyncIterable<Buffer>) => {
          for await (const chunk of source) hash.update(chunk);
        },
      );
    return hash.digest('hex');
  } finally {
    await handle.close();
  }
}
