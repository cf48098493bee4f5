// Line and text helpers shared by the adapters. They work on the tail string, which may start mid-line.

/** Size of the text window searched for limit messages when there is no structured result. */
export const TEXT_WINDOW_CHARS = 4096;

/** Longest result text kept in a verdict. */
export const RESULT_TEXT_CHARS = 4096;

/** The tail's lines, without the first one when it may be a fragment of a line cut by the tail window. */
export function tailLines(tail: string, complete: boolean): string[] {
  const lines = tail.split('\n');
  if (!complete) lines.shift();
  if (lines.length > 0 && lines[lines.length - 1] === '') lines.pop();
  return lines.map((line) => (line.endsWith('\r') ? line.slice(0, -1) : line));
}

/**
 * The last `count` lines of `text`, oldest first, found by scanning back from the end so a large tail is not split.
 * `unterminated` says whether the final line lacks its newline (it may still be being written).
 */
export function lastLines(text: string, count: number): { lines: string[]; unterminated: boolean } {
  const body = text.endsWith('\n') ? text.slice(0, -1) : text;
  const lines: string[] = [];
  let end = body.length;
  while (lines.length < count && end >= 0) {
    // lastIndexOf clamps a negative start to 0 and would find a newline there again, hence the guard.
    const start = end > 0 ? body.lastIndexOf('\n', end - 1) : -1;
    lines.unshift(body.slice(start + 1, end).replace(/\r$/, ''));
    if (start < 0) break;
    end = start;
  }
  return { lines, unterminated: !text.endsWith('\n') && text.length > 0 };
}

export function lastNonEmptyLine(text: string): string | null {
  const { lines } = lastLines(text.trimEnd(), 1);
  const line = lines[0]?.trim();
  return line ? line : null;
}

export function truncate(text: string, maxChars: number): string {
  return text.length <= maxChars ? text : `${text.slice(0, maxChars - 1)}…`;
}

export function lastChars(text: string, maxChars: number): string {
  return text.length <= maxChars ? text : text.slice(text.length - maxChars);
}

/** The error messages a CLI printed, then its final failure message unless it repeats one of them: one per line. */
export function errorMessages(errors: readonly string[], final: string | null): string {
  return [...errors, ...(final === null || errors.includes(final) ? [] : [final])].join('\n');
}
