import { describe, expect, it } from 'vitest';
import {
  inRange,
  ingestLine,
  ingestSummary,
  sessionNumberOf,
  transcriptNumber,
} from '../../../src/metrics/ingest-report.js';

describe('ingest report', () => {
  it('a session number from the names the bash loop, the harness and blacksmith give transcripts', () => {
    expect(sessionNumberOf('claude-iteration-42.jsonl')).toBe(42);
    expect(sessionNumberOf('claude-iteration-7.jsonl.zst')).toBe(7);
    expect(sessionNumberOf('12.jsonl.gz')).toBe(12);
    expect(sessionNumberOf('notes.jsonl')).toBeNull();
    expect(transcriptNumber('claude-iteration-3.jsonl', 'claude-iteration')).toBe(3);
    expect(transcriptNumber('3.jsonl.zst', 'claude-iteration')).toBe(3);
    expect(transcriptNumber('other-3.jsonl', 'claude-iteration')).toBeNull();
    expect(transcriptNumber('claude-iteration-3.jsonl.bak', 'claude-iteration')).toBeNull();
    expect([inRange(2, 2, 4), inRange(5, 2, 4), inRange(1, undefined, 4), inRange(9, 2, undefined)]).toEqual([
      true,
      false,
      true,
      true,
    ]);
  });

  it('one line per file, the key facts of a recorded one', () => {
    const facts = {
      global: 3,
      format: 'claude',
      outcome: 'productive',
      turns: 1,
      tool_calls: 12,
      input_tokens: 10_000,
      output_tokens: 2_345,
      cost_usd: 0.5,
      committed: true,
    };
    expect(ingestLine({ file: 'a.jsonl', kind: 'recorded', facts })).toBe(
      'recorded a.jsonl: session 3, claude, productive, 1 turn, 12 tool calls, 12.3k tokens, $0.50, committed',
    );
    expect(
      ingestLine({
        file: 'b.jsonl',
        kind: 'recorded',
        facts: {
          ...facts,
          global: null,
          cost_usd: null,
          input_tokens: null,
          output_tokens: null,
          committed: false,
        },
      }),
    ).toBe('recorded b.jsonl: claude, productive, 1 turn, 12 tool calls, no commit');
    expect(ingestLine({ file: 'c.jsonl', kind: 'already' })).toBe('already recorded c.jsonl');
    expect(ingestLine({ file: 'd.jsonl', kind: 'skipped' })).toBe(
      'skipped d.jsonl: 0 bytes, nothing to record',
    );
    expect(ingestLine({ file: 'e.jsonl', kind: 'error', message: 'no such file' })).toBe(
      'error e.jsonl: no such file',
    );
    expect(
      ingestSummary([
        { file: 'a', kind: 'already' },
        { file: 'b', kind: 'error', message: 'x' },
      ]),
    ).toBe('2 files: 0 recorded, 1 already recorded, 0 skipped (0 bytes), 1 error');
  });
});
