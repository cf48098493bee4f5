// The architect's verdict, read strictly from its review file, because the harness acts on it unattended.
//
// What is accepted, exactly: the first non-empty line of the file (a UTF-8 byte-order mark, blank lines and
// whitespace-only lines before it are skipped; CRLF line ends are fine) must be `Result: PASS` or `Result: FAIL`,
// with surrounding spaces or tabs allowed and one or more spaces or tabs after the colon. Nothing else:
// `result: pass`, `Result: PASSED`, `**Result: PASS**`, `# Result: PASS` or a missing verdict are malformed.
// The top level of the review (the lines before its first Markdown heading) may repeat the verdict, but a
// second top-level `Result:` line that disagrees is malformed too. `Result:` lines under headings are the
// sections' own verdicts (the seed's `## Static Check` / `Result: PASS`); they are returned, not judged.
// A malformed verdict is reported as a result, not thrown: the loop counts it as a failed review and says why.

export type Verdict = 'PASS' | 'FAIL';

export interface SectionVerdict {
  /** The heading's text without its `#`s, e.g. `Static Check`. */
  heading: string;
  verdict: Verdict;
  /** 1-based line of the section's `Result:` line. */
  line: number;
}

export type ParsedVerdict =
  | { ok: true; verdict: Verdict; line: number; sections: SectionVerdict[] }
  | {
      ok: false;
      /** `file:line: expected …, found …`, ready to print and to put in the next develop prompt. */
      error: string;
      line?: number;
    };

const VERDICT = /^[ \t]*Result:[ \t]+(PASS|FAIL)[ \t]*$/;
/** Anything that looks like an attempt at a verdict line (for the top-level disagreement check and hints). */
const LOOSE = /result\W*[:=]?\W*(pass|fail)\w*/i;
const HEADING = /^[ \t]{0,3}#{1,6}[ \t]+(.*?)[ \t#]*$/;

const EXPECTED = 'expected the first non-empty line to be "Result: PASS" or "Result: FAIL"';
const MAX_FOUND = 80;

function quoted(line: string): string {
  const trimmed = line.trim();
  return JSON.stringify(trimmed.length > MAX_FOUND ? `${trimmed.slice(0, MAX_FOUND - 1)}…` : trimmed);
}

/** The verdict of the review `text`; `file` names the review in errors. */
export function parseVerdict(text: string, file: string): ParsedVerdict {
  const lines = text.replace(/^\uFEFF/, '').split(/\r?\n/);
  const first = lines.findIndex((line) => line.trim() !== '');
  if (first === -1) return { ok: false, error: `${file}: ${EXPECTED}, found an empty review` };
  const firstLine = lines[first] ?? '';
  const match = VERDICT.exec(firstLine);
  if (!match) {
    const hint = LOOSE.test(firstLine) ? ' (exactly that: uppercase, nothing before or after it)' : '';
    return {
      ok: false,
      line: first + 1,
      error: `${file}:${first + 1}: ${EXPECTED}, found ${quoted(firstLine)}${hint}`,
    };
  }
  const verdict = match[1] as Verdict;

  const sections: SectionVerdict[] = [];
  let heading: string | undefined;
  for (let i = first + 1; i < lines.length; i++) {
    const line = lines[i] ?? '';
    const head = HEADING.exec(line);
    if (head) {
      heading = head[1] ?? '';
      continue;
    }
    const strict = VERDICT.exec(line);
    if (heading === undefined) {
      if (strict ? strict[1] !== verdict : LOOSE.test(line) && /^\s*result/i.test(line))
        return {
          ok: false,
          line: i + 1,
          error:
            `${file}:${i + 1}: expected one top-level verdict, found ${quoted(line)} after ` +
            `"Result: ${verdict}" on line ${first + 1}`,
        };
    } else if (strict) sections.push({ heading, verdict: strict[1] as Verdict, line: i + 1 });
  }
  return { ok: true, verdict, line: first + 1, sections };
}
