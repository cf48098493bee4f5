// End to end with the REAL Codex CLI (`codex exec --json`), pointed at a scripted Responses API server on loopback.
// The CLI runs its shell tool for real and fails in its own real ways; the harness's verdict and metrics are
// checked against what the server served.
import { randomUUID } from 'node:crypto';
import { describe, it, type TestContext } from 'vitest';
import { codexCommand, type CodexEnvOptions } from '../support/codex-env.js';
import { markedProcesses } from '../support/processes.js';
import { expectStalledThenAnswered } from '../support/stall-verdict.js';
import {
  startResponsesServer,
  usageLimitBody,
  type ResponsesServer,
  type ResponsesStep,
} from '../support/responses-server.js';
import { agentWorkdir, runHarness, type Workdir } from '../support/workdir.js';

// The tests run side by side, each with its own server (closed when the test ends). The Codex CLI is a native
// binary: it printed its first line within 0.7 s and its first event within 2.3 s even ten at once on a loaded
// machine, well inside the 6 s of silence the watchdog tests allow.

async function codexWorkdir(
  t: TestContext,
  script: ResponsesStep[],
  sections: Record<string, Record<string, unknown>> = {},
  codex: Partial<CodexEnvOptions> = {},
): Promise<{ w: Workdir; mark: string; server: ResponsesServer }> {
  const server = await startResponsesServer(script);
  t.onTestFinished(() => server.close());
  const mark = randomUUID();
  const cmd = codexCommand({ serverUrl: server.url, ...codex, extraEnv: { AH_E2E_MARK: mark } });
  const args = [...cmd.args.slice(0, -1), '{prompt}'];
  const w = agentWorkdir({ command: cmd.command, args, env: cmd.env, format: 'codex' }, sections);
  return { w, mark, server };
}

const sessionsOf = (w: Workdir) => w.events().filter((e) => e.event === 'session_complete');

