// `agent-harness improvement add|list|fix|search`: what a user changed in their prompt or setup, and whether it
// helped. The flags are the bash loop's tool's (--title --severity --category --desc --rec --tags, fix --impact).
import { EXIT } from '../errors/exit-codes.js';
import { renderImprovements, SEVERITIES } from '../metrics/index.js';
import { UsageError } from './args.js';
import { SUBCOMMANDS, type NestedName } from './command-names.js';
import { asksHelp } from './command-line.js';
import { IMPROVEMENT_USAGE, improvementUsageOf } from './metrics-usage.js';
import { unknownCommand } from './unknown-command.js';
import {
  history,
  openForRead,
  openForWrite,
  parseFlags,
  str,
  withStore,
  type HistoryIo,
} from './metrics-io.js';

export async function improvementCommand(argv: readonly string[], io: HistoryIo): Promise<number> {
  const [sub, ...rest] = argv;
  if ((SUBCOMMANDS.improvement as readonly (string | undefined)[]).includes(sub) && asksHelp(rest))
    return (io.out(improvementUsageOf(sub as NestedName<'improvement'>)), EXIT.ok);
  switch (sub as NestedName<'improvement'> | 'help' | '--help' | '-h' | undefined) {
    case '--help':
    case '-h':
    case 'help':
      io.out(IMPROVEMENT_USAGE);
      return EXIT.ok;
    case 'add':
      return add(rest, io);
    case 'list':
      return list(rest, io);
    case 'fix':
      return fix(rest, io);
    case 'search':
      return search(rest, io);
    case undefined:
      throw new UsageError(`missing improvement command\n${IMPROVEMENT_USAGE}`);
    default:
      throw await unknownCommand(sub!, 'improvement', IMPROVEMENT_USAGE);
  }
}

async function add(argv: readonly string[], io: HistoryIo): Promise<number> {
  const { values, positionals } = parseFlags('improvement add', argv, {
    title: { type: 'string' },
    severity: { type: 'string' },
    category: { type: 'string' },
    desc: { type: 'string' },
    description: { type: 'string' },
    rec: { type: 'string' },
    recommendation: { type: 'string' },
    tags: { type: 'string' },
    status: { type: 'string' },
  });
  const title = (str(values['title']) ?? positionals.join(' ')).trim();
  if (title === '')
    throw new UsageError(
      'improvement add: expected a title, e.g. improvement add --title "Batch file reads"',
    );
  if (str(values['title']) !== undefined && positionals.length > 0)
    throw new UsageError(`improvement add: a title both as --title and as "${positionals.join(' ')}"`);
  const severity = str(values['severity']) ?? 'medium';
  if (!(SEVERITIES as readonly string[]).includes(severity))
    throw new UsageError(
      `improvement add --severity: expected one of ${SEVERITIES.join(', ')}, found ${JSON.stringify(severity)}`,
    );
  const h = await history(io, values);
  await withStore(openForWrite(h), (store) => {
    const added = store.improvements.add({
      title,
      severity,
      category: str(values['category']) ?? 'general',
      description: str(values['desc']) ?? str(values['description']) ?? null,
      recommendation: str(values['rec']) ?? str(values['recommendation']) ?? null,
      tags: str(values['tags']) ?? null,
      ...(str(values['status']) !== undefined ? { status: str(values['status'])! } : {}),
    });
    io.out(`Added ${added.ref} [${added.category}/${added.severity}] ${added.title}`);
  });
  return EXIT.ok;
}

async function list(argv: readonly string[], io: HistoryIo): Promise<number> {
  const { values, positionals } = parseFlags('improvement list', argv, { status: { type: 'string' } });
  if (positionals.length > 0)
    throw new UsageError(`improvement list: unexpected argument "${positionals[0]}"`);
  const status = str(values['status']);
  const h = await history(io, values);
  const store = openForRead(h);
  const none = status === undefined ? 'No improvements recorded.' : `No ${status} improvements.`;
  if (store === null) return (io.out(none), EXIT.ok);
  await withStore(store, (s) => {
    const rows = s.improvements.list(status);
    io.out(rows.length === 0 ? none : renderImprovements(rows));
  });
  return EXIT.ok;
}

async function fix(argv: readonly string[], io: HistoryIo): Promise<number> {
  const { values, positionals } = parseFlags('improvement fix', argv, { impact: { type: 'string' } });
  if (positionals.length !== 1)
    throw new UsageError('improvement fix: expected one ref, e.g. improvement fix R3 --impact "turns -20%"');
  const ref = positionals[0]!.toUpperCase();
  const h = await history(io, values);
  await withStore(openForWrite(h), (store) => {
    const fixed = store.improvements.fix(ref, str(values['impact']));
    io.out(`Fixed ${fixed.ref}: ${fixed.title}${fixed.impact === null ? '' : ` (impact: ${fixed.impact})`}`);
  });
  return EXIT.ok;
}

async function search(argv: readonly string[], io: HistoryIo): Promise<number> {
  const { values, positionals } = parseFlags('improvement search', argv, {});
  const text = positionals.join(' ').trim();
  if (text === '')
    throw new UsageError('improvement search: expected some text, e.g. improvement search lint');
  const h = await history(io, values);
  const store = openForRead(h);
  const none = `No improvements match "${text}".`;
  if (store === null) return (io.out(none), EXIT.ok);
  await withStore(store, (s) => {
    const rows = s.improvements.search(text);
    io.out(rows.length === 0 ? none : renderImprovements(rows));
  });
  return EXIT.ok;
}
