// The README's exit-code table, rendered from EXIT_CODES so the documented codes are the ones the code uses.
import { EXIT_CODES } from '../../src/errors/exit-codes.js';

// A table cell is one line, and a `|` would end it early.
const cell = (text: string): string => text.replace(/\|/g, '\\|').replace(/\n/g, ' ');

/** A Markdown table of every exit code and its meaning, in code order. */
export function exitCodeTable(): string {
  return [
    '| Exit code | Meaning |',
    '| --- | --- |',
    ...EXIT_CODES.map(({ code, meaning }) => `| ${code} | ${cell(meaning)} |`),
  ].join('\n');
}
