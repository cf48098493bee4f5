// What `metrics ingest` (and `self-improvement log|backfill`) decide and say about one transcript file: its
// session number from the name, the facts handed to the store, and one line per file.
import { compact, usd } from './format.js';
import type { SessionMetrics } from '../session/index.js';

/** A transcript's session number from its name: `claude-iteration-42.jsonl`, `<prefix>-7.jsonl.zst`, `42.jsonl`. */
export function sessionNumberOf(fileName: string): number | null {
  const match = /(?:^|[-_.])(\d+)\.jsonl(?:\.gz|\.zst)?$/.exec(fileName);
  return match === null ? null : Number(match[1]);
}

/** Whether a file in a transcript directory is one of `prefix`'s transcripts (or a bare `N.jsonl`), and its number. */
export function transcriptNumber(fileName: string, prefix: string): number | null {
  const escaped = prefix.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const match = new RegExp(`^(?:${escaped}-)?(\\d+)\\.jsonl(?:\\.gz|\\.zst)?$`).exec(fileName);
  return match === null ? null : Number(match[1]);
}

/** Inclusive range check for `backfill --from N --to N`. */
export const inRange = (n: number, from: number | undefined, to: number | undefined): boolean =>
  (from === undefined || n >= from) && (to === undefined || n <= to);

/** The key facts `metrics ingest` prints for a recorded file. */
export interface IngestedFacts extends Readonly<
  Pick<SessionMetrics, 'turns' | 'tool_calls' | 'input_tokens' | 'output_tokens' | 'cost_usd'>
> {
  readonly global: number | null;
  readonly format: string | null;
  readonly outcome: string | null;
  readonly committed: boolean | null;
}

const plural = (n: number, what: string) => `${n} ${what}${n === 1 ? '' : 's'}`;

export type IngestResult =
  | { readonly file: string; readonly kind: 'recorded'; readonly facts: IngestedFacts }
  /** `sameAs`: recorded under another name (`--dedupe-content`). */
  | { readonly file: string; readonly kind: 'already'; readonly sameAs?: string }
  | { readonly file: string; readonly kind: 'skipped' }
  | { readonly file: string; readonly kind: 'error'; readonly message: string };

export function ingestLine(result: IngestResult): string {
  switch (result.kind) {
    case 'recorded': {
      const f = result.facts;
      const tokens =
        f.input_tokens === null && f.output_tokens === null
          ? null
          : (f.input_tokens ?? 0) + (f.output_tokens ?? 0);
      const parts = [
        f.global === null ? null : `session ${f.global}`,
        f.format,
        f.outcome,
        f.turns === null ? null : plural(f.turns, 'turn'),
        f.tool_calls === null ? null : plural(f.tool_calls, 'tool call'),
        tokens === null ? null : `${compact(tokens)} tokens`,
        f.cost_usd === null ? null : usd(f.cost_usd),
        f.committed === null ? null : f.committed ? 'committed' : 'no commit',
      ].filter((p): p is string => p !== null);
      return `recorded ${result.file}: ${parts.join(', ')}`;
    }
    case 'already':
      return result.sameAs === undefined
        ? `already recorded ${result.file}`
        : `already recorded ${result.file} (the same content as ${result.sameAs})`;
    case 'skipped':
      return `skipped ${result.file}: 0 bytes, nothing to record`;
    case 'error':
      return `error ${result.file}: ${result.message}`;
  }
}

/** "3 files: 2 recorded, 1 already recorded, 0 skipped (0 bytes), 0 errors". */
export function ingestSummary(results: readonly IngestResult[]): string {
  const n = (kind: IngestResult['kind']) => results.filter((r) => r.kind === kind).length;
  const errors = n('error');
  return (
    `${results.length} file${results.length === 1 ? '' : 's'}: ${n('recorded')} recorded, ` +
    `${n('already')} already recorded, ${n('skipped')} skipped (0 bytes), ${errors} error${errors === 1 ? '' : 's'}`
  );
}
