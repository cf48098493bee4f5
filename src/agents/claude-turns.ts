// Turns of a Claude Code stream-json transcript. The CLI prints one API message as several `assistant` events, one
// per content block, all sharing `message.id`: a turn is one message id. Narration-only: the message holds text
// and no tool_use; parallel: two or more tool_use blocks. Only the main conversation counts (a sub-agent's events
// name their `parent_tool_use_id`), never the CLI's own synthetic messages (`"model":"<synthetic>"`, e.g. the
// answer to a refused API call), nor `stream_event` lines (`--include-partial-messages` repeats the same blocks).
// The model comes from `system/init`, else from the first real message.
import { asObject, asString, parseObject } from './json-lines.js';
import { tally } from './turn-tally.js';
import type { TurnCounter, TurnShape } from './types.js';

const ASSISTANT = '"type":"assistant"';
const INIT = '"subtype":"init"';
const TOOL_USE = '"type":"tool_use"';
const TEXT = '"type":"text"';
const SUB_AGENT = '"parent_tool_use_id":"';
/** The events of one message are printed together; a few recent ids are enough to join them (memory stays flat). */
const OPEN_MESSAGES = 8;

// How Claude Code writes an assistant event: the id, the model and the first block's type, read without a parse.
const HEAD =
  /^\{"type":"assistant","message":\{"id":"([^"\\]+)","type":"message","role":"assistant","model":"([^"\\]*)","content":\[(?:\{"type":"([a-z_]+)")?/;

interface Message {
  text: boolean;
  tools: number;
}

function count(line: string, marker: string): number {
  let n = 0;
  for (let at = line.indexOf(marker); at !== -1; at = line.indexOf(marker, at + marker.length)) n++;
  return n;
}

/** The message id, model and block kinds of one assistant event line; null when it is not one. */
function assistantEvent(line: string): { id: string; model: string; text: boolean; tools: number } | null {
  const head = HEAD.exec(line.length > 1024 ? line.slice(0, 1024) : line);
  const tools = count(line, TOOL_USE);
  const texts = count(line, TEXT);
  // One block (or none, e.g. thinking): its type is in the head. A JSON string never holds these markers
  // unescaped, so two or more markers mean several blocks or a tool input holding such an object: parse.
  if (head?.[1] !== undefined && tools + texts <= 1) {
    const type = head[3];
    return { id: head[1], model: head[2] ?? '', text: type === 'text', tools: type === 'tool_use' ? 1 : 0 };
  }
  // Counted only with a message id: a line where no `"id"` key is spelt out, nor \u-escaped, has none.
  if (!line.includes('"id"') && !line.includes('\\u')) return null;
  const event = parseObject(line.trim());
  if (event?.type !== 'assistant') return null;
  const message = asObject(event.message);
  const id = asString(message?.id);
  if (message === null || id === null) return null;
  const content = Array.isArray(message.content) ? message.content : [];
  let text = false;
  let calls = 0;
  for (const c of content) {
    const block = asObject(c);
    if (block?.type === 'tool_use') calls++;
    else if (block?.type === 'text' && (asString(block.text) ?? '').trim() !== '') text = true;
  }
  return { id, model: asString(message.model) ?? '', text, tools: calls };
}

export function claudeTurnCounter(): TurnCounter {
  const open = new Map<string, Message>();
  const shape = { turns: 0, narration_turns: 0, parallel_turns: 0 };
  let model: string | null = null;
  let initModel: string | null = null;
  const close = (m: Message): void => tally(shape, m);
  return {
    line(line) {
      const head = line.trimStart();
      // The CLI writes `type` first: most lines (tool results, often long) are ruled out by their first bytes.
      const typed = head.startsWith('{"type":"');
      if (typed ? !head.startsWith('{"type":"assistant"') : !line.includes(ASSISTANT)) {
        if (initModel === null && (!typed || head.startsWith('{"type":"system"')) && line.includes(INIT)) {
          const event = parseObject(head);
          if (event?.type === 'system' && event.subtype === 'init') initModel = asString(event.model);
        }
        return;
      }
      if (line.includes(SUB_AGENT)) return;
      const event = assistantEvent(head);
      if (event === null || event.model === '<synthetic>') return;
      if (model === null && event.model !== '') model = event.model;
      const known = open.get(event.id);
      if (known !== undefined) {
        known.text ||= event.text;
        known.tools += event.tools;
        return;
      }
      if (open.size >= OPEN_MESSAGES) {
        const [oldest, message] = open.entries().next().value as [string, Message];
        open.delete(oldest);
        close(message);
      }
      open.set(event.id, { text: event.text, tools: event.tools });
    },
    result(): TurnShape {
      const total = { ...shape };
      for (const m of open.values()) tally(total, m);
      return { ...total, model: initModel ?? model };
    },
  };
}
