// Durations read the monotonic clock: the built CLI as a real process whose WALL clock is stepped mid-session (a
// preload, test/fixtures/wall-step.mjs, in the harness process only: the agent's clock and the file times the
// kernel writes stay real), the scripted agent writing all along. Someone setting the date (+1 h, then a day
// back) must neither get a working agent killed as stalled nor record a negative or hour-long duration.
import { writeFileSync, readFileSync, existsSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { MetricsStore } from '../../src/metrics/store.js';
import {
  CLI,
  makeWorkdir,
  ROOT,
  startHarness,
  testConfig,
  waitUntil,
  type Workdir,
} from '../support/workdir.js';
import { alive } from '../support/processes.js';

const PRELOAD = join(ROOT, 'test', 'fixtures', 'wall-step.mjs');
const HOUR = 3_600_000;
const DAY = 24 * HOUR;

const lines = (w: Workdir) => {
  const [transcript] = w.transcripts();
  return transcript === undefined ? 0 : w.read(transcript).split('\n').length - 1;
};

/** The harness with a wall clock the test steps by writing an offset to `step`. */
function stepped(w: Workdir) {
  const step = w.path('wall-offset');
  const run = startHarness(w, [], {
    NODE_OPTIONS: `--import=${PRELOAD}`,
    WALL_STEP_FILE: step,
    WALL_STEP_ONLY: CLI,
  });
  const exited = () => run.child.exitCode !== null || run.child.signalCode !== null;
  return { run, step, exited };
}

describe('a wall-clock step in the middle of a session', () => {
  it.each([
    ['+1 h then -1 day', [HOUR, -DAY]],
    ['-1 day', [-DAY]],
  ])('%s: the writing agent is not killed as stalled, its duration is the real one', async (_, offsets) => {
    const done = 'agent-may-finish';
    const w = makeWorkdir({
      plan: [`until:${done}`],
      // 1.2 s without growth is a stall: an hour's step read as silence would kill at the next poll.
      config: testConfig({ watchdog: { stale_timeout_mins: 0.02 }, metrics: { enabled: true } }),
    });
    const started = performance.now();
    const { run, step, exited } = stepped(w);
    // The agent keeps writing (a line every 50 ms) until told to finish; the harness polls every 60 ms.
    const stepAndWatch = async (offset: number) => {
      writeFileSync(step, String(offset));
      await waitUntil(
        () =>
          exited() || (existsSync(`${step}.seen`) && readFileSync(`${step}.seen`, 'utf8') === String(offset)),
        `the harness to read the wall clock stepped by ${offset} ms`,
      );
      const before = lines(w);
      // Twenty more lines (a second of work, many polls): a harness that took the step for silence has killed it.
      await waitUntil(
        () => exited() || lines(w) >= before + 20,
        'twenty more lines of the agent after the step',
      );
    };
    await waitUntil(() => exited() || lines(w) >= 3, 'the agent to start writing');
    for (const offset of offsets) await stepAndWatch(offset);
    expect(exited()).toBe(false);
    writeFileSync(w.path(done), '');
    const { code } = await run.exit;
    const realSecs = (performance.now() - started) / 1000;

    expect(code).toBe(0);
    const [session] = w.events().filter((e) => e.event === 'session_complete');
    expect(session).toMatchObject({ end_reason: 'exited' });
    const secs = session!.duration_secs as number;
    // The real duration: at least the lines watched (20 per step, 50 ms apart), at most the whole run.
    expect(secs).toBeGreaterThanOrEqual(offsets.length);
    expect(secs).toBeLessThanOrEqual(realSecs);
    const store = MetricsStore.open(w.path('harness-metrics.db'), { readonly: true });
    try {
      const [row] = store.lastSessions(null);
      expect(row!.duration_secs).toBe(secs);
    } finally {
      store.close();
    }
    expect(alive(w.agentPids())).toEqual([]);
  });

  it('the time budget counts monotonic time: an hour stepped forward does not spend a 10-minute budget', async () => {
    const done = 'agent-may-finish';
    const w = makeWorkdir({
      plan: [`until:${done}`, 'ok'],
      config: testConfig({ session: { max_iterations: 3, time_budget_mins: 10 } }),
    });
    const { run, step, exited } = stepped(w);
    await waitUntil(() => exited() || lines(w) >= 3, 'the agent to start writing');
    writeFileSync(step, String(HOUR));
    await waitUntil(
      () => exited() || (existsSync(`${step}.seen`) && readFileSync(`${step}.seen`, 'utf8') === String(HOUR)),
      'the harness to read the wall clock an hour ahead',
    );
    writeFileSync(w.path(done), '');
    const { code } = await run.exit;
    expect(code).toBe(0);
    expect(w.events().filter((e) => e.event === 'session_complete')).toHaveLength(3);
    expect(w.events().at(-1)).toMatchObject({ event: 'loop_end', iterations: 3 });
    expect(alive(w.agentPids())).toEqual([]);
  });
});
