/**
 * A scripted OpenAI Responses API server on loopback, good enough to drive the REAL `codex exec` CLI (see
 * codex-env.ts for the provider config that points it here).
 *
 * Each `POST /v1/responses` consumes the next {@link ResponsesStep} of the script (status steps can repeat). The
 * CLI runs the shell tool for real when a step calls `exec_command`, then sends the output back in the next
 * request. Every request is recorded, and every usage the server reports is summed in `served` so tests can
 * compare the harness's metrics with what was really served.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { listenOnLoopback, scriptCursor } from './loopback-server.js';

export type ResponsesStep =
  | { kind: 'text'; text: string }
  | { kind: 'tool'; cmd: string; text?: string }
  | {
      kind: 'status';
      status: number;
      body?: unknown;
      headers?: Record<string, string>;
      /** How many requests get this answer before the script moves on. Default: all of them (sticky). */
      repeat?: number;
    }
  | { kind: 'stall' }
  /** A completed response with no output items: the model said nothing. */
  | { kind: 'nothing' };

export interface ResponsesRequest {
  path: string;
  /** The step index it consumed (responses requests only). */
  step?: number;
  status: number;
  /** The types of the input items sent, e.g. `message,function_call,function_call_output`. */
  inputTypes?: string;
  /** Output of the tool call the CLI sends back, when the request carries one. */
  toolOutput?: string;
  /** The parsed request body, when the server keeps them (`keepBodies`). */
  body?: ResponsesBody;
  at: number;
}

/** What the server reads of a `POST /v1/responses` body. */
export interface ResponsesBody {
  model?: string;
  instructions?: string;
  input?: { type?: string; role?: string; content?: unknown; output?: unknown }[];
}

export interface ResponsesServerOptions {
  /** Keep every request body in `requests` (they are large: the instructions and tool list). Default false. */
  keepBodies?: boolean;
  /**
   * Answer each request from its body instead of from the script (which is then ignored), e.g. review-model.ts.
   * `undefined` answers a plain "done".
   */
  decide?: (body: ResponsesBody) => ResponsesStep | undefined;
}

export interface ServedUsage {
  input_tokens: number;
  output_tokens: number;
  /** Responses that completed (each a model turn). */
  responses: number;
  /** Function calls served. */
  tool_calls: number;
}

export interface ResponsesServer {
  url: string;
  requests: ResponsesRequest[];
  /** Requests to /v1/responses only. */
  modelRequests(): ResponsesRequest[];
  served: ServedUsage;
  close(): Promise<void>;
}

const sse = (data: Record<string, unknown>): string =>
  `event: ${String(data.type)}\ndata: ${JSON.stringify(data)}\n\n`;

let ids = 0;
const newId = (prefix: string) => `${prefix}_${(++ids).toString(36).padStart(6, '0')}`;

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}

/** Token figures for one response: fixed per step so the test knows exactly what was served. */
export const TOKENS = { input: 1000, output: 50 } as const;

/** A usage-limit body as ChatGPT-plan accounts get it: Codex reads `resets_at` (epoch seconds). */
export function usageLimitBody(resetsAtSecs: number): Record<string, unknown> {
  return {
    error: {
      type: 'usage_limit_reached',
      message: 'The usage limit has been reached',
      plan_type: 'plus',
      resets_at: resetsAtSecs,
    },
  };
}

