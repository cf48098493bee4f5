// A plain-text table for a terminal: columns two spaces apart, the first `left` of them left-aligned and the rest
// right-aligned (numbers), no trailing spaces. The metrics reports, `worker ls` and the supervisor's final table
// print theirs with it.

/** The header and rows as lines; `left` columns are left-aligned (every column when it is the header's length). */
export function textTable(
  header: readonly string[],
  rows: ReadonlyArray<readonly string[]>,
  left = 1,
): string[] {
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? '').length)));
  const line = (cells: readonly string[]) =>
    cells
      .map((c, i) => (i < left ? c.padEnd(widths[i]!) : c.padStart(widths[i]!)))
      .join('  ')
      .trimEnd();
  return [line(header), ...rows.map(line)];
}
