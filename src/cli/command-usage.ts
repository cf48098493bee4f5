// The help of a command with commands of its own (`tasks`, `metrics`, `improvement`), from one synopsis and one
// description per command: `<family> --help` lists them all in two columns, `<family> <command> --help` shows
// that command alone.

/** A command's synopsis (its name first; more lines indented under it) and what it does. */
export interface CommandEntry {
  synopsis: string;
  what: string;
}

/** One entry of a family's list: the description beside the synopsis's last line when it fits, else under it. */
function listed({ synopsis, what }: CommandEntry, column: number): string {
  const lines = synopsis.split('\n').map((line) => `  ${line}`);
  const [first = '', ...more] = what.split('\n');
  const last = lines.at(-1)!;
  const indent = ' '.repeat(column);
  const beside = last.length < column - 1;
  return [
    ...(beside ? [...lines.slice(0, -1), `${last.padEnd(column)}${first}`] : [...lines, `${indent}${first}`]),
    ...more.map((line) => `${indent}${line}`),
  ].join('\n');
}

/** `Usage: agent-harness <family> <command> ...`, every command listed, then `after` (options, exit codes). */
export function familyUsage(
  family: string,
  options: string,
  entries: Record<string, CommandEntry>,
  column: number,
  after: string,
): string {
  const list = Object.values(entries).map((entry) => listed(entry, column));
  return [
    `Usage: agent-harness ${family} <command>${options}`,
    '',
    ...list,
    ...(after ? ['', after] : []),
  ].join('\n');
}

/** One command's own help: its synopsis, what it does, and where the others are. */
export function commandUsage(family: string, entry: CommandEntry, after: string): string {
  const what = entry.what;
  return [
    `Usage: agent-harness ${family} ${entry.synopsis.replace(/\n\s*/g, `\n    `)}`,
    '',
    `${what.charAt(0).toUpperCase()}${what.slice(1)}${what.endsWith('.') ? '' : '.'}`,
    ...(after ? ['', after] : []),
    '',
    `agent-harness ${family} --help lists every ${family} command.`,
  ].join('\n');
}
