import { describe, it, expect } from 'vitest';
import { textAdapter } from '../../../src/agents/text.js';
import { emptyMetrics } from '../../../src/session/metrics.js';
import { at } from './fixtures.js';

const NOW = at('2025-10-09T10:00:00Z');
const classify = (text: string, patterns: RegExp[] = [], complete = true) =>
  textAdapter.classify(text, complete, { patterns, now_ms: NOW });

describe('text adapter', () => {
  it('never has a final result and reports the last non-empty line', () => {
    expect(classify('working...\nall tests pass\n\n')).toEqual({
      final: false,
      is_error: null,
      result_text: 'all tests pass',
      rate_limit: null,
      failure: null,
      model_output: null,
      notice: 'all tests pass',
      metrics: emptyMetrics(),
    });
    expect(textAdapter.hasFinalResult('{"type":"result"}\n')).toBe(false);
    expect(textAdapter.toolCalls).toBeNull();
  });

  it('finds built-in usage-limit texts and caller patterns near the end', () => {
    expect(classify("step 3\nYou've hit your limit · resets 1pm (Europe/Lisbon)\n").rate_limit).toEqual({
      source: 'usage_text',
      resets_at_ms: at('2025-10-09T12:00:00Z'),
      detail: "output: You've hit your limit · resets 1pm (Europe/Lisbon)",
    });
    expect(classify('Error: slow down, try again in 30 seconds\n', [/slow down/]).rate_limit).toEqual({
      source: 'pattern',
      resets_at_ms: NOW + 30_000,
      detail: 'output: Error: slow down, try again in 30 seconds',
    });
  });

  it('ignores limit texts further back than the last few KiB', () => {
    const old = 'Claude AI usage limit reached|1760000000\n' + 'progress line\n'.repeat(1000);
    expect(classify(old).rate_limit).toBeNull();
  });

  it('skips a partial first line', () => {
    expect(classify('usage limit reached\nfine\n', [], false).rate_limit).toBeNull();
    expect(classify('only a fragment', [], false).result_text).toBeNull();
  });
});

describe('text adapter: failures (issue 8)', () => {
  const withExit = (text: string, code: number | null, signal: string | null = null) =>
    textAdapter.classify(text, true, { patterns: [], now_ms: 0, exit: { code, signal } });

  it('reads failure wording in the last lines of an agent that exited non-zero', () => {
    expect(withExit('starting\nError: Invalid API key · Please run /login\n', 1).failure).toMatchObject({
      kind: 'fatal',
      reason: 'authentication',
      source: 'stderr',
    });
    expect(withExit('working\nError: connect ECONNREFUSED 127.0.0.1:443\n', 2).failure).toMatchObject({
      kind: 'transient',
      reason: 'network',
    });
    expect(withExit('TypeError: x is not a function\n    at main (agent.js:3:9)\n', 1).failure).toMatchObject(
      {
        kind: 'error',
        reason: 'crash',
        detail: 'TypeError: x is not a function',
      },
    );
  });

  it('never calls a successful or signalled agent failed, and puts a limit first', () => {
    expect(withExit('Handled the 503 and ECONNREFUSED cases.\n', 0).failure).toBeNull();
    expect(withExit('Error: connect ECONNREFUSED\n', null, 'SIGTERM').failure).toBeNull();
    const limited = withExit('5-hour limit reached ∙ resets 9pm\n', 1);
    expect(limited.rate_limit).not.toBeNull();
    expect(limited.failure).toBeNull();
  });

  it('reads only the last lines: an early error the agent recovered from does not count', () => {
    const early = ['Error: connect ECONNREFUSED', ...Array.from({ length: 10 }, (_, i) => `step ${i} ok`)];
    expect(withExit(early.join('\n') + '\n', 1).failure).toBeNull();
  });
});

