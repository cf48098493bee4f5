// A finished transcript's facts in one streaming pass, for `metrics ingest` and `metrics rebuild`: the sha256 of its
// (decompressed) bytes, the adapter's per-line counts (tool calls, the turn shape) and the first commit pattern in
// what the agent did or said, through the loop's own line scan (loop/line-scan.ts), and the tail kept for the
// adapter's classify, whose verdict decides the outcome as the loop does (loop/policy.ts), with no exit code to go
// by. Plain `.jsonl`, `.jsonl.gz` and `.jsonl.zst` are read alike; memory stays flat whatever the size: chunks are
// hashed and split into lines as they arrive, only the last WIDE_TAIL_BYTES are held, and a line is kept whole up
// to MAX_LINE_BYTES only.
import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { pipeline } from 'node:stream/promises';
import { adapterFor, type TranscriptFormat } from '../agents/index.js';
import { decodeTail, TAIL_BYTES, WIDE_TAIL_BYTES } from '../agents/tail.js';
import { withTurnShape } from '../agents/types.js';
import { createLineScan, type LineScan } from '../loop/line-scan.js';
import { lineSplitter, type LineSplitter } from '../loop/line-splitter.js';
import { classifyOutcome } from '../loop/policy.js';
import { compressionOf, decompressorFor } from '../state/compress-file.js';
import { detectFormat } from './detect-format.js';

export { detectFormat } from './detect-format.js';

export type ExtractedOutcome = 'productive' | 'empty' | 'rate_limited' | 'failed';

export interface TranscriptFacts {
  /** Of the decompressed bytes; null for 0 bytes (no identity). */
  sha256: string | null;
  /** Decompressed size. */
  bytes: number;
  /** Lines, a last one without a newline included. */
  lines: number;
  format: TranscriptFormat;
  model: string | null;
  turns: number | null;
  narration_turns: number | null;
  parallel_turns: number | null;
  tool_calls: number | null;
  input_tokens: number | null;
  output_tokens: number | null;
  cache_read_tokens: number | null;
  cache_write_tokens: number | null;
  cost_usd: number | null;
  agent_duration_ms: number | null;
  outcome: ExtractedOutcome;
  failure_kind: string | null;
  failure_reason: string | null;
  committed: boolean;
  commit_evidence: 'pattern' | null;
  commit_pattern: string | null;
}

export interface ExtractOptions {
  /** Detected from the content when absent. */
  format?: TranscriptFormat;
  commitPatterns: readonly RegExp[];
  minOutputBytes: number;
  rateLimitPatterns: RegExp[];
  nowMs: number;
}

/** Bytes read before the format is detected from them (when no format is given). */
const DETECT_BYTES = 64 * 1024;
const READ_CHUNK = 1024 * 1024;
const INFLATE_CHUNK = 256 * 1024;

/** Every decompressed chunk of the file, in order, to `consume`; a read or decompression error rejects. */
async function readDecompressed(
  path: string,
  consume: (input: AsyncIterable<Buffer>) => Promise<void>,
): Promise<void> {
  const source = createReadStream(path, { highWaterMark: READ_CHUNK });
  if (compressionOf(path) === null) return pipeline(source, consume);
  return pipeline(source, decompressorFor(path, { chunkSize: INFLATE_CHUNK }), consume);
}

/** The newest chunks, at least `limit` bytes of them when there are that many (references, not copies). */
class TailWindow {
  private chunks: Buffer[] = [];
  private bytes = 0;
  constructor(private readonly limit: number) {}
  push(chunk: Buffer): void {
    this.chunks.push(chunk);
    this.bytes += chunk.length;
    while (this.chunks.length > 1 && this.bytes - (this.chunks[0]?.length ?? 0) >= this.limit) {
      this.bytes -= this.chunks.shift()?.length ?? 0;
    }
  }
  /** The last `n` bytes held. */
  last(n: number): Buffer {
    const all = Buffer.concat(this.chunks, this.bytes);
    return all.length > n ? all.subarray(all.length - n) : all;
  }
}

/** The lines in `chunk`: its newlines (a last line without one is counted at the end). */
function newlines(chunk: Buffer): number {
  let count = 0;
  for (let at = chunk.indexOf(NEWLINE); at !== -1; at = chunk.indexOf(NEWLINE, at + 1)) count++;
  return count;
}

const NEWLINE = 0x0a;

interface Reading {
  format: TranscriptFormat | null;
  /** The loop's scan, and the splitter feeding it, once the format is known. */
  scan: LineScan | null;
  splitter: LineSplitter | null;
  /** The first bytes, held until the format is detected from them. */
  head: Buffer[];
  headBytes: number;
}

