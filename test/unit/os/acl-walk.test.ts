// setfacl -R over a tree that changes under it: a walk that met only vanished files is made again, at most three
// times; any other error fails it. The runner is injected: which file vanishes when is not the test's to time.
import { describe, expect, it } from 'vitest';
import { onlyVanished, setfaclTree } from '../../../src/os/acl-walk.js';

const VANISHED = 'setfacl: /w/.agent-harness-state: No such file or directory\n';
const result = (code: number, stderr = '') => ({ code, stdout: '', stderr });

function runner(results: Array<{ code: number; stdout: string; stderr: string }>) {
  const calls: string[][] = [];
  return {
    calls,
    run: (command: string, args: readonly string[]) => {
      calls.push([command, ...args]);
      return Promise.resolve(results.shift() ?? result(0));
    },
  };
}

describe('setfacl -R over a changing tree', () => {
  it('tells a vanished file from another error', () => {
    expect(onlyVanished(VANISHED)).toBe(true);
    expect(onlyVanished(`${VANISHED}setfacl: /w/a: Operation not permitted\n`)).toBe(false);
    expect(onlyVanished('')).toBe(false);
  });

  it('walks again after a vanished file, and is done when a walk succeeds', async () => {
    const r = runner([result(1, VANISHED), result(0)]);
    await setfaclTree('root', ['-P', '-b', '-k', '/w'], r.run);
    expect(r.calls).toEqual([
      ['setfacl', '-R', '-P', '-b', '-k', '/w'],
      ['setfacl', '-R', '-P', '-b', '-k', '/w'],
    ]);
  });

  it('stops after three walks that met only vanished files; fails on any other error', async () => {
    const churn = runner([
      result(1, VANISHED),
      result(1, VANISHED),
      result(1, VANISHED),
      result(1, VANISHED),
    ]);
    await setfaclTree('sudo', ['-P', '-b', '-k', '/w'], churn.run);
    expect(churn.calls).toHaveLength(3);
    expect(churn.calls[0]!.slice(0, 3)).toEqual(['sudo', '-n', '--']);
    const denied = runner([result(1, 'setfacl: /w/a: Operation not permitted\n')]);
    await expect(setfaclTree('root', ['-P', '-b', '-k', '/w'], denied.run)).rejects.toThrow(
      'setfacl -R -P -b -k /w failed: setfacl: /w/a: Operation not permitted',
    );
  });
});
