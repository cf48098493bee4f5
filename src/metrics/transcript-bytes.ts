// A finished transcript's (decompressed) bytes, chunk by chunk, for one pass over them (extract.ts), and its last
// bytes afterwards (the tail the adapter's classify reads). A plain file is read in 1 MiB chunks into reused
// buffers (os/chunk-reader.ts; without the thread pool up to its SYNC_READ_MAX): no buffer per read for the collector,
// and its tail is read again at the end, by position, rather than held all along. A `.gz` or `.zst` file goes
// through its decompressor, whose chunks are fresh buffers: the newest of them are held (references, not copies)
// until WIDE_TAIL_BYTES are. A FIFO or a device at the name is refused unread (os/input-file.ts).
import { closeSync, readSync } from 'node:fs';
import { pipeline } from 'node:stream/promises';
import { WIDE_TAIL_BYTES } from '../agents/index.js';
import { fillAt, READ_CHUNK, SYNC_READ_MAX, withChunkReader, type ReadAt } from '../os/chunk-reader.js';
import { sha256File } from '../os/file-hash.js';
import { fileSha256, HashRangeError, inlineSha256, type Sha256Sink } from '../os/hash-thread.js';
import { openInputFile, openInputFileSync } from '../os/input-file.js';
import { compressionOf, decompressorFor } from '../state/index.js';

/** The last `n` bytes of what was read (fewer when there are fewer). */
export type LastBytes = (n: number) => Promise<Buffer>;

const INFLATE_CHUNK = 256 * 1024;

const OPEN = { what: 'transcript', maxBytes: Infinity } as const;

/** What a reader of a transcript does with its bytes: see readTranscript. */
export interface TranscriptReader<T> {
  /** The next (decompressed) chunk, in order (the buffer is reused after push returns). */
  push: (chunk: Buffer) => void;
  /** The end, with the file's last bytes, while the file is still open. */
  finish: (last: LastBytes) => Promise<T> | T;
}

/**
 * Reads the file through the reader `start` gives for the sha256 sink the bytes go to: a plain file's hash is
 * taken on the hash thread (os/hash-thread.ts) while the reader scans, a compressed one's on this thread. A read
 * or decompression error rejects. A file that shrank while it was read (the bytes scanned are not the bytes
 * hashed) is read once more, hashed on this thread.
 */
export async function readTranscript<T>(
  path: string,
  start: (sha256: Sha256Sink) => TranscriptReader<T>,
): Promise<T> {
  if (compressionOf(path) !== null) return readCompressed(path, start(inlineSha256()));
  try {
    return await readPlain(path, start, true);
  } catch (error) {
    if (!(error instanceof HashRangeError)) throw error;
    return readPlain(path, start, false);
  }
}

async function readPlain<T>(
  path: string,
  start: (sha256: Sha256Sink) => TranscriptReader<T>,
  offThread: boolean,
): Promise<T> {
  const { fd, info } = openInputFileSync(path, OPEN);
  if (info.size > SYNC_READ_MAX) {
    closeSync(fd);
    return readLarge(path, start, offThread);
  }
  const sha256 = offThread ? fileSha256(fd, { from: 0 }) : inlineSha256();
  try {
    const { push, finish } = start(sha256);
    const bytes = await withChunkReader((reader) => reader.readToEndSync(fd, push));
    await sha256.done();
    return await finish(
      lastOf((buffer, offset, length, position) => readSync(fd, buffer, offset, length, position), bytes),
    );
  } finally {
    sha256.settle();
    closeSync(fd);
  }
}

async function readLarge<T>(
  path: string,
  start: (sha256: Sha256Sink) => TranscriptReader<T>,
  offThread: boolean,
): Promise<T> {
  const handle = await openInputFile(path, OPEN);
  const sha256 = offThread ? fileSha256(handle.fd, { from: 0 }) : inlineSha256();
  try {
    const { push, finish } = start(sha256);
    const bytes = await withChunkReader((reader) => reader.readToEnd(handle, null, push));
    await sha256.done();
    return await finish(
      lastOf(
        async (buffer, offset, length, position) =>
          (await handle.read(buffer, offset, length, position)).bytesRead,
        bytes,
      ),
    );
  } finally {
    sha256.settle();
    await handle.close();
  }
}

/** The last bytes of the `bytes` read, read again by position. */
function lastOf(read: ReadAt, bytes: number): LastBytes {
  return async (n) => {
    const last = Buffer.allocUnsafe(Math.min(n, bytes));
    return last.subarray(0, await fillAt(read, last, bytes - last.length));
  };
}

/** A `.gz` or `.zst` transcript through its decompressor; the newest chunks held for the tail. */
async function readCompressed<T>(path: string, { push, finish }: TranscriptReader<T>): Promise<T> {
  const handle = await openInputFile(path, OPEN);
  try {
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
  } finally {
    await handle.close();
  }
}

/**
 * Hex sha256 of the transcript's (decompressed) bytes: the identity the history keys it by. Nothing is scanned
 * beside it, so it is taken on this thread (os/file-hash.ts; a hash the loop's pass took of the file as it is now
 * is given back unread).
 */
export function transcriptSha256(path: string): Promise<string> {
  return sha256File(path, compressionOf(path) === null ? undefined : decompressorFor(path));
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
