// docs/events.md, the event log's reference, generated from the event schemas so it cannot drift from what the
// writer is checked against: every event, every field with its type, whether it may be absent or null, and
// what it means; the version rule; reading the log with jq. Pure: a test keeps the committed copy fresh.
import { z } from 'zod';
import { FAILURE_REASONS, FAILURE_SOURCES, KNOWN_STOP_REASONS, TASK_ERROR_CATEGORIES } from './enums.js';
import { EVENT_LOG_VERSION, EVENT_SCHEMAS } from './schema.js';

type Json = Record<string, unknown>;

/** Closed sets too long for a table cell: listed once under "Value sets", linked from the tables. */
const VALUE_SETS: ReadonlyArray<{ title: string; anchor: string; values: readonly string[] }> = [
  { title: 'Failure reasons', anchor: 'failure-reasons', values: FAILURE_REASONS },
  { title: 'Failure sources', anchor: 'failure-sources', values: FAILURE_SOURCES },
  { title: 'Task error categories', anchor: 'task-error-categories', values: TASK_ERROR_CATEGORIES },
];

function valueSetLink(values: unknown[]): string | null {
  const set = VALUE_SETS.find(
    (s) => s.values.length === values.length && s.values.every((v, i) => v === values[i]),
  );
  return set ? `one of the [${set.title.toLowerCase()}](#${set.anchor})` : null;
}

const asNode = (value: unknown): Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Json) : {};

/** A short type phrase for one JSON Schema node, null left out (it is shown as "nullable"). */
function typeLabel(node: Json): string {
  if (Array.isArray(node['anyOf'])) {
    const parts = node['anyOf'].map(asNode).filter((n) => n['type'] !== 'null');
    return parts.map(typeLabel).join(' or ');
  }
  if ('const' in node) return `\`${JSON.stringify(node['const'])}\``;
  if (Array.isArray(node['enum']))
    return valueSetLink(node['enum']) ?? node['enum'].map((v) => `\`${JSON.stringify(v)}\``).join(', ');
  const type = Array.isArray(node['type'])
    ? (node['type'] as unknown[]).filter((t) => t !== 'null')[0]
    : node['type'];
  if (type === 'integer') return node['minimum'] === 0 ? 'integer ≥ 0' : 'integer';
  if (type === 'array') return `list of ${typeLabel(asNode(node['items']))}s`;
  return typeof type === 'string' ? type : 'value';
}

function presence(field: z.ZodType): string {
  const optional = field.isOptional();
  const nullable = field.isNullable();
  if (optional && nullable) return 'optional, nullable';
  if (optional) return 'optional';
  if (nullable) return 'nullable';
  return 'always';
}

const cell = (text: string): string => text.replace(/\|/g, '\\|').replace(/</g, '&lt;').replace(/\n/g, ' ');

function fieldRow(name: string, field: z.ZodType): string {
  const node = z.toJSONSchema(field, { unrepresentable: 'any' }) as Json;
  const description = typeof node['description'] === 'string' ? node['description'] : '';
  return `| \`${name}\` | ${cell(typeLabel(node))} | ${presence(field)} | ${cell(description)} |`;
}

function eventSection(schema: (typeof EVENT_SCHEMAS)[number]): string {
  const name = schema.shape.event.value;
  const rows = Object.entries(schema.shape as Record<string, z.ZodType>)
    .filter(([key]) => key !== 'event')
    .map(([key, field]) => fieldRow(key, field));
  return [
    `### \`${name}\``,
    '',
    schema.description ?? '',
    '',
    '| Field | Type | Present | Meaning |',
    '| --- | --- | --- | --- |',
    ...rows,
  ].join('\n');
}

/** Prose in lines of at most `width` characters (Prettier leaves Markdown prose as written). */
function wrap(text: string, width: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(' ')) {
    if (line !== '' && line.length + 1 + word.length > width) {
      lines.push(line);
      line = word;
    } else line = line === '' ? word : `${line} ${word}`;
  }
  return line === '' ? lines : [...lines, line];
}

