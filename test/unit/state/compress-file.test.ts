import { createHash } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync, zstdDecompressSync } from 'node:zlib';
import { afterEach, describe, expect, it } from 'vitest';
import { compressFile, compressionOf } from '../../../src/state/compress-file.js';
import { transcriptFiles } from '../../../src/state/transcript-files.js';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});
const scratch = () => {
  const dir = mkdtempSync(join(tmpdir(), 'ah-compress-'));
  dirs.push(dir);
  return dir;
};
const sha = (data: Buffer | string) => createHash('sha256').update(data).digest('hex');
const content = Array.from({ length: 2000 }, (_, i) => `{"type":"assistant","n":${i}}\n`).join('');

describe('compressFile', () => {
  it.each([
    ['zstd', '.zst', zstdDecompressSync],
    ['gzip', '.gz', gunzipSync],
  ] as const)(
    '%s: replaces the file with a compressed copy holding exactly its bytes',
    async (kind, suffix, undo) => {
      const dir = scratch();
      const path = join(dir, 'claude-iteration-3.jsonl');
      writeFileSync(path, content);
      const result = await compressFile(path, kind, sha(content));
      expect(result).toMatchObject({ kind: 'compressed', path: path + suffix });
      expect(existsSync(path)).toBe(false);
      expect(undo(readFileSync(path + suffix)).toString()).toBe(content);
      expect(readdirSync(dir)).toEqual([`claude-iteration-3.jsonl${suffix}`]);
    },
  );

  it('leaves a file whose bytes are not the recorded ones as it is', async () => {
    const dir = scratch();
    const path = join(dir, 'claude-iteration-4.jsonl');
    writeFileSync(path, content);
    const result = await compressFile(path, 'zstd', sha('something else'));
    expect(result).toEqual({ kind: 'changed', sha256: sha(content) });
    expect(readFileSync(path, 'utf8')).toBe(content);
    expect(readdirSync(dir)).toEqual(['claude-iteration-4.jsonl']);
  });

  it('throws and leaves the original when it cannot be read', async () => {
    const dir = scratch();
    await expect(compressFile(join(dir, 'missing.jsonl'), 'gzip', sha(''))).rejects.toThrow(/ENOENT/);
    expect(readdirSync(dir)).toEqual([]);
  });
});

describe('transcriptFiles', () => {
  it('lists plain and compressed transcripts by number with their names without the suffix', async () => {
    const dir = scratch();
    for (const name of [
      'claude-iteration-10.jsonl',
      'claude-iteration-2.jsonl.zst',
      'claude-iteration-3.jsonl.gz',
      'claude-iteration-3.prompt.md',
      'other-1.jsonl',
    ])
      writeFileSync(join(dir, name), 'x');
    const files = await transcriptFiles(dir, 'claude-iteration');
    expect(files.map((f) => [f.global, f.name, f.compression])).toEqual([
      [2, 'claude-iteration-2.jsonl', 'zstd'],
      [3, 'claude-iteration-3.jsonl', 'gzip'],
      [10, 'claude-iteration-10.jsonl', null],
    ]);
    expect(compressionOf('a.jsonl')).toBeNull();
  });
});

describe('highestTranscript', () => {
  it('counts compressed transcripts, so a number is never used twice', async () => {
    const { highestTranscript } = await import('../../../src/state/paths.js');
    const dir = scratch();
    writeFileSync(join(dir, 'claude-iteration-4.jsonl'), 'x');
    writeFileSync(join(dir, 'claude-iteration-9.jsonl.zst'), 'x');
    expect(await highestTranscript(dir, 'claude-iteration')).toBe(9);
  });
});
