// Configuration mistakes are user errors, not program faults: they are reported as plain lines naming the
// file, the key and the fix, all of them at once, and the process exits with code 2 (the CLI prints
// `message`, never the stack).
import { EXIT, HarnessError } from '../errors/exit-codes.js';
import { unquotedPlaceholder } from './syntax-hints.js';

export interface ConfigProblem {
  /** Where the value came from: the config file as the user would name it, or `command line`. */
  source: string;
  /** Key path such as `watchdog.stale_timeout_mins` or `commit_detection.patterns[1]`; absent for whole-file problems. */
  path?: string;
  /** 1-based position, for syntax errors. */
  line?: number;
  column?: number;
  /** What is wrong, as shown after the location, e.g. `expected a number >= 0, found "ten"`. */
  message: string;
  /** The value found, as truncated JSON. */
  found?: string;
  /** What would have been accepted, e.g. `an integer > 0`. */
  expected?: string;
  /** A close valid key or value the user probably meant. */
  suggestion?: string;
}

const MAX_VALUE_CHARS = 60;

/** A value as JSON for a one-line message; long values are cut so one problem stays one line. */
export function formatValue(value: unknown): string {
  let text: string;
  if (value === undefined) text = 'nothing';
  else if (typeof value === 'number' && !Number.isFinite(value)) text = String(value);
  else if (typeof value === 'bigint') text = value.toString();
  else {
    try {
      text =
        JSON.stringify(value, (_key, v: unknown) => (typeof v === 'bigint' ? v.toString() : v)) ??
        unserializable(value);
    } catch {
      text = unserializable(value);
    }
  }
  return text.length > MAX_VALUE_CHARS ? `${text.slice(0, MAX_VALUE_CHARS - 1)}…` : text;
}

/** What JSON cannot say: a function, a symbol, a circular object. */
function unserializable(value: unknown): string {
  if (typeof value === 'symbol') return value.toString();
  if (typeof value === 'function') return 'a function';
  return 'a circular value';
}

/** The value at a key path in parsed data; undefined where the path leads nowhere. */
export function valueAt(data: unknown, path: readonly PropertyKey[]): unknown {
  let node = data;
  for (const key of path) {
    if (typeof node !== 'object' || node === null) return undefined;
    node = (node as Record<PropertyKey, unknown>)[key];
  }
  return node;
}

/** `['commit_detection', 'patterns', 1]` → `commit_detection.patterns[1]`; odd keys (env names) are quoted. */
export function formatKeyPath(segments: readonly PropertyKey[]): string {
  let out = '';
  for (const segment of segments) {
    if (typeof segment === 'number') out += `[${segment}]`;
    else {
      const key = String(segment);
      out += /^[A-Za-z_][\w-]*$/.test(key) ? `${out ? '.' : ''}${key}` : `[${JSON.stringify(key)}]`;
    }
  }
  return out;
}

const didYouMean = (suggestion: string | undefined): string =>
  suggestion === undefined ? '' : ` (did you mean "${suggestion}"?)`;

/** A value of the wrong type, range or choice. */
export function mismatchProblem(
  source: string,
  path: string,
  expected: string,
  value: unknown,
  suggestion?: string,
): ConfigProblem {
  const found = formatValue(value);
  // YAML reads an unquoted `{prompt}` (in `args: [-p, {prompt}]`) as a mapping: say how to write the string.
  const placeholder = unquotedPlaceholder(value);
  const quote =
    placeholder === undefined || !expected.includes('string')
      ? ''
      : ` (YAML reads an unquoted ${placeholder} as a mapping: quote it, "${placeholder}")`;
  return {
    source,
    path,
    expected,
    found,
    message: `expected ${expected}, found ${found}${didYouMean(suggestion)}${quote}`,
    ...(suggestion === undefined ? {} : { suggestion }),
  };
}

/** A key the schema does not know; without a close suggestion the valid keys are listed instead. */
export function unknownKeyProblem(
  source: string,
  path: string,
  validKeys: readonly string[],
  suggestion?: string,
  what: 'key' | 'section' = 'key',
): ConfigProblem {
  const hint =
    suggestion !== undefined
      ? didYouMean(suggestion)
      : validKeys.length
        ? ` (valid ${what}s: ${validKeys.join(', ')})`
        : '';
  return {
    source,
    path,
    message: `unknown ${what}${hint}`,
    ...(suggestion === undefined ? {} : { suggestion }),
  };
}

/** One line per problem: `harness.yml: watchdog.stale_timout_mins: unknown key (did you mean …?)`. */
export function formatProblem(p: ConfigProblem): string {
  const position = p.line === undefined ? '' : `:${p.line}${p.column === undefined ? '' : `:${p.column}`}`;
  const location = `${p.source}${position}: ${p.path ? `${p.path}: ` : ''}`;
  return `${location}${p.message}`.replace(/\s*\n\s*/g, ' ');
}

/** Any configuration problem: exit code 2 (EXIT.usage), distinct from run failures. */
export class ConfigError extends HarnessError {
  override readonly name = 'ConfigError';
  readonly problems: readonly ConfigProblem[];

  constructor(problems: readonly ConfigProblem[]) {
    super(problems.map(formatProblem).join('\n'), EXIT.usage);
    this.problems = Object.freeze([...problems]);
  }
}
