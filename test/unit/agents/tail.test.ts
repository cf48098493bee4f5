import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import { appendFile, mkdtemp, rm, truncate, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { decodeTail, readTail } from '../../../src/agents/tail.js';
import { lastLines, lastNonEmptyLine, tailLines } from '../../../src/agents/lines.js';
import { claudeAdapter } from '../../../src/agents/claude.js';

let dir = '';
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'agents-tail-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

const RESULT =
  '{"type":"result","subtype":"success","is_error":false,"api_error_status":null,"num_turns":3,"result":"done"}\n';

describe('readTail', () => {
  it('reads only the end of a 1 GiB transcript (speed is measured in bench/)', async () => {
    const path = join(dir, 'huge.jsonl');
    await writeFile(path, '');
    // Sparse: 1 GiB of zero bytes that take no disk space, then the final result event on its own line.
    await truncate(path, 1024 ** 3);
    await appendFile(path, '\n' + RESULT);
    const tail = await readTail(path, 64 * 1024);
    expect(tail.size).toBe(1024 ** 3 + 1 + Buffer.byteLength(RESULT));
    expect(tail.complete).toBe(false);
    expect(Buffer.byteLength(tail.text)).toBeLessThanOrEqual(64 * 1024);
    expect(tail.text.endsWith(RESULT)).toBe(true);
    expect(claudeAdapter.hasFinalResult(tail.text)).toBe(true);
  });

  it('returns the whole file, marked complete, when it fits', async () => {
    const path = join(dir, 'small.jsonl');
    await writeFile(path, 'first line\n' + RESULT);
    const tail = await readTail(path, 1 << 20);
    expect(tail).toEqual({ text: 'first line\n' + RESULT, complete: true, size: 11 + RESULT.length });
  });

  it('returns nothing for a zero window and handles an empty file', async () => {
    const path = join(dir, 'empty.jsonl');
    await writeFile(path, '');
    expect(await readTail(path, 100)).toEqual({ text: '', complete: true, size: 0 });
    await writeFile(path, 'abc');
    expect(await readTail(path, 0)).toEqual({ text: '', complete: false, size: 3 });
  });

  it('drops a multi-byte character cut by the window start instead of decoding garbage', async () => {
    const path = join(dir, 'utf8.txt');
    // "é" is 2 bytes and "€" is 3; a 5-byte window starts inside the "€".
    await writeFile(path, 'aé€xyz');
    const tail = await readTail(path, 5);
    expect(tail.text).toBe('xyz');
    expect((await readTail(path, 6)).text).toBe('€xyz');
  });

  it('holds back a multi-byte character still being written at the end', () => {
    const euro = Buffer.from('ok €');
    expect(decodeTail(euro.subarray(0, euro.length - 1), false)).toBe('ok ');
    expect(decodeTail(euro, false)).toBe('ok €');
  });

  it('rejects a missing file', async () => {
    await expect(readTail(join(dir, 'nope.jsonl'), 10)).rejects.toThrow(/ENOENT/);
  });
});

describe('line helpers', () => {
  it('skips the first line of a partial tail, which may be a fragment', () => {
    expect(tailLines('ment"}\nB\r\nC\n', false)).toEqual(['B', 'C']);
    expect(tailLines('A\nB\n', true)).toEqual(['A', 'B']);
  });

  it('finds the last lines from the end and reports an unterminated final line', () => {
    expect(lastLines('a\nb\nc\n', 2)).toEqual({ lines: ['b', 'c'], unterminated: false });
    expect(lastLines('a\nb\nc', 5)).toEqual({ lines: ['a', 'b', 'c'], unterminated: true });
    expect(lastLines('\nx', 5)).toEqual({ lines: ['', 'x'], unterminated: true });
    expect(lastNonEmptyLine('one\ntwo  \n\n  \n')).toBe('two');
    expect(lastNonEmptyLine(' \n')).toBeNull();
  });
});
