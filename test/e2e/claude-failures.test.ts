// End to end with the REAL Claude Code CLI failing in its own ways: the scripted Messages API server answers
// with the HTTP errors the real API sends (529 overloaded, 401 bad key, 400 credit balance too low, a 429
// subscription usage limit) and the test checks the harness's verdict on each session and the loop's reaction:
// back off and continue, stop at once with the fatal exit code, or wait for the limit's reset.
//
// Set UPDATE_CORPUS=1 to copy each scenario's first transcript into the transcript corpus
// (test/fixtures/transcripts/corpus/real-claude-*.jsonl) with the temporary paths and the port made neutral.
import { randomUUID } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it, type TestContext } from 'vitest';
import { claudeCommand, type ClaudeEnvOptions } from '../support/claude-env.js';
import {
  creditBalanceStep,
  invalidKeyStep,
  overloadedStep,
  startModelServer,
  usageLimitStep,
  type ModelServer,
  type Step,
} from '../support/model-server.js';
import { markedProcesses } from '../support/processes.js';
import { agentWorkdir, ROOT, runHarness, type Workdir } from '../support/workdir.js';

// The tests run side by side, each with its own server (closed when the test ends). The watchdog's stale timeout for
// the tests that end a CLI waiting to retry: longer than the CLI's silent start-up on a loaded machine, where tests
// run beside each other (0.5 s alone, 4 s five at once, 7 s ten at once), shorter than the waits it ends (a
// retry-after of 30 s; the CLI's own back-off between 529 retries, which doubles from 0.5 s to 16 s and more).
const CLAUDE_STALE_MINS = 0.25;

async function claudeWorkdir(
  t: TestContext,
  script: Step[],
  sections: Record<string, Record<string, unknown>> = {},
  claude: Partial<ClaudeEnvOptions> = {},
): Promise<{ w: Workdir; mark: string; home: string; server: ModelServer }> {
  const server = await startModelServer(script);
  t.onTestFinished(() => server.close());
  const mark = randomUUID();
  const cmd = claudeCommand({
    serverUrl: server.url,
    // The CLI's own retries are not what is tested here: one request per session.
    maxRetries: 0,
    ...claude,
    extraEnv: { AH_E2E_MARK: mark, ...claude.extraEnv },
  });
  const args = [...cmd.args];
  args[args.indexOf('-p') + 1] = '{prompt}';
  const w = agentWorkdir({ command: cmd.command, args, env: cmd.env }, sections);
  return { w, mark, home: cmd.home, server };
}

const sessionsOf = (w: Workdir) => w.events().filter((e) => e.event === 'session_complete');
const eventsOf = (w: Workdir, name: string) => w.events().filter((e) => e.event === name);

/** With UPDATE_CORPUS=1: the first session's transcript, made neutral, becomes corpus case `real-claude-<name>`. */
function saveCorpusCase(name: string, w: Workdir, home: string, server: ModelServer) {
  if (process.env.UPDATE_CORPUS !== '1') return;
  const [first] = w.transcripts();
  let text = w.read(first!);
  for (const [from, to] of [
    [w.dir, '/work/project'],
    [home, '/home/agent'],
    [server.url.replace('http://', ''), '127.0.0.1:8080'],
  ] as const)
    text = text.split(from).join(to);
  writeFileSync(join(ROOT, 'test', 'fixtures', 'transcripts', 'corpus', `real-claude-${name}.jsonl`), text);
}

