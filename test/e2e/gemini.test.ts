// End to end with the REAL Gemini CLI (`gemini -p --output-format stream-json`), pointed at a scripted Gemini API
// server on loopback. The CLI runs its shell tool for real, retries quota errors on its own schedule (writing only
// plain stderr lines) and ends with its own error results and exit codes; the harness's verdict and metrics are
// checked against what the server served.
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, it, vi, type TestContext } from 'vitest';
import { Turns } from '../support/turns.js';
import { markedProcesses } from '../support/processes.js';
import { expectStalledThenAnswered } from '../support/stall-verdict.js';
import { geminiCommand, type GeminiEnvOptions } from '../support/gemini-env.js';
import {
  dailyQuotaBody,
  perMinuteQuotaBody,
  startGeminiServer,
  type GeminiServer,
  type GeminiStep,
} from '../support/gemini-server.js';
import { agentWorkdir, startHarness, type Workdir } from '../support/workdir.js';

// The tests run side by side, each with its own server (closed when the test ends) and its own CLI home. What they
// must not do side by side is start the CLI (about 1.5 s of CPU): three tests give their CLI a watchdog of 15 s of
// silence, which a CLI starting beside many others can outlast (16 s ten at once on a loaded machine). So the tests
// take turns at starting their harness: a test's turn at `startups` lasts from its harness's start until its
// server's first request (or the harness's end). The waits that follow (the stalls, the CLI's backoffs, the loop's)
// are the tests' own time, and they overlap: every test of the file runs at once (vitest's default of 5 would keep
// the short tests queued behind the long ones).
const startups = new Turns();
vi.setConfig({ maxConcurrency: 16 });

interface GeminiRun {
  w: Workdir;
  mark: string;
  server: GeminiServer;
  /**
   * Runs the harness in the workdir to its end, its CLI's start-up alone among this file's (see `startups`);
   * `started` is when the harness started, after the wait for its turn.
   */
  harness: () => Promise<{
    code: number | null;
    signal: NodeJS.Signals | null;
    stdout: string;
    stderr: string;
    started: number;
  }>;
}

async function geminiWorkdir(
  t: TestContext,
  script: GeminiStep[],
  sections: Record<string, Record<string, unknown>> = {},
  gemini: Partial<GeminiEnvOptions> = {},
): Promise<GeminiRun> {
  const server = await startGeminiServer(script);
  t.onTestFinished(() => server.close());
  const mark = randomUUID();
  const cmd = geminiCommand({ serverUrl: server.url, ...gemini, extraEnv: { AH_E2E_MARK: mark } });
  const args = [...cmd.args];
  args[args.indexOf('-p') + 1] = '{prompt}';
  const w = agentWorkdir({ command: cmd.command, args, env: cmd.env, format: 'gemini' }, sections);
  const harness = async () => {
    let started = 0;
    const run = await startups.take(async () => {
      started = Date.now();
      const running = startHarness(w);
      await Promise.race([server.firstRequest, running.exit]);
      return running;
    }, t.signal);
    const { code, signal } = await run.exit;
    return { code, signal, stdout: run.stdout(), stderr: run.stderr(), started };
  };
  return { w, mark, server, harness };
}

const sessionsOf = (w: Workdir) => w.events().filter((e) => e.event === 'session_complete');
const transcriptOf = (w: Workdir, session: Record<string, unknown> | undefined) =>
  readFileSync(resolve(w.dir, String(session?.output_file)), 'utf8');

// The CLI takes a few seconds to start, and backs off 5 s or more between its own attempts; a test also waits for
// its turn to start (up to ten start-ups ahead of it, see `startups`).
const SLOW = { timeout: 240_000 };
// The watchdog's stale timeout for these tests: longer than the CLI's silent start-up on a busy machine (seen
// over 5 s), shorter than the gaps the tests make it sit in.
const GEMINI_STALE_MINS = 0.25;

