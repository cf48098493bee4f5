// How much of a file system this process may still write: root may use the blocks reserved for it, so for root
// the free count is the one that matters, for anyone else the available one. One rule for the loop's full-disk
// check (loop/faults.ts) and the history's reserve (metrics/room.ts).
import type { StatsFsBase } from 'node:fs';

/** The blocks this process may still write on the file system `fs` describes. */
export function usableBlocks(fs: Pick<StatsFsBase<number>, 'bfree' | 'bavail'>): number {
  return process.getuid?.() === 0 ? fs.bfree : fs.bavail;
}
