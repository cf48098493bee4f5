// Follows the newest complete line of a growing file that contains a marker, reading each appended byte once
// and searching raw bytes (no decoding): an announcement is never missed, however much output follows it
// between two looks, and a transcript of gigabytes costs no more than its growth.
import { readSync } from 'node:fs';

const CHUNK_BYTES = 1024 * 1024;
/** Lines longer than this are not announcements: searched through, never read whole. */
const MAX_LINE_BYTES = 1024 * 1024;
const NEWLINE = 0x0a;

export class MarkedLineFollower {
  private readonly marker: Buffer;
  /** Everything before this offset has been searched; it always sits just after a newline (or at 0). */
  private searched = 0;
  /** One buffer for every chunk searched: a transcript of gigabytes must not churn the heap a MiB at a time. */
  private readonly scratch = Buffer.allocUnsafe(CHUNK_BYTES);

  constructor(
    private readonly fd: number,
    marker: string,
  ) {
    this.marker = Buffer.from(marker, 'utf8');
  }

  /** The newest complete line containing the marker among the bytes appended since the last call, or null. */
  update(size: number): string | null {
    const end = this.lastNewlineBefore(size);
    if (end <= this.searched) return null;
    let hit = -1;
    const overlap = this.marker.length - 1;
    for (let from = this.searched; from < end; from += CHUNK_BYTES - overlap) {
      const chunk = this.readScratch(from, Math.min(CHUNK_BYTES, end - from));
      const at = chunk.lastIndexOf(this.marker);
      if (at >= 0) hit = from + at;
      if (from + chunk.length >= end) break;
    }
    const start = this.searched;
    this.searched = end;
    return hit < 0 ? null : this.lineAround(hit, start, end);
  }

  /** Offset just after the last newline before `size` within the unsearched region, or `searched` if none. */
  private lastNewlineBefore(size: number): number {
    for (let to = size; to > this.searched;) {
      const from = Math.max(this.searched, to - CHUNK_BYTES);
      const at = this.readScratch(from, to - from).lastIndexOf(NEWLINE);
      if (at >= 0) return from + at + 1;
      to = from;
    }
    return this.searched;
  }

  private lineAround(hit: number, floor: number, end: number): string | null {
    const back = Math.max(floor, hit - MAX_LINE_BYTES);
    const before = this.read(back, hit - back);
    const newline = before.lastIndexOf(NEWLINE);
    if (newline < 0 && back > floor) return null;
    const lineStart = newline < 0 ? back : back + newline + 1;
    const after = this.read(hit, Math.min(end - hit, MAX_LINE_BYTES));
    const lineEnd = after.indexOf(NEWLINE);
    if (lineEnd < 0) return null;
    return this.read(lineStart, hit + lineEnd - lineStart).toString('utf8');
  }

  /** Reads into the shared scratch buffer: the view is valid until the next read. */
  private readScratch(position: number, length: number): Buffer {
    return this.fill(this.scratch.subarray(0, length), position);
  }

  private read(position: number, length: number): Buffer {
    return this.fill(Buffer.allocUnsafe(length), position);
  }

  private fill(buffer: Buffer, position: number): Buffer {
    const length = buffer.length;
    let filled = 0;
    while (filled < length) {
      const read = readSync(this.fd, buffer, filled, length - filled, position + filled);
      if (read <= 0) break;
      filled += read;
    }
    return buffer.subarray(0, filled);
  }
}
