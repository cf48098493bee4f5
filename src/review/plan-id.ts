// A plan's id, made from its title and the time it was made, as the seed shows: `fix-csv-naming-20260326T1321`.
// The slug keeps letters and digits of any script (diacritics removed from Latin letters, lowercased), joins words with hyphens and
// is cut at a word boundary; a title with nothing usable gives `plan`. The result is always a safe path segment.

/** The slug's maximum length in characters, before `-YYYYMMDDTHHMM`. */
export const MAX_SLUG_LENGTH = 48;

/** `Fix CSV download naming!` → `fix-csv-download-naming`; never empty. */
export function slugify(title: string, max = MAX_SLUG_LENGTH): string {
  const words = title
    .normalize('NFKD')
    // Diacritics go from Latin letters only (`é` → `e`); other scripts keep theirs (`й` stays `й`).
    .replace(/([A-Za-z])\p{M}+/gu, '$1')
    .normalize('NFC')
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean);
  let slug = '';
  for (const word of words) {
    const next = slug ? `${slug}-${word}` : word;
    if ([...next].length <= max) slug = next;
    else {
      // A single word longer than the cap is cut; otherwise stop at the last whole word.
      if (!slug) slug = [...word].slice(0, max).join('');
      break;
    }
  }
  return slug || 'plan';
}

const pad = (n: number): string => String(n).padStart(2, '0');

/** `20260326T1321`: the UTC minute of `now`. */
export const compactUtc = (now: Date): string =>
  `${now.getUTCFullYear()}${pad(now.getUTCMonth() + 1)}${pad(now.getUTCDate())}T${pad(now.getUTCHours())}${pad(now.getUTCMinutes())}`;

/** `2026-03-26 13:21:21Z`: the planfile's `created`, as the seed writes it. */
export const createdUtc = (now: Date): string =>
  `${now.getUTCFullYear()}-${pad(now.getUTCMonth() + 1)}-${pad(now.getUTCDate())} ${pad(now.getUTCHours())}:${pad(now.getUTCMinutes())}:${pad(now.getUTCSeconds())}Z`;

/** `planId('Fix CSV naming', 2026-03-26T13:21Z)` → `fix-csv-naming-20260326T1321`. */
export const planId = (title: string, now: Date): string => `${slugify(title)}-${compactUtc(now)}`;

/** `id`, or `id-2`, `id-3`, … : the first that `taken` says is free (two plans made in the same minute). */
export function uniquePlanId(id: string, taken: (candidate: string) => boolean): string {
  if (!taken(id)) return id;
  for (let n = 2; ; n++) if (!taken(`${id}-${n}`)) return `${id}-${n}`;
}
