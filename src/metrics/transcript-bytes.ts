// A finished transcript's (decompressed) bytes, chunk by chunk, for one pass over them (extract.ts), and its last
// bytes afterwards (the tail the adapter's classify reads). A plain file is read in 1 MiB chunks into one reused
// buffer, as the loop's scanTranscript reads it (loop/transcript-scan.ts): no buffer per read for the collector,
// and its tail is read again at the end, by position, rather than held all along. A `.gz` or `.zst` file goes
// through its decompressor, whose chunks are fresh buffers: the newest of them are held (references, not copies)
// until WIDE_TAIL_BYTES are. A FIFO or a device at the name is refused unread (os/input-file.ts).
import { createHash } from 'node:crypto';
import { pipeline } from 'node:stream/promises';
import { WIDE_TAIL_BYTES } from '../agents/tail.js';
import { READ_CHUNK } from '../loop/transcript-scan.js';
import { openInputFile } from '../os/input-file.js';
import { compressionOf, decompressorFor } from '../state/compress-file.js';

/** The last `n` bytes of what was read (fewer when there are fewer). */
export type LastBytes = (n: number) => Promise<Buffer>;

const INFLATE_CHUNK = 256 * 1024;

/** The two read buffers given back by the last plain read (the scan copies what it keeps); one reader at a time. */
let spare: [Buffer, Buffer] | null = null;

/**
 * Every (decompressed) chunk of the file, in order, to `push` (the buffer is reused after push returns), then
 * `finish` with the file's last bytes, while the file is still open. A read or decompression error rejects.
 */
export async function readTranscript<T>(
  path: string,
  push: (chunk: Buffer) => void,
  finish: (last: LastBytes) => Promise<T> | T,
): Promise<T> {
  const handle = await openInputFile(path, { what: 'transcript', maxBytes: Infinity });
  try {
    if (compressionOf(path) !== null) {
      const tail = new TailWindow(WIDE_TAIL_BYTES);
      await pipeline(
        handle.createReadStream({ autoClose: false, highWaterMark: READ_CHUNK }),
        decompressorFor(path, { chunkSize: INFLATE_CHUNK }),
        async (input: AsyncIterable<Buffer>) => {
          for await (const chunk of input) {
            push(chunk);
            tail.push(chunk);
          }
        },
      );
      return await finish((n) => Promise.resolve(tail.last(n)));
    }
    // Two buffers: the next read runs (in libuv's thread pool) while the current chunk is scanned.
    const buffers = spare ?? [Buffer.allocUnsafe(READ_CHUNK), Buffer.allocUnsafe(READ_CHUNK)];
    spare = null;
    let bytes = 0;
    let reading = handle.read(buffers[0], 0, READ_CHUNK, null);
    try {
      for (let n = 0; ; n++) {
        const { bytesRead, buffer } = await reading;
        if (bytesRead === 0) break;
        bytes += bytesRead;
        reading = handle.read(buffers[(n + 1) % 2]!, 0, READ_CHUNK, null);
        push(buffer.subarray(0, bytesRead));
      }
    } finally {
      // A read still under way (push threw) is waited for before its buffer is given back or the file closed.
      await reading.catch(() => undefined);
      spare = buffers;
    }
    return await finish(async (n) => {
      const want = Math.min(n, bytes);
      const last = Buffer.allocUnsafe(want);
      let got = 0;
      while (got < want) {
        const { bytesRead } = await handle.read(last, got, want - got, bytes - want + got);
        if (bytesRead === 0) break;
        got += bytesRead;
      }
      return last.subarray(0, got);
    });
  } finally {
    await handle.close();
  }
}

/** Hex sha256 of the file's (decompressed) bytes, read as readTranscript reads them. */
export async function transcriptSha256(path: string): Promise<string> {
  const hash = createHash('sha256');
  return readTranscript(
    path,
    (chunk) => hash.update(chunk),
    () => hash.digest('hex'),
  );
}

/** The newest chunks, at least `limit` bytes of them when there are that many (references, not copies). */
class TailWindow {
  private chunks: Buffer[] = [];
  private bytes = 0;
  constructor(private readonly limit: number) {}
  push(chunk: Buffer): void {
    this.chunks.push(chunk);
    this.bytes += chunk.length;
    while (this.chunks.length > 1 && this.bytes - (this.chunks[0]?.length ?? 0) >= this.limit) {
      this.bytes -= this.chunks.shift()?.length ?? 0;
    }
  }
  /** The last `n` bytes held. */
  last(n: number): Buffer {
    const all = Buffer.concat(this.chunks, this.bytes);
    return all.length > n ? all.subarray(all.length - n) : all;
  }
}
