// One pass over a transcript's bytes that learns everything the loop and the history ask of them after a session:
// the tool calls and the turn shape (the adapter's counters), the first commit pattern in the agent's words
// (line-scan.ts), and the sha256 of the bytes (the history's key). The bytes come in chunks, from a file read
// once (scanTranscript: a transcript the harness did not watch being written, or a re-read) or from the follower
// that reads the transcript while the agent writes it (transcript-follow.ts), so that nothing is read again after
// the session. Lines are skipped unread unless the adapter's markers or the patterns' raw test find them
// (line-splitter.ts's skipUnmarked): most of a transcript is decoded once, searched once, and never parsed.
import { rememberSha256 } from '../os/file-hash.js';
import { withChunkReader } from '../os/chunk-reader.js';
import {
  fileSha256,
  HashRangeError,
  inlineSha256,
  OFF_THREAD_FROM,
  type Sha256Sink,
} from '../os/hash-thread.js';
import { openInputFile } from '../os/input-file.js';
import { createLineScan, type ScanOptions, type ScanResult } from './line-scan.js';
import { lineSplitter } from './line-splitter.js';

export { unescapeJson, type ScanOptions, type ScanResult } from './line-scan.js';
export { MAX_LINE_BYTES } from './line-splitter.js';
export { READ_CHUNK } from '../os/chunk-reader.js';

/** The bytes decoded into one string at a time (see push). */
const DECODE_BYTES = 64 * 1024;

export interface TranscriptFacts extends ScanResult {
  /** Hex sha256 of every byte pushed (the whole transcript). */
  sha256: string;
  bytes: number;
}

export interface TranscriptPass {
  /** The next bytes, in order (the buffer may be reused by the caller afterwards). */
  push(chunk: Buffer): void;
  /** The end of the bytes. */
  end(): TranscriptFacts;
}

/** `hash`: where the bytes' sha256 is taken (os/hash-thread.ts); on this thread unless given. */
export function transcriptPass(options: ScanOptions, hash: Sha256Sink = inlineSha256()): TranscriptPass {
  const scan = createLineScan(options);
  const splitter = lineSplitter(scan, undefined, true);
  let bytes = 0;
  let reading = scan.wanted();
  return {
    push(chunk) {
      hash.update(chunk);
      bytes += chunk.length;
      // Once the scan has learned all it can, only the hash goes on. The lines are taken DECODE_BYTES at a time:
      // V8 keeps strings that small in its young generation, cheap to collect; a string of a whole 1 MiB read
      // goes to the large-object space, collected only by full GCs (slower, and RSS grows by tens of MiB).
      for (let at = 0; reading && at < chunk.length; at += DECODE_BYTES)
        reading = splitter.push(chunk.subarray(at, Math.min(chunk.length, at + DECODE_BYTES)));
    },
    end() {
      splitter.end();
      return { ...scan.result(), sha256: hash.digest(), bytes };
    },
  };
}

/**
 * The pass over a finished transcript file, read in 1 MiB chunks into two reused buffers, the next read under way
 * while one is scanned (os/chunk-reader.ts; memory stays flat whatever its size). The hash is remembered for the
 * file as it is now (file-hash.ts), so the history's sha256File of the same transcript reads nothing again.
 */
export async function scanTranscript(path: string, options: ScanOptions): Promise<TranscriptFacts> {
  try {
    return await scanOnce(path, options, OFF_THREAD_FROM);
  } catch (error) {
    // The file shrank while it was read (or the hash thread failed): once more, hashed on this thread.
    if (!(error instanceof HashRangeError)) throw error;
    return scanOnce(path, options, Infinity);
  }
}

async function scanOnce(path: string, options: ScanOptions, offThreadFrom: number): Promise<TranscriptFacts> {
  const handle = await openInputFile(path, { what: 'transcript', maxBytes: Infinity });
  // A large transcript's hash is taken on the hash thread beside the scan (os/hash-thread.ts).
  const sha256 = fileSha256(handle.fd, { from: offThreadFrom, release: true });
  try {
    const pass = transcriptPass(options, sha256);
    await withChunkReader((reader) => reader.readToEnd(handle, null, (chunk) => pass.push(chunk)));
    await sha256.done();
    const facts = pass.end();
    const info = await handle.stat();
    if (info.size === facts.bytes) rememberSha256(path, info, facts.sha256);
    return facts;
  } finally {
    sha256.settle();
    await handle.close();
  }
}
