// Config texts more than one test needs.

/** "Billion laughs": nine levels of nine aliases each, 9^9 strings once expanded. */
export const ALIAS_BOMB = [
  'a: &a ["lol","lol","lol","lol","lol","lol","lol","lol","lol"]',
  ...'bcdefghi'
    .split('')
    .map((name, i) => `${name}: &${name} [${Array(9).fill(`*${'abcdefghi'[i]}`).join(',')}]`),
].join('\n');
