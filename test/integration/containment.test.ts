// Containment a daemon cannot escape: an agent that double-forks into a session of its own (SIGTERM, SIGINT and
// SIGHUP ignored) leaves nothing running on any stop path, nor after the harness itself was SIGKILLed and
// started again. The built CLI, real processes and signals, the scripted agent.
import { writeFileSync } from 'node:fs';
import { describe, it, type ExpectStatic } from 'vitest';
import { processesCarrying } from '../../src/os/cookie.js';
import {
  makeWorkdir,
  runHarness,
  startHarness,
  testConfig,
  type Run,
  type Workdir,
  waitUntil,
} from '../support/workdir.js';
import { killReaperOf, pidAlive, REAPED_MS } from '../support/processes.js';

// The tests run side by side, each in a directory of its own: most of their time is spent waiting on processes.

/** Waits until the agent and its daemon have both recorded their PIDs (fails at once if the harness ends). */
async function daemonStarted(w: Workdir, run: Run): Promise<number> {
  await run.waitFor(() => w.agentPids().length >= 2);
  return w.agentPids()[1]!;
}

/** Nothing the agent started is alive, and nothing carries the run's cookie. */
function expectNothingLeft(expect: ExpectStatic, w: Workdir): void {
  const pids = w.agentPids();
  expect(pids.length).toBeGreaterThanOrEqual(2);
  expect(pids.filter(pidAlive)).toEqual([]);
  const cookie = w.status().cookie as string;
  expect(cookie).toMatch(/^[0-9a-f]{24}$/);
  expect(processesCarrying(cookie)).toEqual([]);
}

async function signalDuringSession(w: Workdir, act: (run: Run) => Promise<void> | void) {
  const run = startHarness(w);
  await run.waitFor((out) => out.includes('status=session_running'));
  await daemonStarted(w, run);
  await act(run);
  return { ...(await run.exit), stdout: run.stdout(), stderr: run.stderr() };
}

describe.concurrent('a daemonizing agent leaves nothing behind', () => {
  it('natural end: the agent exits, its daemon goes with the session', async ({ expect }) => {
    const w = makeWorkdir({ plan: ['daemon:finish'], config: testConfig() });
    const run = await runHarness(w);
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toMatch(/session=leftover_processes .*by_cookie=\d/);
    expectNothingLeft(expect, w);
  });

  it('watchdog', async ({ expect }) => {
    const w = makeWorkdir({
      plan: ['daemon', 'ok'],
      config: testConfig({ watchdog: { stale_timeout_mins: 0.03 } }),
    });
    const run = await runHarness(w);
    expect(run.code, run.stderr).toBe(0);
    expect(w.events().find((e) => e.event === 'session_complete')).toMatchObject({ end_reason: 'watchdog' });
    expectNothingLeft(expect, w);
  });

  it('time budget', async ({ expect }) => {
    // A budget the agent is sure to have started its daemon in, however slowly the machine starts them.
    const w = makeWorkdir({ plan: ['daemon'], config: testConfig({ watchdog: { stale_timeout_mins: 5 } }) });
    const run = await runHarness(w, ['--time-budget', '0.1']);
    expect(run.code, run.stderr).toBe(0);
    expect(w.status()).toMatchObject({ stop_reason: 'time_budget' });
    expectNothingLeft(expect, w);
  });

  for (const how of ['STOP', 'SIGINT', 'SIGTERM', 'SIGHUP'] as const) {
    it(`${how}: the session finishes, the loop stops, the daemon is gone`, async ({ expect }) => {
      const w = makeWorkdir({
        plan: ['daemon:finish'],
        config: testConfig({ session: { max_iterations: 3 } }),
      });
      const run = await signalDuringSession(w, (r) => {
        if (how === 'STOP') writeFileSync(w.path('STOP'), '');
        else r.child.kill(how);
      });
      expect(run.code, run.stderr).toBe(0);
      expect(w.status()).toMatchObject({
        state: 'stopped',
        stop_reason: how === 'STOP' ? 'stop_file' : how.toLowerCase(),
      });
      expect(
        w
          .events()
          .filter((e) => e.event === 'session_complete')
          .map((e) => e.outcome),
      ).toEqual(['productive']);
      expectNothingLeft(expect, w);
    });
  }

  it('double SIGINT: the session is killed at once, exit 130', async ({ expect }) => {
    // A window no load can outlast: the second SIGINT is sent once the first one was handled.
    const w = makeWorkdir({
      plan: ['daemon'],
      config: testConfig({ session: { max_iterations: 3 }, shutdown: { force_window_secs: 60 } }),
    });
    const run = await signalDuringSession(w, async (r) => {
      r.child.kill('SIGINT');
      await r.waitFor((out) => out.includes('Caught SIGINT'));
      r.child.kill('SIGINT');
    });
    expect(run.code, run.stderr).toBe(130);
    expect(w.status()).toMatchObject({ stop_reason: 'forced' });
    expectNothingLeft(expect, w);
  });

  it('the harness SIGKILLed: its reaper ends the daemon, found by the cookie alone, with no next start', async ({
    expect,
  }) => {
    const w = makeWorkdir({
      plan: ['daemon', 'ok'],
      config: testConfig({ watchdog: { stale_timeout_mins: 5 } }),
    });
    const first = startHarness(w, [], { AGENT_HARNESS_CGROUP: 'off' });
    await first.waitFor((out) => out.includes('status=session_running'));
    await daemonStarted(w, first);
    first.child.kill('SIGKILL');
    await first.exit;
    await waitUntil(() => w.agentPids().filter(pidAlive).length === 0, 'the reaper to end them', REAPED_MS);
    expect(processesCarrying(w.status().cookie as string)).toEqual([]);
  });

  it('the harness and its reaper SIGKILLed: the next start ends the daemon it finds only by the recorded cookie', async ({
    expect,
  }) => {
    const w = makeWorkdir({
      plan: ['daemon', 'ok'],
      config: testConfig({ watchdog: { stale_timeout_mins: 5 } }),
    });
    // The fallback alone: with a cgroup, any harness's next start would sweep the dead run's cgroup first
    // (cgroup-containment.test.ts).
    const noCgroup = { AGENT_HARNESS_CGROUP: 'off' };
    const first = startHarness(w, [], noCgroup);
    await first.waitFor((out) => out.includes('status=session_running'));
    const daemon = await daemonStarted(w, first);
    killReaperOf(first.child.pid!); // the successor's recovery alone: the reaper has a test of its own
    first.child.kill('SIGKILL');
    await first.exit;
    const cookie = w.status().cookie as string;
    expect(pidAlive(daemon)).toBe(true);
    expect(processesCarrying(cookie)).toContain(daemon);

    const next = await runHarness(w, [], noCgroup);
    expect(next.code, next.stderr).toBe(0);
    expect(w.events().find((e) => e.event === 'orphan_processes_killed')).toBeDefined();
    expect(pidAlive(daemon)).toBe(false);
    expect(processesCarrying(cookie)).toEqual([]);
    expectNothingLeft(expect, w);
  });
});

