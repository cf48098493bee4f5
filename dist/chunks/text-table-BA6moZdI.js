function textTable(header, rows, left = 1) {
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? "").length)));
  const line = (cells) => cells.map((c, i) => i < left ? c.padEnd(widths[i]) : c.padStart(widths[i])).join("  ").trimEnd();
  return [line(header), ...rows.map(line)];
}

export { textTable as t };
