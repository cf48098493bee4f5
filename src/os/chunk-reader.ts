// A file read in 1 MiB chunks with the next read already under way (in libuv's thread pool) while the current
// chunk is handed on: the reader never waits for the disk or the page cache between chunks, where one read at a
// time left the harness idle for about 0.4 s per GiB. Two buffers, reused for every read of one reader, and the
// readers themselves lent out from a small pool (withChunkReader): 2 MiB of fresh buffers per session made V8 run
// a full collection every seven iterations of an instant agent (external memory counts toward its limits).
import { readSync } from 'node:fs';
import type { FileHandle } from 'node:fs/promises';

/** Reads of 1 MiB: fewer system calls and fewer chunk-straddling lines than 64 KiB. */
export const READ_CHUNK = 1024 * 1024;

/**
 * Files up to this size are read without the thread pool (readToEndSync): a few milliseconds of the main thread
 * at most, where a read, a stat, an open and a close through the pool each left it idle (about 0.8 ms a file, 15%
 * of an ingest of 1 MiB transcripts). Larger ones are read with the next chunk under way while one is scanned.
 */
export const SYNC_READ_MAX = 16 * 1024 * 1024;

/** A positioned read: bytes read into `buffer` at `offset`, from the file's `position` (0 at its end). */
export type ReadAt = (
  buffer: Buffer,
  offset: number,
  length: number,
  position: number,
) => number | Promise<number>;

/**
 * Fills `buffer` from the file's `position` on; a positioned read may return short (another process is
 * appending), so it reads until the buffer is full or the file ends. Returns the bytes read.
 */
export async function fillAt(read: ReadAt, buffer: Buffer, position: number): Promise<number> {
  let filled = 0;
  while (filled < buffer.length) {
    const got = await read(buffer, filled, buffer.length - filled, position + filled);
    if (got === 0) break;
    filled += got;
  }
  return filled;
}

export interface ChunkReader {
  /**
   * Reads from `position` (null: the handle's own position, sequential) until a read finds nothing, handing each
   * chunk to `push` in order (its buffer is reused once push returns). Returns the bytes read. A read still under
   * way when push throws is waited for before the error goes on, so the buffers are never written behind a caller.
   */
  readToEnd(handle: FileHandle, position: number | null, push: (chunk: Buffer) => void): Promise<number>;
  /**
   * readToEnd without the thread pool, from the start of `fd`: for a small file, where the awaits would cost more
   * than the reads (one buffer; each read waits for the page cache or the disk on the main thread).
   */
  readToEndSync(fd: number, push: (chunk: Buffer) => void): number;
}

const pool: ChunkReader[] = [];
/** Readers kept for the next use: the follower and a history read at once, at most. */
const POOL_SIZE = 2;

/** `use` with a reader from the pool (a new one when none is free), given back once `use` has settled. */
export async function withChunkReader<T>(use: (reader: ChunkReader) => Promise<T> | T): Promise<T> {
  const reader = pool.pop() ?? chunkReader();
  try {
    return await use(reader);
  } finally {
    if (pool.length < POOL_SIZE) pool.push(reader);
  }
}

export function chunkReader(): ChunkReader {
  const buffers: readonly [Buffer, Buffer] = [Buffer.allocUnsafe(READ_CHUNK), Buffer.allocUnsafe(READ_CHUNK)];
  return {
    async readToEnd(handle, position, push) {
      const at = (offset: number): number | null => (position === null ? null : position + offset);
      let bytes = 0;
      let reading = handle.read(buffers[0], 0, READ_CHUNK, at(0));
      try {
        for (let n = 1; ; n++) {
          const { bytesRead, buffer } = await reading;
          if (bytesRead === 0) return bytes;
          bytes += bytesRead;
          reading = handle.read(n % 2 === 0 ? buffers[0] : buffers[1], 0, READ_CHUNK, at(bytes));
          push(buffer.subarray(0, bytesRead));
        }
      } finally {
        await reading.catch(() => undefined);
      }
    },
    readToEndSync(fd, push) {
      let bytes = 0;
      for (;;) {
        const read = readSync(fd, buffers[0], 0, READ_CHUNK, bytes);
        if (read === 0) return bytes;
        bytes += read;
        push(buffers[0].subarray(0, read));
      }
    },
  };
}
