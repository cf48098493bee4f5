function listed({ synopsis, what }, column) {
  const lines = synopsis.split("\n").map((line) => `  ${line}`);
  const [first = "", ...more] = what.split("\n");
  const last = lines.at(-1);
  const indent = " ".repeat(column);
  const beside = last.length < column - 1;
  return [
    ...beside ? [...lines.slice(0, -1), `${last.padEnd(column)}${first}`] : [...lines, `${indent}${first}`],
    ...more.map((line) => `${indent}${line}`)
  ].join("\n");
}
function familyUsage(family, options, entries, column, after) {
  const list = Object.values(entries).map((entry) => listed(entry, column));
  return [
    `Usage: agent-harness ${family} <command>${options}`,
    "",
    ...list,
    ...after ? ["", after] : []
  ].join("\n");
}
function commandUsage(family, entry, after) {
  const what = entry.what;
  return [
    `Usage: agent-harness ${family} ${entry.synopsis.replace(/\n\s*/g, `
    `)}`,
    "",
    `${what.charAt(0).toUpperCase()}${what.slice(1)}${what.endsWith(".") ? "" : "."}`,
    ...after ? ["", after] : [],
    "",
    `agent-harness ${family} --help lists every ${family} command.`
  ].join("\n");
}

export { commandUsage as c, familyUsage as f };
