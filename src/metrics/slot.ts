// How a transcript is named in the history: its basename without .gz/.zst (a compressed transcript is the same
// transcript), and a session's slot, its number and its transcript's path, which two sessions never share.
import { basename, dirname, join } from 'node:path';
import { COMPRESSED_SUFFIX, compressionOf } from '../state/index.js';

/** The basename a transcript is known by: without `.gz` / `.zst`. Pure. */
export const transcriptName = (path: string): string => {
  const name = basename(path);
  const compression = compressionOf(name);
  return compression === null ? name : name.slice(0, -COMPRESSED_SUFFIX[compression].length);
};

/** A session's number and its transcript's path without .gz/.zst. Pure. */
export const transcriptSlot = (global: number, path: string): string =>
  `${global} ${join(dirname(path), transcriptName(path))}`;
