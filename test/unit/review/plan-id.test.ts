// Plan ids: a slug of the title and the UTC minute, as the seed's `fix-csv-naming-20260326T1321`.
import { describe, expect, it } from 'vitest';
import {
  compactUtc,
  createdUtc,
  MAX_SLUG_LENGTH,
  planId,
  slugify,
  uniquePlanId,
} from '../../../src/review/plan-id.js';
import { unsafeIdReason } from '../../../src/review/safe-id.js';

const now = new Date('2026-03-26T13:21:21.500Z');

describe('planId', () => {
  it('is the slug of the title and the UTC minute', () => {
    expect(planId('Fix CSV naming', now)).toBe('fix-csv-naming-20260326T1321');
    expect(compactUtc(new Date('2026-01-02T03:04:05Z'))).toBe('20260102T0304');
    expect(createdUtc(now)).toBe('2026-03-26 13:21:21Z');
  });

  it.each([
    ['Fix CSV download naming convention!', 'fix-csv-download-naming-convention'],
    ['  --Add   a nav-bar (v2.0) -- ', 'add-a-nav-bar-v2-0'],
    ['Über café: résumé naïve', 'uber-cafe-resume-naive'],
    ['Исправить имя файла', 'исправить-имя-файла'],
    ['../../etc/passwd', 'etc-passwd'],
    ['a/b\\c\u0000d', 'a-b-c-d'],
    ['!!!', 'plan'],
    ['', 'plan'],
    ['🎉🎉', 'plan'],
    ['ﬁle ①', 'file-1'],
  ])('slugify(%j) = %j', (title, slug) => {
    expect(slugify(title)).toBe(slug);
    expect(unsafeIdReason(planId(title, now))).toBeUndefined();
  });

  it('cuts a long title at a word boundary, and a single long word at the cap', () => {
    const long = slugify(
      'implement the new navigation bar with dropdown menus and keyboard shortcuts everywhere',
    );
    expect(long).toBe('implement-the-new-navigation-bar-with-dropdown');
    expect(long.length).toBeLessThanOrEqual(MAX_SLUG_LENGTH);
    expect(slugify('x'.repeat(100))).toBe('x'.repeat(MAX_SLUG_LENGTH));
  });

  it('uniquePlanId adds -2, -3 … when the id is taken', () => {
    const taken = new Set(['p', 'p-2']);
    expect(uniquePlanId('q', (id) => taken.has(id))).toBe('q');
    expect(uniquePlanId('p', (id) => taken.has(id))).toBe('p-3');
  });
});
