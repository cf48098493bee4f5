// A finished transcript's (decompressed) bytes, chunk by chunk, for one pass over them (extract.ts), and its last
// bytes afterwards (the tail the adapter's classify reads). A plain file is read in 1 MiB chunks into reused
// buffers (os/chunk-reader.ts; without the thread pool up to SYNC_READ_MAX): no buffer per read for the collector,
// and its tail is read again at the end, by position, rather than held all along. A `.gz` or `.zst` file goes
// through its decompressor, whose chunks are fresh buffers: the newest of them are held (references, not copies)
// until WIDE_TAIL_BYTES are. A FIFO or a device at the name is refused unread (os/input-file.ts).
import { closeSync, readSync } from 'node:fs';
import { pipeline } from 'node:stream/promises';
import { WIDE_TAIL_BYTES } from '../agents/tail.js';
import { READ_CHUNK, withChunkReader } from '../os/chunk-reader.js';
import { fileSha256, HashRangeError, inlineSha256, type Sha256Sink } from '../os/hash-thread.js';
import { openInputFile, openInputFileSync } from '../os/input-file.js';
import { compressionOf, decompressorFor } from '../state/compress-file.js';

/** The last `n` bytes of what was read (fewer when there are fewer). */
export type LastBytes = (n: number) => Promise<Buffer>;

const INFLATE_CHUNK = 256 * 1024;

const OPEN = { what: 'transcript', maxBytes: Infinity } as const;

/**
 * Plain transcripts up to this size are read without the thread pool: a few milliseconds of the main thread at
 * most, where a read, a stat, an open and a close through the pool each left it idle (about 0.8 ms a file, 15% of
 * an ingest of 1 MiB transcripts). Larger ones are read with the next chunk under way while one is scanned.
 */
export const SYNC_READ_MAX = 16 * 1024 * 1024;

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
 * or decompression error rejects. A file that changed while it was read (the bytes scanned are not the bytes
 * hashed) is read once more, hashed on this thread.
 */
export async function readTranscript<T>(
  path: string,
  start: (sha256: Sha256Sink) => TranscriptReader<T>,
  options: { offThread?: boolean } = {},
): Promise<T> {
  if (compressionOf(path) !== null) return readCompressed(path, start(inlineSha256()));
  try {
    return await readPlain(path, start, options.offThread ?? true);
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
    return await finish((n) => {
      const want = Math.min(n, bytes);
      const last = Buffer.allocUnsafe(want);
      let got = 0;
      while (got < want) {
        const read = readSync(fd, last, got, want - got, bytes - want + got);
        if (read === 0) break;
        got += read;
      }
      return Promise.resolve(last.subarray(0, got));
    });
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
    sha256.settle();
    await handle.close();
  }
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

/** Hex sha256 of the file's (decompressed) bytes, read as readTranscript reads them. */
export async function transcriptSha256(path: string): Promise<string> {
  // Nothing is scanned beside it: the hash is taken on this thread (the hash thread would read the bytes again).
  return readTranscript(
    path,
    (sha256) => ({ push: (chunk) => sha256.update(chunk), finish: () => sha256.digest() }),
    { offThread: false },
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
