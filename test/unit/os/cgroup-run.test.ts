// Cgroups on this machine, for real (where this process may make them: root, a writable cgroup v2 hierarchy): a
// process spawned through a session's cgroup is born in it while this process stays in its own; every way of
// emptying a cgroup (cgroup.kill, freeze + SIGKILL, SIGKILL alone) ends a daemon that ignores SIGTERM, has left
// its group and keeps forking; the emptied tree is removed; a dead harness's run cgroup is swept by the next open.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it, type TestContext } from 'vitest';
import { BASE_NAME, ownCgroupPath, runName, type KillMethod } from '../../../src/os/cgroup.js';
import { endCgroup, isPopulated, membersOf, moveInto, removeCgroup } from '../../../src/os/cgroup-fs.js';
import { detectContainment, openContainment, runOwner } from '../../../src/os/cgroup-run.js';
import { newCookie } from '../../../src/os/cookie.js';
import { processStart } from '../../../src/os/proc.js';
import { systemClock } from '../../../src/os/system-clock.js';
import { WARM_EVERY_MS } from '../../../src/os/cgroup-warm.js';
import { manualClock } from '../../support/manual-clock.js';
import type { Clock } from '../../../src/os/clock-spawn.js';

const here = detectContainment(process.env);

type Finished = TestContext['onTestFinished'];

/** A daemon that ignores SIGTERM, left its group (setsid) and forks a `sleep` every 50 ms, with an empty env. */
function daemon(onTestFinished: Finished): number {
  const child = spawn(
    'env',
    ['-i', 'setsid', '/bin/sh', '-c', "trap '' TERM; while :; do sleep 0.05; done"],
    {
      stdio: 'ignore',
    },
  );
  const pid = child.pid!;
  onTestFinished(() => {
    try {
      process.kill(-pid, 'SIGKILL');
    } catch {
      // gone, as it should be
    }
  });
  return pid;
}

const cgroupOf = (pid: number) => ownCgroupPath(readFileSync(`/proc/${pid}/cgroup`, 'utf8'));

/** Once the daemon runs its loop (its SIGTERM trap is set): it has forked a `sleep` in `dir`. */
async function looping(dir: string): Promise<void> {
  while (membersOf(dir).length < 2) await systemClock.sleep(10);
}

async function opened(onTestFinished: Finished, clock: Clock = systemClock) {
  const { run, swept } = await openContainment({
    cookie: newCookie(),
    env: process.env,
    clock,
    graceMs: 0,
  });
  onTestFinished(() => run.close(systemClock).then(() => undefined));
  return { run, swept };
}

describe.runIf(here.kind === 'cgroup').concurrent('cgroups on this machine', () => {
  it('a spawn through the session cgroup is born in it; this process stays home; the end empties and removes it', async ({
    expect,
    onTestFinished,
  }) => {
    const home = cgroupOf(process.pid);
    const { run } = await opened(onTestFinished);
    expect(run.containment.kind).toBe('cgroup');
    expect(existsSync(run.path!)).toBe(true);
    const session = run.session(1)!;
    const pid = session.spawnInside(() => daemon(onTestFinished));
    expect(session.placementError).toBeNull();
    expect(cgroupOf(process.pid)).toBe(home);
    expect(`${readFileSync(`/proc/${pid}/cgroup`, 'utf8')}`).toContain(session.where.split('/').pop());
    expect(membersOf(session.where)).toContain(pid);
    await looping(session.where);

    const ended = await session.end(100, systemClock);
    expect(ended.how).toBe('kill');
    expect(ended.count).toBeGreaterThanOrEqual(1);
    expect(isPopulated(session.where)).toBe(false);
    expect(processStart(pid)).toBeNull();
    expect(await session.remove()).toBe(true);
    expect(existsSync(session.where)).toBe(false);
    expect(await run.close(systemClock)).toBe(0);
    expect(existsSync(run.path!)).toBe(false);
  });

  it.for<KillMethod>(['cgroup.kill', 'freeze', 'signal'])(
    '%s empties a nested tree of forking SIGTERM-proof daemons',
    async (method, { expect, onTestFinished }) => {
      const { run } = await opened(onTestFinished);
      const inner = join(run.path!, 'a', 'b');
      mkdirSync(inner, { recursive: true });
      const pids = [daemon(onTestFinished), daemon(onTestFinished)];
      moveInto(join(run.path!, 'a'), pids[0]!);
      moveInto(inner, pids[1]!);
      await looping(join(run.path!, 'a'));
      await looping(inner);
      expect(membersOf(run.path!)).toEqual(expect.arrayContaining(pids));

      const ended = await endCgroup(run.path!, 0, systemClock, method);
      expect(ended).toMatchObject({ how: 'kill' });
      expect(isPopulated(run.path!)).toBe(false);
      expect(pids.map(processStart)).toEqual([null, null]);
      expect(removeCgroup(run.path!)).toBe(true);
      expect(existsSync(run.path!)).toBe(false);
    },
  );

  it("the next open sweeps a dead harness's run cgroup, and keeps a live one's", async ({
    expect,
    onTestFinished,
  }) => {
    // A harness that has exited: its PID and start time name no live process any more.
    const dead = spawnSync('/bin/sh', ['-c', 'cut -d" " -f22 /proc/$$/stat; echo $$'], { encoding: 'utf8' });
    const [start, pid] = dead.stdout.trim().split('\n');
    const me = runOwner(newCookie());
    const base = join(here.kind === 'cgroup' ? here.parent : '', BASE_NAME);
    const orphan = join(base, runName({ ...me, pid: Number(pid), start: start! }));
    const live = join(base, runName(me));
    mkdirSync(live, { recursive: true });
    onTestFinished(() => void removeCgroup(live));
    const left = daemon(onTestFinished);
    // A harness starting between the mkdir and the move sweeps the empty orphan first: make it again.
    for (let attempt = 1; ; attempt++) {
      mkdirSync(join(orphan, 'session-x-1'), { recursive: true });
      try {
        moveInto(join(orphan, 'session-x-1'), left);
        break;
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'ENOENT' || attempt === 5) throw error;
      }
    }

    // Any harness starting on this machine meanwhile may sweep it first: either way it is gone.
    const { swept } = await opened(onTestFinished);
    const mine = swept.find((s) => s.where === orphan);
    // The daemon, and the `sleep` it may be running at that moment.
    if (mine !== undefined) {
      expect(mine.previousPid).toBe(Number(pid));
      expect(mine.count).toBeGreaterThanOrEqual(1);
    }
    expect(processStart(left)).toBeNull();
    expect(existsSync(orphan)).toBe(false);
    expect(existsSync(live)).toBe(true);
  });
});

