// Whole lines out of a stream of byte chunks, for a LineScan (line-scan.ts). A chunk's whole lines are decoded at
// once (a multi-byte character never straddles a newline); only the line that runs on past a chunk is copied, at
// most MAX_LINE_BYTES of it: a longer line is cut to its first MAX_LINE_BYTES (the rest is skipped, never
// buffered), so memory stays flat whatever the transcript's size.
import type { LineScan } from './line-scan.js';

export const MAX_LINE_BYTES = 8 * 1024 * 1024;
const NEWLINE = 0x0a;

export interface LineSplitter {
  /** The next bytes (may be reused by the caller afterwards). Returns false once the scan wants no more lines. */
  push(view: Buffer): boolean;
  /** The end of the bytes: a last line without a newline is handed out. */
  end(): void;
}

/**
 * `skipUnmarked`: hand out a chunk's whole lines only when the scan's markers find one (see LineScan.markers):
 * a chunk with no marked line is skipped unsplit. A line that runs on past a chunk is always handed out.
 * The scan's `lines` then counts the lines handed out, not every line.
 */
export function lineSplitter(
  scan: LineScan,
  maxLineBytes = MAX_LINE_BYTES,
  skipUnmarked = false,
): LineSplitter {
  // The line that runs on past the current chunk: copies of its pieces, at most maxLineBytes in all.
  let pending: Buffer[] = [];
  let pendingBytes = 0;
  let cut = false;
  let open = scan.wanted();
  const keep = (bytes: Buffer): void => {
    const room = maxLineBytes - pendingBytes;
    if (bytes.length > room) cut = true;
    const kept = bytes.length > room ? bytes.subarray(0, room) : bytes;
    if (kept.length === 0) return;
    pending.push(Buffer.from(kept));
    pendingBytes += kept.length;
  };
  const flushPending = (): boolean => {
    const line = Buffer.concat(pending, pendingBytes).toString('utf8');
    const wasCut = cut;
    pending = [];
    pendingBytes = 0;
    cut = false;
    return scan.line(line, true, wasCut);
  };
  return {
    push(view) {
      if (!open) return false;
      const last = view.lastIndexOf(NEWLINE);
      if (last === -1) {
        keep(view);
        return true;
      }
      let start = 0;
      if (pendingBytes > 0 || cut) {
        const first = view.indexOf(NEWLINE);
        keep(view.subarray(0, first));
        if (!flushPending()) return (open = false);
        start = first + 1;
      }
      if (start <= last) {
        const text = view.toString('utf8', start, last);
        if (!(skipUnmarked ? markedLines(scan, text) : everyLine(scan, text))) return (open = false);
      }
      keep(view.subarray(last + 1));
      return true;
    },
    end() {
      if (open && (pendingBytes > 0 || cut)) flushPending();
      open = false;
    },
  };
}

/** Every line of a chunk's whole lines, in order. Returns false once the scan wants no more. */
function everyLine(scan: LineScan, text: string): boolean {
  const mayMatch = scan.block(text);
  let from = 0;
  for (;;) {
    const end = text.indexOf('\n', from);
    if (!scan.line(end === -1 ? text.slice(from) : text.slice(from, end), mayMatch, false)) return false;
    if (end === -1) return true;
    from = end + 1;
  }
}

/**
 * A chunk's whole lines when one of them holds a match of the scan's markers; none when none does (the chunk is
 * searched once, and skipped unsplit). Handing out every line of a chunk with a match costs less than finding
 * each marked line by regex when marked lines are dense (a tool-heavy transcript), and the same when sparse.
 * Returns false once the scan wants no more.
 */
function markedLines(scan: LineScan, text: string): boolean {
  const markers = scan.markers?.() ?? null;
  if (markers !== null && !markers.test(text)) return true;
  return everyLine(scan, text);
}