describe('text adapter: the exit code and where a message stands (issue 23)', () => {
  const judge = (text: string, code: number | null, signal: string | null = null) =>
    textAdapter.classify(text, true, { patterns: [], now_ms: NOW, exit: { code, signal } });
  const work = Array.from({ length: 12 }, (_, i) => `step ${i}: edited src/file${i}.ts`).join('\n');

  it('reads the seed wordings in the closing lines of a CLI that exited non-zero, whatever the size', () => {
    const short = judge("You've reached your 5-hour usage limit for Claude\n", 1);
    expect(short.rate_limit).toMatchObject({ source: 'usage_text', resets_at_ms: null });
    expect(short.failure).toBeNull();
    const utc = judge(`${work}\nClaude usage limit reached. Your limit will reset at 5pm (UTC).\n`, 1);
    expect(utc.rate_limit?.resets_at_ms).toBe(at('2025-10-09T17:00:00Z'));
    expect(
      judge(`${work}\nYou've hit your limit · resets 3pm (America/New_York)\n`, 1).rate_limit?.resets_at_ms,
    ).toBe(at('2025-10-09T19:00:00Z'));
    expect(judge(`${work}\nusage limit hit, try again in 2 hours\n`, 2).rate_limit?.resets_at_ms).toBe(
      NOW + 2 * 3_600_000,
    );
  });

  it('never reads a limit far above the closing lines', () => {
    const early = `You've reached your 5-hour usage limit for Claude\n${work}\n`;
    expect(judge(early, 1).rate_limit).toBeNull();
  });

  it('an output that is only a limit message is rate limited even when the CLI exited 0', () => {
    expect(judge("You've reached your 5-hour usage limit for Claude\n", 0).rate_limit).not.toBeNull();
    // A limit line, then the CLI's own hint (anthropics/claude-code#79136).
    const hint =
      "You've hit your session limit · resets 5:40pm (Europe/Berlin)\n/login to switch to an API usage-billed account.\n";
    expect(judge(`${work}\n${hint}`, 0).rate_limit).toMatchObject({ source: 'usage_text' });
  });

  it('a successful answer that quotes or mentions a limit stays productive', () => {
    const quoting = `${work}\nthe handler now recognises 'Claude AI usage limit reached|…' and waits\n${work}\n`;
    expect(judge(quoting, 0).rate_limit).toBeNull();
    const quotedLast = `${work}\nthe handler now recognises 'Claude AI usage limit reached|…'\n`;
    expect(judge(quotedLast, 0).rate_limit).toBeNull();
    expect(judge(`${work}\nAdded handling for the usage limit.\n`, 0).rate_limit).toBeNull();
    expect(judge(`${work}\nAdded handling for the usage limit.\n`, 0).failure).toBeNull();
  });

  it('reads failure wording a CLI printed last: fatal for a model it cannot use, transient for capacity and 5xx', () => {
    const model = judge('ERROR: unexpected status 400 Bad Request: {"detail":"Unsupported model"}\n', 1);
    expect(model.failure).toMatchObject({ kind: 'fatal', reason: 'model_not_found', source: 'stderr' });
    const named = judge(
      `${work}\nunexpected status 400 Bad Request: {"detail":"The 'gpt-5.1-codex' model is not supported when using Codex with a ChatGPT account."}\n`,
      1,
    );
    expect(named.failure).toMatchObject({ kind: 'fatal', reason: 'model_not_found' });
    expect(
      judge('ERROR: Selected model is at capacity. Please try a different model.\n', 1).failure,
    ).toMatchObject({
      kind: 'transient',
      reason: 'overloaded',
    });
    expect(judge(`${work}\nAPI Error: 500 Internal server error\n`, 1).failure).toMatchObject({
      kind: 'transient',
      reason: 'server_error',
    });
  });

  it("exit 0: only the CLI's own ERROR line among the last two lines is a failure", () => {
    const own = `${work}\nERROR: stream disconnected before completion: error sending request for url (https://api.openai.com/v1/responses)\nWarning: no last agent message; wrote empty content to /tmp/last.txt\n`;
    expect(judge(own, 0).failure).toMatchObject({ kind: 'transient', reason: 'stream_disconnected' });
    const earlier = `ERROR: stream disconnected before completion\n${work}\n`;
    expect(judge(earlier, 0).failure).toBeNull();
    expect(
      judge(`${work}\nThe model is not supported by the old client, so I added a fallback.\n`, 0).failure,
    ).toBeNull();
  });
});
