// agent.format = "json-actions" through the built CLI: every session is the harness's own worker
// (`dist/cli.js worker session`) calling a scripted Ollama (test/support/llm-server.ts) on loopback. The loop
// records its sessions like any agent's: strict events, transcripts holding the worker's lines, the status file,
// the metrics history; a rate-limited model takes the rate-limit path, a model that is down fails the sessions,
// and a stop (the STOP file, SIGTERM, a forced stop) ends a running worker session with nothing left behind.
import { spawn } from 'node:child_process';
import { existsSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it, type TestContext } from 'vitest';
import { startLlmServer, type LlmServer, type LlmStep } from '../support/llm-server.js';
import { alive } from '../support/processes.js';
import {
  CLI,
  makeWorkdir,
  NODE,
  runHarness,
  startHarness,
  testConfig,
  type Workdir,
} from '../support/workdir.js';

// The tests run side by side, each with a directory and a model server of its own: most of their time is spent
// waiting on the harness and its worker sessions.

/** A scripted model server, closed once the test is finished. */
async function llmServer(
  { onTestFinished }: TestContext,
  ...args: Parameters<typeof startLlmServer>
): Promise<LlmServer> {
  const server = await startLlmServer(...args);
  onTestFinished(() => server.close());
  return server;
}

const answer = (
  actions: Array<{ tool: string; args: Record<string, unknown> }>,
  reasoning = 'next step',
): LlmStep => ({
  answer: JSON.stringify({ reasoning, actions }),
  usage: { input_tokens: 100, output_tokens: 10 },
  model: 'scripted-coder',
});
const create = (path: string, content: string) => answer([{ tool: 'create_file', args: { path, content } }]);

function workdir(baseUrl: string, sections: Record<string, Record<string, unknown>> = {}): Workdir {
  return makeWorkdir({
    config: testConfig({
      session: { max_iterations: 2 },
      agent: { format: 'json-actions' },
      llm: { provider: 'ollama', base_url: baseUrl, model: 'scripted-coder', timeout_secs: 30 },
      worker: { max_iterations: 2 },
      ...sections,
    }),
  });
}

const sessions = (w: Workdir) => w.events().filter((e) => e.event === 'session_complete');
const transcriptLines = (w: Workdir, name: string) =>
  w
    .read(name)
    .trimEnd()
    .split('\n')
    .filter((line) => line.startsWith('{'))
    .map((line) => JSON.parse(line) as Record<string, unknown>);

/** Every process a session's worker ran as (the start line's pid), for the leak check. */
const workerPids = (w: Workdir) =>
  w.transcripts().flatMap((name) =>
    transcriptLines(w, name)
      .filter((line) => line.type === 'start')
      .map((line) => Number(line.pid)),
  );

