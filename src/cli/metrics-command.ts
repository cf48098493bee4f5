// `agent-harness metrics status|query|export|ingest|rebuild|migrate|targets`: the session history from the
// command line. Readers open the database read-only and say "no sessions recorded yet" when there is none.
import { existsSync } from 'node:fs';
import { relative, resolve } from 'node:path';
import { EXIT } from '../errors/exit-codes.js';
import { renderAnalyze } from '../metrics/index.js';
import { exportChunks } from '../metrics/index.js';
import { extractTranscript } from '../metrics/index.js';
import { KIND_NAMES, type SessionRow } from '../metrics/index.js';
import { ingestLine, ingestSummary, type IngestResult } from '../metrics/index.js';
import { renderQuery } from '../metrics/index.js';
import { rebuildFacts } from '../metrics/index.js';
import { renderStatus } from '../metrics/index.js';
import type { MetricsStore } from '../metrics/index.js';
import { evaluateTargets, targetLines } from '../metrics/index.js';
import { sessionName } from '../metrics/index.js';
import { UsageError } from './args.js';
import { SUBCOMMANDS, type NestedName } from './command-names.js';
import { asksHelp } from './command-line.js';
import { METRICS_USAGE, metricsUsageOf } from './metrics-usage.js';
import { unknownCommand } from './unknown-command.js';
import {
  extractOptions,
  history,
  ingestContext,
  ingestOne,
  lastOf,
  noHistory,
  openForRead,
  openForWrite,
  parseFlags,
  str,
  withStore,
  type History,
  type HistoryIo,
} from './metrics-io.js';

const QUERY_AGGREGATES = ['avg', 'trend'] as const;
const FORMATS = ['json', 'csv'] as const;

export async function metricsCommand(argv: readonly string[], io: HistoryIo): Promise<number> {
  const [sub, ...rest] = argv;
  if ((SUBCOMMANDS.metrics as readonly (string | undefined)[]).includes(sub) && asksHelp(rest))
    return (io.out(metricsUsageOf(sub as NestedName<'metrics'>)), EXIT.ok);
  switch (sub as NestedName<'metrics'> | 'help' | '--help' | '-h' | undefined) {
    case undefined:
      throw new UsageError(`missing metrics command\n${METRICS_USAGE}`);
    case '--help':
    case '-h':
    case 'help':
      io.out(METRICS_USAGE);
      return EXIT.ok;
    case 'status':
      return status('metrics status', rest, io, 10);
    case 'targets':
      return targets('metrics targets', rest, io, 10);
    case 'query':
      return query(rest, io);
    case 'export':
      return exportRows(rest, io);
    case 'ingest':
      return ingest(rest, io);
    case 'rebuild':
      return rebuild(rest, io);
    case 'migrate':
      return migrate(rest, io);
    default:
      throw await unknownCommand(sub!, 'metrics', METRICS_USAGE);
  }
}

/** Runs `use` on the read-only database, or prints that there is no history. */
async function reading(h: History, io: HistoryIo, use: (store: MetricsStore) => void): Promise<number> {
  const store = openForRead(h);
  if (store === null) {
    io.out(noHistory(h));
    return EXIT.ok;
  }
  await withStore(store, use);
  return EXIT.ok;
}

/** A reading command over the last N sessions (`--last N`, else `fallback`): flags, help, the store. */
async function windowed(
  command: string,
  argv: readonly string[],
  io: HistoryIo,
  fallback: number,
  body: (store: MetricsStore, n: number, h: History) => void,
): Promise<number> {
  const { values, positionals } = parseFlags(command, argv, { last: { type: 'string' } });
  noPositionals(command, positionals);
  const n = lastOf(command, values, fallback);
  const h = await history(io, values);
  return reading(h, io, (store) => body(store, n, h));
}

