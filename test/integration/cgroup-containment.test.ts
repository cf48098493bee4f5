// Containment that does not rely on the agent keeping its environment: an agent starts a daemon with an empty
// environment (`env -i`, so no session cookie) that double-forks into a session of its own (setsid, so neither the
// agent's group nor its parent-PID tree holds it). Where a cgroup can be made (here: root, a writable cgroup v2
// hierarchy), the session's cgroup still holds it and nothing survives the session, on a natural end, a watchdog
// kill, a forced stop, in task mode, and after the harness itself was SIGKILLed (its reaper empties the run's
// cgroup; the next start sweeps it when the reaper died too). With the cgroup switched off (AGENT_HARNESS_CGROUP=off), the daemon escapes: the run says so, and
// the test ends the daemon itself. The built CLI, real processes, the scripted agent's `envdaemon` mode.
import { execFileSync } from 'node:child_process';
import { existsSync, writeFileSync } from 'node:fs';
import { describe, it, type ExpectStatic, type TestContext } from 'vitest';
import { detectContainment } from '../../src/os/cgroup-run.js';
import { processesCarrying } from '../../src/os/cookie.js';
import {
  makeWorkdir,
  runHarness,
  startHarness,
  testConfig,
  waitUntil,
  type Run,
  type Workdir,
} from '../support/workdir.js';
import { killReaperOf, pidAlive, REAPED_MS } from '../support/processes.js';

const cgroupHere = detectContainment(process.env).kind === 'cgroup';

/** The daemon's PID: the agent records its own first, then waits until the daemon has recorded itself. */
function daemonOf(w: Workdir): number {
  const pids = w.agentPids();
  if (pids.length < 2) throw new Error(`the agent recorded no daemon: ${JSON.stringify(pids)}`);
  return pids[1]!;
}

/** Ends a daemon that got away: it leads a session and group of its own (its `sleep` goes with it). */
function endDaemon(w: Workdir): void {
  const pids = w.agentPids().slice(1);
  for (const pid of pids) {
    if (!pidAlive(pid)) continue;
    try {
      process.kill(-pid, 'SIGKILL');
    } catch {
      // gone meanwhile
    }
  }
}

/** A workdir whose daemon is ended whatever the test does, so no test leaves one behind. */
function workdir(
  { onTestFinished }: TestContext,
  options: Parameters<typeof makeWorkdir>[0] & { plan: string[] },
): Workdir {
  const w = makeWorkdir(options);
  onTestFinished(() => endDaemon(w));
  return w;
}

/** Nothing the agent started is alive, and the run's cgroup is gone. */
function expectContained(expect: ExpectStatic, w: Workdir): void {
  const daemon = daemonOf(w);
  expect(pidAlive(daemon)).toBe(false);
  expect(w.agentPids().filter(pidAlive)).toEqual([]);
  const status = w.status();
  expect(status.containment).toBe('cgroup');
  expect(typeof status.cgroup).toBe('string');
  expect(existsSync(status.cgroup as string)).toBe(false);
  expect(processesCarrying(status.cookie as string)).toEqual([]);
}

