// A finished transcript's facts in one streaming pass, for `metrics ingest` and `metrics rebuild`: the sha256 of its
// (decompressed) bytes, the adapter's per-line counts (tool calls, the turn shape) and the first commit pattern in
// what the agent did or said, through the loop's own line scan (loop/line-scan.ts), and the tail kept for the
// adapter's classify, whose verdict decides the outcome as the loop does (loop/policy.ts), with no exit code to go
// by. Plain `.jsonl`, `.jsonl.gz` and `.jsonl.zst` are read alike; memory stays flat whatever the size: chunks are
// hashed and split into lines as they arrive, only the last WIDE_TAIL_BYTES are held, and a line is kept whole up
// to MAX_LINE_BYTES only.
import { adapterFor, type TranscriptFormat } from '../agents/index.js';
import { decodeTail, TAIL_BYTES, WIDE_TAIL_BYTES } from '../agents/index.js';
import { withTurnShape } from '../agents/index.js';
import { classifyOutcome } from '../loop/index.js';
import { transcriptPass, type TranscriptPass } from '../loop/index.js';
import type { Sha256Sink } from '../os/hash-thread.js';
import { detectFormat } from './detect-format.js';
import { readTranscript, type LastBytes } from './transcript-bytes.js';
import type { SessionMetrics } from '../session/index.js';

export { detectFormat } from './detect-format.js';

export type ExtractedOutcome = 'productive' | 'empty' | 'rate_limited' | 'failed';

export interface TranscriptFacts extends SessionMetrics {
  /** Of the decompressed bytes; null for 0 bytes (no identity). */
  sha256: string | null;
  /** Decompressed size. */
  bytes: number;
  /** Lines, a last one without a newline included. */
  lines: number;
  format: TranscriptFormat;
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
/** detectFormat's lines at most: the bytes it is given end with them. */
const DETECT_LINES = 50;
const NEWLINE = 0x0a;

/** The lines in `chunk`: its newlines (a last line without one is counted at the end). */
function newlines(chunk: Buffer): number {
  let count = 0;
  for (let at = chunk.indexOf(NEWLINE); at !== -1; at = chunk.indexOf(NEWLINE, at + 1)) count++;
  return count;
}

/** The first bytes' format, from as many of them as detectFormat looks at (its first lines). */
function formatOf(first: Buffer): TranscriptFormat {
  let end = -1;
  for (let n = 0; n <= DETECT_LINES; n++) {
    end = first.indexOf(NEWLINE, end + 1);
    if (end === -1) break;
  }
  return detectFormat(first.subarray(0, end === -1 ? first.length : end).toString('utf8'));
}

function startPass(format: TranscriptFormat, options: ExtractOptions, sha256: Sha256Sink): TranscriptPass {
  const adapter = adapterFor(format);
  // The loop's one pass (loop/transcript-scan.ts): hashed, and lines without a marker skipped unsplit.
  return transcriptPass(
    {
      patterns: options.commitPatterns,
      agentText: adapter.agentText,
      toolCalls: adapter.toolCalls,
      turnShape: adapter.turnShape,
      lineMarkers: adapter.lineMarkers ?? null,
    },
    sha256,
  );
}

/** The bytes of a transcript, to the loop's pass once its format is known (detected from the first bytes). */
class Reading {
  format: TranscriptFormat | null = null;
  pass: TranscriptPass | null = null;
  lines = 0;
  lastByte = NEWLINE;
  /** Copies of the first bytes, held until DETECT_BYTES are there to detect the format from. */
  private head: Buffer[] = [];
  private headBytes = 0;

  constructor(
    private readonly options: ExtractOptions,
    private readonly sha256: Sha256Sink,
  ) {
    if (options.format !== undefined) this.start(options.format);
  }

  push(chunk: Buffer): void {
    if (chunk.length === 0) return;
    this.lines += newlines(chunk);
    this.lastByte = chunk[chunk.length - 1]!;
    if (this.pass !== null) return this.pass.push(chunk);
    if (this.headBytes === 0 && chunk.length >= DETECT_BYTES) {
      this.start(formatOf(chunk)).push(chunk);
      return;
    }
    this.head.push(Buffer.from(chunk));
    this.headBytes += chunk.length;
    if (this.headBytes >= DETECT_BYTES) this.startFromHead();
  }

  end(): ReturnType<TranscriptPass['end']> {
    return (this.pass ?? this.startFromHead()).end();
  }

  private start(format: TranscriptFormat): TranscriptPass {
    this.format = format;
    this.pass = startPass(format, this.options, this.sha256);
    return this.pass;
  }

  private startFromHead(): TranscriptPass {
    const first = Buffer.concat(this.head, this.headBytes);
    this.head = [];
    const pass = this.start(formatOf(first));
    pass.push(first);
    return pass;
  }
}

export async function extractTranscript(path: string, options: ExtractOptions): Promise<TranscriptFacts> {
  const [reading, scanned, tailString, complete] = await readTranscript(path, (sha256) => {
    const reading = new Reading(options, sha256);
    return {
      push: (chunk) => reading.push(chunk),
      finish: async (last) => {
        const scanned = reading.end();
        return [reading, scanned, ...(await tailText(last, scanned.bytes))] as const;
      },
    };
  });
  const bytes = scanned.bytes;
  const lines = reading.lines;
  const lastByte = reading.lastByte;
  const format: TranscriptFormat = reading.format ?? 'text';
  const adapter = adapterFor(format);
  const verdict = adapter.classify(tailString, complete, {
    patterns: options.rateLimitPatterns,
    now_ms: options.nowMs,
  });
  let metrics = verdict.metrics;
  if (metrics.tool_calls === null && scanned.toolCalls !== null)
    metrics = { ...metrics, tool_calls: scanned.toolCalls };
  metrics = withTurnShape(metrics, scanned.turns, adapter.reportsTurns);
  // As the loop decides it, for an agent that ended by itself; the exit code is not known afterwards.
  const decision = classifyOutcome({
    endReason: 'exited',
    outputBytes: bytes,
    minOutputBytes: options.minOutputBytes,
    verdict,
  });
  const pattern = scanned.matchedPattern;
  return {
    sha256: bytes === 0 ? null : scanned.sha256,
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
async function tailText(last: LastBytes, bytes: number): Promise<[string, boolean]> {
  const narrow = await last(TAIL_BYTES);
  const complete = narrow.length === bytes;
  const text = decodeTail(narrow, !complete);
  if (complete || text.trimEnd().includes('\n')) return [text, complete];
  const wide = await last(WIDE_TAIL_BYTES);
  return [decodeTail(wide, wide.length < bytes), wide.length === bytes];
}