describe.concurrent('hooks are contained too', () => {
  it('a harness SIGKILLed during a hook: its reaper ends the hook and what it left, with no next start', async ({
    expect,
  }) => {
    const w = makeWorkdir({
      plan: ['ok'],
      config: testConfig({
        hooks: { pre_session: ['setsid sleep 300 & echo $! > hook.pid; sleep 300'], timeout_secs: 600 },
      }),
    });
    const first = startHarness(w);
    await first.waitFor(() => w.exists('hook.pid') && /\d/.test(w.read('hook.pid')));
    const left = Number(w.read('hook.pid'));
    expect(pidAlive(left)).toBe(true);
    first.child.kill('SIGKILL');
    await first.exit;
    await waitUntil(() => !pidAlive(left), 'the reaper to end the hook', REAPED_MS);
    expect(processesCarrying(w.status().cookie as string)).toEqual([]);
  });

  it('a pre hook that exits 0 leaving a setsid child on its stdout succeeds, and the child is ended', async ({
    expect,
  }) => {
    const w = makeWorkdir({
      plan: ['ok'],
      config: testConfig({
        hooks: { pre_session: ['setsid sleep 300 & echo $! > hook.pid'], timeout_secs: 5 },
      }),
    });
    const run = await runHarness(w);
    expect(run.code, run.stderr).toBe(0);
    expect(w.events().filter((e) => e.event === 'hook_failed')).toEqual([]);
    expect(w.events().filter((e) => e.event === 'session_complete')).toHaveLength(1);
    expect(pidAlive(Number(w.read('hook.pid')))).toBe(false);
  });

  it('a pre hook that waits on a setsid child holding its stdout times out at its timeout, nothing left', async ({
    expect,
  }) => {
    const w = makeWorkdir({
      plan: ['ok'],
      config: testConfig({
        hooks: {
          // Double fork: the subshell exits at once, so the setsid'd child is nobody's child any more.
          pre_session: [`(setsid sh -c 'echo $$ > hook.pid; exec sleep 300' &); sleep 300`],
          timeout_secs: 1,
          max_consecutive_pre_failures: 1,
        },
      }),
    });
    const run = await runHarness(w);
    expect(run.code, run.stderr).toBe(4);
    expect(w.events().find((e) => e.event === 'hook_failed')).toMatchObject({
      timedOut: true,
      exitCode: 124,
    });
    expect(pidAlive(Number(w.read('hook.pid')))).toBe(false);
  });

  it('SIGTERM during a long pre hook ends the hook at once and starts no session', async ({ expect }) => {
    const w = makeWorkdir({
      plan: ['ok'],
      config: testConfig({
        hooks: { pre_session: ['sleep 300 & echo $! > hook.pid; wait'], timeout_secs: 600 },
      }),
    });
    const run = startHarness(w);
    await run.waitFor(() => w.exists('hook.pid') && w.read('hook.pid').trim() !== '');
    run.child.kill('SIGTERM');
    const { code } = await run.exit;
    expect(code, run.stderr()).toBe(0);
    expect(w.transcripts()).toEqual([]);
    expect(w.events().filter((e) => e.event === 'hook_failed')).toEqual([]);
    expect(w.status()).toMatchObject({ stop_reason: 'sigterm' });
    expect(pidAlive(Number(w.read('hook.pid')))).toBe(false);
  });
});
