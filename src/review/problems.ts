// What is wrong with a review-mode file, one problem per line as `file: path: expected X, found Y` (the shape of
// configuration errors, src/config/errors.ts). The message of a PlanFileError lists every problem at once and
// names the file on every line, so it can be handed as-is to the planner's corrective session, or to a person.
import type { z } from 'zod';
import { formatKeyPath, formatValue, valueAt } from '../config/index.js';
import { closestMatch } from '../config/index.js';
import { EXIT, HarnessError } from '../errors/exit-codes.js';

export interface PlanProblem {
  /** The file as the reader should name it (usually relative to the project root). */
  file: string;
  /** Field path such as `tasks[1].depends_on[0]`; empty for whole-file problems (syntax, a missing file). */
  path: string;
  /** 1-based position, for JSON syntax errors. */
  line?: number;
  column?: number;
  /** What is wrong, e.g. `expected a non-empty string, found ""`. */
  message: string;
}

/** `file:3:5: path: message`, on one line. */
export function formatPlanProblem(p: PlanProblem): string {
  const position = p.line === undefined ? '' : `:${p.line}${p.column === undefined ? '' : `:${p.column}`}`;
  return `${p.file}${position}: ${p.path ? `${p.path}: ` : ''}${p.message}`.replace(/\s*\n\s*/g, ' ');
}

/** Which kind of file: named in the error's first line. */
export type PlanFileKind =
  'planfile' | 'mistakes file' | 'review mistakes file' | 'meta file' | 'progress file';

/** A review-mode file that is missing, malformed or invalid: exit code 11 (EXIT.planInvalid). */
export class PlanFileError extends HarnessError {
  override readonly name = 'PlanFileError';
  readonly problems: readonly PlanProblem[];

  constructor(
    readonly kind: PlanFileKind,
    readonly file: string,
    problems: readonly PlanProblem[],
  ) {
    const count = problems.length === 1 ? '1 problem' : `${problems.length} problems`;
    super(
      [`${file} is not a valid ${kind} (${count}):`, ...problems.map(formatPlanProblem)].join('\n'),
      EXIT.planInvalid,
    );
    this.problems = Object.freeze([...problems]);
  }
}

/** The problem lines alone, without the heading: for a prompt that already says which file is wrong. */
export const problemLines = (error: PlanFileError): string =>
  error.problems.map(formatPlanProblem).join('\n');

/** JSON text parsed, or the syntax error located by line and column (1-based). */
export function parseJsonText(
  text: string,
  file: string,
): { ok: true; value: unknown } | { ok: false; problem: PlanProblem } {
  try {
    return { ok: true, value: JSON.parse(text.replace(/^\uFEFF/, '')) as unknown };
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    const at = /at position (\d+)/.exec(message);
    const offset = at ? Number(at[1]) + (text.startsWith('\uFEFF') ? 1 : 0) : text.length;
    const before = text.slice(0, offset).split('\n');
    const reason = message.replace(/\s*(in JSON )?at position \d+.*$/, '').replace(/ JSON input$/, ' input');
    return {
      ok: false,
      problem: {
        file,
        path: '',
        line: before.length,
        column: (before.at(-1)?.length ?? 0) + 1,
        message: text.trim() === '' ? 'invalid JSON: the file is empty' : `invalid JSON: ${reason}`,
      },
    };
  }
}

const TYPE_PHRASES: Record<string, string> = {
  string: 'a string',
  number: 'a number',
  int: 'an integer',
  boolean: 'true or false',
  array: 'an array',
  object: 'an object',
};

function expectation(issue: z.core.$ZodIssue): string {
  switch (issue.code) {
    case 'invalid_type':
      return TYPE_PHRASES[issue.expected] ?? issue.expected;
    case 'too_small':
      if (issue.origin === 'array') {
        const n = Number(issue.minimum);
        return `an array with at least ${n} ${n === 1 ? 'item' : 'items'}`;
      }
      if (issue.origin === 'string') return 'a non-empty string';
      return `a number >= ${String(issue.minimum)}`;
    case 'invalid_value':
      return `one of ${issue.values.map((v) => formatValue(v)).join(', ')}`;
    default:
      // The schemas' own messages (regex and refinements) are written as `expected …`.
      return issue.message.replace(/^expected /, '');
  }
}

/**
 * Every zod issue as a problem naming the field path, what was expected and what was found. An unknown field
 * names the closest known one of its object (`knownKeys` gives them by the object's path).
 */
export function issueProblems(
  issues: readonly z.core.$ZodIssue[],
  data: unknown,
  file: string,
  knownKeys: (path: readonly PropertyKey[]) => readonly string[],
): PlanProblem[] {
  return issues.flatMap((issue): PlanProblem[] => {
    if (issue.code === 'unrecognized_keys') {
      const known = knownKeys(issue.path);
      return issue.keys.map((key) => {
        const suggestion = closestMatch(key, known);
        const hint =
          suggestion === undefined ? `known fields: ${known.join(', ')}` : `did you mean "${suggestion}"?`;
        return { file, path: formatKeyPath([...issue.path, key]), message: `unknown field (${hint})` };
      });
    }
    const value = valueAt(data, issue.path);
    let found = formatValue(value);
    if (value === undefined) found += ' (the field is missing)';
    let suggestion = '';
    if (issue.code === 'invalid_value' && typeof value === 'string') {
      const close = closestMatch(
        value,
        issue.values.filter((v): v is string => typeof v === 'string'),
      );
      if (close !== undefined) suggestion = ` (did you mean "${close}"?)`;
    }
    return [
      {
        file,
        path: formatKeyPath(issue.path),
        message: `expected ${expectation(issue)}, found ${found}${suggestion}`,
      },
    ];
  });
}
