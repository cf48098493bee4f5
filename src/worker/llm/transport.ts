// What the worker asks of a model and what it gets back, whatever carries the call: Ollama's /api/chat, an
// OpenAI-compatible /chat/completions, or a command that reads the prompt on stdin. No streaming: a call returns
// the whole answer or fails with an LlmError whose kind says why.
import { EXIT, HarnessError } from '../../errors/exit-codes.js';
import type { LlmProvider } from '../../config/index.js';

export interface ChatMessage {
  role: 'system' | 'user';
  content: string;
}

export interface LlmRequest {
  messages: ChatMessage[];
  /** JSON Schema of the answer (from answerJsonSchema()), sent where the transport supports it. */
  schema: Record<string, unknown>;
  /** Aborting it cancels the call (LlmError kind 'cancelled'). */
  signal?: AbortSignal;
}

export interface LlmUsage {
  input_tokens: number | null;
  output_tokens: number | null;
}

export interface LlmReply {
  text: string;
  usage: LlmUsage;
  model: string | null;
  duration_ms: number;
  /**
   * The answer was longer than llm.max_answer_bytes: `text` is its first bytes (the command transport) or empty
   * (an HTTP body too long to hold); the loop logs it as too_large either way.
   */
  truncated?: true;
}

/** Every way a model call fails (LlmError's kind; state.json's error.kind after one). */
export const LLM_FAILURE_KINDS = [
  'unreachable',
  'timeout',
  'http_error',
  'rate_limited',
  'authentication',
  'model_not_found',
  'bad_response',
  'command_failed',
  'cancelled',
] as const;

export type LlmFailureKind = (typeof LLM_FAILURE_KINDS)[number];

/** A model call that failed: the kind decides what the worker does (all are fatal to a task: exit 16). */
export class LlmError extends HarnessError {
  override readonly name = 'LlmError';

  constructor(
    message: string,
    readonly kind: LlmFailureKind,
    /** The HTTP status, when there was one. */
    readonly status: number | null = null,
    /** How long the server asked to wait (429's Retry-After), when it said. */
    readonly retryAfterMs: number | null = null,
  ) {
    super(message, EXIT.modelUnreachable);
  }
}

export interface LlmTransport {
  readonly provider: LlmProvider;
  readonly model: string | null;
  /** The URL, or the command line, for messages. */
  readonly endpoint: string;
  call(request: LlmRequest): Promise<LlmReply>;
}

/** The whole request as one text (system and user messages joined by a blank line): the command's stdin. */
export function renderPrompt(messages: readonly ChatMessage[]): string {
  return messages.map((message) => message.content).join('\n\n');
}

export const NO_USAGE: LlmUsage = { input_tokens: null, output_tokens: null };
