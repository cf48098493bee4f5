// The follower reads the transcript while it is written (transcript-follow.ts): whatever the writes' sizes and
// whenever it is woken, its facts are those of one pass over the finished file, and a file left shorter than
// what it read (truncated by the agent) gives null, for the loop to read the file again.
import { appendFileSync, mkdtempSync, readFileSync, truncateSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { adapterFor } from '../../../src/agents/index.js';
import { compilePattern } from '../../../src/config/regex.js';
import { configSchema } from '../../../src/config/schema.js';
import { followTranscript } from '../../../src/loop/transcript-follow.js';
import { scanTranscript, type ScanOptions } from '../../../src/loop/transcript-scan.js';
import { sha256File } from '../../../src/os/file-hash.js';

const FIXTURES = join(import.meta.dirname, '../../fixtures/transcripts');
const dir = mkdtempSync(join(tmpdir(), 'ah-follow-'));
const claude = adapterFor('claude');
const options: ScanOptions = {
  patterns: configSchema.parse({}).commit_detection.patterns.map((p) => compilePattern(p)),
  agentText: claude.agentText,
  toolCalls: claude.toolCalls,
  turnShape: claude.turnShape,
  lineMarkers: claude.lineMarkers ?? null,
};

describe('followTranscript', () => {
  it('gives the facts of one pass over the finished file, the bytes written in pieces while it reads', async () => {
    const bytes = Buffer.concat(
      ['real-claude-success.jsonl', 'claude-success-tools.jsonl', 'claude-usage-limit-new.jsonl'].map((f) =>
        readFileSync(join(FIXTURES, f)),
      ),
    );
    const path = join(dir, 'claude-iteration-0.jsonl');
    writeFileSync(path, '');
    const follower = followTranscript(path, options);
    // Pieces that cut lines anywhere; the follower woken after some, its reads interleaved with the writes.
    for (let at = 0, i = 0; at < bytes.length; i++) {
      const size = 1 + ((i * 7919) % 3001);
      appendFileSync(path, bytes.subarray(at, at + size));
      at += size;
      if (i % 3 === 0) follower.wake();
      if (i % 5 === 0) await new Promise<void>((resolve) => setImmediate(resolve));
    }
    const facts = await follower.finish();
    const { lines: _l, ...again } = await scanTranscript(path, options);
    expect(facts).not.toBeNull();
    const { lines: _f, ...followed } = facts ?? { lines: 0 };
    expect(followed).toEqual(again);
    expect(again.toolCalls).toBeGreaterThan(0);
    expect(again.turns?.turns).toBeGreaterThan(0);
    expect(await sha256File(path)).toBe(again.sha256);
  });

  it('gives null when the file ends shorter than what it read', async () => {
    const cut = join(dir, 'claude-iteration-1.jsonl');
    const bytes = readFileSync(join(FIXTURES, 'claude-success-tools.jsonl'));
    writeFileSync(cut, bytes);
    const follower = followTranscript(cut, options);
    // Truncated once the follower has read it all (it reads on its own from the start).
    while (follower.position < bytes.length) await new Promise<void>((resolve) => setImmediate(resolve));
    truncateSync(cut, 10);
    expect(await follower.finish()).toBeNull();
  });

  it('gives null for a file that cannot be opened', async () => {
    expect(await followTranscript(join(dir, 'missing.jsonl'), options).finish()).toBeNull();
  });
});
