// harness-progress.txt, the task protocol's append-only log: one grep-able line per entry,
//   [ISO-timestamp] [SESSION-N] <TYPE> [task-id]? [category]? message
// Never truncated: every entry is one appendFile (O_APPEND, one write), so a crash leaves whole lines. `tail`
// reads backwards from the end in blocks, so a session start costs the same however long the log has grown.
import { appendFile } from 'node:fs/promises';
import { APPEND_FLAGS, openInputFile } from '../os/input-file.js';
import { isoSeconds } from '../state/index.js';
import { namingFile } from '../state/index.js';
import type { ErrorCategory } from './schema.js';

export const PROGRESS_TYPES = [
  'INIT',
  'Starting',
  'Completed',
  'ERROR',
  'CHECKPOINT',
  'ROLLBACK',
  'RECOVERY',
  'STATS',
  'LOCK',
  'WARN',
] as const;

export type ProgressType = (typeof PROGRESS_TYPES)[number];

export interface ProgressEntry {
  /** ISO timestamp; milliseconds are dropped. */
  ts: string;
  session: number;
  type: ProgressType;
  taskId?: string;
  category?: ErrorCategory;
  message: string;
}

const oneLine = (text: string): string => text.replace(/\r\n|[\r\n\u2028\u2029]/g, ' ');

/** `[2025-07-01T10:00:00Z] [SESSION-1] ERROR [task-002] [TASK_EXEC] Redis connection refused` */
export function formatProgressLine(entry: ProgressEntry): string {
  const parts = [`[${entry.ts.replace(/\.\d+Z$/, 'Z')}]`, `[SESSION-${entry.session}]`, entry.type];
  if (entry.taskId !== undefined && entry.taskId !== '') parts.push(`[${entry.taskId}]`);
  if (entry.category !== undefined) parts.push(`[${entry.category}]`);
  if (entry.message !== '') parts.push(entry.message);
  return oneLine(parts.join(' '));
}

export class ProgressLog {
  constructor(
    readonly path: string,
    private readonly now: () => number = Date.now,
  ) {}

  /** Appends one line; `ts` defaults to now. */
  async append(entry: Omit<ProgressEntry, 'ts'> & { ts?: string }): Promise<void> {
    const line = formatProgressLine({ ...entry, ts: entry.ts ?? isoSeconds(this.now()) });
    await namingFile(this.path, () => appendFile(this.path, `${line}\n`, { flag: APPEND_FLAGS }));
  }

  /** The last `n` lines (without newlines), oldest first; [] when the log does not exist. */
  async tail(n: number, blockSize = 64 * 1024): Promise<string[]> {
    if (n <= 0) return [];
    let handle;
    try {
      // A FIFO, a device or a directory at its name is refused (InputFileError), never waited on.
      handle = await openInputFile(this.path, { what: 'progress log', maxBytes: Infinity });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
      throw error;
    }
    try {
      const { size } = await handle.stat();
      const blocks: Buffer[] = [];
      let position = size;
      let newlines = 0;
      // n lines need n+1 newlines before them (the last line ends with one), or the start of the file.
      while (position > 0 && newlines <= n) {
        const length = Math.min(blockSize, position);
        position -= length;
        const block = Buffer.alloc(length);
        let read = 0;
        while (read < length) {
          const { bytesRead } = await handle.read(block, read, length - read, position + read);
          if (bytesRead === 0) break;
          read += bytesRead;
        }
        blocks.unshift(block.subarray(0, read));
        for (let i = 0; i < read; i++) if (block[i] === 0x0a) newlines++;
      }
      // Decoded after joining, so a multi-byte character split across blocks stays whole. A partial first
      // line (when we stopped before the start of the file) is dropped below.
      const lines = Buffer.concat(blocks).toString('utf8').split('\n');
      if (lines.at(-1) === '') lines.pop();
      if (position > 0) lines.shift();
      return lines.slice(-n).map((line) => line.replace(/\r$/, ''));
    } finally {
      await handle.close();
    }
  }
}

/** Seven characters, as `git log --oneline` shows them. */
export const shortHash = (hash: string): string => hash.trim().slice(0, 7);

const quoted = (text: string): string => JSON.stringify(oneLine(text));

/** `Implement user authentication (base=def5678)` */
export function startingMessage(task: { title: string }, base: string): string {
  return `${task.title} (base=${shortHash(base)})`;
}

/** `(commit abc1234)` */
export function completedMessage(hash: string): string {
  return `(commit ${shortHash(hash)})`;
}

/** `step=2/4 "auth routes created, tests pending"` */
export function checkpointMessage(step: number, total: number, description: string): string {
  return `step=${step}/${total} ${quoted(description)}`;
}

/** `git reset --hard abc1234` */
export function rollbackMessage(hash: string): string {
  return `git reset --hard ${shortHash(hash)}`;
}

/** `action="..." reason="..."` */
export function recoveryMessage(action: string, reason: string): string {
  return `action=${quoted(action)} reason=${quoted(reason)}`;
}

/** `acquired (pid=12345)` */
export function lockAcquired(pid: number): string {
  return `acquired (pid=${pid})`;
}

/** `released` */
export function lockReleased(): string {
  return 'released';
}
