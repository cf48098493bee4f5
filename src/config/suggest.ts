// "Did you mean …?" for misspelt keys and enum values. Only close matches are offered: a far-fetched
// suggestion is worse than none because it sends the user looking in the wrong place.

/** Optimal-string-alignment distance: Levenshtein plus adjacent transpositions (`timout` vs `timoeut`). */
export function editDistance(a: string, b: string): number {
  const rows = a.length + 1;
  const cols = b.length + 1;
  const d: number[][] = Array.from({ length: rows }, (_, i) =>
    Array.from({ length: cols }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)),
  );
  const at = (i: number, j: number): number => d[i]?.[j] ?? Number.POSITIVE_INFINITY;
  for (let i = 1; i < rows; i++) {
    for (let j = 1; j < cols; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let best = Math.min(at(i - 1, j) + 1, at(i, j - 1) + 1, at(i - 1, j - 1) + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) {
        best = Math.min(best, at(i - 2, j - 2) + 1);
      }
      (d[i] as number[])[j] = best;
    }
  }
  return at(a.length, b.length);
}

// Case and `-` vs `_` are the commonest slips (`Max-Iterations`); they should not count as distance.
const normalise = (s: string): string => s.toLowerCase().replace(/-/g, '_');

/** The closest candidate within a length-scaled threshold, or undefined when nothing is plausibly meant. */
export function closestMatch(word: string, candidates: readonly string[]): string | undefined {
  const w = normalise(word);
  // One edit per four characters (at least one, at most three): `claud`→`claude` yes, `pipe`→`file` no.
  const limit = Math.min(3, Math.max(1, Math.floor(w.length / 4)));
  let best: string | undefined;
  let bestDistance = Number.POSITIVE_INFINITY;
  for (const candidate of candidates) {
    const distance = editDistance(w, normalise(candidate));
    if (distance < bestDistance) {
      best = candidate;
      bestDistance = distance;
    }
  }
  if (bestDistance <= limit) return best;
  // A dropped unit suffix (`initial_delay` for `initial_delay_secs`) is too many edits but clearly meant.
  return w.length >= 4 ? candidates.find((c) => normalise(c).startsWith(`${w}_`)) : undefined;
}
