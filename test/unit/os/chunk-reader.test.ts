// The chunked reader (src/os/chunk-reader.ts): every byte once and in order, from a position or the handle's own,
// with or without the thread pool, and its buffers lent from a pool rather than made anew for each file.
import { randomBytes } from 'node:crypto';
import { closeSync, mkdtempSync, openSync, rmSync, writeFileSync } from 'node:fs';
import { open } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { READ_CHUNK, withChunkReader, type ChunkReader } from '../../../src/os/chunk-reader.js';

const dir = mkdtempSync(join(tmpdir(), 'chunk-reader-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const data = randomBytes(3 * READ_CHUNK + 4321);
const path = join(dir, 'data');
writeFileSync(path, data);

describe('ChunkReader', () => {
  it('hands every byte once, in order, from a position, with the next read under way', async () => {
    const handle = await open(path, 'r');
    try {
      const chunks: Buffer[] = [];
      // Copies: the buffers are reused once push returns.
      const bytes = await withChunkReader((reader) =>
        reader.readToEnd(handle, 1000, (chunk) => chunks.push(Buffer.from(chunk))),
      );
      expect(bytes).toBe(data.length - 1000);
      expect(Buffer.concat(chunks).equals(data.subarray(1000))).toBe(true);
      expect(chunks.every((c) => c.length <= READ_CHUNK)).toBe(true);
    } finally {
      await handle.close();
    }
  });

  it('reads the same without the thread pool', async () => {
    const fd = openSync(path, 'r');
    try {
      const chunks: Buffer[] = [];
      const bytes = await withChunkReader((reader) =>
        reader.readToEndSync(fd, (chunk) => chunks.push(Buffer.from(chunk))),
      );
      expect(bytes).toBe(data.length);
      expect(Buffer.concat(chunks).equals(data)).toBe(true);
    } finally {
      closeSync(fd);
    }
  });

  it('waits for the read under way before a failed push goes on (the buffers are never written behind it)', async () => {
    const handle = await open(path, 'r');
    let settled = false;
    try {
      const reading = withChunkReader((reader) =>
        reader.readToEnd(handle, null, () => {
          throw new Error('the scan failed');
        }),
      ).finally(() => (settled = true));
      await expect(reading).rejects.toThrow('the scan failed');
      expect(settled).toBe(true);
    } finally {
      await handle.close();
    }
  });

  it('lends the same reader to one use after another, and another one to a use beside it', async () => {
    const first = await withChunkReader((reader) => reader);
    const second = await withChunkReader((reader) => reader);
    expect(second).toBe(first);
    let inner: ChunkReader | null = null;
    const outer = await withChunkReader(async (reader) => {
      inner = await withChunkReader((other) => other);
      return reader;
    });
    expect(outer).toBe(first);
    expect(inner).not.toBe(first);
  });
});