// Not concurrent with the tests above: a move primed here is in flight for every session of this process.
describe.runIf(here.kind === 'cgroup')('priming the move of the next spawn', () => {
  it('a prime leaves this process home; a spawn while it is in flight moves nothing and says so; once it has landed, the spawn is born in the cgroup', async ({
    expect,
    onTestFinished,
  }) => {
    const home = cgroupOf(process.pid);
    const { run } = await opened(onTestFinished);

    run.prime();
    const early = run.session(1)!;
    const stray = early.spawnInside(() => daemon(onTestFinished));
    expect(early.placementError).toMatch(/still in flight/);
    expect(early.holdsAll).toBe(false);
    expect(cgroupOf(stray)).toBe(home);

    run.prime();
    const session = run.session(2)!;
    const pid = await session.spawnInsideWhenReady(() => daemon(onTestFinished));
    expect(session.placementError).toBeNull();
    expect(session.holdsAll).toBe(true);
    expect(cgroupOf(process.pid)).toBe(home);
    expect(membersOf(session.where)).toContain(pid);

    session.prime(); // the next spawn's, once this agent has gone
    await session.end(0, systemClock);
    expect(cgroupOf(process.pid)).toBe(home);
    expect(await session.remove()).toBe(true);
    expect(await early.remove()).toBe(true);
  });

  it('after a spawn, the moves are primed every few ms while the session is young (a quick session pays no grace period), and no longer once its agent has exited', async ({
    expect,
    onTestFinished,
  }) => {
    // The real clock while the containment opens (its sweep of dead runs' cgroups waits on it), the test's after.
    const manual = manualClock();
    let held = false;
    const clock: Clock = {
      now: () => (held ? manual.now() : systemClock.now()),
      monotonic: () => (held ? manual.monotonic() : systemClock.monotonic()),
      sleep: (ms, signal) => (held ? manual.sleep(ms, signal) : systemClock.sleep(ms, signal)),
    };
    const { run } = await opened(onTestFinished, clock);
    held = true;
    const session = run.session(1)!;
    // Once the prime the test before left in flight has landed.
    const pid = await session.spawnInsideWhenReady(() => daemon(onTestFinished));
    expect(session.placementError).toBeNull();
    expect(membersOf(session.where)).toContain(pid);

    // WARM_EVERY_MS later (on the session's clock), a prime is in flight: a spawn that did not wait for it says so.
    await manual.advance(WARM_EVERY_MS);
    const early = run.session(2)!;
    early.spawnInside(() => daemon(onTestFinished));
    expect(early.placementError).toMatch(/still in flight/);

    session.prime(); // the agent has exited: the primes made for its session end
    await session.end(0, systemClock);
    const next = run.session(3)!;
    const placed = await next.spawnInsideWhenReady(() => daemon(onTestFinished));
    expect(next.placementError).toBeNull();
    expect(membersOf(next.where)).toContain(placed);
    await next.end(0, systemClock);
    expect(manual.pending()).toBe(0);
    expect(await session.remove()).toBe(true);
    expect(await next.remove()).toBe(true);
    expect(await early.remove()).toBe(true);
  });
});
