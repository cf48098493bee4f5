// Compressing a transcript in place of the original, losing nothing whatever is killed: the compressed copy is
// written to a temp file beside it while the original's bytes are hashed on the way in, made durable, read back
// and decompressed to check it holds exactly those bytes, and only then renamed into place; the original is
// removed last. A harness killed at any point leaves the original (and at worst a temp file the next sweep
// removes, or both the original and its compressed copy, which hold the same bytes).
import { createHash } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { openInputFile } from '../os/input-file.js';
import { open, rename, unlink } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import { PassThrough, Transform } from 'node:stream';
import { sha256File } from '../os/file-hash.js';
import { pipeline } from 'node:stream/promises';
import * as zlib from 'node:zlib';

export type Compression = 'zstd' | 'gzip';

export const COMPRESSED_SUFFIX: Readonly<Record<Compression, string>> = { zstd: '.zst', gzip: '.gz' };

/** Whether this Node has zstd in node:zlib (22.15 and later, 23.8 and later). */
export const zstdAvailable = (): boolean => typeof zlib.createZstdCompress === 'function';

/** The compression of a file by its name, or null for a plain one. */
export function compressionOf(name: string): Compression | null {
  if (name.endsWith(COMPRESSED_SUFFIX.zstd)) return 'zstd';
  if (name.endsWith(COMPRESSED_SUFFIX.gzip)) return 'gzip';
  return null;
}

/** A stream that decompresses what the named file holds (a pass-through for a plain file). */
export function decompressorFor(name: string, options: { chunkSize?: number } = {}): Transform {
  const compression = compressionOf(name);
  if (compression === 'gzip') return zlib.createGunzip(options);
  if (compression === 'zstd') {
    if (!zstdAvailable())
      throw new Error(`${name} is zstd-compressed and this Node has no zstd (Node >= 22.15)`);
    return zlib.createZstdDecompress(options);
  }
  return new PassThrough();
}

function compressor(compression: Compression): Transform {
  return compression === 'zstd' ? zlib.createZstdCompress() : zlib.createGzip({ level: 6 });
}

export type CompressResult =
  | { kind: 'compressed'; path: string; bytes: number }
  /** The file's bytes are no longer the ones recorded: left as it is. */
  | { kind: 'changed'; sha256: string };

let sequence = 0;

/**
 * Compresses `path` to `path + suffix` when its bytes hash to `expectSha256`, and removes the original. Throws
 * (leaving the original) on any read or write failure, or when the compressed copy does not read back whole.
 */
export async function compressFile(
  path: string,
  compression: Compression,
  expectSha256: string,
): Promise<CompressResult> {
  const target = path + COMPRESSED_SUFFIX[compression];
  const tmp = join(dirname(path), `.${basename(target)}.${process.pid}.${sequence++}.tmp`);
  try {
    const source = createHash('sha256');
    const tap = new Transform({
      transform(chunk: Buffer, _encoding, done) {
        source.update(chunk);
        done(null, chunk);
      },
    });
    const original = await openInputFile(path, { what: 'transcript', maxBytes: Infinity });
    await pipeline(
      original.createReadStream(),
      tap,
      compressor(compression),
      createWriteStream(tmp, { mode: 0o644 }),
    );
    const sha256 = source.digest('hex');
    if (sha256 !== expectSha256) {
      await unlink(tmp);
      return { kind: 'changed', sha256 };
    }
    const handle = await open(tmp, 'r+');
    let bytes: number;
    try {
      await handle.sync();
      bytes = (await handle.stat()).size;
    } finally {
      await handle.close();
    }
    const back = await sha256File(tmp, decompressorFor(target));
    if (back !== expectSha256) throw new Error(`${tmp} did not decompress to the original's bytes`);
    await rename(tmp, target);
    await syncDir(dirname(path));
    await unlink(path);
    return { kind: 'compressed', path: target, bytes };
  } catch (error) {
    await unlink(tmp).catch(() => undefined);
    throw error;
  }
}

async function syncDir(dir: string): Promise<void> {
  const handle = await open(dir, 'r');
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}
