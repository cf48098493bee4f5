// The cgroup decisions, pure: the setting, the mounts and this process's cgroup as /proc shows them, which
// containment a machine allows, the names of run and session cgroups and which a dead harness left, how a cgroup
// is emptied, and the systemd-run wrapper.
import { describe, expect, it } from 'vitest';
import {
  cgroup2Mounts,
  cgroupDir,
  cgroupSetting,
  chooseContainment,
  escapes,
  frozen,
  inScope,
  killMethod,
  orphanRuns,
  ownCgroupPath,
  parseRunName,
  parseScopeUnit,
  populated,
  preferredMount,
  procsOf,
  runName,
  scopeUnit,
  sessionName,
  type ContainmentFacts,
} from '../../../src/os/cgroup.js';

const cookie = 'a'.repeat(24);

describe('cgroupSetting', () => {
  it('is auto unless switched off; anything else is an error naming the values', () => {
    expect(cgroupSetting(undefined)).toBe('auto');
    expect(cgroupSetting('')).toBe('auto');
    expect(cgroupSetting('AUTO')).toBe('auto');
    expect(cgroupSetting('off')).toBe('off');
    expect(cgroupSetting('0')).toBe('off');
    expect(() => cgroupSetting('on')).toThrow(
      /AGENT_HARNESS_CGROUP=on is not a setting: use "auto" .* or "off"/,
    );
  });
});

describe('what /proc says', () => {
  const hybrid = [
    '24 23 0:21 / /sys/fs/cgroup rw,relatime - tmpfs tmpfs rw,mode=755',
    '25 24 0:22 / /sys/fs/cgroup/pids rw,relatime - cgroup cgroup rw,pids',
    '26 24 0:23 / /sys/fs/cgroup/unified rw,relatime - cgroup2 cgroup2 rw',
    '',
  ].join('\n');
  const container = '31 30 0:27 /docker/abc /sys/fs/cgroup ro,nosuid - cgroup2 cgroup rw\n';

  it('finds the cgroup v2 mounts, their roots, and prefers /sys/fs/cgroup, then unified', () => {
    expect(cgroup2Mounts(hybrid)).toEqual([{ root: '/', point: '/sys/fs/cgroup/unified' }]);
    expect(cgroup2Mounts(container)).toEqual([{ root: '/docker/abc', point: '/sys/fs/cgroup' }]);
    expect(cgroup2Mounts('40 1 0:30 / /mnt/my\\040cg rw - cgroup2 none rw\n')).toEqual([
      { root: '/', point: '/mnt/my cg' },
    ]);
    const both = [
      { root: '/', point: '/mnt/other' },
      { root: '/', point: '/sys/fs/cgroup/unified' },
      { root: '/', point: '/sys/fs/cgroup' },
    ];
    expect(preferredMount(both)?.point).toBe('/sys/fs/cgroup');
    expect(preferredMount(both.slice(0, 2))?.point).toBe('/sys/fs/cgroup/unified');
    expect(preferredMount(both.slice(0, 1))?.point).toBe('/mnt/other');
    expect(preferredMount([])).toBeNull();
  });

  it("reads this process's cgroup v2 path, none on a v1-only machine or for a removed cgroup", () => {
    expect(ownCgroupPath('8:pids:/\n0::/system.slice/x.service\n')).toBe('/system.slice/x.service');
    expect(ownCgroupPath('0::/\n')).toBe('/');
    expect(ownCgroupPath('4:memory:/a\n1:cpu:/\n')).toBeNull();
    expect(ownCgroupPath('0::/gone (deleted)\n')).toBeNull();
    expect(ownCgroupPath('0::/../outside\n')).toBeNull();
  });

  it('maps a cgroup path to its directory under a mount, bind-mounted roots included', () => {
    const top = { root: '/', point: '/sys/fs/cgroup/unified' };
    expect(cgroupDir(top, '/')).toBe('/sys/fs/cgroup/unified');
    expect(cgroupDir(top, '/a/b')).toBe('/sys/fs/cgroup/unified/a/b');
    const bound = { root: '/docker/abc', point: '/sys/fs/cgroup' };
    expect(cgroupDir(bound, '/docker/abc')).toBe('/sys/fs/cgroup');
    expect(cgroupDir(bound, '/docker/abc/x')).toBe('/sys/fs/cgroup/x');
    expect(cgroupDir(bound, '/docker/abcd')).toBeNull();
    expect(cgroupDir(bound, '/user.slice')).toBeNull();
  });
});

