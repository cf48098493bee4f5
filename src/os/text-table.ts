// A plain-text table for a terminal: columns two spaces apart, the first `left` of them left-aligned and the rest
// right-aligned (numbers), or each column aligned as `align` says; no trailing spaces. Widths are counted in
// terminal columns, so a wide character (CJK, an emoji) takes two and a combining mark none, and the columns line
// up whatever the text. The metrics reports, `worker ls`, the supervisor's final table and `plan status` print
// theirs with it.

export type Align = 'left' | 'right';

// Zero width: combining marks (variation selectors among them) and format characters (zero-width spaces, joiners).
const ZERO_WIDTH = /^[\p{Mn}\p{Me}\p{Cf}]$/u;
// Two columns: East Asian wide and fullwidth characters, and emoji shown as pictures.
const WIDE =
  /^[\u1100-\u115f\u2e80-\u303e\u3041-\u33ff\u3400-\u4dbf\u4e00-\u9fff\ua000-\ua4cf\uac00-\ud7a3\uf900-\ufaff\ufe30-\ufe4f\uff00-\uff60\uffe0-\uffe6\u{1f300}-\u{1f64f}\u{1f680}-\u{1f6ff}\u{1f900}-\u{1f9ff}\u{1fa70}-\u{1faff}\u{20000}-\u{3fffd}]$/u;

/** How many terminal columns `text` takes. */
export function displayWidth(text: string): number {
  let width = 0;
  for (const char of text) width += ZERO_WIDTH.test(char) ? 0 : WIDE.test(char) ? 2 : 1;
  return width;
}

/**
 * The header and rows as lines. `align` is either how many leading columns are left-aligned (every column when
 * it is the header's length; the rest right-aligned), or each column's alignment.
 */
export function textTable(
  header: readonly string[],
  rows: ReadonlyArray<readonly string[]>,
  align: number | readonly Align[] = 1,
): string[] {
  const alignOf = (i: number): Align =>
    typeof align === 'number' ? (i < align ? 'left' : 'right') : (align[i] ?? 'left');
  const widths = header.map((h, i) =>
    Math.max(displayWidth(h), ...rows.map((r) => displayWidth(r[i] ?? ''))),
  );
  const line = (cells: readonly string[]) =>
    header
      .map((_, i) => {
        const cell = cells[i] ?? '';
        const fill = ' '.repeat(widths[i]! - displayWidth(cell));
        return alignOf(i) === 'left' ? cell + fill : fill + cell;
      })
      .join('  ')
      .trimEnd();
  return [line(header), ...rows.map(line)];
}
