// An OpenAI-compatible chat completions API (OpenAI, llama.cpp's llama-server, vLLM, LM Studio, Ollama's /v1):
// POST {base}/chat/completions with stream false and the answer's JSON schema as a json_schema response_format;
// the answer is choices[0].message.content, the token counts usage.prompt_tokens/completion_tokens.
import { shorten, tokenCount, type FailureHints } from './http.js';
import type { HttpProvider } from './http-transport.js';
import { LlmError, type LlmReply, type LlmRequest } from './transport.js';

/** The name the schema goes by in response_format (a-z, 0-9, _ and -, at most 64 characters). */
export const SCHEMA_NAME = 'worker_answer';

export function openaiHints(model: string, apiKeyEnv: string | undefined): FailureHints {
  return {
    service: 'the OpenAI-compatible server',
    unreachable:
      'start it (llama.cpp: `llama-server -m MODEL.gguf`, which listens on 127.0.0.1:8080) or set llm.base_url',
    modelNotFound: `set llm.model to a model this server serves (it has no "${model}")`,
    authentication:
      apiKeyEnv === undefined
        ? 'it wants an API key: set llm.api_key_env to the name of the variable that holds it'
        : `set the variable named by llm.api_key_env (${apiKeyEnv}) to a valid key`,
  };
}

/** The body of /chat/completions: no streaming, the temperature, the answer's schema (not strict). */
export function openaiBody(model: string, temperature: number, request: LlmRequest): Record<string, unknown> {
  return {
    model,
    messages: request.messages.map(({ role, content }) => ({ role, content })),
    temperature,
    stream: false,
    response_format: {
      type: 'json_schema',
      json_schema: { name: SCHEMA_NAME, schema: request.schema, strict: false },
    },
  };
}

/** The reply of a 2xx: choices[0].message.content ('' when missing or null), usage, the model. */
export function openaiReply(
  parsed: unknown,
  url: string,
  hints: FailureHints,
  secrets: readonly string[],
): Omit<LlmReply, 'duration_ms'> {
  if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed))
    throw new LlmError(`${hints.service} at ${url} answered with JSON that is not an object`, 'bad_response');
  const body = parsed as {
    choices?: unknown;
    usage?: { prompt_tokens?: unknown; completion_tokens?: unknown } | null;
    model?: unknown;
    error?: unknown;
  };
  const choice: unknown = Array.isArray(body.choices) ? body.choices[0] : undefined;
  if (body.choices === undefined && body.error !== undefined && body.error !== null)
    throw new LlmError(
      `${hints.service} at ${url} answered with an error: ${shorten(JSON.stringify(body.error), secrets)}`,
      'http_error',
    );
  const content =
    choice !== null && typeof choice === 'object'
      ? (choice as { message?: { content?: unknown } | null }).message?.content
      : undefined;
  return {
    text: typeof content === 'string' ? content : '',
    usage: {
      input_tokens: tokenCount(body.usage?.prompt_tokens),
      output_tokens: tokenCount(body.usage?.completion_tokens),
    },
    model: typeof body.model === 'string' ? body.model : null,
  };
}

/** An OpenAI-compatible server's wire format for the shared HTTP transport. */
export const openaiWire: HttpProvider = {
  provider: 'openai',
  path: '/chat/completions',
  hints: openaiHints,
  body: openaiBody,
  reply: openaiReply,
};
