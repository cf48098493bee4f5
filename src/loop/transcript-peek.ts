// Reading the transcript while the agent writes it, through the session's own descriptor: a peek at its tail (has
// the agent printed its final result?) and the new bytes for the verbose echo.
import { readSync } from 'node:fs';

const TAIL_PEEK_BYTES = 64 * 1024;

/** The transcript's last 64 KiB at `size`: enough to see whether it ends with a final result. */
export function peekTail(fd: number, size: number): string {
  const length = Math.min(size, TAIL_PEEK_BYTES);
  const buffer = Buffer.allocUnsafe(length);
  const read = readSync(fd, buffer, 0, length, size - length);
  return buffer.subarray(0, read).toString('utf8');
}

/** Passes the transcript's bytes `from`..`to` to `echo` (verbose mode); returns how far it got. */
export function echoAgentOutput(
  echo: ((chunk: string) => void) | undefined,
  fd: number,
  from: number,
  to: number,
): number {
  if (!echo || to <= from) return to;
  const buffer = Buffer.allocUnsafe(Math.min(to - from, 1024 * 1024));
  let position = from;
  while (position < to) {
    const read = readSync(fd, buffer, 0, Math.min(buffer.length, to - position), position);
    if (read <= 0) break;
    echo(buffer.subarray(0, read).toString('utf8'));
    position += read;
  }
  return position;
}
