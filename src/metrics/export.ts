// `metrics export --format json|csv`: every session row. CSV per RFC 4180: a header line, CRLF line ends, a field
// quoted when it holds a comma, a double quote, CR or LF, quotes doubled; null is an empty field.

import { SESSION_COLUMNS } from './rows.js';

export { SESSION_COLUMNS };

export function csvField(value: unknown): string {
  if (value === null || value === undefined) return '';
  let text: string;
  if (typeof value === 'string') text = value;
  else if (typeof value === 'number' || typeof value === 'boolean') text = String(value);
  else text = JSON.stringify(value);
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

export function exportCsv(rows: ReadonlyArray<Readonly<Record<string, unknown>>>): string {
  const lines = [SESSION_COLUMNS.join(',')];
  for (const row of rows) lines.push(SESSION_COLUMNS.map((c) => csvField(row[c])).join(','));
  return `${lines.join('\r\n')}\r\n`;
}

export function exportJson(rows: ReadonlyArray<Readonly<Record<string, unknown>>>): string {
  return JSON.stringify(
    rows.map((row) => Object.fromEntries(SESSION_COLUMNS.map((c) => [c, row[c] ?? null]))),
    null,
    2,
  );
}
