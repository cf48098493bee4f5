// The worker's three model transports against real parts: the HTTP ones against a scripted server speaking
// Ollama's and OpenAI's wire formats on a real socket (no fetch mock), the command one running a real process
// that reads the prompt on stdin. Every failure becomes an LlmError of the right kind; no call leaves a process.
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { configSchema, type Config } from '../../src/config/schema.js';
import { newCookie } from '../../src/os/cookie.js';
import { systemClock } from '../../src/os/system-clock.js';
import { transportFor } from '../../src/worker/llm/index.js';
import {
  LlmError,
  renderPrompt,
  type LlmFailureKind,
  type LlmRequest,
  type LlmTransport,
} from '../../src/worker/llm/transport.js';
import { startLlmServer, type LlmServer, type LlmStep } from '../support/llm-server.js';
import { alive } from '../support/processes.js';

const SCRIPTED = resolve(import.meta.dirname, '../fixtures/llm/scripted-llm.mjs');
const schema = {
  type: 'object',
  properties: { reasoning: { type: 'string' }, actions: { type: 'array' } },
  required: ['actions'],
  additionalProperties: false,
};
const request = (extra: Partial<LlmRequest> = {}): LlmRequest => ({
  messages: [
    { role: 'system', content: 'You are the worker. Answer with JSON only.' },
    { role: 'user', content: 'Fix the bug in parser.py — naïve café ✓ 日本語' },
  ],
  schema,
  ...extra,
});
const llmOf = (llm: Record<string, unknown>): Config['llm'] => configSchema.parse({ llm }).llm;

async function failure(promise: Promise<unknown>): Promise<LlmError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof LlmError) return error;
    throw error;
  }
  throw new Error('the call succeeded');
}

