/**
 * A scripted Gemini API (generativelanguage v1beta) server on loopback, good enough to drive the REAL `gemini` CLI
 * (see gemini-env.ts for the settings that point it here).
 *
 * Each `POST /v1beta/models/<model>:streamGenerateContent` consumes the next {@link GeminiStep} (status steps can
 * repeat). Non-streamed `:generateContent` calls are the CLI's own side requests (the model router, checks): they
 * are answered with a small JSON text and do not consume the script. Every request is recorded, and the tokens
 * and function calls served are summed in `served` so tests can compare the harness's metrics with them.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { listenOnLoopback, scriptCursor } from './loopback-server.js';

export type GeminiStep =
  | { kind: 'text'; text: string }
  | { kind: 'tool'; command: string; text?: string }
  | {
      kind: 'status';
      status: number;
      body?: unknown;
      headers?: Record<string, string>;
      /** How many requests get this answer before the script moves on. Default: all of them (sticky). */
      repeat?: number;
    }
  | { kind: 'stall' };

export interface GeminiRequest {
  path: string;
  /** `stream` (a script request), `generate` (a side request) or `other`. */
  kind: 'stream' | 'generate' | 'other';
  step?: number;
  status: number;
  /** Whether the request sends a function response back (the tool ran). */
  functionResponse?: boolean;
  at: number;
}

export interface GeminiServed {
  /** Tokens in the streamed (scripted) answers. */
  prompt_tokens: number;
  candidate_tokens: number;
  /** Tokens in side answers (router, checks). */
  side_prompt_tokens: number;
  side_candidate_tokens: number;
  /** Streamed answers that completed. */
  responses: number;
  tool_calls: number;
}

export interface GeminiServer {
  url: string;
  requests: GeminiRequest[];
  /** Requests that consumed (or would have consumed) a script step. */
  streamRequests(): GeminiRequest[];
  served: GeminiServed;
  /** Resolves when the first request of any kind arrives (before its body is read): the CLI has started up. */
  firstRequest: Promise<void>;
  close(): Promise<void>;
}

/** Token figures per answer: fixed so the test knows exactly what was served. */
export const GEMINI_TOKENS = { prompt: 800, candidates: 40, sidePrompt: 100, sideCandidates: 10 } as const;

/** A 429 as the Gemini API sends it for a per-minute quota: QuotaFailure and RetryInfo details. */
export function perMinuteQuotaBody(retryDelay: string): Record<string, unknown> {
  return {
    error: {
      code: 429,
      message: `You exceeded your current quota, please check your plan and billing details. Please retry in ${retryDelay}.`,
      status: 'RESOURCE_EXHAUSTED',
      details: [
        {
          '@type': 'type.googleapis.com/google.rpc.QuotaFailure',
          violations: [
            {
              quotaMetric: 'generativelanguage.googleapis.com/generate_content_free_tier_requests',
              quotaId: 'GenerateRequestsPerMinutePerProjectPerModel-FreeTier',
              quotaDimensions: { location: 'global', model: 'gemini-2.5-flash' },
              quotaValue: '10',
            },
          ],
        },
        { '@type': 'type.googleapis.com/google.rpc.RetryInfo', retryDelay },
      ],
    },
  };
}

/** A 429 for a daily quota: the CLI gives up at once ("You have exhausted your daily quota on this model."). */
export function dailyQuotaBody(): Record<string, unknown> {
  return {
    error: {
      code: 429,
      message: 'You exceeded your current quota, please check your plan and billing details.',
      status: 'RESOURCE_EXHAUSTED',
      details: [
        {
          '@type': 'type.googleapis.com/google.rpc.QuotaFailure',
          violations: [
            {
              quotaMetric: 'generativelanguage.googleapis.com/generate_content_free_tier_requests',
              quotaId: 'GenerateRequestsPerDayPerProjectPerModel-FreeTier',
              quotaDimensions: { location: 'global', model: 'gemini-2.5-flash' },
              quotaValue: '250',
            },
          ],
        },
      ],
    },
  };
}

/** A bare 429 with no details (the CLI backs off on its own schedule). */
export const plain429Body = {
  error: {
    code: 429,
    message: 'Resource has been exhausted (e.g. check quota).',
    status: 'RESOURCE_EXHAUSTED',
  },
};

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}

