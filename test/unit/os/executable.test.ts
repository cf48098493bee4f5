// The agent command's lookup: an executable file found as the shell would find it, nothing there, or a file there
// that cannot be run (named, with why), never reported as "not found".
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { findExecutable, lookUpExecutable } from '../../../src/os/executable.js';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function scratch(): string {
  const dir = mkdtempSync(join(tmpdir(), 'ah-executable-'));
  dirs.push(dir);
  for (const sub of ['a', 'b']) mkdirSync(join(dir, sub));
  return dir;
}

describe('lookUpExecutable', () => {
  it('finds an executable on PATH past a file of the same name that cannot be run', () => {
    const dir = scratch();
    writeFileSync(join(dir, 'a', 'agent'), '#!/bin/sh\n', { mode: 0o644 });
    writeFileSync(join(dir, 'b', 'agent'), '#!/bin/sh\n', { mode: 0o755 });
    const env = { PATH: `${join(dir, 'a')}:${join(dir, 'b')}` };
    expect(lookUpExecutable('agent', dir, env)).toEqual({ kind: 'found', path: join(dir, 'b', 'agent') });
    expect(findExecutable('agent', dir, env)).toBe(join(dir, 'b', 'agent'));
  });

  it('names a file without the execute bit, on PATH or as a path', () => {
    const dir = scratch();
    writeFileSync(join(dir, 'a', 'agent'), '#!/bin/sh\n', { mode: 0o644 });
    const blocked = {
      kind: 'not_executable',
      path: join(dir, 'a', 'agent'),
      why: 'it has no execute permission for this user',
      permission: true,
    };
    expect(lookUpExecutable('agent', dir, { PATH: join(dir, 'a') })).toEqual(blocked);
    expect(lookUpExecutable('./a/agent', dir, { PATH: '' })).toEqual(blocked);
    expect(findExecutable('./a/agent', dir, { PATH: '' })).toBeNull();
  });

  it('names a directory given as the command, and says not found when nothing is there', () => {
    const dir = scratch();
    expect(lookUpExecutable('./a', dir, {})).toEqual({
      kind: 'not_executable',
      path: join(dir, 'a'),
      why: 'it is a directory',
      permission: false,
    });
    expect(lookUpExecutable('agent', dir, { PATH: `${join(dir, 'a')}:${join(dir, 'b')}` })).toEqual({
      kind: 'not_found',
    });
    expect(lookUpExecutable('./missing', dir, {})).toEqual({ kind: 'not_found' });
  });
});
