// What the agent did or said on one transcript line: assistant text, tool calls and their input, tool results, the
// final result. Commit patterns are matched only here, never in the prompt the CLI echoes back ("git commit your
// work"), its init or system lines, limit events, or stderr. Each part is a string value as it appears (JSON
// string escapes undone) somewhere on the raw line, so a pattern that cannot match the unescaped raw line cannot
// match any part either; transcript-scan.ts relies on that to skip the parse of most lines.
import type { AgentText } from './types.js';
import { asObject, asString, parseObject, type JsonObject } from './json-lines.js';

/** No structure: nothing tells the agent's words from anything else on the line. */
export const textAgentText: AgentText = (line) => [line];

/** JSON-lines formats: plain-text lines are the CLI's stderr and banners, never the agent's. */
function structured(parts: (event: JsonObject, out: string[]) => void): AgentText {
  return (line) => {
    const trimmed = line.trim();
    if (!trimmed.startsWith('{')) return null;
    const event = parseObject(trimmed);
    if (event === null) return null;
    const out: string[] = [];
    parts(event, out);
    return out.length > 0 ? out : null;
  };
}

/**
 * `claude -p --output-format stream-json`: `assistant` messages (text blocks and tool_use blocks with their
 * input; thinking is left out), `user` messages only for their tool_result blocks (a user message with text is the
 * prompt, echoed with --replay-user-messages), and the `result`. Partial-message `stream_event`s repeat what the
 * whole assistant message says, and `system` / `rate_limit_event` lines are the CLI's.
 */
export const claudeAgentText = structured(claudeParts);

function claudeParts(event: JsonObject, out: string[]): void {
  if (event.type === 'result') {
    pushString(event.result, out);
    return;
  }
  if (event.type !== 'assistant' && event.type !== 'user') return;
  const content = asObject(event.message)?.content;
  if (!Array.isArray(content)) return; // a string content is a user prompt
  for (const entry of content) {
    const block = asObject(entry);
    if (block === null) continue;
    if (event.type === 'assistant' && block.type === 'text') pushString(block.text, out);
    else if (event.type === 'assistant' && block.type === 'tool_use') {
      pushString(block.name, out);
      collectStrings(block.input, out);
    } else if (event.type === 'user' && block.type === 'tool_result') collectStrings(block.content, out);
  }
}

/**
 * `codex exec --json`: completed items (agent messages, commands with their output, file changes, MCP and web
 * tool calls, to-do lists), reasoning and error items excepted. `item.started` / `item.updated` repeat the
 * item; turn and thread events and errors are the CLI's.
 */
export const codexAgentText = structured(codexParts);

function codexParts(event: JsonObject, out: string[]): void {
  if (event.type !== 'item.completed') return;
  const item = asObject(event.item);
  // Reasoning is the model thinking, not doing; an `error` item is the CLI's (a non-fatal error notice).
  if (item === null || item.type === 'reasoning' || item.type === 'error') return;
  for (const [key, value] of Object.entries(item)) {
    if (key !== 'id' && key !== 'type' && key !== 'status') collectStrings(value, out);
  }
}

/**
 * `gemini -p --output-format stream-json`: assistant messages, tool_use (name and parameters) and tool_result
 * (output). Its `message` with role `user` is the prompt, echoed; `init`, `error` and `result` (stats only) are
 * the CLI's.
 */
export const geminiAgentText = structured(geminiParts);

function geminiParts(event: JsonObject, out: string[]): void {
  if (event.type === 'message' && event.role === 'assistant') pushString(event.content, out);
  else if (event.type === 'tool_use') {
    pushString(event.tool_name, out);
    collectStrings(event.parameters, out);
  } else if (event.type === 'tool_result') {
    pushString(event.output, out);
    collectStrings(asObject(event.error)?.message, out);
  }
}

export function pushString(value: unknown, out: string[]): void {
  const text = asString(value);
  if (text !== null && text !== '') out.push(text);
}

/** Every string value inside `value` (objects and arrays, a bounded depth); keys are left out. */
export function collectStrings(value: unknown, out: string[], depth = 0): void {
  if (typeof value === 'string') pushString(value, out);
  else if (depth >= 16 || typeof value !== 'object' || value === null) return;
  else if (Array.isArray(value)) for (const entry of value) collectStrings(entry, out, depth + 1);
  else for (const entry of Object.values(value)) collectStrings(entry, out, depth + 1);
}
