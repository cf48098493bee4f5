// The one pass (transcript-scan.ts: transcriptPass, scanTranscript) against the reference: the line scan over
// every line, 64 KiB at a time, and a sha256 of the whole file, as the loop did before the pass. Every corpus and
// fixture transcript, under its own adapter's markers, fed to the pass whole and in random splits, must give the
// same tool calls, turn shape, commit pattern and hash.
import { createHash } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, writeFileSync, appendFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { adapterFor, type TranscriptFormat } from '../../../src/agents/index.js';
import { compilePattern } from '../../../src/config/regex.js';
import { configSchema } from '../../../src/config/schema.js';
import { createLineScan, type ScanOptions } from '../../../src/loop/line-scan.js';
import { lineSplitter } from '../../../src/loop/line-splitter.js';
import { scanTranscript, transcriptPass } from '../../../src/loop/transcript-scan.js';
import { sha256File } from '../../../src/os/file-hash.js';
import { corpusCases } from '../agents/corpus-cases.js';

const FIXTURES = join(import.meta.dirname, '../../fixtures/transcripts');
const defaults = configSchema.parse({}).commit_detection.patterns.map((p) => compilePattern(p));
// Patterns that match words of the corpus, one anchored (no raw test: every line is looked at).
const PATTERN_SETS: RegExp[][] = [
  defaults,
  [],
  [/rate limit/i, /\bcommit\b/],
  [/^Done/m, /file/],
  [/[a-z]+\.ts/, /\bread\b/i],
];

function options(format: TranscriptFormat, patterns: RegExp[], withMarkers = true): ScanOptions {
  const adapter = adapterFor(format);
  return {
    patterns,
    agentText: adapter.agentText,
    toolCalls: adapter.toolCalls,
    turnShape: adapter.turnShape,
    lineMarkers: withMarkers ? (adapter.lineMarkers ?? null) : null,
  };
}

/** The reference: every line handed to the line scan, 64 KiB chunks; the hash of the whole bytes. */
function reference(bytes: Buffer, opts: ScanOptions) {
  const scan = createLineScan({ ...opts, lineMarkers: null });
  const splitter = lineSplitter(scan);
  for (let at = 0; at < bytes.length; at += 65536)
    if (!splitter.push(bytes.subarray(at, Math.min(bytes.length, at + 65536)))) break;
  splitter.end();
  const { lines: _lines, ...facts } = scan.result();
  return { ...facts, sha256: createHash('sha256').update(bytes).digest('hex'), bytes: bytes.length };
}

/** A seeded generator (mulberry32): the splits are random but the same on every run. */
function random(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function pass(bytes: Buffer, opts: ScanOptions, next: () => number, maxChunk: number) {
  const p = transcriptPass(opts);
  for (let at = 0; at < bytes.length;) {
    const size = 1 + Math.floor(next() * maxChunk);
    // A copy, reused afterwards as the follower's and the file reader's buffers are.
    const chunk = Buffer.from(bytes.subarray(at, at + size));
    p.push(chunk);
    chunk.fill(0);
    at += size;
  }
  const { lines: _lines, ...facts } = p.end();
  return facts;
}

interface Transcript {
  name: string;
  format: TranscriptFormat;
  bytes: Buffer;
}

const FORMAT_OF: Record<string, TranscriptFormat> = {
  claude: 'claude',
  real: 'claude',
  codex: 'codex',
  gemini: 'gemini',
  'json-actions': 'json-actions',
};

function transcripts(): Transcript[] {
  const out: Transcript[] = corpusCases().map((c) => ({
    name: `corpus/${c.name}`,
    format: c.format,
    bytes: readFileSync(c.transcriptPath),
  }));
  for (const f of readdirSync(FIXTURES).filter((n) => n.endsWith('.jsonl'))) {
    const prefix = Object.keys(FORMAT_OF).find((p) => f.startsWith(`${p}-`));
    if (prefix !== undefined)
      out.push({
        name: f,
        format: FORMAT_OF[prefix] as TranscriptFormat,
        bytes: readFileSync(join(FIXTURES, f)),
      });
  }
  return out;
}

describe('transcriptPass: the same facts as the line scan over every line', () => {
  const all = transcripts();

  it('reads a corpus of every format', () => {
    const formats = new Set(all.map((t) => t.format));
    expect([...formats].sort()).toEqual(['claude', 'codex', 'gemini', 'json-actions', 'text']);
    expect(all.length).toBeGreaterThan(100);
  });

  it('gives every transcript the reference tool calls, turns, pattern and hash, whole and in random splits', () => {
    const next = random(24);
    let checked = 0;
    for (const t of all) {
      for (const [set, patterns] of PATTERN_SETS.entries()) {
        const opts = options(t.format, patterns);
        const want = reference(t.bytes, opts);
        const label = `${t.name} (${t.format}, patterns ${set})`;
        expect(pass(t.bytes, opts, next, t.bytes.length + 1), label).toEqual(want);
        for (const maxChunk of [7, 300, 8192])
          expect(pass(t.bytes, opts, next, maxChunk), `${label}, chunks <= ${maxChunk}`).toEqual(want);
        checked++;
      }
    }
    expect(checked).toBe(all.length * PATTERN_SETS.length);
  });

  it('skips unsplit the chunks where no line holds a marker', () => {
    // 2 MiB of narration without message ids (nothing to count), then one tool call.
    const narration = `${JSON.stringify({ type: 'assistant', message: { content: [{ type: 'text', text: 'lorem ipsum' }] } })}\n`;
    const tool = `${JSON.stringify({ type: 'assistant', message: { id: 'm1', content: [{ type: 'tool_use', id: 't1', name: 'Bash', input: {} }] } })}\n`;
    const bytes = Buffer.from(narration.repeat(Math.ceil((2 << 20) / narration.length)) + tool);
    const scanned = (withMarkers: boolean) => {
      const p = transcriptPass(options('claude', defaults, withMarkers));
      p.push(bytes);
      return p.end();
    };
    const every = scanned(false);
    const marked = scanned(true);
    expect(every.lines).toBe(bytes.toString('utf8').trimEnd().split('\n').length);
    expect(marked.lines).toBeLessThan(every.lines / 10);
    expect(marked.toolCalls).toBe(1);
    expect(marked.turns).toEqual(every.turns);
  });
});

describe('scanTranscript: one read of the file, the hash remembered for the history', () => {
  it('gives the hash sha256File gives, and sha256File reads the file again once it changed', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'ah-pass-'));
    const path = join(dir, 'claude-iteration-0.jsonl');
    const bytes = readFileSync(join(FIXTURES, 'claude-success-tools.jsonl'));
    writeFileSync(path, bytes);
    const facts = await scanTranscript(path, options('claude', defaults));
    expect(facts.sha256).toBe(createHash('sha256').update(bytes).digest('hex'));
    expect(facts.bytes).toBe(bytes.length);
    expect(await sha256File(path)).toBe(facts.sha256);
    appendFileSync(path, '{"type":"result"}\n');
    expect(await sha256File(path)).toBe(createHash('sha256').update(readFileSync(path)).digest('hex'));
  });
});
