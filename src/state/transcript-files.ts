// The transcripts in the output directory, plain and compressed: `<prefix>-<n>.jsonl`, `.jsonl.gz`, `.jsonl.zst`.
import { readdir, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { COMPRESSED_SUFFIX, compressionOf, type Compression } from './compress-file.js';

export interface TranscriptFile {
  path: string;
  /** The file's name without a compression suffix: `claude-iteration-7.jsonl`. */
  name: string;
  global: number;
  mtimeMs: number;
  bytes: number;
  compression: Compression | null;
}

const escape = (text: string): string => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** `<prefix>-<n>.jsonl`, plain or compressed; the number is the first group. */
export const transcriptPattern = (prefix: string): RegExp =>
  new RegExp(`^${escape(prefix)}-(\\d+)\\.jsonl(?:\\.gz|\\.zst)?$`);

export async function transcriptFiles(outputDir: string, prefix: string): Promise<TranscriptFile[]> {
  const pattern = transcriptPattern(prefix);
  let names: string[];
  try {
    names = await readdir(outputDir);
  } catch {
    return [];
  }
  const files: TranscriptFile[] = [];
  for (const entry of names) {
    const match = pattern.exec(entry);
    if (!match) continue;
    const path = join(outputDir, entry);
    const info = await stat(path).catch(() => null);
    if (info === null || !info.isFile()) continue;
    const compression = compressionOf(entry);
    files.push({
      path,
      name: compression === null ? entry : entry.slice(0, -COMPRESSED_SUFFIX[compression].length),
      global: Number(match[1]),
      mtimeMs: info.mtimeMs,
      bytes: info.size,
      compression,
    });
  }
  return files.sort((a, b) => a.global - b.global);
}
