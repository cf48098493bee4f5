// Turns of a `codex exec --json` transcript. The format carries no response id and no model name: items arrive
// one by one (`item.started`/`item.completed`), with nothing that says which ones one model response produced.
// A turn is counted as the adapter's classify counts it: a run of model items after the turn started or after a
// tool's result went back to the model. Whether one answer held text only or several tool calls cannot be told
// (a message item next to a command may be one answer or two), so narration and parallel turns are null: "not
// available", never zero. The model is null too (`thread.started` names only the thread).
import { asObject, asString, parseObject } from './json-lines.js';
import type { TurnCounter } from './types.js';
import type { TurnShape } from '../session/index.js';

/** Item types that record a call of a tool by the model (a shell command, an MCP tool, a patch, a web search). */
export const TOOL_ITEMS: ReadonlySet<string> = new Set([
  'command_execution',
  'mcp_tool_call',
  'file_change',
  'web_search',
]);

/** Items the model itself produced: a message to the user or a tool call. Reasoning alone is not an answer. */
export const isModelItem = (type: unknown): boolean =>
  type === 'agent_message' || (typeof type === 'string' && TOOL_ITEMS.has(type));

// How Codex writes item events: the event, the item id and type, read without parsing a line that may hold
// megabytes of command output.
const ITEM_EVENT =
  /^\s*\{"type":"(item\.started|item\.completed)","item":\{"id":"([^"\\]*)","type":"([a-z_]+)"/;

const TYPE_HEAD = /^\s*\{"type":"([a-z_.]+)"/;

function itemEvent(line: string): { event: string; id: string | null; type: string } | null {
  const head = ITEM_EVENT.exec(line.length > 512 ? line.slice(0, 512) : line);
  if (head?.[1] !== undefined && head[3] !== undefined)
    return { event: head[1], id: head[2] ?? null, type: head[3] };
  const event = parseObject(line.trim());
  if (event?.type !== 'item.started' && event?.type !== 'item.completed') return null;
  const item = asObject(event.item);
  const type = asString(item?.type);
  return type === null ? null : { event: event.type, id: asString(item?.id), type };
}

export function codexTurnCounter(): TurnCounter {
  let turns = 0;
  let ended = false;
  let answering = false;
  const started = new Set<string>();
  return {
    line(line) {
      // Codex writes `type` first: a line's first bytes say whether it can matter (command output is long).
      let type: string | null = TYPE_HEAD.exec(line.length > 64 ? line.slice(0, 64) : line)?.[1] ?? null;
      if (type === null) {
        if (!line.includes('"turn.') && !line.includes('"item.')) return;
        type = asString(parseObject(line.trim())?.type);
      }
      if (type === 'turn.started') {
        answering = false;
        return;
      }
      if (type === 'turn.completed' || type === 'turn.failed') {
        answering = false;
        ended = true;
        return;
      }
      if (type !== 'item.started' && type !== 'item.completed') return;
      const item = itemEvent(line);
      if (item === null) return;
      const toolDone = item.event === 'item.completed' && TOOL_ITEMS.has(item.type);
      // A tool item seen only completed (a patch) was called in the answer it ends.
      const calledHere = !toolDone || item.id === null || !started.has(item.id);
      if (item.event === 'item.started' && item.id !== null && TOOL_ITEMS.has(item.type))
        started.add(item.id);
      if (toolDone && item.id !== null) started.delete(item.id);
      if ((isModelItem(item.type) || item.type === 'reasoning') && !answering && calledHere) {
        turns++;
        answering = true;
      }
      // A tool's result goes back to the model, whose next item is a new answer.
      if (toolDone) answering = false;
    },
    result(): TurnShape {
      // Like classify: no turn at all when no turn ended and the model answered nothing.
      return {
        turns: !ended && turns === 0 ? null : turns,
        narration_turns: null,
        parallel_turns: null,
        model: null,
      };
    },
  };
}
