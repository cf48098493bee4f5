// Where the numbering resumes, on real files: the bash loop's counter (the next number), transcripts on disk,
// and the event log the Action carries between runs without the transcripts.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { highestLoggedSession, nextNumber, resumeNumbering } from '../../../src/loop/numbering.js';

function dir(files: Record<string, string> = {}) {
  const d = mkdtempSync(join(tmpdir(), 'ah-numbering-'));
  for (const [name, text] of Object.entries(files)) writeFileSync(join(d, name), text);
  const paths = { counter: join(d, '.iteration_counter'), outputDir: d, eventLog: join(d, 'events.jsonl') };
  return { d, resume: () => resumeNumbering(paths, 'claude-iteration') };
}
const session = (global: number) => `${JSON.stringify({ event: 'session_complete', global })}\n`;

describe('resuming the numbering', () => {
  it('a fresh directory starts at 0', async () => {
    expect(await dir().resume()).toEqual({ recorded: 0, next: 0 });
  });

  it('the counter is the next number: a directory the bash loop left at 348 goes on with 348', async () => {
    const { resume } = dir({ '.iteration_counter': '348\n', 'claude-iteration-347.jsonl': 'x' });
    expect(await resume()).toEqual({ recorded: 348, next: 348 });
  });

  it('transcript -0 alone is a used number: the next is 1', async () => {
    expect((await dir({ 'claude-iteration-0.jsonl': '' }).resume()).next).toBe(1);
  });

  it('a crash after creating transcript n, before the counter said n+1, never reuses n', async () => {
    const { resume } = dir({ '.iteration_counter': '5\n', 'claude-iteration-5.jsonl': '' });
    expect(await resume()).toEqual({ recorded: 5, next: 6 });
  });

  it('a directory an earlier harness left (counter = the last number used) goes on after it', async () => {
    const { resume } = dir({
      '.iteration_counter': '3\n',
      'claude-iteration-1.jsonl': 'a',
      'claude-iteration-2.jsonl': 'b',
      'claude-iteration-3.jsonl': 'c',
    });
    expect(await resume()).toEqual({ recorded: 3, next: 4 });
  });

  it("the Action's cache from an earlier version (counter and event log, no transcripts) goes on after it", async () => {
    const torn = '{"event":"session_complete","glo';
    const { resume } = dir({
      '.iteration_counter': '3\n',
      'events.jsonl': `${session(2)}${session(3)}${torn}\n{"event":"loop_end","global":9}\n`,
    });
    expect(await resume()).toEqual({ recorded: 3, next: 4 });
  });

  it('reads only session numbers from the event log, and nothing from a missing one', async () => {
    const { d } = dir({ 'events.jsonl': `${session(7)}{"event":"loop_start","global":40}\nnot json\n` });
    expect(await highestLoggedSession(join(d, 'events.jsonl'))).toBe(7);
    expect(await highestLoggedSession(join(d, 'missing.jsonl'))).toBeNull();
    expect(await highestLoggedSession(null)).toBeNull();
  });

  it('finds a session beyond the tail it reads first, and reads nothing from a device', async () => {
    const filler = `${JSON.stringify({ event: 'rate_limited', pad: 'x'.repeat(200) })}\n`.repeat(8000);
    const { d } = dir({ 'events.jsonl': `${session(41)}${filler}` });
    expect(await highestLoggedSession(join(d, 'events.jsonl'))).toBe(41);
    // /dev/full reads as endless zeros: read as a log it would never end.
    expect(await highestLoggedSession('/dev/full')).toBeNull();
  });

  it('nextNumber: the counter unless a used number reaches it', () => {
    expect(nextNumber(0, null)).toBe(0);
    expect(nextNumber(10, 3)).toBe(10);
    expect(nextNumber(10, 10)).toBe(11);
  });
});
