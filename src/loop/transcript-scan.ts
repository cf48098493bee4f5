// One streaming pass over a finished transcript file, line by line (the per-line work is line-scan.ts's, the
// splitting line-splitter.ts's). The file is read in 64 KiB chunks into one reused buffer, so memory stays flat
// whatever the transcript's size, and reading stops as soon as no further line can teach anything.
import { openInputFile } from '../os/input-file.js';
import { createLineScan, type ScanOptions, type ScanResult } from './line-scan.js';
import { lineSplitter } from './line-splitter.js';

export { unescapeJson, type ScanOptions, type ScanResult } from './line-scan.js';
export { MAX_LINE_BYTES } from './line-splitter.js';

const CHUNK = 64 * 1024;

export async function scanTranscript(path: string, options: ScanOptions): Promise<ScanResult> {
  const scan = createLineScan(options);
  if (!scan.wanted()) return scan.result();
  const splitter = lineSplitter(scan);
  const handle = await openInputFile(path, { what: 'transcript', maxBytes: Infinity });
  const chunk = Buffer.allocUnsafe(CHUNK);
  try {
    for (;;) {
      const { bytesRead } = await handle.read(chunk, 0, CHUNK, null);
      if (bytesRead === 0) break;
      if (!splitter.push(chunk.subarray(0, bytesRead))) break;
    }
    splitter.end();
  } finally {
    await handle.close();
  }
  return scan.result();
}