/** The whole docs/events.md. */
export function eventLogReferenceMarkdown(): string {
  return [
    '# The event log',
    '',
    '<!-- Generated from src/state/events/ (eventLogReferenceMarkdown). Do not edit by hand. -->',
    '',
    'The harness appends one JSON object per line to `harness-events.jsonl` (`output.event_log`; `""` disables',
    'it). The file is only ever appended to, across runs: the Action keeps it between CI runs in its cache, so one',
    'file holds the history of every run. The loop writes it; the Action reads it back for its outputs, the job',
    "summary and the time budget's estimate, and every start reads it to resume the session numbering.",
    '',
    '## Every line',
    '',
    '| Field | Type | Present | Meaning |',
    '| --- | --- | --- | --- |',
    '| `ts` | string | always | when the event was written: ISO 8601 UTC, whole seconds |',
    `| \`v\` | \`${EVENT_LOG_VERSION}\` | always (absent on version-0 lines) | the format version of the harness that wrote the line |`,
    '| `event` | string | always | which event: one of those below |',
    '',
    '## The version',
    '',
    `Every line carries \`v\`, the format version of the harness that wrote it; this harness writes \`${EVENT_LOG_VERSION}\`.`,
    'The version is on every line, not once in a header, because the log is appended to by every run: after an',
    'upgrade, old and new lines share one file. A line without `v` is version 0, written before the log had a',
    'version, by a harness that wrote fewer fields.',
    '',
    '- Adding an event, or an optional field, keeps the version: readers skip events they do not know.',
    '- Removing or renaming a field, changing its type or its meaning, or adding a value to a field with a closed',
    '  set of values raises it.',
    '- A reader checks a line of its own version against the schema below; it reads a line of any other version',
    '  leniently (every field it knows is checked for its type, but any may be absent). A line that is not JSON (a',
    '  line torn by a crash) or does not match is skipped and counted, never fatal.',
    '',
    '## Reading it',
    '',
    'With jq:',
    '',
    '```sh',
    '# every session: its number, outcome and cost',
    'jq -c \'select(.event == "session_complete") | {global, outcome, cost_usd}\' harness-events.jsonl',
    '# productive sessions over all runs',
    'jq -s \'map(select(.event == "session_complete" and .outcome == "productive")) | length\' harness-events.jsonl',
    '# why each run ended',
    'jq -r \'select(.event == "loop_end") | "\\(.ts) \\(.reason) exit \\(.exit_code)"\' harness-events.jsonl',
    '# lines a crash tore are not JSON: skip them',
    'jq -R \'fromjson? | select(.event == "session_failed")\' harness-events.jsonl',
    '```',
    '',
    'In code, every reader goes through `readEventLog(path)` or `parseEventLine(line)` (`src/state/events/`),',
    'which apply these rules; the writer (`FileEventLog`) takes only the events below, checked at compile time.',
    '',
    '## Events',
    '',
    'Types: `integer ≥ 0` is a count or a number that cannot be negative; a list of quoted values is a closed set.',
    '"optional": the field is absent from some lines of the event (the meaning says when); "nullable": it is',
    'written as `null` when there is no value.',
    '',
    EVENT_SCHEMAS.map(eventSection).join('\n\n'),
    '',
    '## Value sets',
    '',
    ...VALUE_SETS.flatMap((set) => [
      `### ${set.title}`,
      '',
      ...wrap(`${set.values.map((v) => `\`"${v}"\``).join(', ')}.`, 112),
      '',
    ]),
    '## Stop reasons',
    '',
    '`loop_end.reason`, `stop_requested.reason`, `task_stats.reason` and `review_end.reason` are an open set: a',
    'home adds stop sources of its own and a mode its stops, so a reader must accept any string. Written today:',
    ...wrap(`${KNOWN_STOP_REASONS.map((r) => `\`${r}\``).join(', ')}.`, 112),
    '',
  ].join('\n');
}
