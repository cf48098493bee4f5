const ZERO_WIDTH = /^[\p{Mn}\p{Me}\p{Cf}]$/u;
const WIDE = /^[\u1100-\u115f\u2e80-\u303e\u3041-\u33ff\u3400-\u4dbf\u4e00-\u9fff\ua000-\ua4cf\uac00-\ud7a3\uf900-\ufaff\ufe30-\ufe4f\uff00-\uff60\uffe0-\uffe6\u{1f300}-\u{1f64f}\u{1f680}-\u{1f6ff}\u{1f900}-\u{1f9ff}\u{1fa70}-\u{1faff}\u{20000}-\u{3fffd}]$/u;
function displayWidth(text) {
  let width = 0;
  for (const char of text) width += ZERO_WIDTH.test(char) ? 0 : WIDE.test(char) ? 2 : 1;
  return width;
}
function textTable(header, rows, align = 1) {
  const alignOf = (i) => typeof align === "number" ? i < align ? "left" : "right" : align[i] ?? "left";
  const widths = header.map(
    (h, i) => Math.max(displayWidth(h), ...rows.map((r) => displayWidth(r[i] ?? "")))
  );
  const line = (cells) => header.map((_, i) => {
    const cell = cells[i] ?? "";
    const fill = " ".repeat(widths[i] - displayWidth(cell));
    return alignOf(i) === "left" ? cell + fill : fill + cell;
  }).join("  ").trimEnd();
  return [line(header), ...rows.map(line)];
}

export { textTable as t };
