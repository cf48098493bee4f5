// The json-actions adapter over worker session transcripts (test/fixtures/transcripts/json-actions-*.jsonl, the
// stdout of the real `node dist/cli.js worker session` against test/support/llm-server.ts's scripted Ollama), and
// over lines made here for the cases a fixture does not hold: a session that could not start, a model that
// refused the credentials, a tail that lost the early lines, a crash with no result.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { adapterFor } from '../../../src/agents/index.js';
import { withTurnShape } from '../../../src/agents/types.js';
import { classifyOutcome } from '../../../src/loop/policy.js';
import { detectFormat } from '../../../src/metrics/detect-format.js';

const adapter = adapterFor('json-actions');
const NOW = Date.parse('2026-11-24T03:00:00Z');
const fixture = (name: string) =>
  readFileSync(
    fileURLToPath(new URL(`../../fixtures/transcripts/json-actions-${name}.jsonl`, import.meta.url)),
    'utf8',
  );
const classify = (text: string, code: number | null = 0, complete = true) =>
  adapter.classify(text, complete, { patterns: [], now_ms: NOW, exit: { code, signal: null } });
const outcome = (text: string, code: number | null = 0) =>
  classifyOutcome({
    endReason: 'exited',
    outputBytes: text.length,
    minOutputBytes: 0,
    verdict: classify(text, code),
    exitCode: code,
  });

/** The metrics as the loop reports them: classify's, completed by the whole-transcript counters. */
function metrics(text: string) {
  const counter = adapter.turnShape!();
  let toolCalls = 0;
  for (const line of text.split('\n')) {
    counter.line(line);
    toolCalls += adapter.toolCalls!(line);
  }
  return { ...withTurnShape(classify(text).metrics, counter.result(), adapter.reportsTurns), toolCalls };
}

const lines = (text: string) => text.trimEnd().split('\n');

