import { H as HarnessError, E as EXIT } from './exit-codes-BkuRLrXJ.js';

const BARE_WORD = /^[A-Za-z_][\w./:@+-]*$/;
function valueOf(line) {
  const at = line.indexOf("=");
  if (at < 0) return void 0;
  return line.slice(at + 1).replace(/\s+#.*$/, "").trim();
}
function tomlSyntaxHint(reason, line = "") {
  const text = line.trim();
  if (text.startsWith("[") && !/^\[\[?[^\]]*\]\]?\s*(#.*)?$/.test(text))
    return "check the table header: a section is named on a line of its own, like [agent] or [watchdog]";
  if (/redefine/.test(reason))
    return "each key and each [section] may appear once in a file: remove or merge the repeated one";
  if (/unfinished string|control characters are not allowed in strings/.test(reason))
    return `close the string with the quote it opened with, on the same line (''' or """ start a multi-line string)`;
  if (/illegal character in key|unexpected end of key|empty bare key|end-of-line/.test(reason))
    return 'write one setting per line as key = value, with strings in quotes (command = "claude")';
  if (/unfinished array|expected comma/.test(reason))
    return 'separate the items with commas and close the list with ] (args = ["-p", "{prompt}"])';
  if (/invalid value/.test(reason)) {
    const value = valueOf(text);
    if (value !== void 0 && BARE_WORD.test(value) && !/^(true|false|inf|nan)$/.test(value)) {
      const key = text.slice(0, text.indexOf("=")).trim();
      return `strings need quotes: ${key} = "${value}"`;
    }
    return `strings need quotes ("text" or 'text'), also inside lists (args = ["-p", "{prompt}"]); numbers and true/false do not`;
  }
  return "see https://toml.io for the syntax of this line";
}
function unquotedPlaceholder(value) {
  if (typeof value !== "object" || value === null || Array.isArray(value)) return void 0;
  const entries = Object.entries(value);
  if (entries.length !== 1 || entries[0][1] !== null) return void 0;
  return `{${entries[0][0]}}`;
}

const MAX_VALUE_CHARS = 60;
function formatValue(value) {
  let text;
  if (value === void 0) text = "nothing";
  else if (typeof value === "number" && !Number.isFinite(value)) text = String(value);
  else if (typeof value === "bigint") text = value.toString();
  else {
    try {
      text = JSON.stringify(value, (_key, v) => typeof v === "bigint" ? v.toString() : v) ?? unserializable(value);
    } catch {
      text = unserializable(value);
    }
  }
  return text.length > MAX_VALUE_CHARS ? `${text.slice(0, MAX_VALUE_CHARS - 1)}\u2026` : text;
}
function unserializable(value) {
  if (typeof value === "symbol") return value.toString();
  if (typeof value === "function") return "a function";
  return "a circular value";
}
function valueAt(data, path) {
  let node = data;
  for (const key of path) {
    if (typeof node !== "object" || node === null) return void 0;
    node = node[key];
  }
  return node;
}
function formatKeyPath(segments) {
  let out = "";
  for (const segment of segments) {
    if (typeof segment === "number") out += `[${segment}]`;
    else {
      const key = String(segment);
      out += /^[A-Za-z_][\w-]*$/.test(key) ? `${out ? "." : ""}${key}` : `[${JSON.stringify(key)}]`;
    }
  }
  return out;
}
const didYouMean = (suggestion) => suggestion === void 0 ? "" : ` (did you mean "${suggestion}"?)`;
function mismatchProblem(source, path, expected, value, suggestion) {
  const found = formatValue(value);
  const placeholder = unquotedPlaceholder(value);
  const quote = placeholder === void 0 || !expected.includes("string") ? "" : ` (YAML reads an unquoted ${placeholder} as a mapping: quote it, "${placeholder}")`;
  return {
    source,
    path,
    expected,
    found,
    message: `expected ${expected}, found ${found}${didYouMean(suggestion)}${quote}`,
    ...suggestion === void 0 ? {} : { suggestion }
  };
}
function unknownKeyProblem(source, path, validKeys, suggestion, what = "key") {
  const hint = suggestion !== void 0 ? didYouMean(suggestion) : validKeys.length ? ` (valid ${what}s: ${validKeys.join(", ")})` : "";
  return {
    source,
    path,
    message: `unknown ${what}${hint}`,
    ...suggestion === void 0 ? {} : { suggestion }
  };
}
function formatProblem(p) {
  const position = p.line === void 0 ? "" : `:${p.line}${p.column === void 0 ? "" : `:${p.column}`}`;
  const location = `${p.source}${position}: ${p.path ? `${p.path}: ` : ""}`;
  return `${location}${p.message}`.replace(/\s*\n\s*/g, " ");
}
class ConfigError extends HarnessError {
  name = "ConfigError";
  problems;
  constructor(problems) {
    super(problems.map(formatProblem).join("\n"), EXIT.usage);
    this.problems = Object.freeze([...problems]);
  }
}

export { ConfigError as C, formatValue as a, formatProblem as b, formatKeyPath as f, mismatchProblem as m, tomlSyntaxHint as t, unknownKeyProblem as u, valueAt as v };
