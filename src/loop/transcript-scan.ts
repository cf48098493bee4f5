// One streaming pass over a finished transcript: which commit pattern (if any) matches, and how many tool
// calls it holds. Memory stays at one chunk whatever the transcript's size.
import { open } from 'node:fs/promises';

export interface ScanResult {
  matchedPattern: string | null;
  markerCount: number;
}

const CHUNK = 1024 * 1024;
const OVERLAP = 4096;

export async function scanTranscript(
  path: string,
  patterns: readonly RegExp[],
  marker: string | null,
): Promise<ScanResult> {
  const handle = await open(path, 'r');
  const buffer = Buffer.allocUnsafe(CHUNK);
  const needle = marker ? Buffer.from(marker) : null;
  let matchedPattern: string | null = null;
  let markerCount = 0;
  let carry = '';
  let carryBytes = Buffer.alloc(0);
  try {
    for (;;) {
      const { bytesRead } = await handle.read(buffer, 0, CHUNK, null);
      if (bytesRead === 0) break;
      const chunk = buffer.subarray(0, bytesRead);
      if (needle) {
        // Count across the chunk boundary once: search the carried bytes joined with the new ones.
        const joined = carryBytes.length ? Buffer.concat([carryBytes, chunk]) : chunk;
        let at = joined.indexOf(needle, 0);
        while (at !== -1) {
          if (at + needle.length > carryBytes.length) markerCount++;
          at = joined.indexOf(needle, at + 1);
        }
        carryBytes = Buffer.from(chunk.subarray(Math.max(0, chunk.length - (needle.length - 1))));
      }
      if (matchedPattern === null && patterns.length > 0) {
        const text = carry + chunk.toString('utf8');
        for (const pattern of patterns) {
          pattern.lastIndex = 0;
          if (pattern.test(text)) {
            matchedPattern = pattern.source;
            break;
          }
        }
        carry = text.slice(-OVERLAP);
      }
      if (needle === null && (matchedPattern !== null || patterns.length === 0)) break;
    }
  } finally {
    await handle.close();
  }
  return { matchedPattern, markerCount };
}
