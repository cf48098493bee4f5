// The architect's verdict is read strictly: the first non-empty line is `Result: PASS` or `Result: FAIL`, and
// anything else is a malformed review named with its file and line.
import { describe, expect, it } from 'vitest';
import { parseVerdict } from '../../../src/review/verdict.js';

const FILE = 'reviews/1_a-1-review.md';

/** The seed's review, verdict first, sections under headings. */
const SEED_REVIEW = `Result: FAIL

Plan: fix-csv-naming-20260326T1321
Task: 1_update_csv_filename
Iteration: 1

## Static Check

Result: PASS

## Acceptance Criteria

Result: FAIL

### Issues:

CSV filename does not include the user's name.

## Test Coverage

Result: FAIL
`;

describe('parseVerdict', () => {
  it("reads the seed's review: the verdict and each section's own", () => {
    expect(parseVerdict(SEED_REVIEW, FILE)).toEqual({
      ok: true,
      verdict: 'FAIL',
      line: 1,
      sections: [
        { heading: 'Static Check', verdict: 'PASS', line: 9 },
        { heading: 'Acceptance Criteria', verdict: 'FAIL', line: 13 },
        { heading: 'Test Coverage', verdict: 'FAIL', line: 21 },
      ],
    });
  });

  it.each([
    ['Result: PASS', 'PASS', 1],
    ['Result: FAIL\n', 'FAIL', 1],
    ['\n\n   \nResult: PASS\n', 'PASS', 4],
    ['  Result:\tPASS  \r\nmore', 'PASS', 1],
    ['\uFEFFResult: FAIL', 'FAIL', 1],
    ['Result:   PASS\r\n\r\nResult: PASS\r\n## A\r\nResult: FAIL', 'PASS', 1],
  ])('accepts %j as %s (line %i)', (text, verdict, line) => {
    expect(parseVerdict(text, FILE)).toMatchObject({ ok: true, verdict, line });
  });

  it.each([
    [
      '',
      `${FILE}: expected the first non-empty line to be "Result: PASS" or "Result: FAIL", found an empty review`,
    ],
    [
      '  \n\n',
      `${FILE}: expected the first non-empty line to be "Result: PASS" or "Result: FAIL", found an empty review`,
    ],
    [
      'Looks good to me.\nResult: PASS',
      `${FILE}:1: expected the first non-empty line to be "Result: PASS" or "Result: FAIL", found "Looks good to me."`,
    ],
    [
      '\nresult: pass',
      `${FILE}:2: expected the first non-empty line to be "Result: PASS" or "Result: FAIL", found "result: pass" ` +
        '(exactly that: uppercase, nothing before or after it)',
    ],
    [
      'Result: PASSED',
      `${FILE}:1: expected the first non-empty line to be "Result: PASS" or "Result: FAIL", found "Result: PASSED" ` +
        '(exactly that: uppercase, nothing before or after it)',
    ],
    [
      '**Result: PASS**',
      `${FILE}:1: expected the first non-empty line to be "Result: PASS" or "Result: FAIL", found "**Result: PASS**" ` +
        '(exactly that: uppercase, nothing before or after it)',
    ],
    [
      '# Result: FAIL',
      `${FILE}:1: expected the first non-empty line to be "Result: PASS" or "Result: FAIL", found "# Result: FAIL" ` +
        '(exactly that: uppercase, nothing before or after it)',
    ],
    [
      'Result:PASS',
      `${FILE}:1: expected the first non-empty line to be "Result: PASS" or "Result: FAIL", found "Result:PASS" ` +
        '(exactly that: uppercase, nothing before or after it)',
    ],
    [
      'Result: PASS or FAIL',
      `${FILE}:1: expected the first non-empty line to be "Result: PASS" or "Result: FAIL", found "Result: PASS or FAIL" ` +
        '(exactly that: uppercase, nothing before or after it)',
    ],
    [
      'Result: PASS\n\nPlan: p\nResult: FAIL\n\n## Static Check\nResult: PASS',
      `${FILE}:4: expected one top-level verdict, found "Result: FAIL" after "Result: PASS" on line 1`,
    ],
    [
      'Result: FAIL\nresult: pass',
      `${FILE}:2: expected one top-level verdict, found "result: pass" after "Result: FAIL" on line 1`,
    ],
  ])('rejects %j', (text, error) => {
    const parsed = parseVerdict(text, FILE);
    expect(parsed).toMatchObject({ ok: false, error });
  });

  it('gives the line of a malformed verdict, and cuts a long one', () => {
    const parsed = parseVerdict(`\n\n${'x'.repeat(200)}`, FILE);
    expect(parsed.ok).toBe(false);
    if (parsed.ok) return;
    expect(parsed.line).toBe(3);
    expect(parsed.error).toContain(`found "${'x'.repeat(79)}…"`);
  });
});