function startScan(reading: Reading, format: TranscriptFormat, options: ExtractOptions): LineSplitter {
  const adapter = adapterFor(format);
  const scan = createLineScan({
    patterns: options.commitPatterns,
    agentText: adapter.agentText,
    toolCalls: adapter.toolCalls,
    turnShape: adapter.turnShape,
    lineMarkers: adapter.lineMarkers ?? null,
  });
  // As the loop's one pass does it (loop/transcript-scan.ts): chunks without a marker are skipped unsplit.
  const splitter = lineSplitter(scan, undefined, true);
  Object.assign(reading, { format, scan, splitter });
  return splitter;
}

/** Detects the format from the bytes held so far, starts the scan and hands it those bytes. */
function detectAndStart(reading: Reading, options: ExtractOptions): LineSplitter {
  const first = Buffer.concat(reading.head, reading.headBytes);
  reading.head = [];
  const splitter = startScan(reading, detectFormat(first.toString('utf8')), options);
  splitter.push(first);
  return splitter;
}

export async function extractTranscript(path: string, options: ExtractOptions): Promise<TranscriptFacts> {
  const hash = createHash('sha256');
  const tail = new TailWindow(WIDE_TAIL_BYTES);
  let bytes = 0;
  let lines = 0;
  let lastByte = NEWLINE;
  const reading: Reading = {
    format: null,
    scan: null,
    splitter: null,
    head: [],
    headBytes: 0,
  };
  if (options.format !== undefined) startScan(reading, options.format, options);

  await readDecompressed(path, async (input) => {
    for await (const chunk of input) {
      bytes += chunk.length;
      hash.update(chunk);
      lines += newlines(chunk);
      if (chunk.length > 0) lastByte = chunk[chunk.length - 1]!;
      tail.push(chunk);
      if (reading.splitter !== null) {
        reading.splitter.push(chunk);
        continue;
      }
      reading.head.push(chunk);
      reading.headBytes += chunk.length;
      if (reading.headBytes >= DETECT_BYTES) detectAndStart(reading, options);
    }
  });
  (reading.splitter ?? detectAndStart(reading, options)).end();

  const format: TranscriptFormat = reading.format ?? 'text';
  const adapter = adapterFor(format);
  const scanned = reading.scan?.result() ?? null;
  const [tailString, complete] = tailText(tail, bytes);
  const verdict = adapter.classify(tailString, complete, {
    patterns: options.rateLimitPatterns,
    now_ms: options.nowMs,
  });
  let metrics = verdict.metrics;
  if (metrics.tool_calls === null && scanned !== null && scanned.toolCalls !== null)
    metrics = { ...metrics, tool_calls: scanned.toolCalls };
  metrics = withTurnShape(metrics, scanned?.turns ?? null, adapter.reportsTurns);
  // As the loop decides it, for an agent that ended by itself; the exit code is not known afterwards.
  const decision = classifyOutcome({
    endReason: 'exited',
    outputBytes: bytes,
    minOutputBytes: options.minOutputBytes,
    verdict,
  });
  const pattern = scanned?.matchedPattern ?? null;
  return {
    sha256: bytes === 0 ? null : hash.digest('hex'),
    bytes,
    lines: lines + (lastByte === NEWLINE ? 0 : 1),
    format,
    model: metrics.model,
    turns: metrics.turns,
    narration_turns: metrics.narration_turns,
    parallel_turns: metrics.parallel_turns,
    tool_calls: metrics.tool_calls,
    input_tokens: metrics.input_tokens,
    output_tokens: metrics.output_tokens,
    cache_read_tokens: metrics.cache_read_tokens,
    cache_write_tokens: metrics.cache_write_tokens,
    cost_usd: metrics.cost_usd,
    agent_duration_ms: metrics.agent_duration_ms,
    // `cancelled` needs a forced end, which a file never shows.
    outcome: decision.outcome === 'cancelled' ? 'failed' : decision.outcome,
    failure_kind: decision.failure?.kind ?? null,
    failure_reason: decision.failure?.reason ?? null,
    committed: pattern !== null,
    commit_evidence: pattern === null ? null : 'pattern',
    commit_pattern: pattern,
  };
}

/** The tail classify reads, as the loop reads it (dispatch.ts): the last TAIL_BYTES, wider when no line is whole. */
function tailText(tail: TailWindow, bytes: number): [string, boolean] {
  const narrow = tail.last(TAIL_BYTES);
  const complete = narrow.length === bytes;
  const text = decodeTail(narrow, !complete);
  if (complete || text.trimEnd().includes('\n')) return [text, complete];
  const wide = tail.last(WIDE_TAIL_BYTES);
  return [decodeTail(wide, wide.length < bytes), wide.length === bytes];
}
