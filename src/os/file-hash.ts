// The sha256 of a file's bytes, read as a stream (memory stays flat whatever its size).
import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import type { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';

/** Hex sha256 of the file's bytes, decompressed first when a decompressor is given. */
export async function sha256File(path: string, decompress?: Transform): Promise<string> {
  const hash = createHash('sha256');
  const sink = async (source: AsyncIterable<Buffer>) => {
    for await (const chunk of source) hash.update(chunk);
  };
  if (decompress) await pipeline(createReadStream(path), decompress, sink);
  else await pipeline(createReadStream(path), sink);
  return hash.digest('hex');
}
