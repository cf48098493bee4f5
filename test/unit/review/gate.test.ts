// The gate between develop and review, with real scripts and real processes: build.sh then verify.sh, each with a
// timeout; a failing build never runs verify; the end of the output goes to the next prompt; nothing is left
// running; and `loop` is refused while either script is missing or not executable.
import { execFileSync, spawn } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { EXIT } from '../../../src/errors/exit-codes.js';
import { newCookie, processesCarrying } from '../../../src/os/cookie.js';
import { systemClock } from '../../../src/os/system-clock.js';
import { takeGateBaseline } from '../../../src/review/gate-baseline.js';
import type { GateBaseline } from '../../../src/review/gate-changes.js';
import { hermeticGit } from '../../support/hermetic-git.js';
import {
  GATE_OUTPUT_TAIL_BYTES,
  gateScriptProblems,
  GateScriptsError,
  requireGateScripts,
  runGate,
} from '../../../src/review/gate.js';

hermeticGit('gate-git-');
const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function project(scripts: Partial<Record<'build.sh' | 'verify.sh', string>>): string {
  const root = mkdtempSync(join(tmpdir(), 'gate-'));
  dirs.push(root);
  for (const [name, body] of Object.entries(scripts)) {
    writeFileSync(join(root, name), `#!/bin/sh\n${body}\n`);
    chmodSync(join(root, name), 0o755);
  }
  return root;
}

async function gate(
  root: string,
  timeoutMs = 10_000,
  baseline: { baseline?: GateBaseline; allowChanges?: boolean } = {},
) {
  const cookie = newCookie();
  const result = await runGate({
    root,
    env: process.env,
    timeoutMs,
    clock: systemClock,
    spawn,
    cookie,
    ...baseline,
  });
  expect(processesCarrying(cookie)).toEqual([]);
  return result;
}

describe('the gate scripts before the loop starts', () => {
  it('names each missing, non-executable or non-file script and how to fix it', () => {
    const root = project({ 'build.sh': 'true' });
    chmodSync(join(root, 'build.sh'), 0o644);
    expect(gateScriptProblems(root)).toEqual([
      'build.sh is not executable: run chmod +x build.sh',
      expect.stringMatching(
        /^verify\.sh is missing: create .*verify\.sh \(it runs the tests .*\), then chmod \+x verify\.sh$/,
      ),
    ]);
    rmSync(join(root, 'build.sh'));
    mkdirSync(join(root, 'build.sh'));
    expect(gateScriptProblems(root)[0]).toMatch(/^build\.sh is not a file: /);
    expect(() => requireGateScripts(root)).toThrow(GateScriptsError);
    try {
      requireGateScripts(root);
    } catch (error) {
      expect((error as GateScriptsError).exitCode).toBe(EXIT.usage);
      expect((error as Error).message).toMatch(
        /needs build\.sh and verify\.sh[\s\S]*build\.sh is not a file[\s\S]*verify\.sh is missing/,
      );
    }
  });

  it('accepts two executable scripts', () => {
    const root = project({ 'build.sh': 'true', 'verify.sh': 'true' });
    expect(gateScriptProblems(root)).toEqual([]);
    expect(() => requireGateScripts(root)).not.toThrow();
  });
});

describe('runGate', () => {
  it('passes when both scripts pass, running them in order in the project root', async () => {
    const root = project({ 'build.sh': 'echo build >> order', 'verify.sh': 'echo verify >> order' });
    const result = await gate(root);
    expect(result).toMatchObject({ passed: true, failedAt: null, interrupted: false, output: '' });
    expect(result.steps.map((s) => [s.script, s.exitCode])).toEqual([
      ['build.sh', 0],
      ['verify.sh', 0],
    ]);
  });

  it('never runs verify.sh after a failed build, and keeps the end of both output streams', async () => {
    const root = project({
      'build.sh': 'echo compiling; echo "error: x is undefined" >&2; exit 3',
      'verify.sh': 'touch verify-ran',
    });
    const result = await gate(root);
    expect(result).toMatchObject({ passed: false, failedAt: 'build.sh', interrupted: false });
    expect(result.steps).toHaveLength(1);
    expect(result.output).toBe(
      './build.sh failed with exit code 3. The end of its output:\ncompiling\nerror: x is undefined',
    );
    expect(() => rmSync(join(root, 'verify-ran'))).toThrow();
  });

  it('fails at verify.sh with its exit code', async () => {
    const root = project({ 'build.sh': 'true', 'verify.sh': 'echo "2 tests failed"; exit 1' });
    const result = await gate(root);
    expect(result).toMatchObject({ passed: false, failedAt: 'verify.sh' });
    expect(result.output).toMatch(/^\.\/verify\.sh failed with exit code 1\. .*\n2 tests failed$/);
  });

  it('ends a script that runs past its timeout, and whatever it started', async () => {
    const root = project({ 'build.sh': 'sleep 300 & echo started; sleep 300', 'verify.sh': 'true' });
    const result = await gate(root, 500);
    expect(result).toMatchObject({ passed: false, failedAt: 'build.sh', interrupted: false });
    expect(result.steps[0]).toMatchObject({ timedOut: true, exitCode: 124 });
    expect(result.output).toMatch(/^\.\/build\.sh timed out after 1 s\. The end of its output:\nstarted$/);
  });

  it('caps the output at its end, at a character boundary', async () => {
    const root = project({
      'build.sh': 'i=0; while [ $i -lt 400 ]; do echo "line $i: é"; i=$((i+1)); done; exit 1',
    });
    writeFileSync(join(root, 'verify.sh'), '#!/bin/sh\n');
    chmodSync(join(root, 'verify.sh'), 0o755);
    const result = await gate(root);
    expect(Buffer.byteLength(result.output)).toBeLessThanOrEqual(GATE_OUTPUT_TAIL_BYTES);
    expect(result.output).toMatch(/\n…/);
    expect(result.output.endsWith('line 399: é')).toBe(true);
    expect(result.output).not.toContain('\uFFFD');
  });

  it('stops at once on a stop request, as neither a pass nor a verdict', async () => {
    const root = project({ 'build.sh': 'sleep 300', 'verify.sh': 'true' });
    const stop = new AbortController();
    setTimeout(() => stop.abort(), 200);
    const cookie = newCookie();
    const result = await runGate({
      root,
      env: process.env,
      timeoutMs: 60_000,
      clock: systemClock,
      spawn,
      cookie,
      signal: stop.signal,
    });
    expect(result).toMatchObject({ passed: false, interrupted: true, failedAt: 'build.sh' });
    expect(result.output).toMatch(/^\.\/build\.sh was interrupted by a stop request\./);
    expect(processesCarrying(cookie)).toEqual([]);
  });
});

