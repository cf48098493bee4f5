// pending.json as a journal: a first line written whole, then one line appended per finished action. Read back in
// order up to the first torn or out-of-place line; a file as earlier versions wrote it (one line holding the
// results) reads too.
import { appendFileSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import {
  appendPendingResult,
  readPending,
  writePending,
  type PendingIteration,
} from '../../../src/worker/task-files.js';
import type { ToolResult } from '../../../src/worker/tools/run-action.js';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function taskDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'ah-pending-'));
  dirs.push(dir);
  return dir;
}

const head: PendingIteration = {
  iteration: 3,
  timestamp: '2026-01-01T00:00:00.000Z',
  llm_response: { actions: [1, 2, 3].map((i) => ({ tool: 'read_file', args: { path: `f${i}` } })) },
  results: [],
  usage: { input_tokens: 1, output_tokens: 1 },
  duration_ms: { model: 5 },
};
const ok = (text: string): ToolResult => ({ tool: 'read_file', ok: true, result: text });

describe('pending.json', () => {
  it('holds the answer, then each finished result once, each write the size of one result', () => {
    const dir = taskDir();
    writePending(dir, head);
    expect(readPending(dir)).toEqual(head);
    const sizes: number[] = [];
    for (const [i, text] of ['a\n"b"', 'x'.repeat(10_000)].entries()) {
      const before = readFileSync(join(dir, 'pending.json')).length;
      appendPendingResult(dir, i, ok(text));
      sizes.push(readFileSync(join(dir, 'pending.json')).length - before);
    }
    expect(readPending(dir)).toEqual({ ...head, results: [ok('a\n"b"'), ok('x'.repeat(10_000))] });
    // The second append wrote its own result, not the first one again.
    expect(sizes[1]).toBeLessThan(10_100);
  });

  it('stops at a line torn by a kill: that action counts as not finished', () => {
    const dir = taskDir();
    writePending(dir, head);
    appendPendingResult(dir, 0, ok('one'));
    appendFileSync(join(dir, 'pending.json'), '{"action":1,"result":{"tool":"read_file","ok":tr');
    expect(readPending(dir)?.results).toEqual([ok('one')]);
  });

  it('stops at a line out of place', () => {
    const dir = taskDir();
    writePending(dir, head);
    appendPendingResult(dir, 0, ok('one'));
    appendPendingResult(dir, 2, ok('three'));
    expect(readPending(dir)?.results).toEqual([ok('one')]);
  });

  it('reads a pending.json of one line holding its results (as earlier versions wrote it)', () => {
    const dir = taskDir();
    writeFileSync(join(dir, 'pending.json'), JSON.stringify({ ...head, results: [ok('one')] }));
    expect(readPending(dir)?.results).toEqual([ok('one')]);
  });

  it('none, or a first line that does not parse: no pending iteration', () => {
    const dir = taskDir();
    expect(readPending(dir)).toBeNull();
    writeFileSync(join(dir, 'pending.json'), '{"iteration": 3, "llm_resp');
    expect(readPending(dir)).toBeNull();
  });
});
