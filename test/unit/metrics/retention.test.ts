import { describe, expect, it } from 'vitest';
import { configSchema } from '../../../src/config/schema.js';
import { retentionPlan, type TranscriptFile } from '../../../src/metrics/retention.js';

const DAY = 24 * 60 * 60 * 1000;
const NOW = Date.UTC(2026, 10, 24);
const storage = (over: Record<string, unknown>) => configSchema.parse({ storage: over }).storage;
/** Transcript n, `ageDays` old, plain unless compressed. */
const file = (n: number, ageDays: number, compression: 'zstd' | 'gzip' | null = null): TranscriptFile => ({
  path: `/w/claude-iteration-${n}.jsonl${compression === 'zstd' ? '.zst' : compression === 'gzip' ? '.gz' : ''}`,
  name: `claude-iteration-${n}.jsonl`,
  global: n,
  mtimeMs: NOW - ageDays * DAY,
  bytes: 1000,
  compression,
});
const files = [file(0, 30), file(1, 20), file(2, 10), file(3, 2), file(4, 1)];
const allRecorded = (f: TranscriptFile) => `sha-${f.global}`;
const plan = (
  over: Record<string, unknown>,
  options: {
    recorded?: (f: TranscriptFile) => string | null;
    running?: string[];
    list?: TranscriptFile[];
  } = {},
) =>
  retentionPlan({
    files: options.list ?? files,
    storage: storage(over),
    nowMs: NOW,
    recorded: options.recorded ?? allRecorded,
    running: new Set(options.running ?? []),
    compression: 'zstd',
  });
const acted = (p: ReturnType<typeof plan>) => p.actions.map((a) => `${a.kind}:${a.file.global}`);

describe('retentionPlan', () => {
  it('does nothing with the defaults', () => {
    expect(plan({})).toEqual({ actions: [], unrecorded: [] });
  });

  it('keeps the newest keep_last as they are and compresses older recorded ones', () => {
    expect(acted(plan({ keep_last: 2 }))).toEqual(['compress:2', 'compress:1', 'compress:0']);
  });

  it('keeps transcripts younger than keep_days; either keep setting keeps a file', () => {
    expect(acted(plan({ keep_days: 15 }))).toEqual(['compress:1', 'compress:0']);
    expect(acted(plan({ keep_days: 15, keep_last: 4 }))).toEqual(['compress:0']);
  });

  it('never touches a transcript not recorded yet, and names it', () => {
    const p = plan({ keep_last: 1 }, { recorded: (f) => (f.global === 1 ? null : allRecorded(f)) });
    expect(acted(p)).toEqual(['compress:3', 'compress:2', 'compress:0']);
    expect(p.unrecorded.map((f) => f.global)).toEqual([1]);
  });

  it('never touches the transcript a session is writing', () => {
    expect(acted(plan({ keep_last: 1 }, { running: ['/w/claude-iteration-2.jsonl'] }))).toEqual([
      'compress:3',
      'compress:1',
      'compress:0',
    ]);
  });

  it('does not compress again what is compressed, and deletes only recorded files past delete_after_days', () => {
    const list = [file(0, 30, 'zstd'), file(1, 20, 'gzip'), file(2, 10), file(3, 1)];
    const p = plan(
      { keep_last: 1, delete_after_days: 15 },
      { list, recorded: (f) => (f.global === 0 ? null : allRecorded(f)) },
    );
    expect(acted(p)).toEqual(['compress:2', 'delete:1']);
    expect(p.unrecorded.map((f) => f.global)).toEqual([0]);
  });

  it('deletion keeps the newest keep_last even when they are old', () => {
    expect(acted(plan({ keep_last: 4, delete_after_days: 5 }))).toEqual(['delete:0']);
  });
});

describe('retentionPlan and empty transcripts', () => {
  it('never reports an empty transcript as unrecorded (nothing can record it), and deletes it when old enough', () => {
    const empty = { ...file(1, 40), bytes: 0 };
    const list = [file(0, 40), empty, file(2, 40)];
    const none = () => null;
    expect(plan({ keep_last: 1 }, { list, recorded: none }).unrecorded.map((f) => f.global)).toEqual([0]);
    expect(acted(plan({ keep_last: 1 }, { list, recorded: none }))).toEqual([]);
    expect(acted(plan({ keep_last: 1, delete_after_days: 30 }, { list, recorded: none }))).toEqual([
      'delete:1',
    ]);
  });
});
