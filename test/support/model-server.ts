/**
 * A scripted Anthropic Messages API server on loopback, good enough to drive the REAL `claude` CLI.
 *
 * Each main-conversation `POST /v1/messages` request consumes the next {@link Step} of the script. Side
 * requests the CLI makes on its own (title/topic generation, quota probes, token counting, HEAD checks,
 * telemetry) are answered harmlessly without consuming the script, and every request is recorded.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { listenOnLoopback } from './loopback-server.js';

export type Step =
  | { kind: 'text'; text: string }
  | { kind: 'tool'; name: string; input: Record<string, unknown>; text?: string }
  /** One reply holding several tool_use blocks (parallel tool calls), optionally after a text block. */
  | { kind: 'tools'; calls: { name: string; input: Record<string, unknown> }[]; text?: string }
  | {
      kind: 'status';
      /** Any HTTP error status; 400, 401, 403, 404, 413, 429, 500, 503 and 529 get the API's own error type. */
      status: number;
      body?: unknown;
      headers?: Record<string, string>;
      /** How many main requests get this answer before the script moves on. Default: all of them (sticky). */
      repeat?: number;
    }
  | {
      kind: 'stall';
      /** Bytes of a streamed text reply to send before going silent. Default: just the message_start event. */
      afterBytes?: number;
    };

export interface RecordedRequest {
  method: string;
  path: string;
  /** Whether this request consumed a script step. */
  main: boolean;
  /** Why the request was answered outside the script (side request), when it was. */
  side?: string;
  /** The step index it consumed (main requests only). */
  step?: number;
  model?: string;
  stream?: boolean;
  maxTokens?: number;
  toolCount?: number;
  messageCount?: number;
  /** The role and block types of the last message, e.g. `user:tool_result`. */
  lastMessage?: string;
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body?: unknown;
  at: number;
}

export interface ModelServer {
  url: string;
  port: number;
  requests: RecordedRequest[];
  /** Main requests only (those that consumed or would have consumed a script step). */
  mainRequests(): RecordedRequest[];
  close(): Promise<void>;
}

export interface ModelServerOptions {
  /** Log unknown paths and side requests to stderr. Default: true when MODEL_SERVER_DEBUG is set. */
  log?: boolean;
  /** Keep full request bodies in `requests` (they are large: the system prompt and tool list). Default false. */
  keepBodies?: boolean;
  /**
   * Answer each main request from its body instead of from the script (which is then ignored): a model that
   * decides what to do from what it is asked, e.g. review-model.ts. `undefined` answers a plain "done".
   */
  decide?: (body: MessagesBody) => Step | undefined;
  /** Prompt-cache tokens each main reply reports (read from and written to the cache). Default: none. */
  cacheTokens?: { read: number; write: number };
}

export interface MessagesBody {
  model?: string;
  stream?: boolean;
  max_tokens?: number;
  tools?: unknown[];
  messages?: { role?: string; content?: unknown }[];
  system?: unknown;
}

const DEFAULT_MODEL = 'claude-sonnet-4-5';

let idCounter = 0;
function newId(prefix: string): string {
  idCounter += 1;
  const rand = Math.random().toString(36).slice(2, 12);
  return `${prefix}_01${rand}${idCounter.toString(36).padStart(6, '0')}`;
}

function sse(event: string, data: unknown): string {
  return `event: ${event}\ndata: ${JSON.stringify(data)}\n\n`;
}

function approxTokens(value: unknown): number {
  const text = typeof value === 'string' ? value : JSON.stringify(value ?? '');
  return Math.max(1, Math.ceil(text.length / 4));
}

function describeLast(messages: MessagesBody['messages']): string | undefined {
  const last = messages?.[messages.length - 1];
  if (!last) return undefined;
  const content = last.content;
  if (typeof content === 'string') return `${last.role}:text`;
  if (Array.isArray(content)) {
    const types = content.map((b) =>
      b && typeof b === 'object' ? String((b as { type?: unknown }).type) : '?',
    );
    return `${last.role}:${[...new Set(types)].join(',')}`;
  }
  return `${last.role}:?`;
}