const data = (payload: unknown) => `data: ${JSON.stringify(payload)}\r\n\r\n`;

interface Content {
  role?: string;
  parts?: Record<string, unknown>[];
}

export async function startGeminiServer(script: GeminiStep[]): Promise<GeminiServer> {
  const requests: GeminiRequest[] = [];
  const served: GeminiServed = {
    prompt_tokens: 0,
    candidate_tokens: 0,
    side_prompt_tokens: 0,
    side_candidate_tokens: 0,
    responses: 0,
    tool_calls: 0,
  };
  const nextStep = scriptCursor(script);
  let started = (): void => undefined;
  const firstRequest = new Promise<void>((resolve) => (started = resolve));

  const usage = (prompt: number, candidates: number) => ({
    promptTokenCount: prompt,
    candidatesTokenCount: candidates,
    totalTokenCount: prompt + candidates,
  });

  function stream(res: ServerResponse, model: string, parts: Record<string, unknown>[]) {
    res.writeHead(200, { 'content-type': 'text/event-stream' });
    // The answer's parts in one chunk, then the finish reason with the usage, as the API does.
    let out = data({ candidates: [{ content: { role: 'model', parts }, index: 0 }], modelVersion: model });
    out += data({
      candidates: [{ content: { role: 'model', parts: [{ text: '' }] }, finishReason: 'STOP', index: 0 }],
      usageMetadata: usage(GEMINI_TOKENS.prompt, GEMINI_TOKENS.candidates),
      modelVersion: model,
    });
    served.prompt_tokens += GEMINI_TOKENS.prompt;
    served.candidate_tokens += GEMINI_TOKENS.candidates;
    served.responses += 1;
    res.end(out);
  }

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    started();
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    const path = url.pathname;
    const raw = req.method === 'POST' ? await readBody(req) : '';
    const model = /models\/([^:/]+):/.exec(path)?.[1] ?? 'gemini-2.5-flash';
    const kind = path.endsWith(':streamGenerateContent')
      ? 'stream'
      : path.endsWith(':generateContent')
        ? 'generate'
        : 'other';
    const record: GeminiRequest = { path, kind, status: 200, at: Date.now() };
    requests.push(record);
    if (kind === 'other') {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(path.endsWith(':countTokens') ? '{"totalTokens":10}' : '{}');
      return;
    }
    if (kind === 'generate') {
      // The router asks for a complexity score; other checks accept any small JSON object.
      served.side_prompt_tokens += GEMINI_TOKENS.sidePrompt;
      served.side_candidate_tokens += GEMINI_TOKENS.sideCandidates;
      const text = JSON.stringify({ complexity_reasoning: 'A scripted task.', complexity_score: 10 });
      const body = JSON.stringify({
        candidates: [{ content: { role: 'model', parts: [{ text }] }, finishReason: 'STOP', index: 0 }],
        usageMetadata: usage(GEMINI_TOKENS.sidePrompt, GEMINI_TOKENS.sideCandidates),
        modelVersion: model,
      });
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(body);
      return;
    }
    let body: { contents?: Content[] } = {};
    try {
      body = JSON.parse(raw) as typeof body;
    } catch {
      // keep empty
    }
    const last = body.contents?.at(-1);
    record.functionResponse = last?.parts?.some((p) => 'functionResponse' in p) ?? false;
    const { step, index } = nextStep();
    record.step = index;
    if (!step) return stream(res, model, [{ text: 'done' }]);
    switch (step.kind) {
      case 'text':
        return stream(res, model, [{ text: step.text }]);
      case 'tool': {
        served.tool_calls += 1;
        const call = { functionCall: { name: 'run_shell_command', args: { command: step.command } } };
        return stream(res, model, step.text ? [{ text: step.text }, call] : [call]);
      }
      case 'status': {
        record.status = step.status;
        res.writeHead(step.status, { 'content-type': 'application/json', ...(step.headers ?? {}) });
        res.end(JSON.stringify(step.body ?? plain429Body));
        return;
      }
      case 'stall':
        res.writeHead(200, { 'content-type': 'text/event-stream' });
        res.flushHeaders();
        // Never end: close() destroys the socket.
        return;
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
    streamRequests: () => requests.filter((r) => r.kind === 'stream'),
    served,
    firstRequest,
    close: () => loopback.close(),
  };
}
