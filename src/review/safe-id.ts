// Plan ids and task ids become directory and file names under `.harness/plans/`, and a planner LLM writes them:
// an id must be one safe path segment. Pure checks here; the planfile schema and the layout both use them.

/** How long an id may be: far below any file system's name limit, even with `-<n>-mistakes.json` appended. */
export const MAX_ID_LENGTH = 128;

/**
 * Why `id` is not a safe path segment, or undefined when it is. Safe means: non-empty, at most MAX_ID_LENGTH
 * characters, no `/` or `\`, no NUL or other control character, not `.` or `..`, and not starting with `.`
 * (hidden files, `..`) or `-` (read as an option by the tools an agent runs on the path).
 */
export function unsafeIdReason(id: string): string | undefined {
  if (id === '') return 'it is empty';
  if (id.length > MAX_ID_LENGTH) return `it is longer than ${MAX_ID_LENGTH} characters`;
  if (id.includes('/') || id.includes('\\')) return 'it contains a path separator';
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f]/.test(id)) return 'it contains a control character';
  if (id.startsWith('.')) return 'it starts with "."';
  if (id.startsWith('-')) return 'it starts with "-"';
  if (id.trim() !== id) return 'it starts or ends with whitespace';
  return undefined;
}

/** unsafeIdReason as one regular expression, so the JSON Schema files can say it too (tests keep them equal). */
export const SAFE_ID_PATTERN = new RegExp(
  `^(?![.-])(?!\\s)[^/\\\\\\u0000-\\u001f\\u007f]{1,${MAX_ID_LENGTH}}(?<!\\s)$`,
);

/** What a safe id is, as said in validation errors. */
export const SAFE_ID_EXPECTATION =
  'a safe file name (no "/", "\\\\", control characters or surrounding whitespace, not starting with "." or "-", ' +
  `1 to ${MAX_ID_LENGTH} characters)`;
