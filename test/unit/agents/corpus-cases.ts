// The transcript corpus: test/fixtures/transcripts/corpus/<name>.jsonl, the output of one real or reported session,
// and <name>.json, where it came from and the verdict expected of it. Read by the adapter unit test and by the
// end-to-end corpus test, which replays each transcript through the built CLI.
import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { TranscriptFormat } from '../../../src/agents/index.js';

export const CORPUS_DIR = fileURLToPath(new URL('../../fixtures/transcripts/corpus/', import.meta.url));

export interface CorpusExpect {
  outcome: 'productive' | 'empty' | 'rate_limited' | 'failed';
  failure_kind?: 'transient' | 'fatal' | 'error';
  failure_reason?: string;
  /** Whether a reset time is read (its value depends on "now" for wall-clock times). */
  has_reset?: boolean;
  /** The exact reset time, ISO 8601, when the transcript names an absolute one (an epoch). */
  resets_at?: string;
  tool_calls?: number;
  turns?: number;
  input_tokens?: number;
  output_tokens?: number;
  /** Known answers for the turn shape and cache use (issue 11); null where the format cannot tell. */
  narration_turns?: number | null;
  parallel_turns?: number | null;
  cache_read_tokens?: number | null;
  cache_write_tokens?: number | null;
  model?: string | null;
  /** For a fatal case: words the loop's last message must hold, the fix it tells a person (loop/policy.ts). */
  fix?: string;
}

/** The expectations counted over the whole transcript or read from its final result (issue 11). */
export const SHAPE_KEYS = [
  'narration_turns',
  'parallel_turns',
  'cache_read_tokens',
  'cache_write_tokens',
  'model',
] as const;

export interface CorpusCase {
  name: string;
  format: TranscriptFormat;
  /** Where the transcript came from: an issue URL, or the real CLI and version it was captured from. */
  source: string;
  /** The agent's exit code (128 + n for a kill by signal n). */
  exit_code: number;
  expect: CorpusExpect;
  transcriptPath: string;
  transcript: string;
}

export function corpusCases(): CorpusCase[] {
  return readdirSync(CORPUS_DIR)
    .filter((f) => f.endsWith('.json'))
    .sort()
    .map((f) => {
      const name = f.slice(0, -'.json'.length);
      const meta = JSON.parse(readFileSync(`${CORPUS_DIR}${f}`, 'utf8')) as Omit<
        CorpusCase,
        'name' | 'transcript' | 'transcriptPath'
      >;
      const transcriptPath = `${CORPUS_DIR}${name}.jsonl`;
      return { ...meta, name, transcriptPath, transcript: readFileSync(transcriptPath, 'utf8') };
    });
}