describe
  .runIf(cgroupHere)
  .concurrent('with a cgroup: an env -i + setsid daemon does not outlive its session', () => {
    it('natural end: the agent exits, its daemon goes with the session', async (context) => {
      const { expect } = context;
      const w = workdir(context, { plan: ['envdaemon:finish'], config: testConfig() });
      const run = await runHarness(w);
      expect(run.code, run.stderr).toBe(0);
      expect(run.stdout).toMatch(/containment=cgroup cgroup=\S+/);
      expect(run.stdout).toMatch(/session=leftover_processes .*by_cgroup=\d/);
      expect(w.events().find((e) => e.event === 'loop_start')).toMatchObject({ containment: 'cgroup' });
      expectContained(expect, w);
    });

    it('watchdog kill', async (context) => {
      const { expect } = context;
      const w = workdir(context, {
        plan: ['envdaemon', 'ok'],
        config: testConfig({ watchdog: { stale_timeout_mins: 0.03 } }),
      });
      const run = await runHarness(w);
      expect(run.code, run.stderr).toBe(0);
      expect(w.events().find((e) => e.event === 'session_complete')).toMatchObject({
        end_reason: 'watchdog',
      });
      expectContained(expect, w);
    });

    it('double SIGINT: the session is killed at once, exit 130', async (context) => {
      const { expect } = context;
      const w = workdir(context, {
        plan: ['envdaemon'],
        config: testConfig({ session: { max_iterations: 3 }, shutdown: { force_window_secs: 60 } }),
      });
      const run = startHarness(w);
      await run.waitFor(() => w.agentPids().length >= 2);
      run.child.kill('SIGINT');
      await run.waitFor((out) => out.includes('Caught SIGINT'));
      run.child.kill('SIGINT');
      const { code } = await run.exit;
      expect(code, run.stderr()).toBe(130);
      expect(w.status()).toMatchObject({ stop_reason: 'forced' });
      expectContained(expect, w);
    });

    it('task mode: the same session path, the same end', async (context) => {
      const { expect } = context;
      const w = workdir(context, {
        git: true,
        plan: ['envdaemon:finish'],
        config: testConfig({ session: { max_iterations: 3 } }),
      });
      writeFileSync(w.path('.gitignore'), `${w.read('.gitignore')}harness-*\n`);
      execFileSync('git', ['commit', '-qam', 'ignore harness files'], { cwd: w.dir });
      await runHarness(w, ['tasks', 'init']);
      await runHarness(w, ['tasks', 'add', 'Contained', '--validate', 'true']);
      const run = await runHarness(w);
      expect(run.code, run.stderr).toBe(0);
      expectContained(expect, w);
    });

    it('the harness SIGKILLed: its reaper empties and removes the run cgroup, the daemon in it too', async (context) => {
      const { expect } = context;
      const w = workdir(context, {
        plan: ['envdaemon', 'ok'],
        config: testConfig({ watchdog: { stale_timeout_mins: 5 } }),
      });
      const first: Run = startHarness(w);
      await first.waitFor(() => w.agentPids().length >= 2);
      const daemon = daemonOf(w);
      const left = w.status().cgroup as string;
      first.child.kill('SIGKILL');
      await first.exit;
      // Neither the cookie (env -i) nor the group (setsid) finds the daemon: the cgroup does.
      await waitUntil(
        () => !pidAlive(daemon) && !existsSync(left),
        'the reaper to empty the cgroup',
        REAPED_MS,
      );
      expect(w.agentPids().filter(pidAlive)).toEqual([]);
    });

    it('the harness and its reaper SIGKILLed: the next start sweeps the dead run cgroup and its daemon', async (context) => {
      const { expect } = context;
      const w = workdir(context, {
        plan: ['envdaemon', 'ok'],
        config: testConfig({ watchdog: { stale_timeout_mins: 5 } }),
      });
      const first: Run = startHarness(w);
      await first.waitFor(() => w.agentPids().length >= 2);
      const daemon = daemonOf(w);
      killReaperOf(first.child.pid!);
      first.child.kill('SIGKILL');
      await first.exit;
      // The dead run's cgroup holds the daemon until a harness starts: this test's next one, or another test's,
      // which may come first (any start sweeps every dead run's cgroup); the one here says so if it is the one.
      const left = w.status().cgroup as string;
      expect(pidAlive(daemon) || !existsSync(left)).toBe(true);
      const next = await runHarness(w);
      expect(next.code, next.stderr).toBe(0);
      if (next.stdout.includes('recovery=orphan_cgroup'))
        expect(w.events().find((e) => e.event === 'orphan_processes_killed')).toMatchObject({
          previous_pid: first.child.pid,
        });
      expect(pidAlive(daemon)).toBe(false);
      expect(existsSync(left)).toBe(false);
      expectContained(expect, w);
    });
  });

describe.concurrent('without a cgroup', () => {
  it('AGENT_HARNESS_CGROUP=off: the run says what escapes, and the daemon does (ended here)', async (context) => {
    const { expect } = context;
    const w = workdir(context, { plan: ['envdaemon:finish'], config: testConfig() });
    const run = await runHarness(w, [], { AGENT_HARNESS_CGROUP: 'off' });
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toMatch(
      /containment=none reason="AGENT_HARNESS_CGROUP=off" escapes=".*env -i.*setsid/,
    );
    expect(w.status()).toMatchObject({ containment: 'none', cgroup: null });
    expect(w.events().find((e) => e.event === 'loop_start')).toMatchObject({ containment: 'none' });
    // What the cookie and the process group cannot find: the daemon outlived its session and its harness.
    const daemon = daemonOf(w);
    expect(pidAlive(daemon), run.stdout).toBe(true);
    endDaemon(w);
    await waitUntil(() => !pidAlive(daemon), 'the daemon to end');
  });
});
