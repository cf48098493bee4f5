// Ollama's native chat API: POST {base}/api/chat with stream false and the answer's JSON schema as `format`
// (structured outputs), one JSON reply with message.content and the token counts prompt_eval_count/eval_count.
import type { Clock } from '../../os/clock-spawn.js';
import {
  httpFailure,
  joinUrl,
  overLongReply,
  parseJsonReply,
  postJson,
  shorten,
  tokenCount,
  type FailureHints,
} from './http.js';
import { LlmError, type LlmReply, type LlmRequest, type LlmTransport } from './transport.js';

export interface HttpTransportOptions {
  baseUrl: string;
  model: string;
  temperature: number;
  timeoutMs: number;
  /** The bearer token, when llm.api_key_env names one. */
  apiKey?: string;
  /** The variable llm.api_key_env names (for messages; never its value). */
  apiKeyEnv?: string;
  /** Used to bound the reply body (an answer is at most this, its JSON envelope a few times more). */
  maxAnswerBytes: number;
  clock: Clock;
}

/** How large a reply body may be for an answer of `maxAnswerBytes`: JSON escaping may multiply it by six. */
export const maxBodyBytes = (maxAnswerBytes: number): number => maxAnswerBytes * 6 + 64 * 1024;

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

export function ollamaTransport(options: HttpTransportOptions): LlmTransport {
  const url = joinUrl(options.baseUrl, '/api/chat');
  const hints = ollamaHints(options.model, options.apiKeyEnv);
  const secrets = options.apiKey === undefined ? [] : [options.apiKey];
  const headers: Record<string, string> =
    options.apiKey === undefined ? {} : { authorization: `Bearer ${options.apiKey}` };
  return {
    provider: 'ollama',
    model: options.model,
    endpoint: url,
    async call(request) {
      const started = options.clock.now();
      const reply = await postJson({
        url,
        body: ollamaBody(options.model, options.temperature, request),
        headers,
        timeoutMs: options.timeoutMs,
        signal: request.signal,
        maxBodyBytes: maxBodyBytes(options.maxAnswerBytes),
        hints,
        secrets,
      });
      if (reply.status < 200 || reply.status > 299)
        throw httpFailure({ ...reply, body: reply.text, url, nowMs: options.clock.now(), hints, secrets });
      // A 2xx body too long to hold: an answer over llm.max_answer_bytes, which the loop logs as too_large.
      if (reply.overLimit)
        return { ...overLongReply(options.model), duration_ms: options.clock.now() - started };
      const answer = ollamaReply(parseJsonReply(reply, url, hints), url, hints, secrets);
      return { ...answer, model: answer.model ?? options.model, duration_ms: options.clock.now() - started };
    },
  };
}
