// runAction: the tool looked up, its args checked by its strict schema (problems in plain words), failures and
// violations as results, fatal file-system errors thrown; the glob and the errno mapping underneath.
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { EXIT } from '../../../../src/errors/exit-codes.js';
import {
  failure,
  ToolFailure,
  ToolFatalError,
  toolFailureFor,
} from '../../../../src/worker/tools/fs-errors.js';
import { globMatcher } from '../../../../src/worker/tools/glob.js';
import { TOOL_NAMES, TOOL_SCHEMAS } from '../../../../src/worker/tools/run-action.js';
import { useWorlds, world } from './world.js';

useWorlds();

const errno = (code: string) => Object.assign(new Error(`${code}: with /the/real/path`), { code });

describe('runAction', () => {
  it('names the tools when the tool is unknown', async () => {
    const w = await world();
    expect(await w.run('delete_file', { path: 'x' })).toEqual({
      tool: 'delete_file',
      ok: false,
      error:
        'unknown tool "delete_file": the tools are read_file, write_file, create_file, list_directory, find_files',
    });
  });

  it.each([
    ['read_file', {}, 'read_file: bad args: path: required'],
    ['read_file', { path: 3 }, 'read_file: bad args: path: Invalid input: expected string, received number'],
    ['read_file', { path: '' }, 'read_file: bad args: path: must not be empty'],
    [
      'read_file',
      { path: 'a', mode: 'r' },
      'read_file: bad args: unknown key "mode" (allowed: the tool\'s own keys only)',
    ],
    ['write_file', { path: 'a' }, 'write_file: bad args: content: required'],
    ['find_files', { pattern: '*' }, 'find_files: bad args: start_path: required'],
    [
      'find_files',
      { pattern: '*', start_path: '.', max_depth: 21 },
      'find_files: bad args: max_depth: Too big: expected number to be <=20',
    ],
    [
      'find_files',
      { pattern: '*', start_path: '.', max_depth: 1.5 },
      'find_files: bad args: max_depth: Invalid input: expected int, received number',
    ],
  ])('%s %j: %s', async (tool, args, error) => {
    const w = await world();
    expect(await w.run(tool, args)).toEqual({ tool, ok: false, error });
  });

  it('defaults max_depth to 3 and keeps the schemas strict', () => {
    expect(TOOL_SCHEMAS.find_files.parse({ pattern: '*', start_path: '.' })).toEqual({
      pattern: '*',
      start_path: '.',
      max_depth: 3,
    });
    expect(TOOL_NAMES).toEqual(['read_file', 'write_file', 'create_file', 'list_directory', 'find_files']);
    for (const name of TOOL_NAMES) {
      const schema = z.toJSONSchema(TOOL_SCHEMAS[name], { io: 'input' }) as {
        additionalProperties?: unknown;
      };
      expect(schema.additionalProperties).toBe(false);
    }
  });
});

describe('toolFailureFor', () => {
  it.each([
    ['ENOSPC', 'disk_full', 'no space left on the device'],
    ['EDQUOT', 'disk_full', 'disk quota exceeded'],
    ['EROFS', 'permission', 'read-only file system'],
    ['EACCES', 'permission', 'permission denied'],
    ['EPERM', 'permission', 'operation not permitted'],
  ])('%s is fatal (%s, exit 8), naming the given path only', (code, kind, words) => {
    let thrown: unknown;
    try {
      toolFailureFor(errno(code), 'write_file', 'a.txt');
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(ToolFatalError);
    expect(thrown).toMatchObject({
      kind,
      exitCode: EXIT.writeFailed,
      message: `write_file a.txt: ${words} (${code})`,
    });
  });

  it('anything else with an errno code is a failure in words, never the error text', () => {
    expect(toolFailureFor(errno('ENOENT'), 'read_file', 'a').message).toBe(
      'a: no such file or directory (ENOENT)',
    );
    expect(toolFailureFor(errno('EWHATEVER'), 'read_file', 'a').message).toBe(
      'a: cannot be used (EWHATEVER)',
    );
    const passed = failure('a', 'x');
    expect(toolFailureFor(passed, 'read_file', 'a')).toBe(passed);
    expect(() => toolFailureFor(new TypeError('bug'), 'read_file', 'a')).toThrow(TypeError);
    expect(new ToolFailure('m').violation).toBe(false);
  });
});

describe('globMatcher', () => {
  it('matches the base name without "/", the relative path with it, dot files included', () => {
    expect(globMatcher('*.ts')('a/b/c.ts', 'c.ts')).toBe(true);
    expect(globMatcher('*.ts')('a/b/c.js', 'c.js')).toBe(false);
    expect(globMatcher('*')('x/.env', '.env')).toBe(true);
    expect(globMatcher('a/*.ts')('a/c.ts', 'c.ts')).toBe(true);
    expect(globMatcher('a/*.ts')('b/a/c.ts', 'c.ts')).toBe(false);
    expect(globMatcher('./a/*.ts')('a/c.ts', 'c.ts')).toBe(true);
    expect(globMatcher('**/c.{ts,js}')('a/b/c.js', 'c.js')).toBe(true);
    expect(globMatcher('**')('a/b/c.js', 'c.js')).toBe(true);
    expect(globMatcher('src/**')('src', 'src')).toBe(true);
    expect(globMatcher('src/**/x')('src/x', 'x')).toBe(true);
    expect(globMatcher('src/**/x')('src/a/b/x', 'x')).toBe(true);
    expect(globMatcher('src/**/x')('lib/a/x', 'x')).toBe(false);
  });

  it('knows ?, character sets, braces (nested) and escapes', () => {
    const name = (pattern: string, value: string) => globMatcher(pattern)(value, value);
    expect(name('f?.ts', 'f1.ts')).toBe(true);
    expect(name('f?.ts', 'f12.ts')).toBe(false);
    expect(name('?', '\u{1F600}')).toBe(true); // one character, not one UTF-16 unit
    expect(name('[a-c]x', 'bx')).toBe(true);
    expect(name('[!a-c]x', 'bx')).toBe(false);
    expect(name('[^a-c]x', 'dx')).toBe(true);
    expect(name('[]]', ']')).toBe(true);
    expect(name('[abc', '[abc')).toBe(true); // unclosed: literal
    expect(name('*.{ts,{m,c}js}', 'a.mjs')).toBe(true);
    expect(name('*.{ts,{m,c}js}', 'a.js')).toBe(false);
    expect(name('{a}', '{a}')).toBe(true); // no comma: literal
    expect(name('\\*', '*')).toBe(true);
    expect(name('\\*', 'x')).toBe(false);
    expect(name('a**b', 'axxb')).toBe(true);
  });

  it('matches in steps bounded by pattern × name, whatever the pattern (no backtracking blow-up)', () => {
    const long = 'a'.repeat(250);
    expect(globMatcher('*a*a*a*a*a*a*a*a*a*a*a*a*b')(long, long)).toBe(false);
    expect(globMatcher('*a*a*a*a*a*a*a*a*a*a*a*a*a')(long, long)).toBe(true);
    const deep = Array.from({ length: 40 }, () => 'a').join('/');
    expect(globMatcher('**/a/**/a/**/a/**/a/**/a/**/b')(deep, 'a')).toBe(false);
  });

  it('refuses a pattern that expands to too many alternatives', () => {
    expect(() => globMatcher('{a,b}'.repeat(9))).toThrow('expands to over 256 alternatives');
    expect(globMatcher('{a,b}'.repeat(8))('abababab', 'abababab')).toBe(true);
  });
});
