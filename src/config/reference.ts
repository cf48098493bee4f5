// The configuration reference in docs/configuration.md is generated, so it cannot drift from what the
// loader accepts; a test fails when the committed copy is stale.
import { configJsonSchema, type JsonSchema } from './json-schema.js';
import { isNestedTable, propertiesOf, typeLabel } from './schema-info.js';

// Inside a code span only the pipe needs escaping (GFM handles `\|` there too).
const codeCell = (text: string): string => `\`${text.replace(/\|/g, '\\|').replace(/\n/g, ' ')}\``;
// Table cells are one line; `|` would end the cell early and `<prefix>` would be swallowed as an HTML
// tag (a lone `>` is harmless, so `> 0` stays readable).
const cell = (text: string): string => text.replace(/\|/g, '\\|').replace(/</g, '&lt;').replace(/\n/g, ' ');

function defaultCell(node: JsonSchema): string {
  return 'default' in node ? codeCell(JSON.stringify(node['default'])) : '(not set)';
}

const row = ([key, node]: [string, JsonSchema]): string =>
  `| \`${key}\` | ${cell(typeLabel(node))} | ${defaultCell(node)} | ${cell(typeof node['description'] === 'string' ? node['description'] : '')} |`;

function table(heading: string, rows: Array<[string, JsonSchema]>, intro?: unknown): string {
  return [
    heading,
    '',
    ...(typeof intro === 'string' ? [cell(intro), ''] : []),
    '| Key | Type | Default | Description |',
    '| --- | --- | --- | --- |',
    ...rows.map(row),
  ].join('\n');
}

/**
 * One Markdown table per section (key, type, default, description), under headings of the given level; a table
 * nested in a section (`agent.review`) follows its section under its own heading.
 */
export function configReferenceMarkdown(headingLevel = 2): string {
  const hashes = '#'.repeat(headingLevel);
  const sections = Object.entries(propertiesOf(configJsonSchema()));
  return sections
    .flatMap(([section, sectionNode]) => {
      const entries = Object.entries(propertiesOf(sectionNode));
      const nested = entries.filter(([, node]) => isNestedTable(node));
      return [
        table(
          `${hashes} \`${section}\``,
          entries.filter(([, node]) => !isNestedTable(node)),
        ),
        ...nested.map(([key, node]) =>
          table(`${hashes} \`${section}.${key}\``, Object.entries(propertiesOf(node)), node['description']),
        ),
      ];
    })
    .join('\n\n')
    .concat('\n');
}

/** The whole docs/configuration.md: a short introduction, then the generated tables. */
export function configReferenceDocument(): string {
  return [
    '# Configuration',
    '',
    '<!-- Generated from src/config/schema.ts: run `npm run gen`. Do not edit by hand. -->',
    '',
    'agent-harness reads `harness.yml`, `harness.yaml` or `harness.toml` from the working directory, or the file given with `--config`. Every key is optional and an empty file is valid; command-line flags override the file, which overrides the defaults below. Unknown keys are errors, durations accept fractions (`stale_timeout_mins = 0.5`) and are at most what a timer can hold (2^31-1 ms, about 24.8 days: 2147483 seconds or 35791 minutes; a longer one is an error, never a wait of 1 ms), and a pattern starting with `(?i)` is case-insensitive. `agent-harness --dry-run` prints the effective settings and where each came from. Editors can validate the file against [`schema/harness.schema.json`](../schema/harness.schema.json).',
    '',
    configReferenceMarkdown(),
  ].join('\n');
}