describe('runGate against the scripts the gate accepted', () => {
  const scripts = {
    'build.sh': 'touch BUILT',
    'verify.sh': 'if [ -e RED ]; then echo red; exit 1; fi',
  };

  it('runs them while they are unchanged', async () => {
    const root = project(scripts);
    const baseline = await takeGateBaseline(root);
    expect(baseline.commit).toBeNull(); // not a git repository
    const result = await gate(root, 10_000, { baseline });
    expect(result).toMatchObject({ passed: true, changes: [], refused: false });
  });

  it('refuses changed scripts without running either, naming how each changed', async () => {
    const root = project(scripts);
    const baseline = await takeGateBaseline(root);
    writeFileSync(join(root, 'RED'), '');
    writeFileSync(join(root, 'verify.sh'), '#!/bin/sh\nexit 0\n');
    chmodSync(join(root, 'build.sh'), 0o644);
    const result = await gate(root, 10_000, { baseline });
    expect(result).toMatchObject({
      passed: false,
      refused: true,
      failedAt: 'build.sh',
      steps: [],
      changes: [
        { script: 'build.sh', what: ['exec bit'] },
        { script: 'verify.sh', what: ['content'] },
      ],
    });
    expect(result.output).toMatch(
      /^The gate did not run: build\.sh and verify\.sh changed since the gate accepted them/,
    );
    expect(existsSync(join(root, 'BUILT'))).toBe(false);
  });

  it('refuses a symlink put in a script’s place, even to the same content', async () => {
    const root = project(scripts);
    const baseline = await takeGateBaseline(root);
    writeFileSync(join(root, 'copy.sh'), `#!/bin/sh\n${scripts['verify.sh']}\n`);
    chmodSync(join(root, 'copy.sh'), 0o755);
    rmSync(join(root, 'verify.sh'));
    symlinkSync('copy.sh', join(root, 'verify.sh'));
    const result = await gate(root, 10_000, { baseline });
    expect(result).toMatchObject({ refused: true, changes: [{ script: 'verify.sh', what: ['replaced'] }] });
  });

  it('refuses verify.sh when the build rewrote it, before it runs', async () => {
    const root = project({
      'build.sh': "printf '#!/bin/sh\\nexit 0\\n' > verify.sh",
      'verify.sh': 'exit 1',
    });
    const baseline = await takeGateBaseline(root);
    const result = await gate(root, 10_000, { baseline });
    expect(result).toMatchObject({
      passed: false,
      refused: true,
      failedAt: 'verify.sh',
      steps: [{ script: 'build.sh', exitCode: 0 }],
      changes: [{ script: 'verify.sh', what: ['content'] }],
    });
  });

  it('review.allow_gate_changes: runs them as they are, and says they changed', async () => {
    const root = project(scripts);
    const baseline = await takeGateBaseline(root);
    writeFileSync(join(root, 'verify.sh'), '#!/bin/sh\necho checked; exit 3\n');
    const failed = await gate(root, 10_000, { baseline, allowChanges: true });
    expect(failed).toMatchObject({ passed: false, refused: false, failedAt: 'verify.sh' });
    expect(failed.output).toMatch(
      /^Note: verify\.sh changed since the gate accepted them \(verify\.sh: content\); review\.allow_gate_changes/,
    );
    expect(failed.output).toContain('./verify.sh failed with exit code 3');
    writeFileSync(join(root, 'verify.sh'), '#!/bin/sh\nexit 0\n');
    const passed = await gate(root, 10_000, { baseline, allowChanges: true });
    expect(passed).toMatchObject({ passed: true, changes: [{ script: 'verify.sh', what: ['content'] }] });
  });

  it('names the commit the scripts were committed at, so the harness can say how to put them back', async () => {
    const root = project(scripts);
    const git = (...args: string[]) => execFileSync('git', args, { cwd: root, stdio: 'ignore' });
    git('init', '-q');
    git('config', 'user.name', 'T');
    git('config', 'user.email', 't@example.invalid');
    git('commit', '-q', '--allow-empty', '-m', 'empty');
    expect((await takeGateBaseline(root)).commit).toBeNull(); // not committed
    git('add', 'build.sh', 'verify.sh');
    git('commit', '-q', '-m', 'scripts');
    const head = execFileSync('git', ['rev-parse', 'HEAD'], { cwd: root, encoding: 'utf8' }).trim();
    expect((await takeGateBaseline(root)).commit).toBe(head);
    chmodSync(join(root, 'verify.sh'), 0o644);
    expect((await takeGateBaseline(root)).commit).toBeNull(); // changed since
  });
});
