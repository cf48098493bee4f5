// What the supervisor learns from a task's actions.jsonl without reading it twice: only the bytes appended since
// its last look are read (a torn last line waits for its end), and each new line tells it the iteration's last
// tool, its tokens, and whether the iteration wrote a file (the cue for a done_when check).
import { closeSync, fstatSync, openSync, readSync } from 'node:fs';
import { constants } from 'node:fs';
import type { ActionLine } from '../task-files.js';

export interface TailNews {
  /** Iterations logged since the last look. */
  lines: number;
  /** One of them wrote a file (a successful write_file or create_file). */
  wroteFiles: boolean;
  /** The last action's tool of the last new line with actions. */
  lastTool: string | null;
  /** Tokens (input + output) the new lines report. */
  tokens: number;
}

const WRITE_TOOLS = new Set(['write_file', 'create_file']);
const CHUNK = 64 * 1024;

/** Pure: what the parsed lines say. */
export function newsOf(lines: readonly Partial<ActionLine>[]): TailNews {
  const news: TailNews = { lines: 0, wroteFiles: false, lastTool: null, tokens: 0 };
  for (const line of lines) {
    news.lines++;
    const results = Array.isArray(line.results) ? line.results : [];
    if (results.some((r) => WRITE_TOOLS.has(r.tool) && r.ok)) news.wroteFiles = true;
    const last = results.at(-1);
    if (last !== undefined) news.lastTool = last.tool;
    news.tokens += (line.usage?.input_tokens ?? 0) + (line.usage?.output_tokens ?? 0);
  }
  return news;
}

export class ActionTail {
  private offset = 0;
  private partial = '';

  constructor(private readonly path: string) {}

  /** The lines appended since the last call (a regular file only; anything else reads as nothing new). */
  read(): TailNews {
    const parsed: Partial<ActionLine>[] = [];
    let fd: number;
    try {
      fd = openSync(this.path, constants.O_RDONLY | constants.O_NONBLOCK);
    } catch {
      return newsOf(parsed);
    }
    try {
      const info = fstatSync(fd);
      if (!info.isFile()) return newsOf(parsed);
      // Replaced or cut (not the worker's way, but never read past the end): start again.
      if (info.size < this.offset) {
        this.offset = 0;
        this.partial = '';
      }
      const buffer = Buffer.alloc(CHUNK);
      const decoder = new TextDecoder();
      let text = this.partial;
      for (;;) {
        const n = readSync(fd, buffer, 0, CHUNK, this.offset);
        if (n <= 0) break;
        this.offset += n;
        text += decoder.decode(buffer.subarray(0, n), { stream: true });
      }
      const cut = text.lastIndexOf('\n');
      this.partial = text.slice(cut + 1);
      for (const raw of text.slice(0, cut + 1).split('\n')) {
        if (raw.trim() === '') continue;
        try {
          const value = JSON.parse(raw) as Partial<ActionLine> | null;
          if (value !== null && typeof value === 'object') parsed.push(value);
        } catch {
          // a torn line left by a killed worker: skipped, as the worker skips it
        }
      }
    } finally {
      closeSync(fd);
    }
    return newsOf(parsed);
  }
}
