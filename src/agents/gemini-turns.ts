// Turns of a `gemini -p --output-format stream-json` transcript. In non-interactive mode gemini-cli streams one
// model response as assistant `message` deltas and one `tool_use` event per function call, collects the calls,
// and only then runs them and prints their `tool_result`s (packages/cli nonInteractiveCli: toolCallRequests are
// scheduled after the stream ends). So a turn is exact: a run of assistant text and tool_use events up to the next
// tool_result (or user message). Narration-only: a run with text and no tool_use; parallel: two or more tool_use.
// The model is the one `init` names, unless that is a router alias (`auto...`): then it is not known here (the
// adapter's classify reads the model that did the work from the result's per-model stats).
import { asString, parseObject } from './json-lines.js';
import { tally } from './turn-tally.js';
import type { TurnCounter } from './types.js';
import type { TurnShape } from '../session/index.js';

// Gemini writes `type` first and, for messages, `timestamp`, `role` and `content` next.
const MESSAGE_HEAD = /^\{"type":"message","timestamp":"[^"\\]*","role":"([a-z]+)","content":"(.)?/;

type Kind = 'text' | 'tool_use' | 'boundary' | 'init' | null;

function kindOf(line: string): { kind: Kind; model?: string | null } {
  const head = line.trimStart();
  if (head.startsWith('{"type":"tool_use"')) return { kind: 'tool_use' };
  if (head.startsWith('{"type":"tool_result"')) return { kind: 'boundary' };
  if (head.startsWith('{"type":"message"')) {
    const m = MESSAGE_HEAD.exec(head.slice(0, 256));
    if (m !== null) {
      if (m[1] === 'user') return { kind: 'boundary' };
      // An empty content ends at once: `"content":""` leaves the quote as the first character.
      return { kind: m[1] === 'assistant' && m[2] !== undefined && m[2] !== '"' ? 'text' : null };
    }
  } else if (head.startsWith('{"type":"init"')) {
    return { kind: 'init', model: asString(parseObject(head)?.model) };
  } else if (head.startsWith('{"type":"')) return { kind: null };
  // Another layout: parse to be sure.
  const event = parseObject(head);
  if (event === null) return { kind: null };
  if (event.type === 'tool_use') return { kind: 'tool_use' };
  if (event.type === 'tool_result' || (event.type === 'message' && event.role === 'user'))
    return { kind: 'boundary' };
  if (event.type === 'message' && event.role === 'assistant' && (asString(event.content) ?? '') !== '')
    return { kind: 'text' };
  if (event.type === 'init') return { kind: 'init', model: asString(event.model) };
  return { kind: null };
}

export function geminiTurnCounter(): TurnCounter {
  const shape = { turns: 0, narration_turns: 0, parallel_turns: 0 };
  let model: string | null = null;
  // The turn being answered: whether it has text, and its tool calls; null between turns.
  let open: { text: boolean; tools: number } | null = null;
  const close = (): void => {
    if (open !== null) tally(shape, open);
    open = null;
  };
  return {
    line(line) {
      if (!line.includes('"type":"')) return;
      const { kind, model: named } = kindOf(line);
      if (kind === null) return;
      if (kind === 'init') {
        model ??= named !== undefined && named !== null && !named.startsWith('auto') ? named : null;
        return;
      }
      if (kind === 'boundary') {
        close();
        return;
      }
      open ??= { text: false, tools: 0 };
      if (kind === 'text') open.text = true;
      else open.tools++;
    },
    result(): TurnShape {
      const total = { ...shape };
      if (open !== null) tally(total, open);
      return { ...total, model };
    },
  };
}
