// The help of `agent-harness metrics` and `agent-harness improvement`, and of each of their commands.
import { commandUsage, familyUsage, type CommandEntry } from './command-usage.js';
import type { NestedName } from './command-names.js';

const METRICS: Record<NestedName<'metrics'>, CommandEntry> = {
  status: {
    synopsis: 'status [--last N]',
    what: 'the last N sessions (default 10): a table, averages, totals, targets',
  },
  targets: {
    synopsis: 'targets [--last N]',
    what: 'each target over the last N sessions (default 10): ok, MISS or not available',
  },
  query: {
    synopsis: 'query <kind> [--last N] [--aggregate avg|trend]',
    what: "one event kind's values per session (kinds: turns.total, cost.usd, ...)",
  },
  export: { synopsis: 'export [--format json|csv]', what: 'every session row (default json) on stdout' },
  ingest: {
    synopsis: 'ingest [--dedupe-content] FILE...',
    what:
      'record transcripts (.jsonl, .jsonl.gz, .jsonl.zst; any agent format);\n' +
      'a transcript already recorded (same name and content) is not counted\n' +
      'twice; --dedupe-content: nor one whose content is recorded under any name',
  },
  rebuild: {
    synopsis: 'rebuild',
    what:
      're-extract each session from its transcript (when it still exists) and\n' +
      'derive the sessions table again from the events',
  },
  migrate: {
    synopsis: 'migrate --from PATH',
    what: "import the bash loop's tools/self-improvement.db (sessions, improvements)",
  },
};

const HISTORY_OPTIONS = `  --db PATH       the database (default: metrics.database, harness-metrics.db)
  -c, --config    the config file (default: harness.yml, harness.yaml or harness.toml here)`;

const METRICS_EXITS = `Exit codes: 0 done; 1 a transcript could not be read (the others are still recorded); 2 usage;
15 the database cannot be used (unreadable, corrupt, not a metrics database, or newer than this agent-harness).
See docs/metrics.md.`;

export const METRICS_USAGE = familyUsage(
  'metrics',
  ' [--db PATH] [-c CONFIG]',
  METRICS,
  39,
  `${HISTORY_OPTIONS}\n\n${METRICS_EXITS}`,
);

export const metricsUsageOf = (command: NestedName<'metrics'>): string =>
  commandUsage('metrics', METRICS[command], `${HISTORY_OPTIONS}\n\n${METRICS_EXITS}`);

const IMPROVEMENTS: Record<NestedName<'improvement'>, CommandEntry> = {
  add: {
    synopsis:
      'add ["<title>"] [--title T] [--severity low|medium|high|critical] [--category C] [--desc D] [--rec R]\n' +
      '    [--tags a,b] [--status S]',
    what: 'record one; it gets the next ref (R1, R2, ...)',
  },
  list: {
    synopsis: 'list [--status S]',
    what: 'all improvements, or those with status S (open, fixed, ...)',
  },
  fix: {
    synopsis: 'fix <REF> [--impact "<what changed>"]',
    what: 'mark one fixed, with its measured impact',
  },
  search: {
    synopsis: 'search <text>',
    what: 'those whose ref, title, description, recommendation or tags contain it',
  },
};

export const IMPROVEMENT_USAGE = familyUsage('improvement', ' [--db PATH] [-c CONFIG]', IMPROVEMENTS, 39, '');

export const improvementUsageOf = (command: NestedName<'improvement'>): string =>
  commandUsage('improvement', IMPROVEMENTS[command], HISTORY_OPTIONS);