// Beside the others on a loaded machine a test took up to 26 s.
describe.concurrent('the real Codex CLI under the harness', { timeout: 120_000 }, () => {
  it('a session with one shell tool call: productive, tool calls and tokens as served', async (t) => {
    const { expect } = t;
    const { w, mark, server } = await codexWorkdir(t, [
      { kind: 'tool', cmd: 'echo hello > out.txt && cat out.txt' },
      { kind: 'text', text: 'Wrote out.txt.' },
    ]);
    const run = await runHarness(w);
    expect(run.code, run.stderr).toBe(0);
    expect(w.read('out.txt')).toBe('hello\n');
    // The CLI sent the command's real output back.
    expect(server.modelRequests()[1]?.toolOutput).toContain('hello');
    const [session] = sessionsOf(w);
    expect(session).toMatchObject({
      outcome: 'productive',
      decided_by: 'result',
      exit_code: 0,
      result_error: false,
      model_output: true,
      failure_kind: null,
      tool_calls: server.served.tool_calls,
      input_tokens: server.served.input_tokens,
      output_tokens: server.served.output_tokens,
    });
    expect(server.served).toMatchObject({ tool_calls: 1, responses: 2 });
    expect(run.stdout).toContain('Loop completed: 1 productive iterations');
    expect(markedProcesses(mark)).toEqual([]);
  });

  it('a turn in which the model says nothing is empty, whatever the start-up notices weigh; retried', async (t) => {
    const { expect } = t;
    const { w } = await codexWorkdir(t, [{ kind: 'nothing' }, { kind: 'text', text: 'Answered this time.' }]);
    const run = await runHarness(w);
    expect(run.code, run.stderr).toBe(0);
    const [silent, answered] = sessionsOf(w);
    // A WARNING line, "Reading additional input from stdin...", thread.started, an error item about model
    // metadata, turn.started and turn.completed: well over 100 bytes, none of it from the model.
    expect(Number(silent!.output_bytes)).toBeGreaterThan(100);
    expect(silent).toMatchObject({
      outcome: 'empty',
      decided_by: 'no_model_output',
      exit_code: 0,
      model_output: false,
      failure_kind: null,
    });
    expect(w.events().some((e) => e.event === 'empty_retry')).toBe(true);
    expect(answered).toMatchObject({ outcome: 'productive', model_output: true });
  });

  it('a 429 without Retry-After (not retried by the CLI): rate limited, no reset, backoff, exit 3', async (t) => {
    const { expect } = t;
    const { w, server } = await codexWorkdir(
      t,
      [{ kind: 'status', status: 429 }],
      {
        session: { max_iterations: 3 },
        backoff: { initial_delay_secs: 0.05, max_consecutive_rate_limits: 2 },
      },
      { requestMaxRetries: 2, streamMaxRetries: 2 },
    );
    const run = await runHarness(w);
    expect(run.code, run.stderr).toBe(3);
    // One request per session: Codex does not retry a 429 that names no wait.
    expect(server.modelRequests()).toHaveLength(2);
    const sessions = sessionsOf(w);
    expect(sessions.map((s) => s.outcome)).toEqual(['rate_limited', 'rate_limited']);
    expect(sessions[0]).toMatchObject({
      exit_code: 1,
      result_error: true,
      rate_limit_resets_at: null,
      model_output: false,
      failure_kind: null,
    });
    expect(w.events().find((e) => e.event === 'rate_limited')).toMatchObject({
      consecutive: 1,
      basis: 'backoff',
      wait_ms: 100,
    });
  });

  it('a 429 with Retry-After is retried by the CLI, then rate limited; the next session is productive', async (t) => {
    const { expect } = t;
    const { w, server } = await codexWorkdir(
      t,
      [
        { kind: 'status', status: 429, headers: { 'retry-after': '1' }, repeat: 3 },
        { kind: 'tool', cmd: 'echo again > again.txt' },
        { kind: 'text', text: 'Done.' },
      ],
      { backoff: { initial_delay_secs: 0.05 } },
      { requestMaxRetries: 2, streamMaxRetries: 2 },
    );
    const run = await runHarness(w);
    expect(run.code, run.stderr).toBe(0);
    // The first session: the request and two "Reconnecting... n/2" retries.
    expect(server.modelRequests().filter((r) => r.status === 429)).toHaveLength(3);
    const [first, second] = sessionsOf(w);
    expect(first).toMatchObject({ outcome: 'rate_limited', exit_code: 1, model_output: false });
    expect(second).toMatchObject({
      outcome: 'productive',
      tool_calls: 1,
      input_tokens: server.served.input_tokens,
      output_tokens: server.served.output_tokens,
    });
    expect(w.read('again.txt')).toBe('again\n');
    expect(run.stdout).toContain('Loop completed: 1 productive iterations');
  });

  it('a usage limit with a reset time: rate limited until the time the CLI printed, the loop waits', async (t) => {
    const { expect } = t;
    const resetsAt = Math.floor(Date.now() / 1000) + 3600;
    const { w } = await codexWorkdir(
      t,
      [
        { kind: 'status', status: 429, body: usageLimitBody(resetsAt), repeat: 1 },
        { kind: 'text', text: 'Back to work.' },
      ],
      { rate_limit: { max_wait_secs: 0.2 } },
    );
    const run = await runHarness(w);
    expect(run.code, run.stderr).toBe(0);
    const [limited, productive] = sessionsOf(w);
    // Codex prints the reset as a local wall-clock time to the minute ("try again at 6:13 PM").
    const expected = new Date(Math.floor(resetsAt / 60) * 60_000).toISOString();
    expect(limited).toMatchObject({
      outcome: 'rate_limited',
      exit_code: 1,
      rate_limit_resets_at: expected,
      model_output: false,
    });
    expect(w.events().find((e) => e.event === 'rate_limited')).toMatchObject({
      resets_at: expected,
      basis: 'reset_time',
      wait_ms: 200,
    });
    expect(productive).toMatchObject({ outcome: 'productive' });
  });

  it('a server error (500) the CLI gives up on: failed transient, backoff, then the same iteration succeeds', async (t) => {
    const { expect } = t;
    const { w, server } = await codexWorkdir(
      t,
      [
        {
          kind: 'status',
          status: 500,
          body: {
            error: {
              type: 'server_error',
              message: 'The server had an error while processing your request.',
            },
          },
          // request_max_retries = 1 within each of 1 + stream_max_retries = 1 attempts: four requests.
          repeat: 4,
        },
        { kind: 'text', text: 'Recovered.' },
      ],
      { backoff: { initial_delay_secs: 0.05 } },
      { requestMaxRetries: 1, streamMaxRetries: 1 },
    );
    const run = await runHarness(w);
    expect(run.code, run.stderr).toBe(0);
    expect(server.modelRequests().map((r) => r.status)).toEqual([500, 500, 500, 500, 200]);
    const [failed, recovered] = sessionsOf(w);
    // Codex words it "We're currently experiencing high demand, which may cause temporary errors." (no status).
    expect(failed).toMatchObject({
      outcome: 'failed',
      failure_kind: 'transient',
      exit_code: 1,
      model_output: false,
    });
    expect(w.events().find((e) => e.event === 'session_failed')).toMatchObject({
      kind: 'transient',
      consecutive: 1,
      wait_ms: 100,
    });
    expect(recovered).toMatchObject({ outcome: 'productive', iteration: failed!.iteration });
    expect(run.stdout).toContain('Loop completed: 1 productive iterations');
  });

  it('an invalid API key (401): failed fatal authentication, the loop stops after one session with exit 9', async (t) => {
    const { expect } = t;
    const { w, server } = await codexWorkdir(
      t,
      [
        {
          kind: 'status',
          status: 401,
          body: {
            error: {
              type: 'invalid_request_error',
              code: 'invalid_api_key',
              message: 'Incorrect API key provided: sk-bad.',
            },
          },
        },
      ],
      { session: { max_iterations: 3 } },
    );
    const run = await runHarness(w);
    expect(run.code, run.stderr).toBe(9);
    expect(server.modelRequests()).toHaveLength(1);
    const sessions = sessionsOf(w);
    expect(sessions).toHaveLength(1);
    expect(sessions[0]).toMatchObject({
      outcome: 'failed',
      failure_kind: 'fatal',
      failure_reason: 'authentication',
      exit_code: 1,
    });
    expect(w.events().find((e) => e.event === 'loop_end')).toMatchObject({ exit_code: 9 });
  });

  it('a stream the CLI gives up on (idle timeout): failed transient, backoff, then max_consecutive_failures stops (exit 10)', async (t) => {
    const { expect } = t;
    const { w } = await codexWorkdir(
      t,
      [{ kind: 'stall' }, { kind: 'stall' }],
      {
        session: { max_iterations: 2 },
        backoff: { initial_delay_secs: 0.05 },
        retry: { max_consecutive_failures: 2 },
      },
      { streamIdleTimeoutMs: 1000 },
    );
    const run = await runHarness(w);
    expect(run.code, run.stderr).toBe(10);
    const sessions = sessionsOf(w);
    expect(sessions).toHaveLength(2);
    for (const s of sessions) {
      expect(s).toMatchObject({
        outcome: 'failed',
        failure_kind: 'transient',
        failure_reason: 'stream_disconnected',
        exit_code: 1,
        model_output: false,
        end_reason: 'exited',
      });
    }
    const failed = w.events().filter((e) => e.event === 'session_failed');
    expect(failed.map((e) => e.consecutive)).toEqual([1, 2]);
    expect(failed[0]).toMatchObject({ kind: 'transient', wait_ms: 100 });
    // Failed sessions use up no productive iteration: both ran as the first one.
    expect(sessions.map((s) => s.iteration)).toEqual([sessions[0]!.iteration, sessions[0]!.iteration]);
  });

  it('a stream that stalls before the model says anything: watchdog kill (124), failed transient stalled, backoff, then the same iteration works', async (t) => {
    const { expect } = t;
    const { w, mark } = await codexWorkdir(
      t,
      [{ kind: 'stall' }, { kind: 'text', text: 'Answered this time.' }],
      { watchdog: { stale_timeout_mins: 0.1, kill_grace_secs: 2 } },
      { streamIdleTimeoutMs: 600_000 },
    );
    const run = await runHarness(w);
    expect(run.code, run.stderr).toBe(0);
    // Codex's start-up notices (a WARNING line, "Reading additional input from stdin...", thread.started, an
    // error item about model metadata) are more than 100 bytes, yet the model never answered.
    expectStalledThenAnswered(expect, w);
    expect(markedProcesses(mark)).toEqual([]);
  });

  it('a stream that stalls after a tool call: watchdog kill (124), failed transient stalled, nothing left running', async (t) => {
    const { expect } = t;
    const { w, mark } = await codexWorkdir(
      t,
      [{ kind: 'tool', cmd: 'echo started > started.txt' }, { kind: 'stall' }],
      {
        watchdog: { stale_timeout_mins: 0.1, kill_grace_secs: 2 },
        retry: { max_consecutive_failures: 1 },
      },
      { streamIdleTimeoutMs: 600_000 },
    );
    const run = await runHarness(w);
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
  });
});