describe.concurrent('json-actions: the worker as the loop agent', () => {
  it('runs two sessions of the worker and records them like any agent', async (context) => {
    const { expect } = context;
    const server = await llmServer(context, [
      create('a.txt', 'one\n'),
      answer([
        { tool: 'create_file', args: { path: 'b.txt', content: 'two\n' } },
        { tool: 'list_directory', args: { path: '.' } },
      ]),
      answer([], 'nothing to do'),
      create('c.txt', 'three\n'),
    ]);
    const w = workdir(server.ollamaUrl);
    const run = await runHarness(w);
    expect(run.code, run.stdout + run.stderr).toBe(0);
    expect(readFileSync(w.path('a.txt'), 'utf8')).toBe('one\n');
    expect(existsSync(w.path('c.txt'))).toBe(true);

    const done = sessions(w);
    expect(done.map((e) => e.outcome)).toEqual(['productive', 'productive']);
    expect(done.map((e) => e.turns)).toEqual([2, 2]);
    expect(done.map((e) => e.tool_calls)).toEqual([3, 1]);
    expect(done.map((e) => e.narration_turns)).toEqual([0, 1]);
    expect(done.map((e) => e.parallel_turns)).toEqual([1, 0]);
    expect(done.map((e) => e.input_tokens)).toEqual([200, 200]);
    expect(done.map((e) => e.output_tokens)).toEqual([20, 20]);
    expect(done.map((e) => e.model)).toEqual(['scripted-coder', 'scripted-coder']);
    expect(w.events().at(-1)).toMatchObject({ event: 'loop_end', reason: 'completed', exit_code: 0 });

    expect(w.transcripts()).toEqual(['claude-iteration-0.jsonl', 'claude-iteration-1.jsonl']);
    const first = transcriptLines(w, 'claude-iteration-0.jsonl');
    expect(first.map((line) => line.type)).toEqual(['start', 'iteration', 'iteration', 'result']);
    expect(first.at(-1)).toMatchObject({
      status: 'completed',
      termination_reason: 'max_iterations',
      exit_code: 0,
    });
    // Each session's task lives under .harness/worker/session-<global>, its log the transcript's iterations.
    const taskDir = String(first[0]!.task_dir);
    expect(taskDir).toBe(join(w.dir, '.harness', 'worker', 'session-0'));
    expect(readFileSync(join(taskDir, 'actions.jsonl'), 'utf8').trimEnd().split('\n')).toHaveLength(2);
    // The worker never saw the harness's own files: its listing of the working directory leaves them out.
    const listing = (first[2] as { results: Array<{ tool: string; result: string[] }> }).results.find(
      (r) => r.tool === 'list_directory',
    )!.result;
    expect(listing).toContain('a.txt');
    for (const own of ['harness.status', '.iteration_counter', 'claude-iteration-0.jsonl', '.harness/'])
      expect(listing).not.toContain(own);

    expect(w.status()).toMatchObject({ state: 'stopped', stop_reason: 'completed' });
    const status = await runHarness(w, ['metrics', 'status']);
    expect(status.code, status.stderr).toBe(0);
    expect(status.stdout).toMatch(/\b2 sessions?\b/);
    expect(alive(workerPids(w))).toEqual([]);
  });

  it("the worker cannot touch the loop's config, prompt, counter or transcripts", async (context) => {
    const { expect } = context;
    const touch = ['harness.yml', 'PROMPT.md', '.iteration_counter', 'claude-iteration-0.jsonl'];
    const server = await llmServer(context, [
      answer([
        ...touch.map((path) => ({ tool: 'write_file', args: { path, content: 'owned\n' } })),
        { tool: 'read_file', args: { path: 'harness.yml' } },
        { tool: 'create_file', args: { path: 'claude-iteration-7.jsonl', content: '{}' } },
      ]),
    ]);
    const w = workdir(server.ollamaUrl, { session: { max_iterations: 1 }, worker: { max_iterations: 1 } });
    const config = w.read('harness.yml');
    const run = await runHarness(w);
    expect(run.code, run.stdout + run.stderr).toBe(0);
    expect(w.read('harness.yml')).toBe(config);
    expect(w.read('PROMPT.md')).toBe('Do the next thing.\n');
    expect(existsSync(w.path('claude-iteration-7.jsonl'))).toBe(false);
    const lines = transcriptLines(w, 'claude-iteration-0.jsonl');
    expect(lines.map((line) => line.type)).toEqual(['start', 'iteration', 'result']);
    const results = (lines[1] as { results: Array<Record<string, unknown>> }).results;
    expect(results).toHaveLength(6);
    for (const result of results) expect(result).toMatchObject({ ok: false, violation: true });
    expect(alive(workerPids(w))).toEqual([]);
  });

  it('a rate-limited model takes the loop rate-limit path, with Retry-After as the reset', async (context) => {
    const { expect } = context;
    const server = await llmServer(context, [{ status: 429, headers: { 'retry-after': '120' } }]);
    const w = workdir(server.ollamaUrl, {
      backoff: { initial_delay_secs: 0, max_consecutive_rate_limits: 1 },
      rate_limit: { max_wait_secs: 0 },
    });
    const run = await runHarness(w);
    expect(run.code, run.stdout + run.stderr).toBe(3);
    const [limited] = sessions(w);
    expect(limited).toMatchObject({ outcome: 'rate_limited', rate_limited: true, decided_by: 'api_status' });
    expect(limited!.rate_limit_resets_at).toEqual(expect.any(String));
    expect(w.events().at(-1)).toMatchObject({ event: 'loop_end', reason: 'rate_limits_exhausted' });
    expect(alive(workerPids(w))).toEqual([]);
  });

  it('a model that is down fails the sessions, and the loop ends on its failure limit', async (context) => {
    const { expect } = context;
    const server = await llmServer(context);
    const down = server.ollamaUrl;
    await server.close();
    const w = workdir(down, { retry: { max_consecutive_failures: 2, retry_delay_secs: 0 } });
    const run = await runHarness(w);
    expect(run.code, run.stdout + run.stderr).toBe(10);
    const failed = sessions(w);
    expect(failed.map((e) => [e.outcome, e.failure_kind, e.failure_reason])).toEqual([
      ['failed', 'transient', 'network'],
      ['failed', 'transient', 'network'],
    ]);
    expect(w.events().at(-1)).toMatchObject({ event: 'loop_end', reason: 'failures_exhausted' });
    expect(alive(workerPids(w))).toEqual([]);
  });

  it('a model that does not know the model name is fatal: the loop stops at once', async (context) => {
    const { expect } = context;
    const server = await llmServer(context, [{ status: 404 }]);
    const w = workdir(server.ollamaUrl);
    const run = await runHarness(w);
    expect(run.code, run.stdout + run.stderr).toBe(9);
    expect(sessions(w)[0]).toMatchObject({
      outcome: 'failed',
      failure_kind: 'fatal',
      failure_reason: 'model_not_found',
    });
  });

  it('a worker that cannot start (no llm.model) is fatal at once, and says which key', async (context) => {
    const { expect } = context;
    const server = await llmServer(context);
    const w = makeWorkdir({
      config: testConfig({
        agent: { format: 'json-actions' },
        llm: { provider: 'ollama', base_url: server.ollamaUrl },
      }),
    });
    const run = await runHarness(w);
    expect(run.code, run.stdout + run.stderr).toBe(9);
    expect(sessions(w)[0]).toMatchObject({
      outcome: 'failed',
      failure_kind: 'fatal',
      failure_reason: 'agent_refused',
    });
    expect(String(sessions(w)[0]!.failure_detail)).toContain('llm.model');
    expect(server.requests).toEqual([]);
  });

  it('worker session refuses to run without the settings the loop gives it', async ({ expect }) => {
    const w = makeWorkdir();
    // Asynchronous: the model servers of the tests running beside this one answer from this process.
    const child = spawn(NODE, [CLI, 'worker', 'session', '--task-dir', w.path('t')], {
      cwd: w.dir,
      env: { ...process.env, AGENT_HARNESS_WORKER_SETTINGS: '{"llm":{"provider":"smoke"}}' },
    });
    child.stdin.end('prompt');
    const failure = { status: null as number | null, stdout: '', stderr: '' };
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => (failure.stdout += chunk));
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (failure.stderr += chunk));
    failure.status = await new Promise<number | null>((resolve) => child.once('close', resolve));
    expect(failure.status).toBe(2);
    expect(JSON.parse(failure.stdout)).toMatchObject({ type: 'error', kind: 'settings', exit_code: 2 });
    expect(failure.stderr).toMatch(/AGENT_HARNESS_WORKER_SETTINGS is not usable: llm\.provider/);
    expect(existsSync(w.path('t'))).toBe(false);
  });

  describe.concurrent('stopping a running worker session', () => {
    /** A model that holds its answers until the test lets them go. */
    async function heldServer(context: TestContext) {
      let release!: () => void;
      const gate = new Promise<void>((resolve) => (release = resolve));
      const server = await llmServer(context, [], {
        answer: async () => {
          await gate;
          return create(`f-${Math.random().toString(36).slice(2)}.txt`, 'x\n');
        },
      });
      return { release, url: server.ollamaUrl };
    }

    const running = (w: Workdir) =>
      w.transcripts().length > 0 && w.read(w.transcripts()[0]!).includes('"type":"start"');

    it.for([
      ['the STOP file', 'stop_file'],
      ['SIGTERM', 'sigterm'],
    ])('%s lets the session finish its task, then the loop stops', async ([_how, reason], context) => {
      const { expect } = context;
      const held = await heldServer(context);
      const w = workdir(held.url);
      const run = startHarness(w);
      await run.waitFor(() => running(w));
      if (reason === 'stop_file') writeFileSync(w.path('STOP'), '');
      else run.child.kill('SIGTERM');
      await run.waitFor((out) =>
        reason === 'stop_file' ? out.includes('stop_file') : out.includes('SIGTERM'),
      );
      held.release();
      const exit = await run.exit;
      expect(exit.code, run.stdout() + run.stderr()).toBe(0);
      expect(sessions(w).map((e) => e.outcome)).toEqual(['productive']);
      expect(w.events().at(-1)).toMatchObject({ event: 'loop_end', reason });
      expect(alive(workerPids(w))).toEqual([]);
    });

    it('the watchdog ends a stalled worker with SIGTERM: the worker stops its task itself and says so', async (context) => {
      const { expect } = context;
      const server = await llmServer(context, [{ hang: true }]);
      // A model that never answers: no output for stale_timeout_mins, SIGTERM, and kill_grace_secs to go.
      const w = workdir(server.ollamaUrl, {
        watchdog: { stale_timeout_mins: 0.03, kill_grace_secs: 30 },
        retry: { max_consecutive_failures: 1, retry_delay_secs: 0 },
      });
      const run = await runHarness(w);
      expect(run.code, run.stdout + run.stderr).toBe(10);
      expect(sessions(w)[0]).toMatchObject({
        outcome: 'failed',
        end_reason: 'watchdog',
        failure_reason: 'stalled',
      });
      const lines = transcriptLines(w, 'claude-iteration-0.jsonl');
      expect(lines.at(-1), w.read('claude-iteration-0.jsonl')).toMatchObject({
        type: 'result',
        status: 'stopped',
        termination_reason: 'interrupted',
        exit_code: 0,
      });
      const taskDir = String(lines[0]!.task_dir);
      expect(JSON.parse(readFileSync(join(taskDir, 'state.json'), 'utf8'))).toMatchObject({
        status: 'stopped',
      });
      expect(readdirSync(taskDir)).not.toContain('worker.lock');
      expect(alive(workerPids(w))).toEqual([]);
    });

    it('a forced stop (a second Ctrl-C) kills the worker session at once: cancelled, nothing left', async (context) => {
      const { expect } = context;
      const server = await llmServer(context, [{ hang: true }]);
      const w = workdir(server.ollamaUrl, { shutdown: { force_window_secs: 60 } });
      const run = startHarness(w);
      await run.waitFor(() => running(w) && server.requests.length > 0);
      run.child.kill('SIGINT');
      await run.waitFor((out) => out.includes('SIGINT'));
      run.child.kill('SIGINT');
      const exit = await run.exit;
      expect(exit.code, run.stdout() + run.stderr()).toBe(130);
      expect(sessions(w).map((e) => e.outcome)).toEqual(['cancelled']);
      expect(alive(workerPids(w))).toEqual([]);
    });
  });
});
