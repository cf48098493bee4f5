// The one HTTP transport both providers share: POST the provider's body as JSON, turn a non-2xx into a typed
// LlmError with the provider's hints, a body too long to hold into an over-long answer (the loop logs it as
// too_large), and a 2xx into the provider's reply. A provider is its path, hints, body and reply reader.
import type { Clock } from '../../os/clock-spawn.js';
import type { LlmProvider } from '../../config/index.js';
import { httpFailure, joinUrl, overLongReply, parseJsonReply, postJson, type FailureHints } from './http.js';
import type { LlmReply, LlmRequest, LlmTransport } from './transport.js';

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

/** What makes one provider's wire format. */
export interface HttpProvider {
  provider: Exclude<LlmProvider, 'command'>;
  /** Appended to llm.base_url. */
  path: string;
  hints(model: string, apiKeyEnv: string | undefined): FailureHints;
  body(model: string, temperature: number, request: LlmRequest): Record<string, unknown>;
  /** The reply of a 2xx, parsed: the answer's text ('' when missing), usage and model. */
  reply(
    parsed: unknown,
    url: string,
    hints: FailureHints,
    secrets: readonly string[],
  ): Omit<LlmReply, 'duration_ms'>;
}

/** How large a reply body may be for an answer of `maxAnswerBytes`: JSON escaping may multiply it by six. */
export const maxBodyBytes = (maxAnswerBytes: number): number => maxAnswerBytes * 6 + 64 * 1024;

export function httpTransport(wire: HttpProvider, options: HttpTransportOptions): LlmTransport {
  const url = joinUrl(options.baseUrl, wire.path);
  const hints = wire.hints(options.model, options.apiKeyEnv);
  const secrets = options.apiKey === undefined ? [] : [options.apiKey];
  const headers: Record<string, string> =
    options.apiKey === undefined ? {} : { authorization: `Bearer ${options.apiKey}` };
  return {
    provider: wire.provider,
    model: options.model,
    endpoint: url,
    async call(request) {
      const started = options.clock.monotonic();
      const reply = await postJson({
        url,
        body: wire.body(options.model, options.temperature, request),
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
        return {
          ...overLongReply(options.model),
          duration_ms: Math.round(Math.max(0, options.clock.monotonic() - started)),
        };
      const answer = wire.reply(parseJsonReply(reply, url, hints), url, hints, secrets);
      return {
        ...answer,
        model: answer.model ?? options.model,
        duration_ms: Math.round(Math.max(0, options.clock.monotonic() - started)),
      };
    },
  };
}
