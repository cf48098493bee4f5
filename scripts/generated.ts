// Every generated file, in one registry: `npm run gen` writes them and test/unit/generated.test.ts fails when a
// committed copy is stale. An entry renders a whole file, or (with `marker`) the section of a file between
// `<!-- marker:start -->` and `<!-- marker:end -->`. Adding a generated file is one line here.
import { readFileSync } from 'node:fs';
import { configJsonSchema } from '../src/config/json-schema.js';
import { configReferenceDocument, configReferenceMarkdown } from '../src/config/reference.js';
import {
  mistakesJsonSchema,
  planfileJsonSchema,
  reviewMistakesJsonSchema,
} from '../src/review/json-schemas.js';
import { eventLogReferenceMarkdown } from '../src/state/events/reference.js';
import { tmplvarsMarkdown } from '../src/review/tmplvars-table.js';
import { exitCodeTable } from './render/exit-code-table.js';
import { schemaBaseUrl, versionModule, type PackageFields } from './render/package-constants.js';

export interface GeneratedFile {
  /** Relative to the repository's root. */
  readonly path: string;
  /** The whole file, or only its section between the markers named by `marker`. */
  readonly marker?: string;
  readonly render: () => string;
}

/** package.json as committed: the version and repository that src/version.ts and the schemas' `$id`s follow. */
const pkg = (): PackageFields =>
  JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as PackageFields;
const json = (schema: unknown): string => JSON.stringify(schema, null, 2);

export const GENERATED: readonly GeneratedFile[] = [
  { path: 'src/version.ts', render: () => versionModule(pkg()) },
  { path: 'schema/harness.schema.json', render: () => json(configJsonSchema(schemaBaseUrl(pkg()))) },
  { path: 'schema/planfile.schema.json', render: () => json(planfileJsonSchema(schemaBaseUrl(pkg()))) },
  { path: 'schema/mistakes.schema.json', render: () => json(mistakesJsonSchema(schemaBaseUrl(pkg()))) },
  {
    path: 'schema/review-mistakes.schema.json',
    render: () => json(reviewMistakesJsonSchema(schemaBaseUrl(pkg()))),
  },
  { path: 'docs/configuration.md', render: configReferenceDocument },
  { path: 'README.md', marker: 'config-reference', render: () => configReferenceMarkdown(3) },
  { path: 'README.md', marker: 'exit-codes', render: exitCodeTable },
  { path: 'docs/events.md', render: eventLogReferenceMarkdown },
  { path: 'docs/review.md', marker: 'template-variables', render: () => tmplvarsMarkdown() },
];
