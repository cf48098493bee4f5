import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { LONG_FIRST, longFirst } from './sequencer.js';
import { ROOT } from './workdir.js';

describe('the order test files start in', () => {
  it('moves the named files to the front in the named order, and leaves the others in theirs', () => {
    const files = ['a', 'b', 'c', 'd', 'e'];
    expect(longFirst(files, (f) => f, ['d', 'b'])).toEqual(['d', 'b', 'a', 'c', 'e']);
    expect(longFirst(files, (f) => f, ['z'])).toEqual(files);
    expect(longFirst([], (f: string) => f, ['a'])).toEqual([]);
  });

  it('names only test files that exist', () => {
    expect(LONG_FIRST.filter((path) => !existsSync(join(ROOT, 'test', path)))).toEqual([]);
    expect(new Set(LONG_FIRST).size).toBe(LONG_FIRST.length);
  });
});
