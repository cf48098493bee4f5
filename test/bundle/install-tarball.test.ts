// Installing agent-harness as a user does, from a packed tarball (what a release carries): `npm pack` of the clone,
// `npm install -g` into a scratch prefix outside it, then `agent-harness --version` and the quickstart run by the
// installed executable in a scratch git repository. Also what the tarball holds, and that the bundle in dist/
// needs none of the package's node_modules.
import { randomBytes } from 'node:crypto';
import { execFile } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, renameSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { beforeAll, describe, expect, it } from 'vitest';
import { hermeticGit } from '../support/hermetic-git.js';
import { markedProcesses } from '../support/processes.js';
import { ROOT } from '../support/workdir.js';
import { installGlobal, pack, userEnv, type PackedFile } from './npm.js';
import { runQuickstart, type QuickstartRun } from './quickstart.js';

const run = promisify(execFile);
const scratch = hermeticGit('agent-harness-install-git-');
const mark = `install-${randomBytes(6).toString('hex')}`;
const version = (JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { version: string }).version;

/** Everything a user's install needs, and nothing else: the entries, the schema, the Action's manifest, the docs. */
const TOP_LEVEL = ['LICENSE', 'README.md', 'action.yml', 'dist', 'package.json', 'schema'];

let root: string;
let files: PackedFile[];
let prefix: string;
let bin: string;
let pkg: string;
let env: NodeJS.ProcessEnv;

beforeAll(async () => {
  root = mkdtempSync(join(tmpdir(), 'agent-harness-install-'));
  scratch.push(root);
  env = userEnv(mark);
  const packed = await pack(root, env);
  files = packed.files;
  prefix = join(root, 'prefix');
  await installGlobal(packed.tarball, prefix, root, env);
  bin = join(prefix, 'bin', 'agent-harness');
  pkg = join(prefix, 'lib', 'node_modules', 'agent-harness');
}, 300_000);

describe('the packed tarball', () => {
  it('holds the entries, their licence notices, the schema, action.yml, the README and the LICENSE, and no sources, tests or node_modules', () => {
    const paths = files.map((f) => f.path);
    expect([...new Set(paths.map((p) => p.split('/')[0]))].sort()).toEqual(TOP_LEVEL);
    for (const needed of [
      'dist/cli.js',
      'dist/main.js',
      'dist/post.js',
      'dist/licenses.txt',
      'schema/harness.schema.json',
      'schema/planfile.schema.json',
      'schema/mistakes.schema.json',
      'schema/review-mistakes.schema.json',
    ])
      expect(paths).toContain(needed);
    // The bin is packed executable as committed, not only made so by the installer.
    expect((files.find((f) => f.path === 'dist/cli.js')?.mode ?? 0) & 0o111).toBe(0o111);
    expect(paths.filter((p) => /(^|\/)(node_modules|src|test)\//.test(p) || p.endsWith('.ts'))).toEqual([]);
  });
});

describe('an install from the tarball, outside the clone', () => {
  it('puts an executable agent-harness on the prefix that prints the package version', async () => {
    const cli = join(pkg, 'dist', 'cli.js');
    expect(readFileSync(cli, 'utf8').startsWith('#!/usr/bin/env node\n')).toBe(true);
    expect(statSync(cli).mode & 0o111).toBe(0o111);
    // Run as a user's shell runs it: the file itself, through its #! line, found on PATH.
    const { stdout } = await run('agent-harness', ['--version'], {
      cwd: root,
      env: { ...env, PATH: `${join(prefix, 'bin')}:${env.PATH}` },
    });
    expect(stdout.trim()).toBe(version);
    expect(statSync(bin).isFile()).toBe(true);
  });

  it('runs the quickstart: three sessions, their transcripts, the counter and the commits', async () => {
    const quickstart: QuickstartRun = await runQuickstart(bin, root, env);
    expect(quickstart.exitCode, quickstart.output).toBe(0);
    expect(quickstart.output).toContain('Loop completed: 3 productive iterations');
    expect(quickstart.output).toContain('Loop state: not running (ended: completed)');
    // The session history, from the installed package's node:sqlite store.
    expect(quickstart.output).toContain('Last 3 of 3 sessions');
    expect(quickstart.repo.startsWith(ROOT)).toBe(false);
    expect(quickstart.transcripts).toEqual([
      'claude-iteration-0.jsonl',
      'claude-iteration-1.jsonl',
      'claude-iteration-2.jsonl',
    ]);
    expect(quickstart.counter).toBe('3');
    expect(quickstart.commits).toEqual([
      'docs: note 2',
      'docs: note 1',
      'docs: note 0',
      'chore: quickstart scratch repository',
    ]);
    const sessions = quickstart.events.filter((e) => e.event === 'session_complete');
    expect(sessions.map((e) => [e.global, e.outcome, e.committed])).toEqual([
      [0, 'productive', true],
      [1, 'productive', true],
      [2, 'productive', true],
    ]);
    expect(quickstart.events.at(-1)).toMatchObject({ event: 'loop_end', reason: 'completed', exit_code: 0 });
    expect(markedProcesses(mark)).toEqual([]);
  });

  it("needs none of the package's node_modules: the CLI and every bundled chunk load without them", async () => {
    // Node resolves a bare import through node_modules up the tree; nothing above the prefix has any.
    const away = join(root, 'node_modules-away');
    try {
      renameSync(join(pkg, 'node_modules'), away);
    } catch {
      // none installed: the package has no runtime dependencies
    }
    const { stdout } = await run(bin, ['--version'], { cwd: root, env });
    expect(stdout.trim()).toBe(version);
    const chunks = readdirSync(join(pkg, 'dist', 'chunks')).map((name) => join(pkg, 'dist', 'chunks', name));
    expect(chunks.length).toBeGreaterThan(0);
    const loader = `for (const chunk of ${JSON.stringify(chunks)}) await import(chunk);`;
    await run(process.execPath, ['--input-type=module', '-e', loader], { cwd: root, env });
    expect(markedProcesses(mark)).toEqual([]);
  });
});
