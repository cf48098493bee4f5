// extractTranscript and detectFormat (issue 11): real transcripts, plain and compressed, read in one pass.
import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync, zstdCompressSync } from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import { compilePattern } from '../../../src/config/regex.js';
import { configSchema } from '../../../src/config/schema.js';
import { MAX_LINE_BYTES } from '../../../src/loop/line-splitter.js';
import { detectFormat, extractTranscript, type ExtractOptions } from '../../../src/metrics/extract.js';
import { CORPUS_DIR } from '../agents/corpus-cases.js';

const dir = mkdtempSync(join(tmpdir(), 'ah-extract-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const defaults = configSchema.parse({});
const options: ExtractOptions = {
  commitPatterns: defaults.commit_detection.patterns.map((p) => compilePattern(p)),
  minOutputBytes: defaults.watchdog.min_output_bytes,
  rateLimitPatterns: [],
  nowMs: Date.parse('2026-11-24T00:00:00Z'),
};
const corpus = (name: string): Buffer => readFileSync(`${CORPUS_DIR}${name}.jsonl`);
const sha256 = (bytes: Buffer): string => createHash('sha256').update(bytes).digest('hex');
let files = 0;
function file(bytes: Buffer | string, ext = '.jsonl'): string {
  const path = join(dir, `t-${files++}${ext}`);
  writeFileSync(path, bytes);
  return path;
}

describe('extractTranscript', () => {
  it('reads the same facts from a plain, a gzip and a zstd copy of a real transcript', async () => {
    const bytes = corpus('real-claude-parallel-narration');
    const plain = await extractTranscript(file(bytes), options);
    expect(plain).toEqual({
      sha256: sha256(bytes),
      bytes: bytes.length,
      lines: bytes
        .toString('utf8')
        .split('\n')
        .filter((l) => l !== '').length,
      format: 'claude',
      model: 'claude-sonnet-4-5',
      // The CLI's num_turns (the Stop hook's continuation counts); 5 answers by message id.
      turns: 6,
      narration_turns: 2,
      parallel_turns: 1,
      tool_calls: 4,
      input_tokens: 20274,
      output_tokens: 175,
      cache_read_tokens: 1500,
      cache_write_tokens: 200,
      cost_usd: expect.any(Number) as number,
      agent_duration_ms: expect.any(Number) as number,
      outcome: 'productive',
      failure_kind: null,
      failure_reason: null,
      committed: true,
      commit_evidence: 'pattern',
      commit_pattern: expect.any(String) as string,
    });
    expect(await extractTranscript(file(gzipSync(bytes), '.jsonl.gz'), options)).toEqual(plain);
    expect(await extractTranscript(file(zstdCompressSync(bytes), '.jsonl.zst'), options)).toEqual(plain);
  });

  it('detects each format and decides outcomes as the loop does, failures and limits included', async () => {
    const cases: [string, Partial<Awaited<ReturnType<typeof extractTranscript>>>][] = [
      ['real-codex-success-shell', { format: 'codex', outcome: 'productive', turns: 2, tool_calls: 1 }],
      ['real-codex-usage-limit', { format: 'codex', outcome: 'rate_limited', narration_turns: null }],
      [
        'real-gemini-success-auto-router',
        { format: 'gemini', outcome: 'productive', model: 'gemini-3.8-flash', narration_turns: 1 },
      ],
      ['real-gemini-daily-quota', { format: 'gemini', outcome: 'rate_limited' }],
      [
        'real-claude-invalid-key-401',
        { format: 'claude', outcome: 'failed', failure_kind: 'fatal', failure_reason: 'authentication' },
      ],
      ['real-claude-usage-limit-weekly', { format: 'claude', outcome: 'rate_limited', committed: false }],
    ];
    for (const [name, expected] of cases) {
      const facts = await extractTranscript(file(corpus(name)), options);
      expect(facts, name).toMatchObject(expected);
    }
  });

  it('has no identity for an empty file, which is empty', async () => {
    expect(await extractTranscript(file(''), options)).toMatchObject({
      sha256: null,
      bytes: 0,
      lines: 0,
      format: 'text',
      outcome: 'empty',
    });
    expect(
      await extractTranscript(file(gzipSync(''), '.jsonl.gz'), { ...options, format: 'claude' }),
    ).toMatchObject({
      sha256: null,
      outcome: 'empty',
    });
  });

  it('reads past a line longer than the longest line kept, and a huge last line, with the right facts', async () => {
    const huge = 'x'.repeat(MAX_LINE_BYTES + 1024 * 1024);
    const event = (e: unknown) => `${JSON.stringify(e)}\n`;
    const assistant = (id: string, content: unknown) =>
      event({
        type: 'assistant',
        message: { id, type: 'message', role: 'assistant', model: 'claude-x', content: [content] },
        parent_tool_use_id: null,
      });
    const text =
      event({ type: 'system', subtype: 'init', model: 'claude-x' }) +
      assistant('m1', { type: 'tool_use', id: 'a', name: 'Bash', input: { command: 'cat big' } }) +
      event({ type: 'user', message: { role: 'user', content: [{ type: 'tool_result', content: huge }] } }) +
      assistant('m2', { type: 'text', text: 'I committed the change.' }) +
      // A final result longer than the wide tail's first window, without a newline.
      JSON.stringify({
        type: 'result',
        subtype: 'success',
        is_error: false,
        num_turns: 2,
        result: 'y'.repeat(300 * 1024),
        usage: { input_tokens: 10, output_tokens: 5, cache_read_input_tokens: 7 },
      });
    const bytes = Buffer.from(text);
    const facts = await extractTranscript(file(bytes), options);
    expect(facts).toMatchObject({
      sha256: sha256(bytes),
      bytes: bytes.length,
      lines: 5,
      format: 'claude',
      turns: 2,
      narration_turns: 1,
      parallel_turns: 0,
      tool_calls: 1,
      cache_read_tokens: 7,
      outcome: 'productive',
      committed: true,
    });
    expect(await extractTranscript(file(gzipSync(bytes), '.jsonl.gz'), options)).toEqual(facts);
  });

  it('rejects a file that is not what its name says', async () => {
    await expect(extractTranscript(file('not gzip', '.jsonl.gz'), options)).rejects.toThrow();
    await expect(extractTranscript(join(dir, 'missing.jsonl'), options)).rejects.toThrow(/ENOENT/);
  });
});

describe('detectFormat', () => {
  it("names each format from a real transcript's first lines, past the notices the CLIs print first", () => {
    const head = (name: string) => corpus(name).subarray(0, 4096).toString('utf8');
    expect(detectFormat(head('real-claude-parallel-narration'))).toBe('claude');
    expect(detectFormat(head('real-claude-killed-while-retrying-429'))).toBe('claude');
    expect(detectFormat(head('real-codex-success-shell'))).toBe('codex');
    expect(detectFormat(head('real-codex-401'))).toBe('codex');
    expect(detectFormat(head('real-gemini-success-shell'))).toBe('gemini');
    expect(detectFormat(head('real-gemini-429'))).toBe('gemini');
    expect(detectFormat(head('text-5-hour-limit-short'))).toBe('text');
    expect(detectFormat('')).toBe('text');
  });

  it('tells the two result events apart and reads the type of a line cut short', () => {
    expect(detectFormat('{"duration_ms":1,"type":"result","subtype":"success","is_error":false}')).toBe(
      'claude',
    );
    expect(detectFormat('{"type":"result","status":"success","stats":{}}')).toBe('gemini');
    expect(detectFormat('{"type":"error","message":"x"}\n{"type":"turn.failed"}')).toBe('codex');
    expect(detectFormat('{"type":"assistant","message":{"content":"abc')).toBe('claude');
  });
});
