// runHarness, the one way both homes run the harness: the home's start phase runs with the instance lock held
// and before anything is recovered or run, its ports carry the run, its dispose runs before the lock is released,
// a failing start still releases the lock, and the task session's early stop is a summary like the loop's.
import { spawn } from 'node:child_process';
import { existsSync, writeFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cliMain } from '../../../src/cli/main.js';
import { loadConfig } from '../../../src/config/load.js';
import { EXIT } from '../../../src/errors/exit-codes.js';
import { earlyStopExit } from '../../../src/harness/early-stop.js';
import { runHarness } from '../../../src/harness/run-harness.js';
import type { HarnessOptions, HomePorts } from '../../../src/loop/harness-api.js';
import type { Fields, Logger } from '../../../src/loop/ports.js';
import { StopController } from '../../../src/loop/stop.js';
import { systemClock } from '../../../src/os/system-clock.js';
import type { HarnessEvent } from '../../../src/state/event-log.js';
import { alive } from '../../support/processes.js';
import { makeWorkdir, testConfig, type Workdir } from '../../support/workdir.js';

const previousPlan = process.env.AGENT_PLAN;
beforeAll(() => {
  delete process.env.AGENT_PLAN;
});
afterAll(() => {
  if (previousPlan === undefined) delete process.env.AGENT_PLAN;
  else process.env.AGENT_PLAN = previousPlan;
});

function recordingLogger(lines: string[]): Logger {
  return {
    log: (level: string, fields: Fields) => lines.push(`${level} ${JSON.stringify(fields)}`),
    summary: (text) => lines.push(text),
  };
}

async function options(w: Workdir, start: HarnessOptions['start']): Promise<HarnessOptions> {
  // The scripted agent reads its plan from the environment the loop passes on.
  process.env.AGENT_PLAN = w.plan;
  const { config } = await loadConfig({ cwd: w.dir });
  return {
    config,
    cwd: w.dir,
    env: process.env,
    clock: systemClock,
    spawn,
    stop: new StopController(),
    start,
  };
}

describe('runHarness', () => {
  it('runs the home’s start with the lock held, the loop with its ports, and disposes before releasing the lock', async () => {
    const w = makeWorkdir({ git: true, plan: ['commit'], config: testConfig() });
    const order: string[] = [];
    const events: HarnessEvent[] = [];
    const lines: string[] = [];
    let lockPath = '';
    const summary = await runHarness(
      await options(w, ({ paths, cookie, lock }) => {
        lockPath = lock.path;
        order.push(`start lock=${existsSync(paths.lock)} cookie=${cookie.length > 0}`);
        return Promise.resolve<HomePorts>({
          logger: recordingLogger(lines),
          events: {
            emit: (event) => {
              events.push(event);
              return Promise.resolve();
            },
          },
          budget: () => {
            order.push('budget');
            return undefined;
          },
          dispose: () => order.push(`dispose lock=${existsSync(lockPath)}`),
        });
      }),
    );
    expect(summary).toMatchObject({
      started: true,
      exitCode: EXIT.ok,
      stopReason: 'completed',
      productive: 1,
    });
    expect(order).toEqual(['start lock=true cookie=true', 'budget', 'dispose lock=true']);
    expect(existsSync(lockPath)).toBe(false);
    // The home's sink and logger carried the run.
    expect(events.map((e) => e.event)).toContain('session_complete');
    expect(lines.some((line) => line.startsWith('Loop completed: 1 productive'))).toBe(true);
    expect(alive(w.agentPids())).toEqual([]);
  });

  it('a start that throws still releases the lock, and nothing runs', async () => {
    const w = makeWorkdir({ git: true, plan: ['ok'], config: testConfig() });
    let lockPath = '';
    const failing = await options(w, ({ lock }) => {
      lockPath = lock.path;
      return Promise.reject(new Error('cache restore exploded'));
    });
    await expect(runHarness(failing)).rejects.toThrow('cache restore exploded');
    expect(lockPath).not.toBe('');
    expect(existsSync(lockPath)).toBe(false);
    expect(w.transcripts()).toEqual([]);
  });

  it('the task session’s early stop is a summary: not started, its reason, its code', async () => {
    const w = makeWorkdir({ git: true, plan: ['ok'], config: testConfig() });
    writeFileSync(w.path('.gitignore'), `${w.read('.gitignore')}harness-*\n`);
    const io = { cwd: w.dir, out: () => undefined, err: () => undefined };
    expect(await cliMain(['tasks', 'init'], io)).toBe(0);
    expect(await cliMain(['tasks', 'add', 'A', '--validate', 'true'], io)).toBe(0);
    const file = JSON.parse(w.read('harness-tasks.json')) as Record<string, unknown>;
    writeFileSync(
      w.path('harness-tasks.json'),
      JSON.stringify({
        ...file,
        session_count: 1,
        session_config: { max_tasks_per_session: 1, max_sessions: 1 },
      }),
    );
    const lines: string[] = [];
    const summary = await runHarness(
      await options(w, () =>
        Promise.resolve({ logger: recordingLogger(lines), events: { emit: () => Promise.resolve() } }),
      ),
    );
    expect(summary).toEqual({
      started: false,
      exitCode: EXIT.ok,
      stopReason: 'max_sessions',
      productive: 0,
      iterations: 0,
      trailingRateLimits: 0,
      global: 0,
    });
    expect(lines).toContain('Task session not started: max_sessions');
    expect(w.transcripts()).toEqual([]);
  });
});

describe('earlyStopExit', () => {
  const stop = (forcedBy: string | null) => ({ forced: forcedBy !== null, forcedBy });
  it('is 130 for a forced stop, the task session’s code otherwise', () => {
    expect(earlyStopExit(stop(null), { stop: 'env_setup', exitCode: EXIT.taskEnvironment })).toBe(6);
    expect(earlyStopExit(stop(null), { stop: 'max_sessions' })).toBe(0);
    expect(earlyStopExit(stop('forced'), { stop: 'interrupted' })).toBe(EXIT.forced);
    expect(earlyStopExit(stop('cancelled'), { stop: 'interrupted' })).toBe(EXIT.forced);
    expect(earlyStopExit(stop('time_budget'), { stop: 'interrupted' })).toBe(0);
  });
});
