// The sandbox's decisions on path strings (pure) and its set-up: roots and denied paths as realpaths, a missing
// allowed directory refused with exit 17.
import { mkdirSync, mkdtempSync, realpathSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { EXIT } from '../../../../src/errors/exit-codes.js';
import {
  isAllowed,
  isDenied,
  modelPath,
  openSandbox,
  resolveModelPath,
  SandboxRootError,
  type Sandbox,
} from '../../../../src/worker/tools/sandbox.js';
import { ToolFailure } from '../../../../src/worker/tools/fs-errors.js';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});
function scratch(): string {
  const dir = realpathSync(mkdtempSync(join(tmpdir(), 'ah-sandbox-')));
  dirs.push(dir);
  return dir;
}

const sandbox: Sandbox = {
  roots: ['/w', '/other', '/w/tasks/t1/artifacts'],
  workspace: '/w',
  denied: ['/w/.git', '/w/tasks/t1', '/w/secret.env'],
};

function refusal(given: string): ToolFailure {
  try {
    resolveModelPath(sandbox, given);
  } catch (error) {
    return error as ToolFailure;
  }
  throw new Error(`${JSON.stringify(given)} was not refused`);
}

describe('resolveModelPath', () => {
  it.each([
    ['src/a.ts', '/w/src/a.ts'],
    ['./src/./a.ts', '/w/src/a.ts'],
    ['src//a.ts', '/w/src/a.ts'],
    ['.', '/w'],
    ['/w/src', '/w/src'],
    ['/other/x', '/other/x'],
    ['%2e%2e/%2e%2e/etc', '/w/%2e%2e/%2e%2e/etc'],
    ['....//x', '/w/..../x'],
    ['\u2024\u2024/x', '/w/\u2024\u2024/x'],
    ['tasks/t1/artifacts/out.md', '/w/tasks/t1/artifacts/out.md'],
  ])('%j resolves inside to %s', (given, absolute) => {
    expect(resolveModelPath(sandbox, given)).toEqual({ given, absolute, trailingSlash: false });
  });

  it('remembers a trailing slash', () => {
    expect(resolveModelPath(sandbox, 'src/').trailingSlash).toBe(true);
    expect(resolveModelPath(sandbox, 'src/').absolute).toBe('/w/src');
  });

  it.each([
    ['../x', 'a path may not go up with ".."'],
    ['src/../../x', 'a path may not go up with ".."'],
    ['src/..', 'a path may not go up with ".."'],
    ['..\\x', 'a path may not go up with ".."'],
    ['/w/../etc', 'a path may not go up with ".."'],
    ['a\0b', 'a path may not hold a NUL byte'],
    ['/etc/passwd', 'outside the allowed paths'],
    ['/', 'outside the allowed paths'],
    ['/wx/a', 'outside the allowed paths'],
    ['/proc/self/root/w/a', 'outside the allowed paths'],
    ['.git/config', 'a protected path'],
    ['.git', 'a protected path'],
    ['tasks/t1/task.json', 'a protected path'],
    ['secret.env', 'a protected path'],
  ])('%j is refused as a violation (%s)', (given, words) => {
    const error = refusal(given);
    expect(error.violation).toBe(true);
    expect(error.message).toContain(words);
    expect(error.message.startsWith(`${given}: `)).toBe(true);
  });

  it('refuses over-long paths and names as plain failures, before anything is made', () => {
    expect(refusal('d/'.repeat(2100)).violation).toBe(false);
    expect(refusal('n'.repeat(256)).message).toContain('longer than 255 bytes');
    expect(refusal('n'.repeat(5000)).message.length).toBeLessThan(400); // the echo is cut
  });
});

describe('isDenied, isAllowed and modelPath', () => {
  it('a root below a denied directory is allowed (the task directory and its artifacts)', () => {
    expect(isDenied(sandbox, '/w/tasks/t1/state.json')).toBe(true);
    expect(isDenied(sandbox, '/w/tasks/t1/artifacts/x')).toBe(false);
    expect(isAllowed(sandbox, '/w/tasks/t1/artifacts')).toBe(true);
    expect(isAllowed(sandbox, '/w/.gitignore')).toBe(true);
    expect(isAllowed(sandbox, '/elsewhere')).toBe(false);
  });

  it('names paths relative to the workspace, absolute in other roots', () => {
    expect(modelPath(sandbox, '/w/src/a.ts')).toBe('src/a.ts');
    expect(modelPath(sandbox, '/w')).toBe('.');
    expect(modelPath(sandbox, '/other/x')).toBe('/other/x');
  });
});

describe('openSandbox', () => {
  it('resolves roots and denied paths to realpaths; a missing denied path is kept', async () => {
    const base = scratch();
    mkdirSync(join(base, 'ws', '.git'), { recursive: true });
    symlinkSync(join(base, 'ws'), join(base, 'alias'));
    const opened = await openSandbox({
      allowed: [join(base, 'alias'), join(base, 'ws')],
      denied: [join(base, 'alias', '.git'), join(base, 'ws', 'not-yet')],
    });
    expect(opened.roots).toEqual([join(base, 'ws')]);
    expect(opened.workspace).toBe(join(base, 'ws'));
    expect(opened.denied).toContain(join(base, 'ws', '.git'));
    expect(opened.denied).toContain(join(base, 'ws', 'not-yet'));
  });

  it('a missing or non-directory allowed path ends the task (exit 17), naming it', async () => {
    const base = scratch();
    writeFileSync(join(base, 'file'), '');
    const missing = await openSandbox({ allowed: [join(base, 'gone')], denied: [] }).catch((e: unknown) => e);
    expect(missing).toBeInstanceOf(SandboxRootError);
    expect((missing as SandboxRootError).exitCode).toBe(EXIT.workerState);
    expect((missing as SandboxRootError).message).toBe(`allowed path ${join(base, 'gone')}: does not exist`);
    const file = await openSandbox({ allowed: [join(base, 'file')], denied: [] }).catch((e: unknown) => e);
    expect((file as SandboxRootError).message).toContain('is not a directory');
    await expect(openSandbox({ allowed: [], denied: [] })).rejects.toThrow(SandboxRootError);
  });
});
