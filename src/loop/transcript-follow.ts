// The transcript read while the agent writes it: the agent's stdout and stderr go straight into the file (the
// kernel writes, see session.ts), and this follower reads behind it through a descriptor of its own, in 1 MiB
// chunks with the next read under way while one is scanned (os/chunk-reader.ts), handing each to the one pass
// (transcript-scan.ts) as it comes, so that by the session's end the pass has seen most of the bytes and only the
// last ones are left to read. It reads whenever woken (the session's poll saw the file grow) until it catches up;
// `finish`, once the agent and its group are gone, reads to the end. The harness only reads the file here, never
// writes it, and holds two pooled 1 MiB buffers whatever its size.
import type { FileHandle } from 'node:fs/promises';
import { rememberSha256 } from '../os/file-hash.js';
import { withChunkReader, type ChunkReader } from '../os/chunk-reader.js';
import { fileSha256, type Sha256Sink } from '../os/hash-thread.js';
import { openInputFile } from '../os/input-file.js';
import { transcriptPass, type ScanOptions, type TranscriptFacts } from './transcript-scan.js';

export interface TranscriptFollower {
  /** The file may have grown: read on (a no-op while a read is under way). */
  wake(): void;
  /**
   * The writers are gone: read to the end and give the facts, or null when the follower could not read or the
   * file no longer holds what it read (shorter than the bytes seen: truncated by the agent), for a re-read.
   */
  finish(): Promise<TranscriptFacts | null>;
  /** The bytes read so far. */
  readonly position: number;
}

export function followTranscript(path: string, options: ScanOptions): TranscriptFollower {
  let position = 0;
  let finishing = false;
  let woken = true;
  let sleeper: (() => void) | null = null;
  const wake = (): void => {
    woken = true;
    sleeper?.();
  };
  const follow = async (
    handle: FileHandle,
    sha256: Sha256Sink,
    reader: ChunkReader,
  ): Promise<TranscriptFacts | null> => {
    const pass = transcriptPass(options, sha256);
    const push = (chunk: Buffer): void => {
      pass.push(chunk);
      position += chunk.length;
    };
    for (;;) {
      const final = finishing;
      // Only a read begun once the writers were gone can find the end: one begun before may miss their last bytes
      // (the pass would end short, and the loop read the whole file again). Every read of this stretch began
      // after `final` was taken.
      await reader.readToEnd(handle, position, push);
      if (final) break;
      if (finishing) continue;
      // Caught up: wait for news (a wake that came during the read is not lost).
      if (!woken) await new Promise<void>((resolve) => (sleeper = resolve));
      sleeper = null;
      woken = false;
    }
    await sha256.done();
    const facts = pass.end();
    const info = await handle.stat();
    if (info.size !== facts.bytes) return null;
    rememberSha256(path, info, facts.sha256);
    return facts;
  };
  // Opened as every input is (input-file.ts): a FIFO or a device the agent put at the name is refused, never waited on.
  const done = openInputFile(path, { what: 'transcript', maxBytes: Infinity }).then(async (handle) => {
    // A large transcript's hash is taken on the hash thread beside the scan (os/hash-thread.ts).
    const sha256 = fileSha256(handle.fd, { release: true });
    try {
      return await withChunkReader((reader) => follow(handle, sha256, reader));
    } finally {
      sha256.settle();
      await handle.close();
    }
  });
  // A failure is reported by finish (null: read the file again); never an unhandled rejection meanwhile.
  const settled = done.catch(() => null);
  return {
    wake,
    get position() {
      return position;
    },
    finish() {
      finishing = true;
      wake();
      return settled;
    },
  };
}
