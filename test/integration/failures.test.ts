// Failed sessions as a user meets them with the built CLI and the scripted agent printing the shapes Claude Code
// prints: an overloaded API backs off and the same iteration runs again, a revoked key or an empty account ends
// the loop after one session with the fatal exit code and says what to fix, too many failures in a row end it
// with their own exit code, a crash or a stall is a failure (not productive, not empty), and a limit message
// shorter than min_output_bytes waits for its reset instead of being retried at once as empty.
import { writeFileSync } from 'node:fs';
import { constants } from 'node:os';
import { describe, it } from 'vitest';
import { makeWorkdir, runHarness, testConfig, type Workdir } from '../support/workdir.js';
import { alive } from '../support/processes.js';

// The tests run side by side, each in a directory of its own: most of their time is spent waiting on the harness,
// its agents and its backoffs.

const EXIT_AGENT_FATAL = 9;
const EXIT_FAILURES_EXHAUSTED = 10;

const sessions = (w: Workdir) => w.events().filter((e) => e.event === 'session_complete');
const failedEvents = (w: Workdir) => w.events().filter((e) => e.event === 'session_failed');
const loopEnd = (w: Workdir) => w.events().find((e) => e.event === 'loop_end');
/** A post hook that records the outcome each session handed to the hooks. */
const outcomeHook = { post_session: ['echo "$HARNESS_OUTCOME" >> outcomes.txt'] };

describe.concurrent('transient failures', () => {
  it('an overloaded API backs off exponentially, then the same iteration runs again and succeeds', async ({
    expect,
  }) => {
    const w = makeWorkdir({
      plan: ['overloaded', 'overloaded', 'ok'],
      config: testConfig({
        backoff: { initial_delay_secs: 0.05, max_delay_secs: 600 },
        retry: { max_consecutive_failures: 3 },
        hooks: outcomeHook,
      }),
    });
    const run = await runHarness(w);
    expect(run.code).toBe(0);
    expect(sessions(w).map((e) => [e.iteration, e.outcome])).toEqual([
      [0, 'failed'],
      [0, 'failed'],
      [0, 'productive'],
    ]);
    expect(sessions(w)[0]).toMatchObject({
      failure_kind: 'transient',
      failure_reason: 'overloaded',
      decided_by: expect.stringMatching(/^failure:/),
      rate_limited: false,
    });
    expect(sessions(w)[2]).toMatchObject({ decided_by: 'result', failure_kind: null });
    // backoffMs(consecutive, 0.05 s, 600 s): 0.1 s after the first failure, 0.2 s after the second.
    expect(failedEvents(w).map((e) => [e.consecutive, e.wait_ms, e.kind])).toEqual([
      [1, 100, 'transient'],
      [2, 200, 'transient'],
    ]);
    // Failed sessions run post hooks; none of them used up a productive iteration.
    expect(w.read('outcomes.txt')).toBe('failed\nfailed\nproductive\n');
    expect(loopEnd(w)).toMatchObject({ reason: 'completed', productive: 1, iterations: 1, failures: 2 });
    expect(run.stdout).toContain('Loop completed: 1 productive iterations');
    expect(run.stdout).toMatch(/\[WARN\] .*failed=overloaded kind=transient consecutive=1/);
    expect(w.status()).toMatchObject({
      consecutive_failures: 0,
      last_failure: null,
      last_outcome: 'productive',
    });
    expect(alive(w.agentPids())).toEqual([]);
  });

  it('retry.max_consecutive_failures failures in a row end the loop with their own exit code', async ({
    expect,
  }) => {
    const w = makeWorkdir({
      plan: ['overloaded'],
      config: testConfig({ session: { max_iterations: 5 }, retry: { max_consecutive_failures: 2 } }),
    });
    const run = await runHarness(w);
    expect(run.code).toBe(EXIT_FAILURES_EXHAUSTED);
    expect(sessions(w)).toHaveLength(2);
    expect(loopEnd(w)).toMatchObject({ reason: 'failures_exhausted', productive: 0, iterations: 0 });
    expect(w.status()).toMatchObject({
      state: 'stopped',
      stop_reason: 'failures_exhausted',
      consecutive_failures: 2,
      last_failure: expect.stringMatching(/^transient\/overloaded: /),
    });
    expect(run.stderr).toMatch(/2 failed sessions in a row .*transient\/overloaded/);
    // A loop of failures is never reported as productive iterations.
    expect(run.stdout).toContain('Loop completed: 0 productive iterations');
    const status = await runHarness(w, ['--status']);
    expect(status.stdout).toContain('ended: failures_exhausted');
    expect(status.stdout).toMatch(/Last failure: transient\/overloaded: /);
    expect(alive(w.agentPids())).toEqual([]);
  });

  it('any session that did not fail resets the streak', async ({ expect }) => {
    const w = makeWorkdir({
      plan: ['overloaded', 'ok', 'overloaded', 'ok'],
      config: testConfig({ session: { max_iterations: 2 }, retry: { max_consecutive_failures: 2 } }),
    });
    const run = await runHarness(w);
    expect(run.code).toBe(0);
    expect(failedEvents(w).map((e) => e.consecutive)).toEqual([1, 1]);
    expect(loopEnd(w)).toMatchObject({ reason: 'completed', productive: 2, failures: 2 });
  });
});

