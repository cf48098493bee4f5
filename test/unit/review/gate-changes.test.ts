// The gate's baseline compared (pure): what counts as a changed build.sh or verify.sh, and what the harness says
// about it to the developer (a refused gate) and to the architect (changes review.allow_gate_changes let through).
import { describe, expect, it } from 'vitest';
import {
  describeGateChanges,
  gateChanges,
  mergeGateChanges,
  refusalText,
  reviewGateNotice,
  scriptChanges,
  type GateBaseline,
  type ScriptState,
} from '../../../src/review/gate-changes.js';

const file = (sha256: string, executable = true): ScriptState => ({
  kind: 'file',
  sha256,
  executable,
  target: null,
});
const baseline = (commit: string | null = 'abc1234def'): GateBaseline => ({
  commit,
  scripts: { 'build.sh': file('b'), 'verify.sh': file('v') },
});

describe('scriptChanges', () => {
  it('is empty for the same file', () => {
    expect(scriptChanges(file('v'), file('v'))).toEqual([]);
  });

  it('names a new content, a lost or gained exec bit, and both', () => {
    expect(scriptChanges(file('v'), file('w'))).toEqual(['content']);
    expect(scriptChanges(file('v'), file('v', false))).toEqual(['exec bit']);
    expect(scriptChanges(file('v', false), file('v'))).toEqual(['exec bit']);
    expect(scriptChanges(file('v'), file('w', false))).toEqual(['content', 'exec bit']);
  });

  it('names a deleted script', () => {
    expect(
      scriptChanges(file('v'), { kind: 'missing', sha256: null, executable: false, target: null }),
    ).toEqual(['deleted']);
  });

  it('names a symlink put in the file’s place even when it leads to the same content, and a link moved elsewhere', () => {
    const link = (target: string): ScriptState => ({
      kind: 'symlink',
      sha256: 'v',
      executable: true,
      target,
    });
    expect(scriptChanges(file('v'), link('/tmp/anything'))).toEqual(['replaced']);
    expect(scriptChanges(link('a'), link('b'))).toEqual(['replaced']);
    expect(scriptChanges(link('a'), link('a'))).toEqual([]);
  });

  it('names a directory (or FIFO) where the file was', () => {
    const dir: ScriptState = { kind: 'other', sha256: null, executable: false, target: null };
    expect(scriptChanges(file('v'), dir)).toEqual(['replaced', 'content', 'exec bit']);
  });
});

describe('gateChanges', () => {
  it('lists the changed scripts in the order they run', () => {
    expect(gateChanges(baseline(), { 'build.sh': file('b'), 'verify.sh': file('v') })).toEqual([]);
    expect(gateChanges(baseline(), { 'build.sh': file('x'), 'verify.sh': file('v', false) })).toEqual([
      { script: 'build.sh', what: ['content'] },
      { script: 'verify.sh', what: ['exec bit'] },
    ]);
  });

  it('merges what two checks saw, each script once', () => {
    expect(
      mergeGateChanges(
        [{ script: 'verify.sh', what: ['content'] }],
        [
          { script: 'build.sh', what: ['deleted'] },
          { script: 'verify.sh', what: ['exec bit', 'content'] },
        ],
      ),
    ).toEqual([
      { script: 'build.sh', what: ['deleted'] },
      { script: 'verify.sh', what: ['content', 'exec bit'] },
    ]);
  });
});

describe("the harness's words", () => {
  const both = [
    { script: 'build.sh' as const, what: ['content' as const] },
    { script: 'verify.sh' as const, what: ['content' as const, 'exec bit' as const] },
  ];

  it('names the scripts and how each changed', () => {
    expect(describeGateChanges(both)).toBe(
      'build.sh and verify.sh changed since the gate accepted them (build.sh: content; verify.sh: content, exec bit)',
    );
  });

  it('a refused gate says why it failed, how to put the scripts back, and which setting permits it', () => {
    const text = refusalText(both, baseline());
    expect(text).toContain(
      'The gate did not run: build.sh and verify.sh changed since the gate accepted them',
    );
    expect(text).toContain('git checkout abc1234def -- build.sh verify.sh');
    expect(text).toContain('review.allow_gate_changes');
    expect(refusalText([both[1]!], baseline(null))).toContain('Put them back as they were.');
  });

  it('the architect is told the gate ran changed scripts, and how to read the change', () => {
    const notice = reviewGateNotice(both, baseline());
    expect(notice).toMatch(/^## The harness: the gate scripts changed\n/);
    expect(notice).toContain('git diff abc1234def -- build.sh verify.sh');
    expect(notice).toContain('FAIL the review if it weakens');
    expect(reviewGateNotice(both, null)).toContain('Read the change and FAIL');
  });
});
