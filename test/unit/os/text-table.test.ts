// textTable: columns line up in a terminal whatever the text (terminal columns, not characters, are counted), left
// or right as asked; displayWidth counts a wide character as two columns and a combining mark as none.
import { describe, expect, it } from 'vitest';
import { displayWidth, textTable } from '../../../src/os/text-table.js';

describe('displayWidth', () => {
  it('counts terminal columns', () => {
    expect(displayWidth('abc')).toBe(3);
    expect(displayWidth('— ≥ é')).toBe(5);
    expect(displayWidth('导出')).toBe(4);
    expect(displayWidth('e\u0301')).toBe(1);
    expect(displayWidth('ok 🚀')).toBe(5);
  });
});

describe('textTable', () => {
  it('aligns the first `left` columns left and the rest right, with no trailing spaces', () => {
    expect(
      textTable(
        ['Name', 'N'],
        [
          ['a', '1'],
          ['longer', '100'],
        ],
      ),
    ).toEqual(['Name      N', 'a         1', 'longer  100']);
  });

  it('aligns each column as `align` says, wide characters taking two columns', () => {
    expect(
      textTable(
        ['ID', 'TITLE', 'TRIES', 'NOTE'],
        [
          ['1', '导出', '2/2', 'x'],
          ['22', 'export', '0', ''],
        ],
        ['left', 'left', 'right', 'left'],
      ),
    ).toEqual(['ID  TITLE   TRIES  NOTE', '1   导出      2/2  x', '22  export      0']);
  });
});
