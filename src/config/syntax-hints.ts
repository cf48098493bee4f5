// What to do about a syntax error: the parsers say what they could not read ("invalid value"); these hints say
// what the line probably needs, from the parser's reason and the text of the line it stopped on.

const BARE_WORD = /^[A-Za-z_][\w./:@+-]*$/;

/** The value part of a `key = value` line, without a trailing comment, or undefined when there is none. */
function valueOf(line: string): string | undefined {
  const at = line.indexOf('=');
  if (at < 0) return undefined;
  return line
    .slice(at + 1)
    .replace(/\s+#.*$/, '')
    .trim();
}

/** A hint for a TOML syntax error: `reason` as smol-toml gives it, `line` the text of the line it points at. */
export function tomlSyntaxHint(reason: string, line = ''): string {
  const text = line.trim();
  if (text.startsWith('[') && !/^\[\[?[^\]]*\]\]?\s*(#.*)?$/.test(text))
    return 'check the table header: a section is named on a line of its own, like [agent] or [watchdog]';
  if (/redefine/.test(reason))
    return 'each key and each [section] may appear once in a file: remove or merge the repeated one';
  if (/unfinished string|control characters are not allowed in strings/.test(reason))
    return `close the string with the quote it opened with, on the same line (''' or """ start a multi-line string)`;
  if (/illegal character in key|unexpected end of key|empty bare key|end-of-line/.test(reason))
    return 'write one setting per line as key = value, with strings in quotes (command = "claude")';
  if (/unfinished array|expected comma/.test(reason))
    return 'separate the items with commas and close the list with ] (args = ["-p", "{prompt}"])';
  if (/invalid value/.test(reason)) {
    const value = valueOf(text);
    if (value !== undefined && BARE_WORD.test(value) && !/^(true|false|inf|nan)$/.test(value)) {
      const key = text.slice(0, text.indexOf('=')).trim();
      return `strings need quotes: ${key} = "${value}"`;
    }
    return 'strings need quotes ("text" or \'text\'), also inside lists (args = ["-p", "{prompt}"]); numbers and true/false do not';
  }
  return 'see https://toml.io for the syntax of this line';
}

/** Whether a value is what YAML makes of an unquoted placeholder such as `{prompt}`: a mapping of one empty key. */
export function unquotedPlaceholder(value: unknown): string | undefined {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return undefined;
  const entries = Object.entries(value);
  if (entries.length !== 1 || entries[0]![1] !== null) return undefined;
  return `{${entries[0]![0]}}`;
}
