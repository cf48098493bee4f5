// The session-history commands: `metrics ...`, `improvement ...`, `brief [--last N]`, and `self-improvement ...`,
// which takes the bash loop's tool's command lines (tools/self-improvement) so hooks and prompts written for it
// keep working.
import { readdir } from 'node:fs/promises';
import { join, relative, resolve } from 'node:path';
import { EXIT } from '../errors/exit-codes.js';
import { renderBrief } from '../metrics/index.js';
import { inRange, transcriptNumber } from '../metrics/index.js';
import { UsageError } from './args.js';
import { improvementCommand } from './improvement-command.js';
import { analyze, ingestFiles, metricsCommand, status, targets } from './metrics-command.js';
import {
  history,
  intOf,
  lastOf,
  openForRead,
  parseFlags,
  str,
  withStore,
  type HistoryIo,
} from './metrics-io.js';
import { HISTORY_COMMANDS, SUBCOMMANDS, type NestedName } from './command-names.js';
import { asksHelp } from './command-line.js';
import { unknownCommand } from './unknown-command.js';

export { HISTORY_COMMANDS };
export type HistoryCommand = (typeof HISTORY_COMMANDS)[number];

export const BRIEF_USAGE = `Usage: agent-harness brief [--last N] [--db PATH] [-c CONFIG]

A short performance brief over the last N sessions (default 5) for prompt.prepend_commands: targets (a miss in
each of the last 3 sessions is a WARNING), trends, the worst sessions and why, open improvements. Prints nothing
at all when there is no history yet.`;

export const SELF_IMPROVEMENT_USAGE = `Usage: agent-harness self-improvement [--db PATH] <command>

The bash loop's tools/self-improvement command lines, answered from the metrics database:
  log <file>                                   = metrics ingest <file>
  backfill [--from N] [--to N] [--sessions-dir D]
                                               ingest <prefix>-N.jsonl[.gz|.zst] (or N.jsonl) in D
                                               (default session.output_dir) with N in range
  status [--last N]                            = metrics status
  analyze [--last N]                           the last N sessions (default 10) against the N before
  targets [--last N]                           = metrics targets (default the last 5)
  brief [--last N]                             = brief
  improvement add|list|fix|search ...          = improvement ...
--db PATH selects the database (default: metrics.database, harness-metrics.db).`;

export async function historyCommand(
  command: HistoryCommand,
  argv: readonly string[],
  io: HistoryIo,
): Promise<number> {
  switch (command) {
    case 'metrics':
      return metricsCommand(argv, io);
    case 'improvement':
      return improvementCommand(argv, io);
    case 'brief':
      return brief(argv, io);
    case 'self-improvement':
      return selfImprovement(argv, io);
  }
}

async function brief(argv: readonly string[], io: HistoryIo): Promise<number> {
  const { values, positionals } = parseFlags('brief', argv, { last: { type: 'string' } });
  if (values['help'] === true) return (io.out(BRIEF_USAGE), EXIT.ok);
  if (positionals.length > 0) throw new UsageError(`brief: unexpected argument "${positionals[0]}"`);
  const n = lastOf('brief', values, 5);
  const h = await history(io, values);
  const store = openForRead(h);
  if (store === null) return EXIT.ok;
  await withStore(store, (s) => {
    const all = s.improvements.list();
    const text = renderBrief({
      rows: s.lastSessions(n),
      rules: h.rules,
      open: all.filter((i) => i.status === 'open'),
      improvementsTotal: all.length,
    });
    if (text !== '') io.out(text);
  });
  return EXIT.ok;
}

/** `--db PATH` (or `--db=PATH`) may come before the subcommand, as the old tool's global flag. */
function takeDb(argv: readonly string[]): { db: string[]; rest: string[] } {
  const rest: string[] = [];
  const db: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    if (arg === '--db' && i + 1 < argv.length) db.push('--db', argv[++i]!);
    else if (arg.startsWith('--db=')) db.push('--db', arg.slice('--db='.length));
    else rest.push(arg);
  }
  return { db: db.slice(-2), rest };
}

async function selfImprovement(argv: readonly string[], io: HistoryIo): Promise<number> {
  const { db, rest } = takeDb(argv);
  const [sub, ...args] = rest;
  const withDb = [...args, ...db];
  // The tool's own help for its commands; brief and improvement are the commands of the same names.
  if (sub !== 'brief' && sub !== 'improvement' && SUBCOMMANDS['self-improvement'].some((s) => s === sub))
    if (asksHelp(args)) return (io.out(SELF_IMPROVEMENT_USAGE), EXIT.ok);
  switch (sub as NestedName<'self-improvement'> | 'seed' | 'help' | '--help' | '-h' | undefined) {
    case undefined:
      throw new UsageError(`missing self-improvement command\n${SELF_IMPROVEMENT_USAGE}`);
    case '--help':
    case '-h':
    case 'help':
      io.out(SELF_IMPROVEMENT_USAGE);
      return EXIT.ok;
    case 'log':
      return log(withDb, io);
    case 'backfill':
      return backfill(withDb, io);
    case 'status':
      return status('self-improvement status', withDb, io, 10);
    case 'analyze':
      return analyze('self-improvement analyze', withDb, io, 10);
    case 'targets':
      return targets('self-improvement targets', withDb, io, 5);
    case 'brief':
      return brief(withDb, io);
    case 'improvement':
      return improvementCommand(withDb, io);
    case 'seed':
      throw new UsageError(
        'self-improvement seed: import the old database instead: agent-harness metrics migrate --from tools/self-improvement.db',
      );
    default:
      throw await unknownCommand(sub!, 'self-improvement', SELF_IMPROVEMENT_USAGE);
  }
}

async function log(argv: readonly string[], io: HistoryIo): Promise<number> {
  const { values, positionals } = parseFlags('self-improvement log', argv, {});
  if (positionals.length !== 1)
    throw new UsageError(
      'self-improvement log: expected one transcript file, e.g. log claude-iteration-3.jsonl',
    );
  const h = await history(io, values);
  return ingestFiles(h, io, [{ path: resolve(io.cwd, positionals[0]!), shown: positionals[0]! }], false);
}

async function backfill(argv: readonly string[], io: HistoryIo): Promise<number> {
  const { values, positionals } = parseFlags('self-improvement backfill', argv, {
    from: { type: 'string' },
    to: { type: 'string' },
    'sessions-dir': { type: 'string' },
  });
  if (positionals.length > 0)
    throw new UsageError(`self-improvement backfill: unexpected argument "${positionals[0]}"`);
  const from = intOf('self-improvement backfill', values, 'from');
  const to = intOf('self-improvement backfill', values, 'to');
  const h = await history(io, values);
  const dir = resolve(io.cwd, str(values['sessions-dir']) ?? h.config.session.output_dir);
  let names: string[];
  try {
    names = await readdir(dir);
  } catch {
    io.err(`agent-harness: sessions directory not found: ${relative(io.cwd, dir) || '.'}`);
    return EXIT.failure;
  }
  const files = names
    .map((name) => ({ name, n: transcriptNumber(name, h.config.session.output_prefix) }))
    .filter((f): f is { name: string; n: number } => f.n !== null && inRange(f.n, from, to))
    .sort((a, b) => a.n - b.n || a.name.localeCompare(b.name))
    .map((f) => {
      const path = join(dir, f.name);
      return { path, shown: relative(io.cwd, path) };
    });
  if (files.length === 0) {
    io.out(`No session files found in ${relative(io.cwd, dir) || '.'}`);
    return EXIT.ok;
  }
  return ingestFiles(h, io, files, true);
}