// Beside the others on a loaded machine a test took up to 50 s (the 529 one sits out some 20 s of the CLI's back-off
// before the stale timeout).
describe.concurrent('the real Claude Code CLI failing under the harness', { timeout: 120_000 }, () => {
  // The two tests that sit out the stale timeout come first: their waits overlap the others.
  it('a session the watchdog ends while the CLI waits to retry a 429 (retry-after 30): rate limited, then continues', async (t) => {
    const { expect } = t;
    // The real CLI honours retry-after: it prints `{"type":"system","subtype":"api_retry","error_status":429,
    // "error":"rate_limit","retry_delay_ms":~32000,...}` and goes silent, so the watchdog ends it with no result.
    const { w, mark, home, server } = await claudeWorkdir(
      t,
      [
        { kind: 'status', status: 429, headers: { 'retry-after': '30' }, repeat: 1 },
        { kind: 'text', text: 'Answered at last.' },
      ],
      {
        session: { max_iterations: 1 },
        watchdog: { stale_timeout_mins: CLAUDE_STALE_MINS, kill_grace_secs: 2 },
        backoff: { initial_delay_secs: 0.05, max_delay_secs: 1 },
        rate_limit: { max_wait_secs: 1 },
      },
      { maxRetries: 10 },
    );
    const run = await runHarness(w);
    saveCorpusCase('killed-while-retrying-429', w, home, server);
    expect(run.code, run.stderr).toBe(0);
    const [first] = w.transcripts();
    expect(w.read(first!)).toMatch(/"subtype":"api_retry".*"error_status":429,"error":"rate_limit"/);
    expect(w.read(first!)).not.toContain('"type":"result"');
    const sessions = sessionsOf(w);
    expect(sessions.map((s) => [s.outcome, s.end_reason])).toEqual([
      ['rate_limited', 'watchdog'],
      ['productive', 'exited'],
    ]);
    expect(sessions[0]).toMatchObject({ exit_code: 124, rate_limited: true });
    expect(sessions[0]!.failure_kind ?? null).toBeNull();
    expect(eventsOf(w, 'rate_limited')).toHaveLength(1);
    expect(eventsOf(w, 'session_failed')).toEqual([]);
    expect(markedProcesses(mark)).toEqual([]);
  });

  it('a session the watchdog ends while the CLI keeps retrying a 529: failed transient, not productive', async (t) => {
    const { expect } = t;
    const { w, mark, home, server } = await claudeWorkdir(
      t,
      [overloadedStep(), { kind: 'text', text: 'unused' }],
      {
        session: { max_iterations: 1 },
        watchdog: { stale_timeout_mins: CLAUDE_STALE_MINS, kill_grace_secs: 2 },
        backoff: { initial_delay_secs: 0.05, max_delay_secs: 1 },
        retry: { max_consecutive_failures: 1 },
      },
      { maxRetries: 10 },
    );
    const run = await runHarness(w);
    saveCorpusCase('killed-while-retrying-529', w, home, server);
    expect(run.code, run.stderr).toBe(10);
    const [first] = w.transcripts();
    expect(w.read(first!)).toMatch(/"subtype":"api_retry".*"error_status":529,"error":"overloaded"/);
    const sessions = sessionsOf(w);
    expect(sessions).toHaveLength(1);
    expect(sessions[0]).toMatchObject({
      outcome: 'failed',
      failure_kind: 'transient',
      end_reason: 'watchdog',
      exit_code: 124,
      rate_limited: false,
    });
    expect(markedProcesses(mark)).toEqual([]);
  });

  it('a session that reaches --max-turns (error_max_turns): productive, no failure, the loop goes on', async (t) => {
    const { expect } = t;
    const bash = (command: string): Step => ({ kind: 'tool', name: 'Bash', input: { command } });
    const { w, mark, home, server } = await claudeWorkdir(
      t,
      [bash('echo one >> turns.txt'), bash('echo two >> turns.txt'), bash('echo three >> turns.txt')],
      { session: { max_iterations: 2 } },
      // One model turn per session: the CLI runs the tool, then ends with subtype error_max_turns.
      { maxTurns: 1 },
    );
    const run = await runHarness(w);
    saveCorpusCase('max-turns', w, home, server);
    expect(run.code, run.stderr).toBe(0);
    const sessions = sessionsOf(w);
    expect(sessions.map((s) => [s.outcome, s.result_error, s.failure_kind, s.exit_code])).toEqual([
      ['productive', true, null, 1],
      ['productive', true, null, 1],
    ]);
    expect(w.read(w.transcripts()[0]!)).toContain('"subtype":"error_max_turns"');
    expect(w.read('turns.txt')).toBe('one\ntwo\n');
    expect(eventsOf(w, 'session_failed')).toEqual([]);
    expect(run.stdout).toContain('Loop completed: 2 productive iterations');
    expect(markedProcesses(mark)).toEqual([]);
  });

  it('an overloaded API (529): failed transient, backoff, then the same iteration runs again and succeeds', async (t) => {
    const { expect } = t;
    const { w, mark, home, server } = await claudeWorkdir(
      t,
      [overloadedStep(2), { kind: 'text', text: 'Recovered after the overload.' }],
      {
        session: { max_iterations: 1 },
        // retry.max_consecutive_failures is left at its default, 3: two failures in a row do not stop the loop.
        backoff: { initial_delay_secs: 0.05, max_delay_secs: 1 },
      },
    );
    const run = await runHarness(w);
    saveCorpusCase('overloaded-529', w, home, server);
    expect(run.code, run.stderr).toBe(0);
    expect(server.mainRequests().map((r) => r.status)).toEqual([529, 529, 200]);
    const sessions = sessionsOf(w);
    expect(sessions.map((s) => s.outcome)).toEqual(['failed', 'failed', 'productive']);
    for (const s of sessions.slice(0, 2)) {
      expect(s).toMatchObject({
        exit_code: 1,
        result_error: true,
        failure_kind: 'transient',
        failure_reason: 'overloaded',
        rate_limited: false,
      });
    }
    expect(sessions[2]).toMatchObject({ exit_code: 0, result_error: false });
    // backoffMs(consecutive, 0.05 s, 1 s): 0.05 * 2^1 s, then 0.05 * 2^2 s.
    expect(eventsOf(w, 'session_failed').map((e) => [e.consecutive, e.wait_ms])).toEqual([
      [1, 100],
      [2, 200],
    ]);
    // Failed sessions use up no productive iteration: the one allowed iteration is the one that succeeded.
    expect(run.stdout).toContain('Loop completed: 1 productive iterations');
    expect(eventsOf(w, 'loop_end')[0]).toMatchObject({ reason: 'completed' });
    expect(markedProcesses(mark)).toEqual([]);
  });

  it('an API that stays overloaded: retry.max_consecutive_failures (default 3) failures end the loop with exit 10', async (t) => {
    const { expect } = t;
    const { w, mark, server } = await claudeWorkdir(t, [overloadedStep()], {
      session: { max_iterations: 5 },
      backoff: { initial_delay_secs: 0.05, max_delay_secs: 1 },
    });
    const run = await runHarness(w);
    expect(run.code, run.stderr).toBe(10);
    expect(server.mainRequests()).toHaveLength(3);
    expect(sessionsOf(w).map((s) => [s.outcome, s.failure_kind])).toEqual([
      ['failed', 'transient'],
      ['failed', 'transient'],
      ['failed', 'transient'],
    ]);
    expect(eventsOf(w, 'loop_end')[0]).toMatchObject({ reason: 'failures_exhausted' });
    expect(w.status()).toMatchObject({ stop_reason: 'failures_exhausted' });
    expect(markedProcesses(mark)).toEqual([]);
  });

  it('an invalid API key (401): failed fatal, the loop stops after one session with exit 9', async (t) => {
    const { expect } = t;
    const { w, mark, home, server } = await claudeWorkdir(t, [invalidKeyStep()], {
      session: { max_iterations: 5 },
    });
    const run = await runHarness(w);
    saveCorpusCase('invalid-key-401', w, home, server);
    expect(run.code, run.stderr).toBe(9);
    expect(server.mainRequests().map((r) => r.status)).toEqual([401]);
    const sessions = sessionsOf(w);
    expect(sessions).toHaveLength(1);
    expect(sessions[0]).toMatchObject({
      outcome: 'failed',
      failure_kind: 'fatal',
      failure_reason: 'authentication',
      exit_code: 1,
      result_error: true,
      rate_limited: false,
    });
    expect(eventsOf(w, 'loop_end')[0]).toMatchObject({ reason: 'agent_fatal' });
    expect(w.status()).toMatchObject({ stop_reason: 'agent_fatal' });
    // The message says what to fix.
    expect(`${run.stdout}\n${run.stderr}`).toMatch(/API key|authenticat/i);
    expect(markedProcesses(mark)).toEqual([]);
  });

  it('a credit balance too low (400): failed fatal (billing), the loop stops after one session with exit 9', async (t) => {
    const { expect } = t;
    const { w, mark, home, server } = await claudeWorkdir(t, [creditBalanceStep()], {
      session: { max_iterations: 5 },
    });
    const run = await runHarness(w);
    saveCorpusCase('credit-balance-400', w, home, server);
    expect(run.code, run.stderr).toBe(9);
    expect(server.mainRequests().map((r) => r.status)).toEqual([400]);
    const sessions = sessionsOf(w);
    expect(sessions).toHaveLength(1);
    expect(sessions[0]).toMatchObject({
      outcome: 'failed',
      failure_kind: 'fatal',
      failure_reason: 'billing',
      exit_code: 1,
      result_error: true,
    });
    expect(eventsOf(w, 'loop_end')[0]).toMatchObject({ reason: 'agent_fatal' });
    expect(`${run.stdout}\n${run.stderr}`).toMatch(/credit|billing/i);
    expect(markedProcesses(mark)).toEqual([]);
  });

  it("a subscription usage limit: rate limited with the server's reset time, the loop waits, then continues", async (t) => {
    const { expect } = t;
    // An hour away: the wait is capped by rate_limit.max_wait_secs, so what the loop waits is exactly that cap.
    const resetsAt = Math.floor(Date.now() / 1000) + 3600;
    const { w, mark, home, server } = await claudeWorkdir(
      t,
      [usageLimitStep({ resetsAt, repeat: 1 }), { kind: 'text', text: 'Back after the reset.' }],
      { session: { max_iterations: 1 }, rate_limit: { max_wait_secs: 1 } },
      { gatewayLogin: true },
    );
    const run = await runHarness(w);
    saveCorpusCase('usage-limit-five-hour', w, home, server);
    expect(run.code, run.stderr).toBe(0);
    expect(server.mainRequests().map((r) => r.status)).toEqual([429, 200]);
    const [first] = w.transcripts();
    // What the CLI made of the headers: the structured event and its own limit sentence.
    expect(w.read(first!)).toContain(
      `"rate_limit_info":{"status":"rejected","resetsAt":${resetsAt},"rateLimitType":"five_hour"`,
    );
    expect(w.read(first!)).toMatch(/"result":"You've hit your limit · resets [^"]+"/);
    const sessions = sessionsOf(w);
    expect(sessions.map((s) => s.outcome)).toEqual(['rate_limited', 'productive']);
    const resetIso = new Date(resetsAt * 1000).toISOString();
    expect(sessions[0]).toMatchObject({
      rate_limited: true,
      rate_limit_resets_at: resetIso,
      exit_code: 1,
      result_error: true,
    });
    expect(sessions[0]!.failure_kind ?? null).toBeNull();
    expect(eventsOf(w, 'rate_limited')).toEqual([
      expect.objectContaining({ consecutive: 1, basis: 'reset_time', resets_at: resetIso, wait_ms: 1000 }),
    ]);
    expect(eventsOf(w, 'session_failed')).toEqual([]);
    expect(run.stdout).toContain('Loop completed: 1 productive iterations, 0 trailing rate limits');
    expect(markedProcesses(mark)).toEqual([]);
  });

  // The CLI composes other limit sentences from the same headers; each is still a limit with the server's reset.
  const limitShapes: {
    name: string;
    step: (resetsAt: number) => Step;
    result: RegExp;
  }[] = [
    {
      name: 'usage-limit-weekly',
      step: (resetsAt) =>
        usageLimitStep({
          resetsAt,
          claim: 'seven_day',
          headers: { 'anthropic-ratelimit-unified-overage-disabled-reason': 'out_of_credits' },
          repeat: 1,
        }),
      result: /^You've hit your weekly limit · resets .+ \([^)]+\)$/,
    },
    {
      name: 'usage-limit-five-hour-overage-allowed',
      step: (resetsAt) =>
        usageLimitStep({ resetsAt, claim: 'five_hour', overageStatus: 'allowed', repeat: 1 }),
      result: /^You've hit your 5-hour limit · resets .+ \([^)]+\)$/,
    },
    {
      name: 'usage-limit-no-claim',
      step: (resetsAt) => usageLimitStep({ resetsAt, claim: null, repeat: 1 }),
      result: /^API Error: Server is temporarily limiting requests \(not your usage limit\) · /,
    },
  ];

  for (const shape of limitShapes) {
    it(`a usage limit (${shape.name}): rate limited with the reset, the loop waits`, async (t) => {
      const { expect } = t;
      const resetsAt = Math.floor(Date.now() / 1000) + 7200;
      const { w, mark, home, server } = await claudeWorkdir(
        t,
        [shape.step(resetsAt), { kind: 'text', text: 'Back after the limit.' }],
        { session: { max_iterations: 1 }, rate_limit: { max_wait_secs: 1 } },
        { gatewayLogin: true },
      );
      const run = await runHarness(w);
      saveCorpusCase(shape.name, w, home, server);
      expect(run.code, run.stderr).toBe(0);
      const [first] = w.transcripts();
      const result = w
        .read(first!)
        .split('\n')
        .filter((line) => line.includes('"type":"result"'))
        .map((line) => (JSON.parse(line) as { result: string }).result);
      expect(result).toHaveLength(1);
      expect(result[0]).toMatch(shape.result);
      const sessions = sessionsOf(w);
      expect(sessions.map((s) => s.outcome)).toEqual(['rate_limited', 'productive']);
      expect(sessions[0]).toMatchObject({ rate_limit_resets_at: new Date(resetsAt * 1000).toISOString() });
      expect(eventsOf(w, 'rate_limited')[0]).toMatchObject({ basis: 'reset_time', wait_ms: 1000 });
      expect(markedProcesses(mark)).toEqual([]);
    });
  }

  it('a usage limit with an API key: the CLI ignores the unified headers, so it is the plain 429 rate limit', async (t) => {
    const { expect } = t;
    // Documents the real CLI: outside a claude.ai or gateway sign-in the limit is an `API Error: Request rejected
    // (429)` result with no reset time, and the harness backs off instead of waiting for a reset.
    const resetsAt = Math.floor(Date.now() / 1000) + 3600;
    const { w, home, server } = await claudeWorkdir(
      t,
      [usageLimitStep({ resetsAt, repeat: 1 }), { kind: 'text', text: 'Back.' }],
      { session: { max_iterations: 1 }, backoff: { initial_delay_secs: 0.05 } },
    );
    const run = await runHarness(w);
    saveCorpusCase('usage-limit-api-key-429', w, home, server);
    expect(run.code, run.stderr).toBe(0);
    const [first] = w.transcripts();
    expect(w.read(first!)).not.toContain('"type":"rate_limit_event"');
    expect(sessionsOf(w).map((s) => s.outcome)).toEqual(['rate_limited', 'productive']);
    expect(eventsOf(w, 'rate_limited')[0]).toMatchObject({ basis: 'backoff', wait_ms: 100 });
  });
  // More of the CLI's real failure shapes, one session each: retry.max_consecutive_failures 1 makes a transient
  // failure end the loop at once (exit 10), a fatal one ends it with exit 9.
  const shapes: {
    name: string;
    title: string;
    script: () => Step[];
    claude?: Partial<ClaudeEnvOptions>;
    /** Close the server before the run: nothing listens on its port. */
    closed?: boolean;
    exit: number;
    outcome: string;
    kind: string | null;
    reason: string | null;
  }[] = [
    {
      name: 'server-error-500',
      title: 'a 500 api_error: failed transient (server_error)',
      script: () => [{ kind: 'status', status: 500 }],
      exit: 10,
      outcome: 'failed',
      kind: 'transient',
      reason: 'server_error',
    },
    {
      name: 'overloaded-529-retried',
      title:
        'a 529 the CLI retried itself (api_retry lines): failed transient (overloaded), not a rate limit',
      script: () => [overloadedStep()],
      claude: { maxRetries: 2 },
      exit: 10,
      outcome: 'failed',
      kind: 'transient',
      reason: 'overloaded',
    },
    {
      name: 'connection-refused',
      title: 'nothing listening (ECONNREFUSED, no api_error_status): failed transient (network)',
      script: () => [],
      closed: true,
      exit: 10,
      outcome: 'failed',
      kind: 'transient',
      reason: 'network',
    },
    {
      name: 'model-not-found-404',
      title: 'a 404 not_found_error for the model: failed fatal (model_not_found), exit 9',
      script: () => [
        {
          kind: 'status',
          status: 404,
          body: { type: 'error', error: { type: 'not_found_error', message: 'model: claude-sonnet-4-5' } },
        },
      ],
      exit: 9,
      outcome: 'failed',
      kind: 'fatal',
      reason: 'model_not_found',
    },
  ];

  for (const shape of shapes) {
    it(shape.title, async (t) => {
      const { expect } = t;
      const { w, mark, home, server } = await claudeWorkdir(
        t,
        shape.script(),
        {
          session: { max_iterations: 3 },
          backoff: { initial_delay_secs: 0.05, max_delay_secs: 1 },
          retry: { max_consecutive_failures: 1 },
        },
        shape.claude,
      );
      if (shape.closed) await server.close();
      const run = await runHarness(w);
      saveCorpusCase(shape.name, w, home, server);
      expect(run.code, run.stderr).toBe(shape.exit);
      const sessions = sessionsOf(w);
      expect(sessions).toHaveLength(1);
      expect(sessions[0]).toMatchObject({
        outcome: shape.outcome,
        failure_kind: shape.kind,
        failure_reason: shape.reason,
        rate_limited: false,
        exit_code: 1,
      });
      expect(eventsOf(w, 'loop_end')[0]).toMatchObject({
        reason: shape.exit === 9 ? 'agent_fatal' : 'failures_exhausted',
      });
      expect(markedProcesses(mark)).toEqual([]);
    });
  }

  it("a gateway's spend cap (429 billing_error with a reset, no representative claim): rate limited, waits", async (t) => {
    const { expect } = t;
    // The gateway documentation embedded in the CLI: without representative-claim and overage-status the CLI
    // prints the gateway's own message as the result, but still emits `rate_limit_event` rejected with resetsAt.
    const resetsAt = Math.floor(Date.now() / 1000) + 7200;
    const { w, mark, home, server } = await claudeWorkdir(
      t,
      [
        {
          kind: 'status',
          status: 429,
          repeat: 1,
          headers: {
            'retry-after': '7200',
            'x-should-retry': 'false',
            'anthropic-ratelimit-unified-status': 'rejected',
            'anthropic-ratelimit-unified-reset': String(resetsAt),
            'anthropic-ratelimit-unified-overage-reset': String(resetsAt),
            'anthropic-ratelimit-unified-overage-utilization': '1',
            'anthropic-ratelimit-unified-overage-period': 'daily',
            'anthropic-ratelimit-unified-overage-disabled-reason': 'org_spend_cap_reached',
          },
          body: {
            type: 'error',
            error: {
              type: 'billing_error',
              message:
                'spend limit reached · resets Aug 8 · request an increase at https://go.corp.example.com/claude-limits',
            },
          },
        },
        { kind: 'text', text: 'Back after the spend cap.' },
      ],
      { session: { max_iterations: 1 }, rate_limit: { max_wait_secs: 1 } },
      { gatewayLogin: true },
    );
    const run = await runHarness(w);
    saveCorpusCase('gateway-spend-cap-429', w, home, server);
    expect(run.code, run.stderr).toBe(0);
    const [first] = w.transcripts();
    expect(w.read(first!)).toContain('"result":"spend limit reached · resets Aug 8');
    const sessions = sessionsOf(w);
    expect(sessions.map((s) => s.outcome)).toEqual(['rate_limited', 'productive']);
    expect(sessions[0]).toMatchObject({ rate_limit_resets_at: new Date(resetsAt * 1000).toISOString() });
    expect(eventsOf(w, 'rate_limited')[0]).toMatchObject({ basis: 'reset_time', wait_ms: 1000 });
    expect(markedProcesses(mark)).toEqual([]);
  });
});