function lastUserText(messages: MessagesBody['messages']): string {
  const last = messages?.[messages.length - 1];
  if (!last) return '';
  if (typeof last.content === 'string') return last.content;
  if (Array.isArray(last.content)) {
    return last.content
      .map((b) => (b && typeof b === 'object' && 'text' in b ? String((b as { text: unknown }).text) : ''))
      .join('\n');
  }
  return '';
}

interface Usage {
  input_tokens: number;
  output_tokens: number;
  cache_creation_input_tokens: number;
  cache_read_input_tokens: number;
}

type Block = { type: 'text'; text: string } | { type: 'tool_use'; id: string; name: string; input: unknown };

function messageObject(model: string, content: Block[], stopReason: string | null, usage: Usage) {
  return {
    id: newId('msg'),
    type: 'message',
    role: 'assistant',
    model,
    content,
    stop_reason: stopReason,
    stop_sequence: null,
    usage,
  };
}

/** Render a whole assistant reply as the SSE event sequence the real API sends. */
function renderStream(
  model: string,
  blocks: Block[],
  stopReason: string,
  inputTokens: number,
  cache: { read: number; write: number } = { read: 0, write: 0 },
): string {
  const outputTokens = blocks.reduce(
    (n, b) => n + approxTokens(b.type === 'text' ? b.text : b.input) + (b.type === 'tool_use' ? 20 : 0),
    0,
  );
  const start = messageObject(model, [], null, {
    input_tokens: inputTokens,
    output_tokens: 1,
    cache_creation_input_tokens: cache.write,
    cache_read_input_tokens: cache.read,
  });
  let out = sse('message_start', { type: 'message_start', message: start });
  out += sse('ping', { type: 'ping' });
  blocks.forEach((block, index) => {
    if (block.type === 'text') {
      out += sse('content_block_start', {
        type: 'content_block_start',
        index,
        content_block: { type: 'text', text: '' },
      });
      for (const piece of chunk(block.text, 24)) {
        out += sse('content_block_delta', {
          type: 'content_block_delta',
          index,
          delta: { type: 'text_delta', text: piece },
        });
      }
    } else {
      out += sse('content_block_start', {
        type: 'content_block_start',
        index,
        content_block: { type: 'tool_use', id: block.id, name: block.name, input: {} },
      });
      out += sse('content_block_delta', {
        type: 'content_block_delta',
        index,
        delta: { type: 'input_json_delta', partial_json: '' },
      });
      for (const piece of chunk(JSON.stringify(block.input), 32)) {
        out += sse('content_block_delta', {
          type: 'content_block_delta',
          index,
          delta: { type: 'input_json_delta', partial_json: piece },
        });
      }
    }
    out += sse('content_block_stop', { type: 'content_block_stop', index });
  });
  out += sse('message_delta', {
    type: 'message_delta',
    delta: { stop_reason: stopReason, stop_sequence: null },
    usage: {
      input_tokens: inputTokens,
      output_tokens: outputTokens,
      cache_creation_input_tokens: cache.write,
      cache_read_input_tokens: cache.read,
    },
  });
  out += sse('message_stop', { type: 'message_stop' });
  return out;
}

function chunk(text: string, size: number): string[] {
  if (text.length === 0) return [''];
  const parts: string[] = [];
  for (let i = 0; i < text.length; i += size) parts.push(text.slice(i, i + size));
  return parts;
}

const ERROR_TYPES: Record<number, string> = {
  400: 'invalid_request_error',
  401: 'authentication_error',
  403: 'permission_error',
  404: 'not_found_error',
  413: 'request_too_large',
  429: 'rate_limit_error',
  500: 'api_error',
  503: 'api_error',
  529: 'overloaded_error',
};
const ERROR_MESSAGES: Record<number, string> = {
  400: 'Invalid request',
  401: 'invalid x-api-key',
  403: 'Your API key does not have permission to use the specified resource.',
  404: 'Not found',
  413: 'Request exceeds the maximum allowed number of bytes.',
  429: 'This request would exceed your organization\u2019s rate limit. Please try again later.',
  500: 'Internal server error',
  503: 'Service unavailable',
  529: 'Overloaded',
};