export function status(command: string, argv: readonly string[], io: HistoryIo, fallback: number) {
  return windowed(command, argv, io, fallback, (store, n, h) => {
    const rows = store.lastSessions(n);
    io.out(renderStatus(rows, store.allTime(), evaluateTargets(h.rules, rows)));
  });
}

export function targets(command: string, argv: readonly string[], io: HistoryIo, fallback: number) {
  return windowed(command, argv, io, fallback, (store, n, h) => {
    const rows = store.lastSessions(n);
    if (rows.length === 0) return io.out('No sessions recorded yet.');
    if (h.rules.length === 0) return io.out('Every target is "off" ([metrics.targets]).');
    const results = evaluateTargets(h.rules, rows);
    const count = (s: string) => results.filter((r) => r.status === s).length;
    io.out(
      [
        `Targets over the last ${rows.length} session${rows.length === 1 ? '' : 's'} ` +
          `(${sessionName(rows[0]!)} to ${sessionName(rows[rows.length - 1]!)}):`,
        '',
        ...targetLines(results).map((l) => `  ${l}`),
        '',
        `${count('pass')} ok, ${count('miss')} missed, ${count('not available')} not available`,
      ].join('\n'),
    );
  });
}

export function analyze(command: string, argv: readonly string[], io: HistoryIo, fallback: number) {
  return windowed(command, argv, io, fallback, (store, n, h) =>
    io.out(renderAnalyze(store.lastSessions(2 * n), n, h.rules)),
  );
}

async function query(argv: readonly string[], io: HistoryIo): Promise<number> {
  const { values, positionals } = parseFlags('metrics query', argv, {
    last: { type: 'string' },
    aggregate: { type: 'string' },
  });
  const [kind, ...extra] = positionals;
  if (kind === undefined || extra.length > 0)
    throw new UsageError(`metrics query: expected one event kind, one of: ${KIND_NAMES.join(', ')}`);
  if (!KIND_NAMES.includes(kind))
    throw new UsageError(`metrics query: unknown kind "${kind}"; the kinds are: ${KIND_NAMES.join(', ')}`);
  const aggregate = str(values['aggregate']);
  if (aggregate !== undefined && !(QUERY_AGGREGATES as readonly string[]).includes(aggregate))
    throw new UsageError(
      `metrics query --aggregate: expected avg or trend, found ${JSON.stringify(aggregate)}`,
    );
  const n = values['last'] === undefined ? null : lastOf('metrics query', values, 0);
  const h = await history(io, values);
  return reading(h, io, (store) =>
    io.out(
      renderQuery(kind, store.query(kind, n), aggregate as (typeof QUERY_AGGREGATES)[number] | undefined),
    ),
  );
}

async function exportRows(argv: readonly string[], io: HistoryIo): Promise<number> {
  const { values, positionals } = parseFlags('metrics export', argv, { format: { type: 'string' } });
  noPositionals('metrics export', positionals);
  const format = str(values['format']) ?? 'json';
  if (!(FORMATS as readonly string[]).includes(format))
    throw new UsageError(`metrics export --format: expected json or csv, found ${JSON.stringify(format)}`);
  const h = await history(io, values);
  const store = openForRead(h);
  if (store === null) {
    // Still valid output for a pipe: an empty list, or the header alone.
    for (const piece of exportChunks([], format as 'json' | 'csv')) io.out(piece);
    return EXIT.ok;
  }
  // Streamed: each piece is written as the rows are read, the next read once the reader has taken it in.
  await withStore(store, async (s) => {
    for (const piece of exportChunks(s.sessionValues(), format as 'json' | 'csv'))
      if (io.stream) await io.stream(piece);
      else io.out(piece);
  });
  return EXIT.ok;
}

