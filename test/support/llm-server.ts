/**
 * A scripted model server on loopback speaking both wire formats the worker uses: `POST /api/chat` answers in
 * Ollama's shape, `POST …/chat/completions` (under any base path) in OpenAI's. Each such request takes the next
 * step of the script (or asks `answer(request)` when given); every request is recorded with its parsed body.
 * Any other path gets 404 "404 page not found", as Ollama's router says it, without taking a step.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { listenOnLoopback } from './loopback-server.js';

export type LlmStep =
  | { answer: string; usage?: { input_tokens?: number; output_tokens?: number }; model?: string }
  /** Any status; without a body, the provider's own error body for it (404: model not found, 401, 429, 500). */
  | { status: number; body?: string; headers?: Record<string, string> }
  /** Never answers (until the server closes). */
  | { hang: true }
  /** Destroys the connection without a reply. */
  | { reset: true }
  /** 200 whose message content is missing (Ollama) or null (OpenAI). */
  | { noContent: true }
  /** 200 whose body is not JSON. */
  | { notJson: true };

export type WireFormat = 'ollama' | 'openai';

export interface RecordedRequest {
  method: string;
  path: string;
  format: WireFormat | null;
  headers: Record<string, string | string[] | undefined>;
  /** The parsed JSON body, or the raw text when it is not JSON. */
  body: unknown;
  /** The step's index in the script (null: answered by `answer`, or not a chat request). */
  step: number | null;
}

export interface LlmServer {
  /** The server's root. */
  url: string;
  /** llm.base_url for provider "ollama". */
  ollamaUrl: string;
  /** llm.base_url for provider "openai" (…/v1). */
  openaiUrl: string;
  requests: RecordedRequest[];
  /** Appends steps to the script. */
  push(...steps: LlmStep[]): void;
  close(): Promise<void>;
}

export interface LlmServerOptions {
  /** Decides each chat request's step from the request itself; the script is then not used. */
  answer?: (request: RecordedRequest) => LlmStep | Promise<LlmStep>;
}

const requestModel = (request: RecordedRequest): string => {
  const model = (request.body as { model?: unknown } | null)?.model;
  return typeof model === 'string' ? model : 'unknown';
};

/** The provider's own error body for a status. */
export function errorBody(format: WireFormat, status: number, model: string): string {
  const [message, type, code] =
    status === 404
      ? format === 'ollama'
        ? [`model "${model}" not found, try pulling it first`, 'not_found_error', null]
        : [
            `The model \`${model}\` does not exist or you do not have access to it.`,
            'invalid_request_error',
            'model_not_found',
          ]
      : status === 401
        ? ['Incorrect API key provided: sk-te***********st.', 'invalid_request_error', 'invalid_api_key']
        : status === 429
          ? ['Rate limit reached for requests', 'requests', 'rate_limit_exceeded']
          : [`scripted failure ${status}`, 'server_error', null];
  return format === 'ollama'
    ? JSON.stringify({ error: message })
    : JSON.stringify({ error: { message, type, param: null, code } });
}

function answerBody(
  format: WireFormat,
  model: string,
  content: string | null,
  usage: { input_tokens?: number; output_tokens?: number } = {},
): string {
  const input = usage.input_tokens ?? 11;
  const output = usage.output_tokens ?? 7;
  if (format === 'ollama')
    return JSON.stringify({
      model,
      created_at: new Date().toISOString(),
      message: content === null ? { role: 'assistant' } : { role: 'assistant', content },
      done_reason: 'stop',
      done: true,
      total_duration: 1_000_000,
      load_duration: 1000,
      prompt_eval_count: input,
      prompt_eval_duration: 1000,
      eval_count: output,
      eval_duration: 1000,
    });
  return JSON.stringify({
    id: 'chatcmpl-scripted',
    object: 'chat.completion',
    created: Math.floor(Date.now() / 1000),
    model,
    choices: [{ index: 0, message: { role: 'assistant', content }, logprobs: null, finish_reason: 'stop' }],
    usage: { prompt_tokens: input, completion_tokens: output, total_tokens: input + output },
  });
}

function formatOf(method: string, path: string): WireFormat | null {
  if (method !== 'POST') return null;
  if (path === '/api/chat') return 'ollama';
  if (path.endsWith('/chat/completions')) return 'openai';
  return null;
}

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

export async function startLlmServer(
  script: LlmStep[] = [],
  options: LlmServerOptions = {},
): Promise<LlmServer> {
  const steps = [...script];
  let cursor = 0;
  const requests: RecordedRequest[] = [];

  const send = (res: ServerResponse, status: number, body: string, headers: Record<string, string> = {}) => {
    res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', ...headers });
    res.end(body);
  };

  const handle = async (req: IncomingMessage, res: ServerResponse) => {
    const text = await readBody(req);
    const path = (req.url ?? '/').split('?')[0]!;
    const method = req.method ?? 'GET';
    let body: unknown = text;
    try {
      body = JSON.parse(text);
    } catch {
      // kept as text
    }
    const format = formatOf(method, path);
    const recorded: RecordedRequest = { method, path, format, headers: req.headers, body, step: null };
    requests.push(recorded);
    if (format === null) {
      res.writeHead(404, { 'content-type': 'text/plain' });
      res.end('404 page not found');
      return;
    }
    let step: LlmStep | undefined;
    if (options.answer) step = await options.answer(recorded);
    else if (cursor < steps.length) {
      recorded.step = cursor;
      step = steps[cursor++];
    }
    const model = requestModel(recorded);
    if (step === undefined)
      return send(
        res,
        500,
        errorBody(format, 500, model).replace(
          'scripted failure 500',
          `the llm-server script is used up after ${steps.length} step(s)`,
        ),
      );
    if ('hang' in step) return; // close() ends it
    if ('reset' in step) return req.socket.destroy();
    if ('notJson' in step) {
      res.writeHead(200, { 'content-type': 'text/html' });
      res.end('<html><body>not a model server</body></html>');
      return;
    }
    if ('noContent' in step) return send(res, 200, answerBody(format, model, null));
    if ('status' in step)
      return send(res, step.status, step.body ?? errorBody(format, step.status, model), step.headers);
    send(res, 200, answerBody(format, step.model ?? model, step.answer, step.usage));
  };

  const loopback = await listenOnLoopback((req, res) => {
    handle(req, res).catch((error: unknown) => {
      if (!res.headersSent) send(res, 500, JSON.stringify({ error: String(error) }));
      else res.destroy();
    });
  });
  return {
    url: loopback.url,
    ollamaUrl: loopback.url,
    openaiUrl: `${loopback.url}/v1`,
    requests,
    push: (...more) => void steps.push(...more),
    close: () => loopback.close(),
  };
}
