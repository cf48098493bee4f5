// Checks parsed data against the schema and turns every zod issue into a problem a user can act on: the key
// path, what was found, what is accepted and, for near misses, what was probably meant. Regexes are checked
// here too because the schema only knows they are strings.
import type { z } from 'zod';
import {
  formatKeyPath,
  formatProblem,
  formatValue,
  mismatchProblem,
  unknownKeyProblem,
  type ConfigProblem,
  valueAt,
} from './errors.js';
import { phaseProblems } from './phase-checks.js';
import { patternError } from './regex.js';
import { configSchema, type Config } from './schema.js';
import { TIMER_LIMIT_REASON } from './value-kinds.js';
import { enumValues, expectedPhrase, leafKeyPaths, propertiesOf, schemaAt } from './schema-info.js';
import { closestMatch } from './suggest.js';

/** Settings holding regular expressions, checked for compilability. */
export const PATTERN_KEY_PATHS = [
  ['commit_detection', 'patterns'],
  ['rate_limit', 'patterns'],
] as const;

export interface Validation {
  problems: ConfigProblem[];
  /** Present only when there are no problems. */
  config?: Config;
}

export const isMapping = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

// A key put in the wrong section (`[session] stale_timeout_mins`) is a common slip: point at its real home.
function suggestKey(key: string, parent: readonly PropertyKey[], siblings: string[]): string | undefined {
  const sibling = closestMatch(key, siblings);
  if (sibling !== undefined) return sibling;
  const elsewhere = leafKeyPaths().filter((p) => p !== [...parent, key].join('.'));
  const byLeaf = closestMatch(
    key,
    elsewhere.map((p) => p.slice(p.lastIndexOf('.') + 1)),
  );
  return byLeaf === undefined ? undefined : elsewhere.find((p) => p.endsWith(`.${byLeaf}`));
}

function issueProblems(issue: z.core.$ZodIssue, data: unknown, source: string): ConfigProblem[] {
  if (issue.code === 'unrecognized_keys') {
    const siblings = Object.keys(propertiesOf(schemaAt(issue.path)));
    const topLevel = issue.path.length === 0;
    return issue.keys.map((key) =>
      unknownKeyProblem(
        source,
        formatKeyPath([...issue.path, key]),
        siblings,
        suggestKey(key, issue.path, siblings),
        topLevel ? 'section' : 'key',
      ),
    );
  }
  const node = schemaAt(issue.path);
  const path = formatKeyPath(issue.path);
  if (!node) return [{ source, path, message: issue.message }];
  const value = valueAt(data, issue.path);
  const suggestion = typeof value === 'string' ? closestMatch(value, enumValues(node)) : undefined;
  const problem = mismatchProblem(source, path, expectedPhrase(node), value, suggestion);
  // A bound that is not obvious says where it comes from.
  if (issue.code === 'too_big' && issue.message === TIMER_LIMIT_REASON)
    problem.message += ` (${TIMER_LIMIT_REASON})`;
  return [problem];
}

function patternProblems(data: Record<string, unknown>, source: string): ConfigProblem[] {
  const problems: ConfigProblem[] = [];
  for (const keyPath of PATTERN_KEY_PATHS) {
    const list = valueAt(data, keyPath);
    if (!Array.isArray(list)) continue;
    list.forEach((pattern: unknown, index) => {
      if (typeof pattern !== 'string') return;
      const reason = patternError(pattern);
      if (reason === undefined) return;
      problems.push({
        source,
        path: formatKeyPath([...keyPath, index]),
        found: formatValue(pattern),
        expected: 'a valid regular expression',
        message: `invalid regular expression ${formatValue(pattern)}: ${reason}`,
      });
    });
  }
  return problems;
}

/** Validate one mapping of sections, reporting every problem with `source` as its origin. */
export function validateConfigData(data: Record<string, unknown>, source: string): Validation {
  // Parsed once or twice per process: zod's compiled fast path (new Function per object schema, on its first
  // parse) costs a loop run's start about ten times what it saves here.
  const result = configSchema.safeParse(data, { jitless: true });
  const problems = result.success ? [] : result.error.issues.flatMap((i) => issueProblems(i, data, source));
  problems.push(...patternProblems(data, source));
  if (result.success) problems.push(...phaseProblems(result.data, source));
  // Report in the file's section order (zod reports in schema order, unknown sections last), so the list
  // reads top to bottom alongside the file.
  const order = Object.keys(data);
  const rank = (p: ConfigProblem): number => {
    const index = order.indexOf(p.path?.split(/[.[]/, 1)[0] ?? '');
    return index === -1 ? order.length : index;
  };
  problems.sort((a, b) => rank(a) - rank(b));
  // One bad value can trip several checks (type and range); the user needs to hear about it once.
  const seen = new Set<string>();
  const unique = problems.filter((p) => {
    const line = formatProblem(p);
    if (seen.has(line)) return false;
    seen.add(line);
    return true;
  });
  return unique.length || !result.success ? { problems: unique } : { problems: [], config: result.data };
}
