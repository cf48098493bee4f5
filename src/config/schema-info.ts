// Facts about the schema that error messages, --dry-run and the reference need: which keys exist, and a
// human phrase for what a key accepts. Read from the JSON Schema because it is zod's public, stable rendering
// of types, bounds, enums and defaults, whereas zod's internal definitions change between releases.
import { configJsonSchema, type JsonSchema } from './json-schema.js';

const INT_LIMIT = Number.MAX_SAFE_INTEGER;

const asSchema = (v: unknown): JsonSchema | undefined =>
  typeof v === 'object' && v !== null && !Array.isArray(v) ? (v as JsonSchema) : undefined;

let root: JsonSchema | undefined;
const rootSchema = (): JsonSchema => (root ??= configJsonSchema());

export function propertiesOf(node: JsonSchema | undefined): Record<string, JsonSchema> {
  return (asSchema(node?.['properties']) ?? {}) as Record<string, JsonSchema>;
}

/** Section names in schema order. */
export function sectionNames(): string[] {
  return Object.keys(propertiesOf(rootSchema()));
}

/** A table of settings nested in a section (`agent.review`), as opposed to a value such as `agent.env`. */
export const isNestedTable = (node: JsonSchema | undefined): boolean => node?.['properties'] !== undefined;

function leavesUnder(prefix: string, node: JsonSchema): string[] {
  return Object.entries(propertiesOf(node)).flatMap(([key, child]) =>
    isNestedTable(child) ? leavesUnder(`${prefix}.${key}`, child) : [`${prefix}.${key}`],
  );
}

/**
 * Every `section.key` in schema order, with the keys of a nested table spelt out (`agent.review.format`): the
 * unit for sources, overrides and --dry-run.
 */
export function leafKeyPaths(): string[] {
  return Object.entries(propertiesOf(rootSchema())).flatMap(([section, node]) => leavesUnder(section, node));
}

/** The schema node a value at `path` is checked against (object keys, record values and array items). */
export function schemaAt(path: readonly PropertyKey[]): JsonSchema | undefined {
  let node: JsonSchema | undefined = rootSchema();
  for (const segment of path) {
    if (!node) return undefined;
    if (typeof segment === 'number') node = asSchema(node['items']);
    else node = propertiesOf(node)[String(segment)] ?? asSchema(node['additionalProperties']);
  }
  return node;
}

function bound(node: JsonSchema): string {
  const parts: string[] = [];
  if (typeof node['exclusiveMinimum'] === 'number') parts.push(`> ${node['exclusiveMinimum']}`);
  if (typeof node['minimum'] === 'number') parts.push(`>= ${node['minimum']}`);
  // zod caps integers at the safe-integer limit; that bound is noise to a user.
  if (typeof node['maximum'] === 'number' && node['maximum'] !== INT_LIMIT)
    parts.push(`<= ${node['maximum']}`);
  if (typeof node['exclusiveMaximum'] === 'number') parts.push(`< ${node['exclusiveMaximum']}`);
  return parts.length ? ` ${parts.join(' and ')}` : '';
}

/** A short type phrase without article, e.g. `integer > 0`, `list of strings`, `"arg" | "stdin" | "file"`. */
export function typeLabel(node: JsonSchema | undefined): string {
  if (!node) return 'value';
  if (Array.isArray(node['enum'])) return node['enum'].map((v) => JSON.stringify(v)).join(' | ');
  switch (node['type']) {
    case 'integer':
      return `integer${bound(node)}`;
    case 'number':
      return `number${bound(node)}`;
    case 'string':
      return typeof node['minLength'] === 'number' && node['minLength'] > 0 ? 'non-empty string' : 'string';
    case 'boolean':
      return 'boolean';
    case 'array':
      return `list of ${plural(typeLabel(asSchema(node['items'])))}`;
    case 'object':
      if (node['properties']) return 'table of settings';
      return `table of ${plural(typeLabel(asSchema(node['additionalProperties'])))}`;
    default:
      return 'value';
  }
}

const plural = (label: string): string =>
  /^(string|integer|number|boolean)$/.test(label) ? `${label}s` : label;

/** What a key accepts, phrased for `expected …, found …`. */
export function expectedPhrase(node: JsonSchema | undefined): string {
  if (node && Array.isArray(node['enum']))
    return `one of ${node['enum'].map((v) => JSON.stringify(v)).join(', ')}`;
  const label = typeLabel(node);
  return `${/^[aeiou]/.test(label) ? 'an' : 'a'} ${label}`;
}

/** Allowed values of an enum node, for "did you mean". */
export function enumValues(node: JsonSchema | undefined): string[] {
  return Array.isArray(node?.['enum']) ? node['enum'].filter((v): v is string => typeof v === 'string') : [];
}