export async function startResponsesServer(
  script: ResponsesStep[],
  options: ResponsesServerOptions = {},
): Promise<ResponsesServer> {
  const requests: ResponsesRequest[] = [];
  const served: ServedUsage = { input_tokens: 0, output_tokens: 0, responses: 0, tool_calls: 0 };
  const nextStep = scriptCursor(script);

  function stream(res: ServerResponse, model: string, items: Record<string, unknown>[]) {
    const id = newId('resp');
    const base = { id, object: 'response', created_at: Math.floor(Date.now() / 1000), model };
    let out = sse({ type: 'response.created', response: { ...base, status: 'in_progress', output: [] } });
    items.forEach((item, index) => {
      out += sse({ type: 'response.output_item.added', output_index: index, item });
      if (item.type === 'message') {
        const text = (item.content as { text: string }[])[0]!.text;
        out += sse({
          type: 'response.output_text.delta',
          output_index: index,
          content_index: 0,
          delta: text,
        });
      }
      out += sse({ type: 'response.output_item.done', output_index: index, item });
    });
    // A response with no output item generated nothing: no output tokens, as the API counts them.
    const output = items.length === 0 ? 0 : TOKENS.output;
    const usage = {
      input_tokens: TOKENS.input,
      input_tokens_details: { cached_tokens: 0 },
      output_tokens: output,
      output_tokens_details: { reasoning_tokens: 0 },
      total_tokens: TOKENS.input + output,
    };
    out += sse({
      type: 'response.completed',
      response: { ...base, status: 'completed', output: items, usage },
    });
    served.input_tokens += TOKENS.input;
    served.output_tokens += output;
    served.responses += 1;
    res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
    res.end(out);
  }

  const message = (text: string) => ({
    type: 'message',
    id: newId('msg'),
    role: 'assistant',
    status: 'completed',
    content: [{ type: 'output_text', text, annotations: [] }],
  });

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const path = new URL(req.url ?? '/', 'http://127.0.0.1').pathname;
    const raw = req.method === 'POST' ? await readBody(req) : '';
    const record: ResponsesRequest = { path, status: 200, at: Date.now() };
    requests.push(record);
    if (req.method !== 'POST' || !path.endsWith('/responses')) {
      // Model lists and anything else the CLI asks on its own: harmless empty answers.
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(path.endsWith('/models') ? '{"object":"list","data":[],"models":[]}' : '{}');
      return;
    }
    let body: ResponsesBody = {};
    try {
      body = JSON.parse(raw) as typeof body;
    } catch {
      // keep empty
    }
    const input = Array.isArray(body.input) ? body.input : [];
    record.inputTypes = input.map((i) => i.type ?? '?').join(',');
    const output = input.filter((i) => i.type === 'function_call_output').at(-1)?.output;
    if (output !== undefined)
      record.toolOutput = typeof output === 'string' ? output : JSON.stringify(output);
    const model = body.model ?? 'mock-model';
    if (options.keepBodies) record.body = body;
    const { step, index } = options.decide
      ? { step: options.decide(body), index: requests.filter((r) => r.step !== undefined).length }
      : nextStep();
    record.step = index;
    if (!step) return stream(res, model, [message('done')]);
    switch (step.kind) {
      case 'text':
        return stream(res, model, [message(step.text)]);
      case 'nothing':
        return stream(res, model, []);
      case 'tool': {
        const call = {
          type: 'function_call',
          id: newId('fc'),
          call_id: newId('call'),
          name: 'exec_command',
          arguments: JSON.stringify({ cmd: step.cmd }),
          status: 'completed',
        };
        served.tool_calls += 1;
        return stream(res, model, step.text ? [message(step.text), call] : [call]);
      }
      case 'status': {
        record.status = step.status;
        const text = JSON.stringify(
          step.body ?? { error: { type: 'rate_limit_exceeded', message: 'Rate limit reached', code: null } },
        );
        res.writeHead(step.status, { 'content-type': 'application/json', ...(step.headers ?? {}) });
        res.end(text);
        return;
      }
      case 'stall': {
        const id = newId('resp');
        res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
        res.write(
          sse({
            type: 'response.created',
            response: { id, object: 'response', model, status: 'in_progress' },
          }),
        );
        // Never end: close() destroys the socket.
        return;
      }
    }
  }

  const loopback = await listenOnLoopback((req, res) => {
    handle(req, res).catch(() => {
      if (!res.headersSent) res.writeHead(500).end();
      else res.destroy();
    });
  });
  return {
    url: loopback.url,
    requests,
    modelRequests: () => requests.filter((r) => r.step !== undefined),
    served,
    close: () => loopback.close(),
  };
}
