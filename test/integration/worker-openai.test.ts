// The worker through the OpenAI-compatible transport (llama.cpp's server, vLLM, LM Studio speak it): a task runs to
// its end against the scripted server's /v1/chat/completions, the answer's schema goes out as response_format, the
// key named by llm.api_key_env as a bearer token, and the usage it reports is the task's.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { runTask } from '../../src/worker/run-task.js';
import { startLlmServer, type LlmServer } from '../support/llm-server.js';
import { answer, makeTask, workerDeps, workerSettings } from '../support/worker-task.js';

const servers: LlmServer[] = [];
afterEach(async () => {
  vi.unstubAllEnvs();
  for (const server of servers.splice(0)) await server.close();
});

describe('the worker on an OpenAI-compatible server', () => {
  it('runs a task to max_iterations; schema, key and usage as the wire format has them', async () => {
    const server = await startLlmServer([
      {
        answer: answer([{ tool: 'create_file', args: { path: 'notes.md', content: '# Notes\n' } }]),
        usage: { input_tokens: 120, output_tokens: 30 }, // sent as prompt_tokens, completion_tokens
      },
      { answer: answer([{ tool: 'read_file', args: { path: 'notes.md' } }]) },
    ]);
    servers.push(server);
    const task = await makeTask({ max_iterations: 2 });
    const settings = workerSettings(server.openaiUrl, {
      llm: { provider: 'openai', model: 'local-model', api_key_env: 'AH_TEST_OPENAI_KEY' },
    });
    // The transport reads the key from the environment it is built with.
    vi.stubEnv('AH_TEST_OPENAI_KEY', 'sk-test-123');
    const deps = workerDeps(settings);
    const outcome = await runTask(task.dir, settings, deps);

    expect(outcome).toMatchObject({
      status: 'completed',
      termination_reason: 'max_iterations',
      exit_code: 0,
    });
    expect(readFileSync(join(task.workspace, 'notes.md'), 'utf8')).toBe('# Notes\n');
    expect(task.lines()[1]!.results).toEqual([{ tool: 'read_file', ok: true, result: '# Notes\n' }]);
    expect(server.requests.map((r) => r.path)).toEqual(['/v1/chat/completions', '/v1/chat/completions']);
    const first = server.requests[0]!;
    expect(first.headers.authorization).toBe('Bearer sk-test-123');
    const body = first.body as {
      model: string;
      stream: boolean;
      response_format: { type: string; json_schema: { schema: { required: string[] } } };
    };
    expect(body.model).toBe('local-model');
    expect(body.stream).toBe(false);
    expect(body.response_format.type).toBe('json_schema');
    expect(body.response_format.json_schema.schema.required).toContain('actions');
    expect(task.lines()[0]!.usage).toEqual({ input_tokens: 120, output_tokens: 30 });
    // The key is never written to the task's files.
    expect(readFileSync(join(task.dir, 'actions.jsonl'), 'utf8')).not.toContain('sk-test-123');
  });
});
