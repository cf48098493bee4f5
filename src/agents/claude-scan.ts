// What one pass over a Claude Code transcript's tail finds: the final result, stderr lines, whether the model
// said or did anything, the CLI's synthetic assistant errors, its latest `api_retry` notice and the model's name;
// and the small readers of those events that the limit and failure judgements share.
import {
  asNumber,
  asObject,
  asString,
  asText,
  parseLineLenient,
  tailRecords,
  type JsonObject,
} from './json-lines.js';

// Matches where a rate_limit_event object starts, even when it was spliced into the middle of another line.
export const RATE_LIMIT_EVENT = /\{\s*"type"\s*:\s*"rate_limit_event"/;

export interface Scan {
  result: JsonObject | null;
  plainText: string[];
  /** The model said or did something: a real assistant message with content, or a tool result. */
  modelOutput: boolean;
  /** The assistant `error` field of the latest synthetic (CLI-made) assistant message. */
  assistantError: string | null;
  assistantErrorText: string;
  /** The latest `api_retry` notice: the CLI was retrying a failed API call. */
  retry: JsonObject | null;
  /** The model `system/init` names, else the latest real assistant message's. */
  model: string | null;
  initModel: string | null;
}

export function scan(tail: string, complete: boolean): Scan {
  const s: Scan = {
    result: null,
    plainText: [],
    modelOutput: false,
    assistantError: null,
    assistantErrorText: '',
    retry: null,
    model: null,
    initModel: null,
  };
  for (const record of tailRecords(tail, complete, (line) => parseLineLenient(line, RATE_LIMIT_EVENT))) {
    if ('text' in record) {
      s.plainText.push(record.text);
      continue;
    }
    const event = record.event;
    if (event.type === 'result') s.result = event;
    else if (event.type === 'assistant') {
      const message = asObject(event.message);
      const error = asString(event.error);
      if (error !== null || message?.model === '<synthetic>') {
        s.assistantError = error ?? s.assistantError;
        s.assistantErrorText = contentText(message);
      } else {
        // Content, or output tokens in its usage: peers' transcripts have assistant events whose content is []
        // but that carry usage (issue 23, report-claude-empty-content-with-usage).
        if (hasContent(message) || (asNumber(asObject(message?.usage)?.output_tokens) ?? 0) > 0)
          s.modelOutput = true;
        s.model = asString(message?.model) ?? s.model;
      }
    } else if (event.type === 'user' && hasToolResult(asObject(event.message))) s.modelOutput = true;
    else if (event.type === 'system' && event.subtype === 'api_retry') s.retry = event;
    else if (event.type === 'system' && event.subtype === 'init') s.initModel = asString(event.model);
  }
  return s;
}

function hasContent(message: JsonObject | null): boolean {
  const content = message?.content;
  if (typeof content === 'string') return content.trim() !== '';
  if (!Array.isArray(content)) return false;
  return content.some((c) => {
    const block = asObject(c);
    if (block === null) return false;
    if (block.type === 'text') return (asString(block.text) ?? '').trim() !== '';
    return block.type === 'tool_use' || block.type === 'server_tool_use';
  });
}

function hasToolResult(message: JsonObject | null): boolean {
  const content = message?.content;
  return Array.isArray(content) && content.some((c) => asObject(c)?.type === 'tool_result');
}

function contentText(message: JsonObject | null): string {
  const content = message?.content;
  if (!Array.isArray(content)) return '';
  return content
    .map((c) => asString(asObject(c)?.text) ?? '')
    .filter((t) => t !== '')
    .join('\n');
}

export function statusOf(value: unknown): number | null {
  const n = typeof value === 'string' ? Number(value) : asNumber(value);
  return n !== null && Number.isInteger(n) && n > 0 ? n : null;
}

/** `api_retry 2/10`: which of the CLI's own retries a notice announces. */
export function retryLabel(retry: JsonObject): string {
  return `api_retry ${asText(retry.attempt, '?')}/${asText(retry.max_retries, '?')}`;
}
