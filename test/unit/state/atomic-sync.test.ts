// writeFileAtomicSync: the worker's whole-file replace (the same temp naming as writeFileAtomic); a failure
// names the file and leaves no temp file behind.
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { writeFileAtomicSync } from '../../../src/state/atomic.js';
import { HarnessFileError } from '../../../src/state/write-error.js';

describe('writeFileAtomicSync', () => {
  it('replaces a file whole and leaves nothing beside it', () => {
    const dir = mkdtempSync(join(tmpdir(), 'ah-atomic-sync-'));
    const path = join(dir, 'state.json');
    writeFileAtomicSync(path, 'one');
    writeFileAtomicSync(path, 'two');
    expect(readFileSync(path, 'utf8')).toBe('two');
    expect(readdirSync(dir)).toEqual(['state.json']);
  });

  it('a failed write is a HarnessFileError naming the file, with no temp file left', () => {
    const dir = mkdtempSync(join(tmpdir(), 'ah-atomic-sync-'));
    const path = join(dir, 'is-a-dir');
    writeFileSync(join(dir, 'keep'), '');
    // A rename over a non-empty directory fails after the temp file was written.
    mkdirSync(join(path, 'inner'), { recursive: true });
    expect(() => writeFileAtomicSync(path, 'x')).toThrow(HarnessFileError);
    expect(() => writeFileAtomicSync(path, 'x')).toThrow(path);
    expect(readdirSync(dir).sort()).toEqual(['is-a-dir', 'keep']);
  });
});
