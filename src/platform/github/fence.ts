// Untrusted text shown verbatim in GitHub Markdown: inside a fenced code block nothing renders (no HTML, no
// links, no mentions), provided the text cannot close the fence. A backtick fence is closed only by a line of at
// least as many backticks, so the fence is one backtick longer than the longest run of backticks in the text
// (and at least three). Long text is cut to fit GitHub's 65,536-character bodies, saying so. Pure.

/** `text` in a fenced code block it cannot break out of. */
export function fenced(text: string, info = 'text'): string {
  const longest = Math.max(0, ...Array.from(text.matchAll(/`+/g), (m) => m[0].length));
  const fence = '`'.repeat(Math.max(3, longest + 1));
  const body = text.endsWith('\n') ? text : `${text}\n`;
  return `${fence}${info}\n${body}${fence}`;
}

/** The first `max` characters of `text`, with a line saying how much was left out. */
export function head(text: string, max: number): string {
  const chars = Array.from(text);
  if (chars.length <= max) return text;
  return `${chars.slice(0, max).join('')}\n… (${chars.length - max} more characters not shown)`;
}

/** The last `max` characters of `text` (a log's end matters most), with a line saying how much was left out. */
export function tail(text: string, max: number): string {
  const chars = Array.from(text);
  if (chars.length <= max) return text;
  return `… (${chars.length - max} earlier characters not shown)\n${chars.slice(-max).join('')}`;
}