describe.concurrent('the real Gemini CLI under the harness', () => {
  // The tests take their turns at `startups` in this order: the three that sit out a watchdog's stale timeout
  // first, then those with the CLI's or the loop's own waits to come, so that the long waits overlap the rest.
  it(
    'a session killed by the watchdog while the CLI retries 429s (stderr only) is rate limited',
    SLOW,
    async (t) => {
      const { expect } = t;
      const { w, mark, server, harness } = await geminiWorkdir(
        t,
        // RetryInfo 20s: the CLI waits at least that long before its second attempt; the watchdog ends it first.
        [{ kind: 'status', status: 429, body: perMinuteQuotaBody('20s') }],
        {
          watchdog: { stale_timeout_mins: GEMINI_STALE_MINS, kill_grace_secs: 2 },
          backoff: { max_consecutive_rate_limits: 1 },
        },
        { maxAttempts: 10 },
      );
      const run = await harness();
      expect(run.code, run.stderr).toBe(3);
      const [session] = sessionsOf(w);
      expect(session).toMatchObject({
        outcome: 'rate_limited',
        end_reason: 'watchdog',
        exit_code: 124,
        result_error: null,
        model_output: false,
      });
      // The CLI had not given up: no result, only its retry notices.
      const transcript = transcriptOf(w, session);
      expect(transcript).toContain('Attempt 1 failed: You exceeded your current quota');
      expect(transcript).toContain('Please retry in 20s.');
      expect(transcript).not.toContain('"type":"result"');
      expect(server.streamRequests()).toHaveLength(1);
      expect(markedProcesses(mark)).toEqual([]);
    },
  );

  it(
    'a stream that stalls before the model says anything: watchdog kill (124), failed transient stalled, backoff, then the same iteration works',
    SLOW,
    async (t) => {
      const { expect } = t;
      const { w, mark, harness } = await geminiWorkdir(
        t,
        [{ kind: 'stall' }, { kind: 'text', text: 'Answered this time.' }],
        {
          watchdog: { stale_timeout_mins: GEMINI_STALE_MINS, kill_grace_secs: 2 },
        },
      );
      const run = await harness();
      expect(run.code, run.stderr).toBe(0);
      // The CLI's start-up notices on stderr and its init and user-message events are over 100 bytes, yet the
      // model never answered.
      expectStalledThenAnswered(expect, w);
      expect(markedProcesses(mark)).toEqual([]);
    },
  );

  it(
    'a stream that stalls after a tool call (the CLI never gives up): watchdog kill, failed transient stalled, nothing left running',
    SLOW,
    async (t) => {
      const { expect } = t;
      const { w, mark, harness } = await geminiWorkdir(
        t,
        [{ kind: 'tool', command: 'echo started > started.txt' }, { kind: 'stall' }],
        {
          watchdog: { stale_timeout_mins: GEMINI_STALE_MINS, kill_grace_secs: 2 },
          retry: { max_consecutive_failures: 1 },
        },
      );
      const run = await harness();
      expect(run.code, run.stderr).toBe(10);
      expect(w.read('started.txt')).toBe('started\n');
      const [session] = sessionsOf(w);
      expect(session).toMatchObject({
        outcome: 'failed',
        failure_kind: 'transient',
        failure_reason: 'stalled',
        failure_source: 'watchdog',
        exit_code: 124,
        end_reason: 'watchdog',
        model_output: true,
        tool_calls: 1,
      });
      expect(markedProcesses(mark)).toEqual([]);
    },
  );

  it(
    'a per-minute quota (RetryInfo 1.5s, then 30s): rate limited until "Please retry in 30s", the loop waits, then works',
    SLOW,
    async (t) => {
      const { expect } = t;
      // The CLI waits out the first RetryInfo itself and gives up on the second: the loop's wait is the second's,
      // long enough that the CLI has surely ended and the harness decided before the reset time (a 1.5 s one was
      // already past when a loaded machine got there, and a wait from a past reset time is a backoff).
      const { w, server, harness } = await geminiWorkdir(
        t,
        [
          { kind: 'status', status: 429, body: perMinuteQuotaBody('1.5s'), repeat: 1 },
          { kind: 'status', status: 429, body: perMinuteQuotaBody('30s'), repeat: 1 },
          { kind: 'tool', command: 'echo later > later.txt' },
          { kind: 'text', text: 'Done.' },
        ],
        {},
        { maxAttempts: 2 },
      );
      const run = await harness();
      expect(run.code, run.stderr).toBe(0);
      // The CLI's own two attempts, then the next session's two requests.
      expect(server.streamRequests().map((r) => r.status)).toEqual([429, 429, 200, 200]);
      const [limited, productive] = sessionsOf(w);
      expect(limited).toMatchObject({ outcome: 'rate_limited', exit_code: 173, model_output: false });
      const resetsAt = Date.parse(String(limited!.rate_limit_resets_at));
      expect(resetsAt).toBeGreaterThan(run.started);
      const wait = w.events().find((e) => e.event === 'rate_limited');
      expect(wait).toMatchObject({ basis: 'reset_time', resets_at: limited!.rate_limit_resets_at });
      // Until the reset time, a second past: at most 31 s from when the CLI printed it.
      expect(wait!.wait_ms).toBeLessThanOrEqual(31_000);
      expect(wait!.wait_ms).toBeGreaterThan(0);
      expect(productive).toMatchObject({
        outcome: 'productive',
        tool_calls: 1,
        input_tokens: server.served.prompt_tokens,
        output_tokens: server.served.candidate_tokens,
      });
      expect(w.read('later.txt')).toBe('later\n');
    },
  );

  it(
    'an overloaded model (503) the CLI gives up on: failed transient, backoff, then the same iteration succeeds',
    SLOW,
    async (t) => {
      const { expect } = t;
      const { w, harness } = await geminiWorkdir(
        t,
        [
          {
            kind: 'status',
            status: 503,
            body: {
              error: {
                code: 503,
                message: 'The model is overloaded. Please try again later.',
                status: 'UNAVAILABLE',
              },
            },
            repeat: 2,
          },
          { kind: 'text', text: 'Recovered.' },
        ],
        { backoff: { initial_delay_secs: 0.05 } },
        { maxAttempts: 2 },
      );
      const run = await harness();
      expect(run.code, run.stderr).toBe(0);
      const [failed, recovered] = sessionsOf(w);
      // The CLI exits with the HTTP status modulo 256: 503 -> 247 (a 429 gives 173).
      expect(failed).toMatchObject({
        outcome: 'failed',
        failure_kind: 'transient',
        failure_reason: 'overloaded',
        exit_code: 247,
        model_output: false,
      });
      expect(w.events().find((e) => e.event === 'session_failed')).toMatchObject({
        kind: 'transient',
        consecutive: 1,
        wait_ms: 100,
      });
      expect(recovered).toMatchObject({ outcome: 'productive', iteration: failed!.iteration });
    },
  );

  it('a session that reaches model.maxSessionTurns (exit 53): productive, not a failure', SLOW, async (t) => {
    const { expect } = t;
    const { w, mark, harness } = await geminiWorkdir(
      t,
      [
        { kind: 'tool', command: 'echo one > turns.txt' },
        { kind: 'tool', command: 'echo two >> turns.txt' },
        { kind: 'text', text: 'never reached' },
      ],
      { session: { max_iterations: 1 } },
      { maxSessionTurns: 1 },
    );
    const run = await harness();
    expect(run.code, run.stderr).toBe(0);
    const sessions = sessionsOf(w);
    expect(sessions).toHaveLength(1);
    expect(sessions[0]).toMatchObject({
      outcome: 'productive',
      exit_code: 53,
      result_error: true,
      model_output: true,
      failure_kind: null,
      rate_limited: false,
    });
    expect(transcriptOf(w, sessions[0])).toContain('Reached max session turns for this session');
    expect(w.events().filter((e) => e.event === 'session_failed')).toEqual([]);
    expect(markedProcesses(mark)).toEqual([]);
  });

  it('a session with one shell tool call: productive, tool calls and tokens as served', SLOW, async (t) => {
    const { expect } = t;
    const { w, mark, server, harness } = await geminiWorkdir(t, [
      { kind: 'tool', command: 'echo hello > out.txt && cat out.txt' },
      { kind: 'text', text: 'Wrote out.txt.' },
    ]);
    const run = await harness();
    expect(run.code, run.stderr).toBe(0);
    expect(w.read('out.txt')).toBe('hello\n');
    expect(server.streamRequests().map((r) => r.functionResponse)).toEqual([false, true]);
    const [session] = sessionsOf(w);
    expect(session).toMatchObject({
      outcome: 'productive',
      decided_by: 'result',
      exit_code: 0,
      result_error: false,
      model_output: true,
      failure_kind: null,
      tool_calls: server.served.tool_calls,
      input_tokens: server.served.prompt_tokens + server.served.side_prompt_tokens,
      output_tokens: server.served.candidate_tokens + server.served.side_candidate_tokens,
    });
    expect(server.served).toMatchObject({ tool_calls: 1, responses: 2 });
    expect(markedProcesses(mark)).toEqual([]);
  });

  it(
    'with the default model ("auto") the router request comes first and its tokens count too',
    SLOW,
    async (t) => {
      const { expect } = t;
      const { w, server, harness } = await geminiWorkdir(
        t,
        [
          { kind: 'tool', command: 'echo routed > routed.txt' },
          { kind: 'text', text: 'Done.' },
        ],
        {},
        { model: null },
      );
      const run = await harness();
      expect(run.code, run.stderr).toBe(0);
      expect(server.requests.filter((r) => r.kind === 'generate').length).toBeGreaterThan(0);
      expect(server.served.side_prompt_tokens).toBeGreaterThan(0);
      const [session] = sessionsOf(w);
      expect(session).toMatchObject({
        outcome: 'productive',
        tool_calls: 1,
        input_tokens: server.served.prompt_tokens + server.served.side_prompt_tokens,
        output_tokens: server.served.candidate_tokens + server.served.side_candidate_tokens,
      });
    },
  );

  it(
    'a 429 with no retry hint: the CLI gives up (exit 173), rate limited, backoff, exit 3',
    SLOW,
    async (t) => {
      const { expect } = t;
      const { w, server, harness } = await geminiWorkdir(
        t,
        [{ kind: 'status', status: 429 }],
        {
          session: { max_iterations: 3 },
          backoff: { initial_delay_secs: 0.05, max_consecutive_rate_limits: 2 },
        },
        { maxAttempts: 1 },
      );
      const run = await harness();
      expect(run.code, run.stderr).toBe(3);
      expect(server.streamRequests()).toHaveLength(2);
      const sessions = sessionsOf(w);
      expect(sessions.map((s) => s.outcome)).toEqual(['rate_limited', 'rate_limited']);
      expect(sessions[0]).toMatchObject({
        exit_code: 173,
        result_error: true,
        rate_limit_resets_at: null,
        model_output: false,
        failure_kind: null,
        input_tokens: 0,
        output_tokens: 0,
        tool_calls: 0,
      });
      expect(w.events().find((e) => e.event === 'rate_limited')).toMatchObject({
        consecutive: 1,
        basis: 'backoff',
        wait_ms: 100,
      });
    },
  );

  it(
    'an invalid API key (400 API_KEY_INVALID): failed fatal, the loop stops after one session with exit 9',
    SLOW,
    async (t) => {
      const { expect } = t;
      const { w, server, harness } = await geminiWorkdir(
        t,
        [
          {
            kind: 'status',
            status: 400,
            body: {
              error: {
                code: 400,
                message: 'API key not valid. Please pass a valid API key.',
                status: 'INVALID_ARGUMENT',
                details: [
                  {
                    '@type': 'type.googleapis.com/google.rpc.ErrorInfo',
                    reason: 'API_KEY_INVALID',
                    domain: 'googleapis.com',
                  },
                ],
              },
            },
          },
        ],
        { session: { max_iterations: 3 } },
      );
      const run = await harness();
      expect(run.code, run.stderr).toBe(9);
      expect(server.streamRequests()).toHaveLength(1);
      const sessions = sessionsOf(w);
      expect(sessions).toHaveLength(1);
      expect(sessions[0]).toMatchObject({
        outcome: 'failed',
        failure_kind: 'fatal',
        failure_reason: 'authentication',
        exit_code: 144,
      });
    },
  );

  it('a daily quota: terminal at once in the CLI (one request), rate limited', SLOW, async (t) => {
    const { expect } = t;
    const { w, server, harness } = await geminiWorkdir(
      t,
      [{ kind: 'status', status: 429, body: dailyQuotaBody() }],
      { backoff: { max_consecutive_rate_limits: 1 } },
      { maxAttempts: 10 },
    );
    const run = await harness();
    expect(run.code, run.stderr).toBe(3);
    expect(server.streamRequests()).toHaveLength(1);
    const [session] = sessionsOf(w);
    expect(session).toMatchObject({
      outcome: 'rate_limited',
      exit_code: 173,
      result_error: true,
      model_output: false,
      failure_kind: null,
    });
    expect(transcriptOf(w, session)).toContain('exhausted your daily quota');
  });
});
