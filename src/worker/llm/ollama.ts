// Ollama's native chat API: POST {base}/api/chat with stream false and the answer's JSON schema as `format`
// (structured outputs), one JSON reply with message.content and the token counts prompt_eval_count/eval_count.
import { shorten, tokenCount, type FailureHints } from './http.js';
import type { HttpProvider } from './http-transport.js';
import { LlmError, type LlmReply, type LlmRequest } from './transport.js';

export function ollamaHints(model: string, apiKeyEnv?: string): FailureHints {
  return {
    service: 'Ollama',
    unreachable: 'start Ollama (`ollama serve`) or set llm.base_url',
    modelNotFound: `pull the model: \`ollama pull ${model}\`, or set llm.model to one \`ollama list\` shows`,
    authentication:
      apiKeyEnv === undefined
        ? 'it wants an API key: set llm.api_key_env to the name of the variable that holds it'
        : `set the variable named by llm.api_key_env (${apiKeyEnv}) to a key this server accepts`,
  };
}

/** The body Ollama's /api/chat gets: no streaming, the answer's schema as `format`, the temperature. */
export function ollamaBody(model: string, temperature: number, request: LlmRequest): Record<string, unknown> {
  return {
    model,
    messages: request.messages.map(({ role, content }) => ({ role, content })),
    stream: false,
    format: request.schema,
    options: { temperature },
  };
}

/** The reply of a 2xx: message.content ('' when missing or null), the token counts, the model. */
export function ollamaReply(
  parsed: unknown,
  url: string,
  hints: FailureHints,
  secrets: readonly string[],
): Omit<LlmReply, 'duration_ms'> {
  if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed))
    throw new LlmError(`${hints.service} at ${url} answered with JSON that is not an object`, 'bad_response');
  const body = parsed as {
    message?: { content?: unknown } | null;
    prompt_eval_count?: unknown;
    eval_count?: unknown;
    model?: unknown;
    error?: unknown;
  };
  const content = body.message?.content;
  if (body.message == null && typeof body.error === 'string')
    throw new LlmError(
      `${hints.service} at ${url} answered with an error: ${shorten(body.error, secrets)}`,
      'http_error',
    );
  return {
    text: typeof content === 'string' ? content : '',
    usage: { input_tokens: tokenCount(body.prompt_eval_count), output_tokens: tokenCount(body.eval_count) },
    model: typeof body.model === 'string' ? body.model : null,
  };
}

/** Ollama's wire format for the shared HTTP transport. */
export const ollamaWire: HttpProvider = {
  provider: 'ollama',
  path: '/api/chat',
  hints: ollamaHints,
  body: ollamaBody,
  reply: ollamaReply,
};