describe('chooseContainment', () => {
  const mount = { root: '/', point: '/sys/fs/cgroup' };
  const at = (dir: string, canMake: boolean, canMove = canMake) => ({ dir, canMake, canMove });
  const facts = (over: Partial<ContainmentFacts>): ContainmentFacts => ({
    setting: 'auto',
    mount,
    own: at('/sys/fs/cgroup/system.slice/runner.service', false),
    top: at('/sys/fs/cgroup', false),
    systemdUser: false,
    ...over,
  });

  it('prefers its own cgroup (delegated, a container, root), then the top, then systemd', () => {
    expect(
      chooseContainment(facts({ own: at('/sys/fs/cgroup/me', true), top: at('/sys/fs/cgroup', true) })),
    ).toEqual({ kind: 'cgroup', via: 'own', parent: '/sys/fs/cgroup/me' });
    // Making cgroups in its own is refused but it may move itself back there: the top.
    expect(
      chooseContainment(
        facts({ own: at('/sys/fs/cgroup/me', false, true), top: at('/sys/fs/cgroup', true) }),
      ),
    ).toEqual({ kind: 'cgroup', via: 'top', parent: '/sys/fs/cgroup' });
    expect(chooseContainment(facts({ systemdUser: true }))).toEqual({ kind: 'systemd-scope' });
  });

  it('uses no top it could not move itself back from', () => {
    const c = chooseContainment(facts({ top: at('/sys/fs/cgroup', true) }));
    expect(c.kind).toBe('none');
    expect(c).toMatchObject({
      reason:
        'this user may not write /sys/fs/cgroup/system.slice/runner.service nor /sys/fs/cgroup and no systemd ' +
        'user manager answers',
    });
  });

  it('says why there is none: switched off, no hierarchy', () => {
    expect(chooseContainment(facts({ setting: 'off', own: at('/x', true) }))).toEqual({
      kind: 'none',
      reason: 'AGENT_HARNESS_CGROUP=off',
    });
    expect(chooseContainment(facts({ mount: null, own: null, top: null }))).toEqual({
      kind: 'none',
      reason: 'no cgroup v2 hierarchy is mounted',
    });
  });

  it('says what escapes each', () => {
    expect(escapes({ kind: 'none', reason: 'x' })).toMatch(/env -i.*double fork and setsid/);
    expect(escapes({ kind: 'cgroup', via: 'own', parent: '/' })).toMatch(/root, or the owner/);
  });
});

describe('run and session names', () => {
  const owner = { pidns: '4026531836', pid: 4242, start: '123456', cookie };

  it('name the owner and the cookie, and read back', () => {
    expect(runName(owner)).toBe(`run-4026531836-4242-123456-${cookie}`);
    expect(parseRunName(runName(owner))).toEqual(owner);
    expect(parseRunName('run-1-2-3-short')).toBeNull();
    expect(parseRunName('cgroup.procs')).toBeNull();
    expect(sessionName(cookie, 7)).toBe(`session-${cookie}-7`);
    expect(parseScopeUnit(scopeUnit(owner, 7))).toEqual(owner);
    expect(scopeUnit(owner, 7)).toBe(`agent-harness-run-4026531836-4242-123456-${cookie}-7.scope`);
    expect(parseScopeUnit('agent-harness-run-1-2-3.scope')).toBeNull();
  });

  it('a dead owner of this PID namespace left an orphan; a live one, another namespace or a stranger did not', () => {
    const names = [
      runName(owner),
      runName({ ...owner, pid: 1 }),
      runName({ ...owner, pidns: '99' }),
      'session-x',
      'something-else',
    ];
    const alive = (pid: number, start: string) => pid === 1 && start === owner.start;
    expect(orphanRuns(names, owner.pidns, alive)).toEqual([{ name: runName(owner), owner }]);
  });
});

describe('emptying a cgroup', () => {
  it('kills with cgroup.kill where there is one, else freezes, else signals', () => {
    expect(killMethod({ kill: true, freeze: true })).toBe('cgroup.kill');
    expect(killMethod({ kill: false, freeze: true })).toBe('freeze');
    expect(killMethod({ kill: false, freeze: false })).toBe('signal');
  });

  it('reads cgroup.events and cgroup.procs', () => {
    expect(populated('populated 1\nfrozen 0\n')).toBe(true);
    expect(populated('populated 0\nfrozen 0\n')).toBe(false);
    expect(populated('')).toBe(false);
    expect(frozen('populated 1\nfrozen 1\n')).toBe(true);
    expect(procsOf('12\n345\n\n')).toEqual([12, 345]);
  });
});

describe('the systemd scope wrapper', () => {
  it('puts systemd-run in front of the command, with nothing but the unit added, and composes', () => {
    const userSwitch = (command: string, args: readonly string[]) => ({
      command: 'setpriv',
      args: ['--reuid=agent', '--', command, ...args],
    });
    const inner = userSwitch('claude', ['-p', 'do it']);
    expect(inScope('u.scope', inner.command, inner.args)).toEqual({
      command: 'systemd-run',
      args: [
        '--user',
        '--scope',
        '--quiet',
        '--collect',
        '--unit=u.scope',
        '--',
        'setpriv',
        '--reuid=agent',
        '--',
        'claude',
        '-p',
        'do it',
      ],
    });
  });
});