function errorHeaders(status: number): Record<string, string> {
  const reset = new Date(Date.now() + 60_000).toISOString();
  // Like the real API: worth retrying only when the server is busy or failing, never for a bad key or request.
  const retry = status === 408 || status === 409 || status === 429 || status >= 500;
  const headers: Record<string, string> = { 'request-id': newId('req'), 'x-should-retry': String(retry) };
  if (status === 429) {
    Object.assign(headers, {
      'retry-after': '1',
      'anthropic-ratelimit-requests-limit': '50',
      'anthropic-ratelimit-requests-remaining': '0',
      'anthropic-ratelimit-requests-reset': reset,
      'anthropic-ratelimit-tokens-limit': '40000',
      'anthropic-ratelimit-tokens-remaining': '0',
      'anthropic-ratelimit-tokens-reset': reset,
      'anthropic-ratelimit-input-tokens-limit': '30000',
      'anthropic-ratelimit-input-tokens-remaining': '0',
      'anthropic-ratelimit-input-tokens-reset': reset,
      'anthropic-ratelimit-output-tokens-limit': '8000',
      'anthropic-ratelimit-output-tokens-remaining': '0',
      'anthropic-ratelimit-output-tokens-reset': reset,
    });
  }
  return headers;
}

/** The API's answer when it is overloaded: `529 {"type":"error","error":{"type":"overloaded_error"}}`. */
export function overloadedStep(repeat?: number): Step {
  return { kind: 'status', status: 529, ...(repeat === undefined ? {} : { repeat }) };
}

/** The API's answer to a key it does not know: `401 authentication_error` (the CLI prints "Invalid API key"). */
export function invalidKeyStep(repeat?: number): Step {
  return {
    kind: 'status',
    status: 401,
    body: { type: 'error', error: { type: 'authentication_error', message: 'invalid x-api-key' } },
    ...(repeat === undefined ? {} : { repeat }),
  };
}

/** The API's answer to an organisation out of prepaid credits: a 400 whose message names the credit balance. */
export function creditBalanceStep(repeat?: number): Step {
  return {
    kind: 'status',
    status: 400,
    body: {
      type: 'error',
      error: {
        type: 'invalid_request_error',
        message:
          'Your credit balance is too low to access the Anthropic API. Please go to Plans & Billing to upgrade or purchase credits.',
      },
    },
    ...(repeat === undefined ? {} : { repeat }),
  };
}

/**
 * A subscription usage limit, as api.anthropic.com (or a gateway) sends it: a 429 with the unified rate-limit
 * headers. The CLI reads them only when it is signed in to claude.ai or to a gateway (see `gatewayLogin` in
 * claude-env.ts); then it prints a `rate_limit_event` with `status: "rejected"` and `resetsAt`, and composes its own
 * "You've hit your limit · resets <time>" result because `representative-claim` and `overage-status` are present.
 */
export function usageLimitStep(options: {
  /** When the limit resets, Unix seconds. */
  resetsAt: number;
  /**
   * The window that ran out (`representative-claim`). Default `five_hour`. `null` sends neither the claim nor
   * `overage-status`: the CLI then prints the server's message (for a plain 429: "API Error: Server is temporarily
   * limiting requests (not your usage limit) · ...") while its `rate_limit_event` still says `rejected`.
   */
  claim?: 'five_hour' | 'seven_day' | 'seven_day_opus' | 'seven_day_sonnet' | 'overage' | null;
  /** `overage-status`. Default `rejected` (when there is a claim). */
  overageStatus?: 'rejected' | 'allowed';
  /** More `anthropic-ratelimit-unified-*` headers, e.g. `overage-disabled-reason`. */
  headers?: Record<string, string>;
  repeat?: number;
}): Step {
  const retryAfter = Math.max(0, Math.round(options.resetsAt - Date.now() / 1000));
  const claim = options.claim === undefined ? 'five_hour' : options.claim;
  return {
    kind: 'status',
    status: 429,
    headers: {
      'retry-after': String(retryAfter),
      'x-should-retry': 'false',
      'anthropic-ratelimit-unified-status': 'rejected',
      'anthropic-ratelimit-unified-reset': String(options.resetsAt),
      ...(claim === null
        ? {}
        : {
            'anthropic-ratelimit-unified-representative-claim': claim,
            'anthropic-ratelimit-unified-overage-status': options.overageStatus ?? 'rejected',
          }),
      ...options.headers,
    },
    ...(options.repeat === undefined ? {} : { repeat: options.repeat }),
  };
}

