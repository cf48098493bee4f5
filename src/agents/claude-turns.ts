// Turns of a Claude Code stream-json transcript. The CLI prints one API message as several `assistant` events, one
// per content block, all sharing `message.id`: a turn is one message id. Narration-only: the message holds text
// and no tool_use; parallel: two or more tool_use blocks. Only the main conversation counts (a sub-agent's events
// name their `parent_tool_use_id`), never the CLI's own synthetic messages (`"model":"<synthetic>"`, e.g. the
// answer to a refused API call), nor `stream_event` lines (`--include-partial-messages` repeats the same blocks).
// The model comes from `system/init`, else from the first real message.
import { asObject, asString, parseObject } from './json-lines.js';
import { tally } from './turn-tally.js';
import type { TurnCounter } from './types.js';
import type { TurnShape } from '../session/index.js';

const ASSISTANT = '"type":"assistant"';
const INIT = '"subtype":"init"';
/** The events of one message are printed together; a few recent ids are enough to join them (memory stays flat). */
const OPEN_MESSAGES = 8;

// How Claude Code writes an assistant event: the id, the model and the first block's type, read without a parse.
const HEAD =
  /^\{"type":"assistant","message":\{"id":"([^"\\]+)","type":"message","role":"assistant","model":"([^"\\]*)","content":\[(?:\{"type":"([a-z_]+)")?/;

interface Message {
  text: boolean;
  tools: number;
}

/** What one search of a line finds: its tool_use and text block markers, and whether it names a parent tool use. */
export interface LineMarks {
  tools: number;
  texts: number;
  subAgent: boolean;
}

// The three markers in one regex: one pass over the line instead of one per marker (each indexOf of a marker that
// starts with a quote stops at every quote of the line; together they cost three times what this pass does).
const MARKS = /"(?:type":"(tool_use|text)"|parent_tool_use_id":")/g;
// The marks of the last line searched: the loop's scan asks twice of each assistant line (the tool-call count,
// then the turn counter).
let markedLine: string | null = null;
const marks: LineMarks = { tools: 0, texts: 0, subAgent: false };

/** The line's block markers and sub-agent marker (non-overlapping occurrences); the second ask of a line is free. */
export function lineMarks(line: string): Readonly<LineMarks> {
  if (line === markedLine) return marks;
  marks.tools = 0;
  marks.texts = 0;
  marks.subAgent = false;
  MARKS.lastIndex = 0;
  for (let m = MARKS.exec(line); m !== null; m = MARKS.exec(line)) {
    if (m[1] === 'tool_use') marks.tools++;
    else if (m[1] === 'text') marks.texts++;
    else marks.subAgent = true;
  }
  markedLine = line;
  return marks;
}

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
/** The longest raw key that can spell `id`: `"\u0069\u0064"` without its quotes. */
const ESCAPED_ID = 12;

/**
 * Whether some string two levels deep (the keys and values of the event's own objects, such as its message) may
 * read `id`: spelt out, or short and holding a \u escape. Strings are skipped whole, so brackets and quotes in
 * them count for nothing; outside strings JSON has only its structure. On a line where this finds none, a full
 * parse finds no message id (the parse is then not needed); on a line that is not JSON, no parse finds one either.
 */
function mayHoldMessageId(line: string): boolean {
  let depth = 0;
  for (let i = 0; i < line.length; i++) {
    const c = line.charCodeAt(i);
    if (c === QUOTE) {
      const end = stringEnd(line, i);
      if (end === -1) return true;
      if (depth === 2) {
        const raw = end - i - 1;
        if (raw === 2 && line.startsWith('id', i + 1)) return true;
        if (raw <= ESCAPED_ID && line.slice(i + 1, end).includes('\\u')) return true;
      }
      i = end;
    } else if (c === 0x7b || c === 0x5b) depth++;
    else if (c === 0x7d || c === 0x5d) depth--;
  }
  return false;
}

/** Where the JSON string opened at `start` closes (a quote after an even run of backslashes); -1 when never. */
function stringEnd(line: string, start: number): number {
  for (let end = line.indexOf('"', start + 1); end !== -1; end = line.indexOf('"', end + 1)) {
    let k = end - 1;
    while (line.charCodeAt(k) === BACKSLASH) k--;
    if ((end - 1 - k) % 2 === 0) return end;
  }
  return -1;
}

/** The message id, model and block kinds of one assistant event line; null when it is not one. */
function assistantEvent(line: string): { id: string; model: string; text: boolean; tools: number } | null {
  const head = HEAD.exec(line.length > 1024 ? line.slice(0, 1024) : line);
  // One block (or none, e.g. thinking): its type is in the head. A JSON string never holds these markers
  // unescaped, so two or more markers mean several blocks or a tool input holding such an object: parse.
  const type = head?.[3];
  const { tools, texts } = lineMarks(line);
  if (head?.[1] !== undefined && tools + texts <= 1) {
    return { id: head[1], model: head[2] ?? '', text: type === 'text', tools: type === 'tool_use' ? 1 : 0 };
  }
  // Counted only with a message id: a line where no `"id"` key is spelt out, nor \u-escaped, has none; nor one
  // whose only ids are deeper than the message's own keys (its blocks' ids: a transcript without message ids).
  if ((!line.includes('"id"') && !line.includes('\\u')) || !mayHoldMessageId(line)) return null;
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
      if (lineMarks(head).subAgent) return;
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
