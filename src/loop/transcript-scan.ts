// One pass over a transcript's bytes that learns everything the loop and the history ask of them after a session:
// the tool calls and the turn shape (the adapter's counters), the first commit pattern in the agent's words
// (line-scan.ts), and the sha256 of the bytes (the history's key). The bytes come in chunks, from a file read
// once (scanTranscript: a transcript the harness did not watch being written, or a re-read) or from the follower
// that reads the transcript while the agent writes it (transcript-follow.ts), so that nothing is read again after
// the session. Lines are skipped unread unless the adapter's markers or the patterns' raw test find them
// (line-splitter.ts's skipUnmarked): most of a transcript is decoded once, searched once, and never parsed.
import { createHash } from 'node:crypto';
import { rememberSha256 } from '../os/file-hash.js';
import { openInputFile } from '../os/input-file.js';
import { createLineScan, type ScanOptions, type ScanResult } from './line-scan.js';
import { lineSplitter } from './line-splitter.js';

export { unescapeJson, type ScanOptions, type ScanResult } from './line-scan.js';
export { MAX_LINE_BYTES } from './line-splitter.js';

/** Reads of 1 MiB: fewer system calls and fewer chunk-straddling lines than 64 KiB, one reused buffer. */
export const READ_CHUNK = 1024 * 1024;

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

export function transcriptPass(options: ScanOptions): TranscriptPass {
  const scan = createLineScan(options);
  const splitter = lineSplitter(scan, undefined, true);
  const hash = createHash('sha256');
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
      return { ...scan.result(), sha256: hash.digest('hex'), bytes };
    },
  };
}

/**
 * The pass over a finished transcript file, read in 1 MiB chunks into one reused buffer (memory stays flat
 * whatever its size). The hash is remembered for the file as it is now (file-hash.ts), so the history's
 * sha256File of the same transcript reads nothing again.
 */
export async function scanTranscript(path: string, options: ScanOptions): Promise<TranscriptFacts> {
  const pass = transcriptPass(options);
  const handle = await openInputFile(path, { what: 'transcript', maxBytes: Infinity });
  const chunk = Buffer.allocUnsafe(READ_CHUNK);
  try {
    for (;;) {
      const { bytesRead } = await handle.read(chunk, 0, READ_CHUNK, null);
      if (bytesRead === 0) break;
      pass.push(chunk.subarray(0, bytesRead));
    }
    const facts = pass.end();
    const info = await handle.stat();
    if (info.size === facts.bytes) rememberSha256(path, info, facts.sha256);
    return facts;
  } finally {
    await handle.close();
  }
}