/** Records each file, one line each; exit 1 when any could not be read. */
export async function ingestFiles(
  h: History,
  io: HistoryIo,
  files: ReadonlyArray<{ path: string; shown: string }>,
  summary: boolean,
  options: { dedupeContent?: boolean } = {},
): Promise<number> {
  const results: IngestResult[] = [];
  const context = ingestContext(h.config, io.cwd, options.dedupeContent === true);
  await withStore(openForWrite(h), async (store) => {
    for (const file of files) {
      const result = await ingestOne(store, context, file.path, file.shown);
      results.push(result);
      if (result.kind === 'error') io.err(ingestLine(result));
      else io.out(ingestLine(result));
    }
  });
  if (summary) io.out(ingestSummary(results));
  return results.some((r) => r.kind === 'error') ? EXIT.failure : EXIT.ok;
}

async function ingest(argv: readonly string[], io: HistoryIo): Promise<number> {
  const { values, positionals } = parseFlags('metrics ingest', argv, {
    'dedupe-content': { type: 'boolean' },
  });
  if (positionals.length === 0)
    throw new UsageError(
      'metrics ingest: expected one or more transcript files, e.g. claude-iteration-*.jsonl',
    );
  const h = await history(io, values);
  const files = positionals.map((p) => ({ path: resolve(io.cwd, p), shown: p }));
  return ingestFiles(h, io, files, files.length > 1, { dedupeContent: values['dedupe-content'] === true });
}

async function rebuild(argv: readonly string[], io: HistoryIo): Promise<number> {
  const { values, positionals } = parseFlags('metrics rebuild', argv, {});
  noPositionals('metrics rebuild', positionals);
  const h = await history(io, values);
  if (!existsSync(h.db)) {
    io.out(noHistory(h));
    return EXIT.ok;
  }
  const options = extractOptions(h.config);
  await withStore(openForWrite(h), async (store) => {
    // Where each session's transcript is now (retention may have compressed it).
    const where = new Map<string, string[]>();
    for (const t of store.transcripts())
      if (t.state !== 'deleted') where.set(t.session, [...(where.get(t.session) ?? []), t.path]);
    const reextract = async (row: SessionRow) => {
      const candidates = [
        ...(where.get(row.key) ?? []),
        ...(row.transcript === null ? [] : [row.transcript, `${row.transcript}.zst`, `${row.transcript}.gz`]),
      ].map((p) => resolve(io.cwd, p));
      const path = candidates.find((p) => existsSync(p));
      if (path === undefined) return null;
      try {
        return rebuildFacts(row, await extractTranscript(path, options));
      } catch (error) {
        io.err(`agent-harness: cannot re-read ${relative(io.cwd, path)}: ${(error as Error).message}`);
        return null;
      }
    };
    const result = await store.rebuild(reextract);
    io.out(
      `Rebuilt ${result.sessions} session${result.sessions === 1 ? '' : 's'} from the events ` +
        `(${result.reextracted} re-extracted from their transcripts).`,
    );
  });
  return EXIT.ok;
}

async function migrate(argv: readonly string[], io: HistoryIo): Promise<number> {
  const { values, positionals } = parseFlags('metrics migrate', argv, { from: { type: 'string' } });
  noPositionals('metrics migrate', positionals);
  const from = str(values['from']);
  if (from === undefined)
    throw new UsageError('metrics migrate: expected --from PATH, e.g. --from tools/self-improvement.db');
  const source = resolve(io.cwd, from);
  if (!existsSync(source)) throw new UsageError(`metrics migrate: ${from} does not exist`);
  const h = await history(io, values);
  await withStore(openForWrite(h), (store) => {
    const r = store.importSelfImprovement(source);
    io.out(
      `Imported ${r.sessions} session${r.sessions === 1 ? '' : 's'} and ${r.improvements} improvement` +
        `${r.improvements === 1 ? '' : 's'} from ${from} into ${h.dbShown} (${r.skipped} already there).`,
    );
  });
  return EXIT.ok;
}

function noPositionals(command: string, positionals: readonly string[]): void {
  if (positionals.length > 0) throw new UsageError(`${command}: unexpected argument "${positionals[0]}"`);
}
