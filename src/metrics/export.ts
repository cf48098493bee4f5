// `metrics export --format json|csv`: every session row. CSV per RFC 4180: a header line, CRLF line ends, a field
// quoted when it holds a comma, a double quote, CR or LF, quotes doubled; null is an empty field. JSON: an array of
// objects, two-space indented (what JSON.stringify(rows, null, 2) writes).
//
// Streaming: exportChunks turns rows into pieces of text of about CHUNK_CHARS as it reads them, so the output of
// 100,000 sessions is never held whole; the pieces, each followed by a newline, are the whole output.

import { SESSION_COLUMNS } from './rows.js';

export { SESSION_COLUMNS };

/** About how much text one piece holds before it is handed on. */
export const CHUNK_CHARS = 64 * 1024;

export function csvField(value: unknown): string {
  if (value === null || value === undefined) return '';
  let text: string;
  if (typeof value === 'string') text = value;
  else if (typeof value === 'number' || typeof value === 'boolean') text = String(value);
  else text = JSON.stringify(value);
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** A session row's values in SESSION_COLUMNS order (`committed` a boolean, or 0/1 as SQLite gives it). */
export type RowValues = readonly unknown[];

const COMMITTED = SESSION_COLUMNS.indexOf('committed');
const LAST = SESSION_COLUMNS.length - 1;

/** `    "column": ` for each column: a JSON row is these and the values, no object built per row. */
const JSON_KEYS = SESSION_COLUMNS.map((column) => `    ${JSON.stringify(column)}: `);

function jsonValue(value: unknown, i: number): string {
  if (value === null || value === undefined) return 'null';
  if (i === COMMITTED) return value === true || value === 1 ? 'true' : 'false';
  return typeof value === 'number' ? String(value) : JSON.stringify(value);
}

function jsonRow(row: RowValues): string {
  let text = '  {\n';
  for (let i = 0; i < LAST; i++) text += `${JSON_KEYS[i]!}${jsonValue(row[i], i)},\n`;
  return `${text}${JSON_KEYS[LAST]!}${jsonValue(row[LAST], LAST)}\n  }`;
}

function csvRow(row: RowValues): string {
  const fields = new Array<string>(LAST + 1);
  for (let i = 0; i <= LAST; i++) {
    const value = row[i];
    fields[i] =
      i === COMMITTED && value !== null && value !== undefined
        ? String(value === true || value === 1)
        : csvField(value);
  }
  return fields.join(',');
}

/**
 * The export of `rows` as pieces of text; each is to be written followed by a newline ("\n"). JSON pieces end at
 * a line's end; CSV pieces but the last end with the CR of their last line's CRLF, so the output's lines end in
 * CRLF and the last one in LF alone (as it always has). A piece is its rows joined once (a flat string: no chain
 * of concatenations lives long enough to be promoted to the old generation, so memory stays flat).
 */
export function* exportChunks(rows: Iterable<RowValues>, format: 'json' | 'csv'): Generator<string> {
  const csv = format === 'csv';
  // CSV: the header and the rows, joined by CRLF. JSON: `[`, then the rows joined by a comma and a newline.
  const separator = csv ? '\r\n' : ',\n';
  let head = csv ? '' : '[\n';
  let parts: string[] = csv ? [SESSION_COLUMNS.join(',')] : [];
  let size = 0;
  for (const row of rows) {
    if (size >= CHUNK_CHARS) {
      // The newline written after the piece is the one before this row.
      yield `${head}${parts.join(separator)}${csv ? '\r' : ','}`;
      head = '';
      parts = [];
      size = 0;
    }
    const text = csv ? csvRow(row) : jsonRow(row);
    parts.push(text);
    size += text.length;
  }
  if (csv) yield parts.join(separator);
  else yield head !== '' && parts.length === 0 ? '[]' : `${head}${parts.join(separator)}\n]`;
}

/** Records (SessionRow or a part of one) as RowValues. */
const valuesOf = (rows: Iterable<object>): RowValues[] =>
  [...rows].map((row) => SESSION_COLUMNS.map((column) => (row as Record<string, unknown>)[column]));

/** The whole CSV export (CRLF after every line). */
export const exportCsv = (rows: Iterable<object>): string =>
  `${[...exportChunks(valuesOf(rows), 'csv')].join('\n')}\r\n`;

/** The whole JSON export. */
export const exportJson = (rows: Iterable<object>): string =>
  [...exportChunks(valuesOf(rows), 'json')].join('\n');