describe.concurrent('fatal failures', () => {
  for (const [mode, reason, fix] of [
    ['badkey', 'authentication', /API key/],
    ['credit', 'billing', /credits/],
  ] as const) {
    it(`${reason}: the loop stops after one session with exit 9 and says what to fix`, async ({ expect }) => {
      const w = makeWorkdir({
        plan: [mode, 'ok'],
        config: testConfig({ session: { max_iterations: 5 }, hooks: outcomeHook }),
      });
      const run = await runHarness(w);
      expect(run.code).toBe(EXIT_AGENT_FATAL);
      expect(sessions(w)).toHaveLength(1);
      expect(sessions(w)[0]).toMatchObject({
        outcome: 'failed',
        failure_kind: 'fatal',
        failure_reason: reason,
      });
      expect(failedEvents(w)[0]).toMatchObject({
        kind: 'fatal',
        reason,
        wait_ms: 0,
        fix: expect.stringMatching(fix),
      });
      expect(loopEnd(w)).toMatchObject({ reason: 'agent_fatal', exit_code: EXIT_AGENT_FATAL, productive: 0 });
      expect(run.stderr).toMatch(fix);
      expect(w.read('outcomes.txt')).toBe('failed\n');
      expect(w.status()).toMatchObject({ stop_reason: 'agent_fatal' });
      expect(alive(w.agentPids())).toEqual([]);
    });
  }
});

describe.concurrent('crashes and stalls', () => {
  it('a crash with a stack trace and no result is a failed session (error), retried after a backoff', async ({
    expect,
  }) => {
    const w = makeWorkdir({ plan: ['stacktrace', 'ok'], config: testConfig() });
    const run = await runHarness(w);
    expect(run.code).toBe(0);
    expect(sessions(w).map((e) => e.outcome)).toEqual(['failed', 'productive']);
    expect(sessions(w)[0]).toMatchObject({
      exit_code: 1,
      failure_kind: 'error',
      failure_reason: 'crash',
      // The notice the adapter picked from Node's crash output (ideally the TypeError line).
      failure_detail: expect.stringMatching(/\S/),
    });
    expect(loopEnd(w)).toMatchObject({ productive: 1, iterations: 1 });
  });

  it('a signal the harness did not send: exit code 128 + its number, and a crash', async ({ expect }) => {
    const w = makeWorkdir({ plan: ['signal:SIGSEGV', 'ok'], config: testConfig() });
    const run = await runHarness(w);
    expect(run.code).toBe(0);
    expect(sessions(w)[0]).toMatchObject({
      exit_code: 128 + constants.signals.SIGSEGV,
      outcome: 'failed',
      failure_reason: 'crash',
    });
    expect(alive(w.agentPids())).toEqual([]);
  });

  it('a session the watchdog ended without a final result failed transiently (stalled)', async ({
    expect,
  }) => {
    const w = makeWorkdir({
      plan: ['stubborn', 'ok'],
      config: testConfig({ watchdog: { stale_timeout_mins: 0.02 } }),
    });
    const run = await runHarness(w);
    expect(run.code).toBe(0);
    expect(sessions(w)[0]).toMatchObject({
      exit_code: 124,
      end_reason: 'watchdog',
      outcome: 'failed',
      failure_kind: 'transient',
      failure_reason: 'stalled',
      decided_by: 'failure:watchdog',
    });
    expect(sessions(w)[1]).toMatchObject({ outcome: 'productive', iteration: 0 });
    expect(alive(w.agentPids())).toEqual([]);
  });
});

describe.concurrent('short limit messages', () => {
  it('a limit shorter than min_output_bytes waits for its reset instead of retrying at once as empty', async ({
    expect,
  }) => {
    const epoch = Math.floor(Date.now() / 1000) + 3600;
    const w = makeWorkdir({
      plan: [`print:Claude AI usage limit reached|${epoch}`, 'ok'],
      config: testConfig({
        agent: { format: 'text' },
        watchdog: { min_output_bytes: 100 },
        rate_limit: { max_wait_secs: 0.3 },
      }),
    });
    const run = await runHarness(w);
    expect(run.code).toBe(0);
    const [limited] = sessions(w);
    expect(Number(limited!.output_bytes)).toBeLessThan(100);
    expect(limited).toMatchObject({ outcome: 'rate_limited', rate_limit_source: 'usage_text' });
    expect(w.events().some((e) => e.event === 'empty_retry')).toBe(false);
    expect(w.events().find((e) => e.event === 'rate_limited')).toMatchObject({
      basis: 'reset_time',
      wait_ms: 300,
    });
  });
});

describe.concurrent('replay mode of the scripted agent', () => {
  it('writes the file as it is and exits with the code given', async ({ expect }) => {
    const w = makeWorkdir({ config: testConfig() });
    const transcript = [
      JSON.stringify({ type: 'system', subtype: 'init', session_id: 's' }),
      JSON.stringify({ type: 'assistant', message: { content: [{ type: 'text', text: 'Hello' }] } }),
      JSON.stringify({ type: 'result', subtype: 'success', is_error: false, result: 'Hello', num_turns: 1 }),
      '',
    ].join('\n');
    writeFileSync(w.path('case.jsonl'), transcript);
    writeFileSync(w.plan, JSON.stringify([`replay:${w.path('case.jsonl')}:3`]));
    const run = await runHarness(w);
    expect(run.code).toBe(0);
    expect(w.read('claude-iteration-0.jsonl')).toBe(transcript);
    expect(sessions(w)[0]).toMatchObject({ exit_code: 3, outcome: 'productive', decided_by: 'result' });
  });
});