/**
 * Decide whether a /v1/messages request belongs to the main conversation (consumes a step) or is a side
 * request the CLI makes on its own. Returns the reason when it is a side request.
 */
export function classifySideRequest(body: MessagesBody): string | undefined {
  if (body.max_tokens === 1) return 'quota-probe';
  if (!Array.isArray(body.tools) || body.tools.length === 0) return 'no-tools';
  return undefined;
}

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}

export async function startModelServer(
  script: Step[],
  options: ModelServerOptions = {},
): Promise<ModelServer> {
  const log = options.log ?? Boolean(process.env.MODEL_SERVER_DEBUG);
  const requests: RecordedRequest[] = [];
  let cursor = 0;
  /** How many times the step at `cursor` has answered (for sticky status steps). */
  let used = 0;

  function nextStep(): { step: Step | undefined; index: number } {
    const index = cursor;
    const step = script[cursor];
    if (!step) return { step: undefined, index };
    if (step.kind === 'status') {
      used += 1;
      const repeat = step.repeat ?? Number.POSITIVE_INFINITY;
      if (used >= repeat) {
        cursor += 1;
        used = 0;
      }
    } else {
      cursor += 1;
      used = 0;
    }
    return { step, index };
  }

  function sendJson(
    res: ServerResponse,
    status: number,
    payload: unknown,
    headers: Record<string, string> = {},
  ) {
    const text = JSON.stringify(payload);
    res.writeHead(status, {
      'content-type': 'application/json',
      'content-length': Buffer.byteLength(text),
      ...headers,
    });
    res.end(text);
  }

  function reply(
    res: ServerResponse,
    body: MessagesBody,
    blocks: Block[],
    stopReason: string,
    cache?: { read: number; write: number },
  ) {
    const model = body.model ?? DEFAULT_MODEL;
    const inputTokens = approxTokens(body.messages) + approxTokens(body.system) / 8;
    const input = Math.round(inputTokens);
    if (body.stream) {
      res.writeHead(200, {
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-cache',
        'request-id': newId('req'),
      });
      res.end(renderStream(model, blocks, stopReason, input, cache));
    } else {
      const output = blocks.reduce((n, b) => n + approxTokens(b.type === 'text' ? b.text : b.input), 0);
      sendJson(
        res,
        200,
        messageObject(model, blocks, stopReason, {
          input_tokens: input,
          output_tokens: output,
          cache_creation_input_tokens: 0,
          cache_read_input_tokens: 0,
        }),
        { 'request-id': newId('req') },
      );
    }
  }

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    const path = url.pathname;
    const raw = req.method === 'GET' || req.method === 'HEAD' ? '' : await readBody(req);
    let parsed: unknown;
    try {
      parsed = raw ? JSON.parse(raw) : undefined;
    } catch {
      parsed = raw;
    }
    const record: RecordedRequest = {
      method: req.method ?? 'GET',
      path,
      main: false,
      status: 200,
      headers: req.headers,
      at: Date.now(),
    };
    if (options.keepBodies) record.body = parsed;
    requests.push(record);

    if (req.method === 'HEAD') {
      res.writeHead(200);
      res.end();
      return;
    }

    if (req.method === 'POST' && path === '/v1/messages/count_tokens') {
      const body = (parsed ?? {}) as MessagesBody;
      record.model = body.model;
      record.side = 'count_tokens';
      sendJson(res, 200, { input_tokens: approxTokens(body.messages) + approxTokens(body.tools) });
      return;
    }

    if (req.method === 'POST' && path === '/v1/messages') {
      const body = (parsed && typeof parsed === 'object' ? parsed : {}) as MessagesBody;
      record.model = body.model;
      record.stream = body.stream === true;
      record.maxTokens = body.max_tokens;
      record.toolCount = Array.isArray(body.tools) ? body.tools.length : 0;
      record.messageCount = Array.isArray(body.messages) ? body.messages.length : 0;
      record.lastMessage = describeLast(body.messages);

      const side = classifySideRequest(body);
      if (side) {
        record.side = side;
        if (log) {
          process.stderr.write(
            `[model-server] side request (${side}) model=${body.model} max_tokens=${body.max_tokens} ` +
              `last=${JSON.stringify(lastUserText(body.messages).slice(0, 200))}\n`,
          );
        }
        // Topic/title generators ask for JSON; a short neutral JSON object satisfies both kinds.
        reply(
          res,
          body,
          [{ type: 'text', text: side === 'quota-probe' ? 'ok' : '{"title":"Scripted session"}' }],
          'end_turn',
        );
        return;
      }

      record.main = true;
      const { step, index } = options.decide
        ? { step: options.decide(body), index: requests.filter((r) => r.main).length - 1 }
        : nextStep();
      record.step = index;
      if (log) {
        process.stderr.write(
          `[model-server] main request #${index} -> ${step ? step.kind : 'done'} (${record.lastMessage})\n`,
        );
      }
      if (!step) {
        reply(res, body, [{ type: 'text', text: 'done' }], 'end_turn');
        return;
      }
      switch (step.kind) {
        case 'text':
          reply(res, body, [{ type: 'text', text: step.text }], 'end_turn', options.cacheTokens);
          return;
        case 'tool': {
          const blocks: Block[] = [];
          if (step.text) blocks.push({ type: 'text', text: step.text });
          blocks.push({ type: 'tool_use', id: newId('toolu'), name: step.name, input: step.input });
          reply(res, body, blocks, 'tool_use', options.cacheTokens);
          return;
        }
        case 'tools': {
          const blocks: Block[] = [];
          if (step.text) blocks.push({ type: 'text', text: step.text });
          for (const call of step.calls)
            blocks.push({ type: 'tool_use', id: newId('toolu'), name: call.name, input: call.input });
          reply(res, body, blocks, 'tool_use', options.cacheTokens);
          return;
        }
        case 'status': {
          record.status = step.status;
          const payload = step.body ?? {
            type: 'error',
            error: {
              type: ERROR_TYPES[step.status] ?? 'api_error',
              message: ERROR_MESSAGES[step.status] ?? 'Error',
            },
          };
          sendJson(res, step.status, payload, { ...errorHeaders(step.status), ...(step.headers ?? {}) });
          return;
        }
        case 'stall': {
          const full = renderStream(
            body.model ?? DEFAULT_MODEL,
            [{ type: 'text', text: 'stalling...' }],
            'end_turn',
            10,
          );
          const firstEvent = full.slice(0, full.indexOf('\n\n') + 2);
          const bytes =
            step.afterBytes === undefined
              ? Buffer.from(firstEvent)
              : Buffer.from(full).subarray(0, step.afterBytes);
          res.writeHead(200, {
            'content-type': 'text/event-stream; charset=utf-8',
            'cache-control': 'no-cache',
            'request-id': newId('req'),
          });
          res.flushHeaders();
          if (bytes.length > 0) res.write(bytes);
          // Never end: close() destroys the socket.
          return;
        }
      }
    }

    // Anything else: log it and answer harmlessly.
    if (log) process.stderr.write(`[model-server] unknown ${req.method} ${req.url}\n`);
    record.side = 'unknown';
    sendJson(res, 200, {});
  }

  const loopback = await listenOnLoopback(
    (req, res) => {
      handle(req, res).catch((err: unknown) => {
        if (log) process.stderr.write(`[model-server] handler error: ${String(err)}\n`);
        if (!res.headersSent)
          sendJson(res, 500, { type: 'error', error: { type: 'api_error', message: String(err) } });
        else res.destroy();
      });
    },
    (s) => {
      s.keepAliveTimeout = 60_000;
    },
  );
  return {
    url: loopback.url,
    port: loopback.port,
    requests,
    mainRequests: () => requests.filter((r) => r.main),
    close: () => loopback.close(),
  };
}
