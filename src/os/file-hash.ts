// The sha256 of a file's bytes, read as a stream (memory stays flat whatever its size).
import { createHash } from 'node:crypto';
import { openInputFile } from './input-file.js';
import type { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';

/** Hex sha256 of the file's bytes, decompressed first when a decompressor is given. */
export async function sha256File(path: string, decompress?: Transform): Promise<string> {
  const hash = createHash('sha256');
  const sink = async (source: AsyncIterable<Buffer>) => {
    for await (const chunk of source) hash.update(chunk);
  };
  // A FIFO or a device at the name is refused (InputFileError), never waited on or read without end.
  const handle = await openInputFile(path, { what: 'transcript', maxBytes: Infinity });
  try {
    if (decompress) await pipeline(handle.createReadStream({ autoClose: false }), decompress, sink);
    else await pipeline(handle.createReadStream({ autoClose: false }), sink);
  } finally {
    await handle.close();
  }
  return hash.digest('hex');
}
