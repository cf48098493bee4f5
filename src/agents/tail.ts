// Reads only the end of a transcript. Transcripts grow without bound (a long session can reach gigabytes), and the
// loop classifies them often, so the cost here must depend on maxBytes, never on the file's size.
import { isAscii } from 'node:buffer';
import { fillAt } from '../os/chunk-reader.js';
import { openInputFile } from '../os/input-file.js';

/** How much of a finished transcript's end is classified. */
export const TAIL_BYTES = 256 * 1024;
/** The wider window read when the last TAIL_BYTES hold no whole line (one huge final line). */
export const WIDE_TAIL_BYTES = 16 * 1024 * 1024;

export interface Tail {
  text: string;
  /** The tail is the whole file, so its first line is a real first line rather than a fragment. */
  complete: boolean;
  /** The file's size in bytes when it was read. */
  size: number;
}

export async function readTail(path: string, maxBytes: number): Promise<Tail> {
  // Never blocking on a FIFO the agent put at the transcript's name (InputFileError instead).
  const handle = await openInputFile(path, { what: 'transcript', maxBytes: Infinity });
  try {
    const { size } = await handle.stat();
    const length = Math.max(0, Math.min(size, Math.floor(maxBytes)));
    const start = size - length;
    const buffer = Buffer.alloc(length);
    const filled = await fillAt(
      async (into, offset, bytes, position) => (await handle.read(into, offset, bytes, position)).bytesRead,
      buffer,
      start,
    );
    return { text: decodeTail(buffer.subarray(0, filled), start > 0), complete: start === 0, size };
  } finally {
    await handle.close();
  }
}

/** UTF-8 decode, dropping a multi-byte character cut by the window start and one still being written at the end. */
export function decodeTail(bytes: Uint8Array, cutAtStart: boolean): string {
  let begin = 0;
  if (cutAtStart) {
    // Continuation bytes are 10xxxxxx; a character has at most three of them.
    while (begin < Math.min(3, bytes.length) && ((bytes[begin] ?? 0) & 0xc0) === 0x80) begin++;
  }
  const rest = bytes.subarray(begin);
  // ASCII alone (most transcripts' tails) needs no decoder: a byte is a character, and nothing can be cut.
  if (isAscii(rest)) return Buffer.from(rest.buffer, rest.byteOffset, rest.length).toString('latin1');
  // stream: true holds back an incomplete trailing sequence instead of emitting U+FFFD for it.
  return new TextDecoder('utf-8').decode(rest, { stream: true });
}
