// One streaming pass over a finished transcript: which commit pattern (if any) matches, and how many tool
// calls it holds. The file is read in small chunks into one reused buffer, so memory stays flat whatever the
// transcript's size: chunk strings stay below V8's large-object size and die young.
import { open } from 'node:fs/promises';

export interface ScanResult {
  matchedPattern: string | null;
  markerCount: number;
}

const CHUNK = 64 * 1024;
/** Bytes carried from one chunk to the next, so a match across a boundary is still found. */
const OVERLAP = 4096;

export async function scanTranscript(
  path: string,
  patterns: readonly RegExp[],
  marker: string | null,
): Promise<ScanResult> {
  const needle = marker ? Buffer.from(marker) : null;
  let matchedPattern: string | null = null;
  let markerCount = 0;
  if (needle === null && patterns.length === 0) return { matchedPattern, markerCount };
  const handle = await open(path, 'r');
  // [carried bytes | new bytes]: the carry is copied to the front before each read.
  const buffer = Buffer.allocUnsafe(OVERLAP + CHUNK);
  let carried = 0;
  try {
    for (;;) {
      const { bytesRead } = await handle.read(buffer, carried, CHUNK, null);
      if (bytesRead === 0) break;
      const end = carried + bytesRead;
      const view = buffer.subarray(0, end);
      if (needle) {
        // A match counts only if it ends in the new bytes; one wholly inside the carry was counted before.
        for (let at = view.indexOf(needle, 0); at !== -1; at = view.indexOf(needle, at + 1)) {
          if (at + needle.length > carried) markerCount++;
        }
      }
      if (matchedPattern === null && patterns.length > 0) {
        // latin1 maps bytes to one-byte characters: fast, and exact for the ASCII patterns commits are found by.
        const text = view.toString('latin1');
        for (const pattern of patterns) {
          pattern.lastIndex = 0;
          if (pattern.test(text)) {
            matchedPattern = pattern.source;
            break;
          }
        }
      }
      if (needle === null && matchedPattern !== null) break;
      carried = Math.min(OVERLAP, end);
      buffer.copy(buffer, 0, end - carried, end);
    }
  } finally {
    await handle.close();
  }
  return { matchedPattern, markerCount };
}
