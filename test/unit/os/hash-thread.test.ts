// The hash thread (src/os/hash-thread.ts): the digest of what was read whoever takes it, the hand-over at the
// threshold, one job at a time, a file that shrank, and a process that exits though the thread is up.
import { spawnSync } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { closeSync, mkdtempSync, openSync, readSync, rmSync, truncateSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { fileSha256, HashRangeError, hashThreadReady } from '../../../src/os/hash-thread.js';

const dir = mkdtempSync(join(tmpdir(), 'hash-thread-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const MIB = 1024 * 1024;

function file(bytes: number): { path: string; data: Buffer } {
  const data = randomBytes(bytes);
  const path = join(dir, `f-${bytes}-${Math.random().toString(36).slice(2)}`);
  writeFileSync(path, data);
  return { path, data };
}

/** Reads the file through the sink as a pass does (chunks of `chunk` bytes): its digest, and where it was taken. */
function readThrough(
  path: string,
  offThreadFrom: number,
  chunk = 256 * 1024,
): { sha256: string; onThread: boolean } {
  const fd = openSync(path, 'r');
  const sink = fileSha256(fd, { from: offThreadFrom });
  try {
    const buffer = Buffer.alloc(chunk);
    for (let at = 0; ;) {
      const n = readSync(fd, buffer, 0, chunk, at);
      if (n === 0) break;
      sink.update(buffer.subarray(0, n));
      at += n;
    }
    return { sha256: sink.digest(), onThread: sink.onThread };
  } finally {
    sink.settle();
    closeSync(fd);
  }
}

const sha = (data: Buffer): string => createHash('sha256').update(data).digest('hex');

describe('fileSha256', () => {
  // The thread starts in the background; until it is up, hashes stay on the main thread.
  beforeAll(() => vi.waitFor(() => expect(hashThreadReady()).toBe(true), { timeout: 20_000, interval: 20 }));

  it('gives the sha256 of the bytes read, on this thread, from the start on the thread, or handed over midway', () => {
    const { path, data } = file(3 * MIB + 12345);
    expect(readThrough(path, Infinity)).toEqual({ sha256: sha(data), onThread: false });
    expect(readThrough(path, 0)).toEqual({ sha256: sha(data), onThread: true });
    expect(readThrough(path, MIB + 1)).toEqual({ sha256: sha(data), onThread: true });
    // Below the threshold it never leaves this thread.
    expect(readThrough(path, 4 * MIB)).toEqual({ sha256: sha(data), onThread: false });
    // Again on the same thread: a job leaves nothing behind for the next.
    expect(readThrough(path, 0, 100_000)).toEqual({ sha256: sha(data), onThread: true });
    const empty = file(0);
    expect(readThrough(empty.path, 0)).toEqual({ sha256: sha(Buffer.alloc(0)), onThread: true });
  });

  it('hashes a second file on this thread while the thread is busy with the first', () => {
    const a = file(2 * MIB);
    const b = file(2 * MIB);
    const fa = openSync(a.path, 'r');
    const fb = openSync(b.path, 'r');
    const first = fileSha256(fa, { from: 0 });
    const second = fileSha256(fb, { from: 0 });
    try {
      expect([first.onThread, second.onThread]).toEqual([true, false]);
      first.update(a.data);
      second.update(b.data);
      expect(second.digest()).toBe(sha(b.data));
      expect(first.digest()).toBe(sha(a.data));
    } finally {
      first.settle();
      second.settle();
      closeSync(fa);
      closeSync(fb);
    }
  });

  it('refuses a digest for bytes the file no longer holds (it shrank while read)', () => {
    const { path, data } = file(2 * MIB);
    const fd = openSync(path, 'r+');
    const sink = fileSha256(fd, { from: 0 });
    try {
      expect(sink.onThread).toBe(true);
      sink.update(data.subarray(0, MIB));
      truncateSync(path, MIB / 2);
      sink.update(data.subarray(MIB));
      expect(() => sink.digest()).toThrow(HashRangeError);
    } finally {
      sink.settle();
      closeSync(fd);
    }
    // The thread is free again for the next file.
    const next = file(MIB);
    expect(readThrough(next.path, 0)).toEqual({ sha256: sha(next.data), onThread: true });
  });

  it("ends the thread after a released hash (a loop's memory goes with it), and starts one again when asked", async () => {
    const { path, data } = file(MIB);
    const fd = openSync(path, 'r');
    const sink = fileSha256(fd, { from: 0, release: true });
    try {
      expect(sink.onThread).toBe(true);
      sink.update(data);
      expect(sink.digest()).toBe(sha(data));
    } finally {
      sink.settle();
      closeSync(fd);
    }
    // Asked again at once: a new thread is starting (it takes milliseconds to boot), none is free.
    expect(hashThreadReady()).toBe(false);
    await vi.waitFor(() => expect(hashThreadReady()).toBe(true), { timeout: 20_000, interval: 20 });
    expect(readThrough(path, 0)).toEqual({ sha256: sha(data), onThread: true });
  });

  it('says when the digest is ready without blocking (done), then gives it', async () => {
    const { path, data } = file(4 * MIB);
    const fd = openSync(path, 'r');
    const sink = fileSha256(fd, { from: 0 });
    try {
      expect(sink.onThread).toBe(true);
      sink.update(data);
      await sink.done();
      await sink.done();
      expect(sink.digest()).toBe(sha(data));
    } finally {
      sink.settle();
      closeSync(fd);
    }
  });

  it('never keeps a process alive once settled, and keeps it alive while a digest is awaited', () => {
    const { path, data } = file(MIB);
    const module = resolve('src/os/hash-thread.ts');
    const script = `
      import { openSync, readFileSync } from 'node:fs';
      const { fileSha256, hashThreadReady } = await import(${JSON.stringify(module)});
      while (!hashThreadReady()) await new Promise((resolve) => setTimeout(resolve, 10));
      const fd = openSync(${JSON.stringify(path)}, 'r');
      const sink = fileSha256(fd, { from: 0 });
      sink.update(readFileSync(${JSON.stringify(path)}));
      // Awaited with nothing else to keep the process alive: the job itself must, until it is settled.
      await sink.done();
      console.log(sink.digest(), sink.onThread);
      sink.settle();
    `;
    const run = spawnSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
      encoding: 'utf8',
      timeout: 30_000,
    });
    expect(run.stderr).toBe('');
    expect(run.signal).toBeNull();
    expect(run.stdout.trim()).toBe(`${sha(data)} true`);
  });
});