describe('json-actions adapter', () => {
  it('a completed task is a final, successful result with model output and its metrics', () => {
    const text = fixture('completed');
    const verdict = classify(text);
    expect(verdict).toMatchObject({
      final: true,
      is_error: false,
      model_output: true,
      failure: null,
      rate_limit: null,
    });
    expect(verdict.result_text).toMatch(/^completed \(max_iterations\)/);
    expect(outcome(text).outcome).toBe('productive');
    const m = metrics(text);
    const iterations = lines(text).filter((l) => l.startsWith('{"type":"iteration"'));
    const answers = iterations.map(
      (l) => (JSON.parse(l) as { llm_response: { actions: unknown[] } | null }).llm_response,
    );
    expect(m.turns).toBe(iterations.length);
    expect(m.toolCalls).toBe(answers.reduce((n, a) => n + (a?.actions.length ?? 0), 0));
    expect(m.narration_turns).toBe(answers.filter((a) => (a?.actions.length ?? 0) === 0).length);
    expect(m.parallel_turns).toBe(answers.filter((a) => (a?.actions.length ?? 0) >= 2).length);
    const result = JSON.parse(lines(text).at(-1)!) as {
      usage: { input_tokens: number; output_tokens: number };
      model: string;
    };
    expect(m.input_tokens).toBe(result.usage.input_tokens);
    expect(m.output_tokens).toBe(result.usage.output_tokens);
    expect(m.model).toBe(result.model);
    expect(adapter.hasFinalResult(text)).toBe(true);
    expect(adapter.hasFinalResult(lines(text).slice(0, -1).join('\n') + '\n')).toBe(false);
  });

  it('a rate-limited model is a rate limit whose reset is Retry-After from now', () => {
    const text = fixture('rate-limited');
    const verdict = classify(text, 16);
    const llm = (JSON.parse(lines(text).at(-1)!) as { llm_error: { retry_after_ms: number } }).llm_error;
    expect(verdict.rate_limit).toMatchObject({
      source: 'api_status',
      resets_at_ms: NOW + llm.retry_after_ms,
    });
    expect(verdict.failure).toBeNull();
    expect(outcome(text, 16).outcome).toBe('rate_limited');
  });

  it('a model that cannot be reached is a transient network failure', () => {
    const text = fixture('unreachable');
    const verdict = classify(text, 16);
    expect(verdict.failure).toMatchObject({ kind: 'transient', reason: 'network', source: 'api_status' });
    expect(verdict.failure?.detail).toMatch(/cannot reach Ollama/);
    expect(verdict.model_output).toBe(false);
    expect(outcome(text, 16)).toMatchObject({ outcome: 'failed', decided_by: 'failure:api_status' });
  });

  const failedWith = (
    llm: Record<string, unknown> | null,
    error = { kind: 'model_unreachable', message: 'm' },
  ) =>
    `${JSON.stringify({ type: 'start', model: 'm' })}\n${JSON.stringify({
      type: 'result',
      task_id: 't',
      status: 'failed',
      termination_reason: 'fatal',
      error,
      exit_code: 16,
      answers: 0,
      llm_error: llm,
    })}\n`;

  it.each([
    ['timeout', null, 'transient', 'network'],
    ['http_error', 503, 'transient', 'server_error'],
    ['http_error', 529, 'transient', 'overloaded'],
    ['http_error', null, 'transient', 'server_error'],
    ['authentication', 401, 'fatal', 'authentication'],
    ['model_not_found', 404, 'fatal', 'model_not_found'],
    ['bad_response', 200, 'error', 'error_result'],
    ['command_failed', null, 'error', 'error_result'],
  ])('a model call failing with %s (%s) is %s %s', (kind, status, failureKind, reason) => {
    const verdict = classify(failedWith({ kind, status, retry_after_ms: null, message: `${kind} here` }), 16);
    expect(verdict.failure).toMatchObject({ kind: failureKind, reason });
    expect(verdict.rate_limit).toBeNull();
  });

  it('a rate limit without Retry-After has no reset time', () => {
    const verdict = classify(
      failedWith({ kind: 'rate_limited', status: 429, retry_after_ms: null, message: '429' }),
      16,
    );
    expect(verdict.rate_limit).toMatchObject({ resets_at_ms: null });
  });

  it('a task that failed on its own state or disk is an error, named by the worker', () => {
    const verdict = classify(
      failedWith(null, { kind: 'corrupt_state', message: 'state.json: Unexpected end' }),
      17,
    );
    expect(verdict.failure).toMatchObject({ kind: 'error', reason: 'error_result', source: 'result' });
    expect(verdict.failure?.detail).toBe('corrupt_state: state.json: Unexpected end');
  });

  it('a worker a signal stopped gave no final result: a watchdog kill is a stall', () => {
    const [start, first] = lines(fixture('completed'));
    const result = {
      type: 'result',
      task_id: 't',
      status: 'stopped',
      termination_reason: 'interrupted',
      exit_code: 0,
      answers: 1,
      llm_error: null,
    };
    const text = `${start}\n${first}\n${JSON.stringify(result)}\n`;
    expect(classify(text)).toMatchObject({ final: false, is_error: null, failure: null, model_output: true });
    const verdict = classify(text);
    expect(
      classifyOutcome({ endReason: 'watchdog', outputBytes: 1, minOutputBytes: 0, verdict, exitCode: 0 }),
    ).toMatchObject({
      outcome: 'failed',
      decided_by: 'failure:watchdog',
    });
  });

  it('a session that could not start is fatal: no retry fixes its settings', () => {
    const text = `${JSON.stringify({ type: 'error', kind: 'settings', message: 'llm.model is not set', exit_code: 2 })}\n`;
    const verdict = classify(text, 2);
    expect(verdict.final).toBe(false);
    expect(verdict.failure).toMatchObject({
      kind: 'fatal',
      reason: 'agent_refused',
      detail: 'llm.model is not set',
    });
  });

  it('a worker that died without a result, after a stack trace, crashed', () => {
    const text = `${lines(fixture('completed')).slice(0, 2).join('\n')}\nTypeError: boom\n    at run (file.js:1:2)\n`;
    const verdict = classify(text, 1);
    expect(verdict.final).toBe(false);
    expect(verdict.failure).toMatchObject({ reason: 'crash' });
    expect(outcome(text, 1).outcome).toBe('failed');
  });

  it('a tail that lost the early iterations still knows the model answered, from the result', () => {
    const text = fixture('completed');
    const last = lines(text).at(-1)!;
    const verdict = classify(`..."}]}\n${last}\n`, 0, false);
    expect(verdict.model_output).toBe(true);
    expect(verdict.final).toBe(true);
  });

  it("reads the model's words from iterations only: reasoning, tools and their arguments", () => {
    const [start, first] = lines(fixture('completed'));
    expect(adapter.agentText(start!)).toBeNull();
    const parts = adapter.agentText(first!)!;
    expect(parts).toContain('list_directory');
    expect(parts).toContain('src/parser.py');
    for (const part of parts) expect(first).toContain(JSON.stringify(part).slice(1, -1));
    expect(adapter.agentText(lines(fixture('completed')).at(-1)!)).toBeNull();
  });

  it('a fatal iteration line counts no turn and no tool call', () => {
    const line = JSON.stringify({
      type: 'iteration',
      iteration: 2,
      llm_response: null,
      results: [],
      usage: { input_tokens: null, output_tokens: null },
      fatal: { kind: 'unreachable', message: 'x' },
    });
    const counter = adapter.turnShape!();
    counter.line(line);
    expect(counter.result().turns).toBe(0);
    expect(adapter.toolCalls!(line)).toBe(0);
  });

  it('is detected by the metrics from its first lines', () => {
    for (const name of ['completed', 'rate-limited', 'unreachable'])
      expect(detectFormat(fixture(name))).toBe('json-actions');
    expect(detectFormat(lines(fixture('completed')).at(-1)!)).toBe('json-actions');
  });
});