/** A port nothing listens on: taken, then given back. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const { port } = server.address() as { port: number };
  await new Promise<void>((done) => server.close(() => done()));
  return port;
}

let servers: LlmServer[] = [];
afterEach(async () => {
  await Promise.all(servers.map((s) => s.close()));
  servers = [];
});
async function server(script: LlmStep[]): Promise<LlmServer> {
  const started = await startLlmServer(script);
  servers.push(started);
  return started;
}

const PROVIDERS = [
  { provider: 'ollama', path: '/api/chat', base: (s: LlmServer) => s.ollamaUrl },
  { provider: 'openai', path: '/v1/chat/completions', base: (s: LlmServer) => s.openaiUrl },
] as const;

describe.each(PROVIDERS)('provider $provider', ({ provider, path, base }) => {
  const transport = (s: LlmServer, extra: Record<string, unknown> = {}, env: NodeJS.ProcessEnv = {}) =>
    transportFor(
      llmOf({ provider, base_url: base(s), model: 'qwen2.5-coder:7b', temperature: 0.3, ...extra }),
      {
        env,
        spawn,
        clock: systemClock,
      },
    );
  const kindOf = async (step: LlmStep, extra: Record<string, unknown> = {}): Promise<LlmError> => {
    const s = await server([step]);
    return failure(transport(s, extra).call(request()));
  };

  it('sends the exact request and returns the answer with its usage', async () => {
    const s = await server([{ answer: '{"actions":[]}', usage: { input_tokens: 120, output_tokens: 9 } }]);
    const t = transport(s);
    expect(t.provider).toBe(provider);
    expect(t.endpoint).toBe(`${s.url}${path}`);
    const reply = await t.call(request());
    expect(reply).toMatchObject({
      text: '{"actions":[]}',
      usage: { input_tokens: 120, output_tokens: 9 },
      model: 'qwen2.5-coder:7b',
    });
    expect(reply.duration_ms).toBeGreaterThanOrEqual(0);
    expect(s.requests).toHaveLength(1);
    const [recorded] = s.requests;
    expect(recorded!.path).toBe(path);
    expect(recorded!.headers['content-type']).toBe('application/json');
    expect(recorded!.headers.authorization).toBeUndefined();
    const messages = request().messages;
    expect(recorded!.body).toEqual(
      provider === 'ollama'
        ? {
            model: 'qwen2.5-coder:7b',
            messages,
            stream: false,
            format: schema,
            options: { temperature: 0.3 },
          }
        : {
            model: 'qwen2.5-coder:7b',
            messages,
            temperature: 0.3,
            stream: false,
            response_format: {
              type: 'json_schema',
              json_schema: { name: 'worker_answer', schema, strict: false },
            },
          },
    );
  });

  it('sends the key named by llm.api_key_env as a bearer token, and never shows it', async () => {
    const key = 'sk-test-0123456789abcdef';
    const s = await server([
      { answer: '{}' },
      { status: 401, body: JSON.stringify({ error: { message: `Incorrect API key provided: ${key}` } }) },
    ]);
    const t = transport(s, { api_key_env: 'WORKER_TEST_KEY' }, { WORKER_TEST_KEY: key });
    await t.call(request());
    expect(s.requests[0]!.headers.authorization).toBe(`Bearer ${key}`);
    const error = await failure(t.call(request()));
    expect(error.kind).toBe('authentication');
    expect(error.status).toBe(401);
    expect(error.message).not.toContain(key);
    expect(error.message).toContain('llm.api_key_env (WORKER_TEST_KEY)');
    expect(JSON.stringify(error)).not.toContain(key);
  });

  it('names a missing model and how to get it', async () => {
    const error = await kindOf({ status: 404 });
    expect(error.kind).toBe('model_not_found');
    expect(error.status).toBe(404);
    expect(error.exitCode).toBe(16);
    if (provider === 'ollama') {
      expect(error.message).toContain('model "qwen2.5-coder:7b" not found, try pulling it first');
      expect(error.message).toContain('`ollama pull qwen2.5-coder:7b`');
    } else expect(error.message).toContain('set llm.model to a model this server serves');
  });

  it('maps 401, 429 (with Retry-After) and 500', async () => {
    expect((await kindOf({ status: 401 })).kind).toBe('authentication');
    const limited = await kindOf({ status: 429, headers: { 'retry-after': '12' } });
    expect(limited).toMatchObject({ kind: 'rate_limited', status: 429, retryAfterMs: 12_000 });
    const failed = await kindOf({ status: 500 });
    expect(failed).toMatchObject({ kind: 'http_error', status: 500 });
    expect(failed.message).toContain(`${path} answered 500 (scripted failure 500)`);
  });

  it('calls a closed port and a reset connection unreachable, saying how to start the server', async () => {
    const port = await closedPort();
    const t = transportFor(llmOf({ provider, base_url: `http://127.0.0.1:${port}`, model: 'm' }), {
      env: {},
      spawn,
      clock: systemClock,
    });
    const refused = await failure(t.call(request()));
    expect(refused.kind).toBe('unreachable');
    expect(refused.message).toContain('ECONNREFUSED');
    expect(refused.message).toContain(provider === 'ollama' ? '`ollama serve`' : 'llama-server');
    expect(refused.message).toContain('llm.base_url');
    expect((await kindOf({ reset: true })).kind).toBe('unreachable');
  });

  it('times out a server that never answers', async () => {
    const error = await kindOf({ hang: true }, { timeout_secs: 0.5 });
    expect(error.kind).toBe('timeout');
    expect(error.message).toContain('within 0.5 s');
    expect(error.message).toContain('llm.timeout_secs');
  });

  it('reads a 200 without content as an empty answer, and a body that is not JSON as bad_response', async () => {
    const s = await server([{ noContent: true }, { notJson: true }]);
    const t = transport(s);
    expect((await t.call(request())).text).toBe('');
    const error = await failure(t.call(request()));
    expect(error).toMatchObject({ kind: 'bad_response', status: 200 });
    expect(error.message).toContain('not a model server');
  });

  it('is cancelled by the signal, mid-call and before it starts', async () => {
    const s = await server([{ hang: true }]);
    const controller = new AbortController();
    const call = failure(transport(s).call(request({ signal: controller.signal })));
    while (s.requests.length === 0) await new Promise((done) => setTimeout(done, 10));
    controller.abort();
    expect((await call).kind).toBe('cancelled');
    const before = await failure(transport(s).call(request({ signal: AbortSignal.abort() })));
    expect(before.kind).toBe('cancelled');
    expect(s.requests).toHaveLength(1);
  });
});

describe('the server answers the OpenAI format under any base path', () => {
  it('serves /chat/completions below another prefix, and 404s an unknown path', async () => {
    const s = await server([{ answer: 'ok' }]);
    const ok = transportFor(llmOf({ provider: 'openai', base_url: `${s.url}/api/v1`, model: 'm' }), {
      env: {},
      spawn,
      clock: systemClock,
    });
    expect((await ok.call(request())).text).toBe('ok');
    const wrong = transportFor(llmOf({ provider: 'ollama', base_url: `${s.url}/nowhere`, model: 'm' }), {
      env: {},
      spawn,
      clock: systemClock,
    });
    const error = await failure(wrong.call(request()));
    expect(error).toMatchObject({ kind: 'http_error', status: 404 });
    expect(error.message).toContain('check llm.base_url');
  });
});

describe('the scripted server', () => {
  it('decides per request in function mode, takes pushed steps, and says when its script is used up', async () => {
    const decided = await startLlmServer([], {
      answer: (recorded) => ({ answer: `you sent ${(recorded.body as { model: string }).model}` }),
    });
    servers.push(decided);
    const ollama = { env: {}, spawn, clock: systemClock };
    const t = transportFor(llmOf({ base_url: decided.ollamaUrl, model: 'm1' }), ollama);
    expect((await t.call(request())).text).toBe('you sent m1');
    expect(decided.requests[0]).toMatchObject({ format: 'ollama', step: null });

    const scripted = await server([]);
    const u = transportFor(llmOf({ base_url: scripted.ollamaUrl, model: 'm' }), ollama);
    const usedUp = await failure(u.call(request()));
    expect(usedUp.message).toContain('the llm-server script is used up after 0 step(s)');
    scripted.push({ answer: 'pushed' });
    expect((await u.call(request())).text).toBe('pushed');
    expect(scripted.requests.map((r) => r.step)).toEqual([null, 0]);
  });
});

describe('provider command', () => {
  const setup = (steps: unknown[], extra: Record<string, unknown> = {}, cookie?: string) => {
    const dir = mkdtempSync(join(tmpdir(), 'ah-llm-'));
    const script = join(dir, 'script.json');
    const log = join(dir, 'log.jsonl');
    writeFileSync(script, JSON.stringify(steps));
    const transport: LlmTransport = transportFor(
      llmOf({
        provider: 'command',
        model: 'scripted',
        command: [process.execPath, SCRIPTED, '--model={model}'],
        ...extra,
      }),
      { env: { ...process.env, LLM_SCRIPT: script, LLM_LOG: log }, spawn, clock: systemClock, cookie },
    );
    const logged = (): Array<{ pid: number; child_pid: number | null; prompt: string }> => {
      try {
        return readFileSync(log, 'utf8')
          .trim()
          .split('\n')
          .map((line) => JSON.parse(line) as { pid: number; child_pid: number | null; prompt: string });
      } catch {
        return [];
      }
    };
    const pids = () => logged().flatMap((l) => (l.child_pid === null ? [l.pid] : [l.pid, l.child_pid]));
    return { transport, logged, pids };
  };
  const kinds = (error: LlmError): LlmFailureKind => error.kind;

  it('prints the answer on stdout and gets the whole prompt on stdin', async () => {
    const { transport, logged, pids } = setup([{ answer: '{"actions":[]}\n' }, { answer: 'second' }]);
    expect(transport.endpoint).toBe(`${process.execPath} ${SCRIPTED} --model=scripted`);
    const reply = await transport.call(request());
    expect(reply).toMatchObject({
      text: '{"actions":[]}\n',
      usage: { input_tokens: null, output_tokens: null },
      model: 'scripted',
    });
    expect(reply.truncated).toBeUndefined();
    const big = `${'ü✓ line of a large prompt\n'.repeat(12_000)}end`;
    expect(Buffer.byteLength(big)).toBeGreaterThan(300 * 1024);
    const messages = [{ role: 'user' as const, content: big }];
    expect((await transport.call({ messages, schema })).text).toBe('second');
    expect(logged().map((l) => l.prompt)).toEqual([renderPrompt(request().messages), big]);
    expect(alive(pids())).toEqual([]);
  });

  it('fails with the exit code and the tail of stderr', async () => {
    const { transport } = setup([
      { exit: 2, stderr: `${'noise\n'.repeat(500)}Error: model "scripted" not found` },
    ]);
    const error = await failure(transport.call(request()));
    expect(kinds(error)).toBe('command_failed');
    expect(error.exitCode).toBe(16);
    expect(error.message).toContain('exited with 2');
    expect(error.message).toContain('Error: model "scripted" not found');
    expect(error.message.length).toBeLessThan(1000);
  });

  it('ends the whole group on a timeout: no process is left', async () => {
    const { transport, pids } = setup([{ spawn_child: true, sleep_ms: 60_000 }], { timeout_secs: 0.5 });
    const error = await failure(transport.call(request()));
    expect(kinds(error)).toBe('timeout');
    expect(error.message).toContain('within 0.5 s');
    expect(pids()).toHaveLength(2);
    expect(alive(pids())).toEqual([]);
  });

  it('ends the group when cancelled, and what left the group or outlived an answer (cookie)', async () => {
    const cookie = newCookie();
    const { transport, logged, pids } = setup(
      [
        { spawn_child: 'detached', sleep_ms: 60_000 },
        { spawn_child: 'detached', answer: 'done' },
      ],
      {},
      cookie,
    );
    const controller = new AbortController();
    const call = failure(transport.call(request({ signal: controller.signal })));
    while (logged().length === 0) await new Promise((done) => setTimeout(done, 10));
    controller.abort();
    expect(kinds(await call)).toBe('cancelled');
    expect((await transport.call(request())).text).toBe('done');
    expect(pids()).toHaveLength(4);
    expect(alive(pids())).toEqual([]);
  });

  it('keeps at most llm.max_answer_bytes + 1 bytes of stdout and says it cut it', async () => {
    const { transport } = setup([{ answer: 'x'.repeat(5000) }], { max_answer_bytes: 100 });
    const reply = await transport.call(request());
    expect(reply.text).toBe('x'.repeat(101));
    expect(reply.truncated).toBe(true);
  });

  it('says when the program cannot be started', async () => {
    const t = transportFor(llmOf({ provider: 'command', command: ['/nonexistent/llm-program'] }), {
      env: process.env,
      spawn,
      clock: systemClock,
    });
    const error = await failure(t.call(request()));
    expect(kinds(error)).toBe('command_failed');
    expect(error.message).toContain('cannot start llm.command `/nonexistent/llm-program`');
    expect(error.message).toContain('ENOENT');
  });
});
