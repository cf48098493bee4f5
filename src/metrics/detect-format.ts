// Which agent wrote a transcript, from its first lines. Each format names its events by a `type` of its own:
// Claude Code's stream-json `system`/`assistant`/`user`/`stream_event`/`rate_limit_event` (and a `result` with
// `subtype`/`is_error`), Codex's dotted `thread.started`/`turn.*`/`item.*`, Gemini's `init`/`message`/`tool_use`/
// `tool_result` (and a `result` with `status`/`stats`), the worker session's (json-actions) `start`/`iteration`
// (and a `result` with `task_id`). `error` is shared and decides nothing. Plain notices the
// CLIs print before their events (Codex's and Gemini's warnings) are skipped. Nothing recognisable: `text`.
import type { TranscriptFormat } from '../agents/index.js';

const CLAUDE_TYPES: ReadonlySet<string> = new Set([
  'system',
  'assistant',
  'user',
  'stream_event',
  'rate_limit_event',
]);
const GEMINI_TYPES: ReadonlySet<string> = new Set(['init', 'message', 'tool_use', 'tool_result']);
const CODEX_PREFIXES = ['thread.', 'turn.', 'item.'];
const WORKER_TYPES: ReadonlySet<string> = new Set(['start', 'iteration']);

/** How many lines are looked at, at most. */
const MAX_LINES = 50;
// The event's type where the CLIs write it (first), for a line too long to have arrived whole.
const TYPE_HEAD = /^\{"type":"([a-z_.]+)"/;

function formatOfType(type: string, event: Record<string, unknown> | null): TranscriptFormat | null {
  if (CLAUDE_TYPES.has(type)) return 'claude';
  if (GEMINI_TYPES.has(type)) return 'gemini';
  if (CODEX_PREFIXES.some((p) => type.startsWith(p))) return 'codex';
  if (WORKER_TYPES.has(type)) return 'json-actions';
  if (type === 'result' && event !== null) {
    // The worker's result carries the task's outcome (and a `status` too): told apart first.
    if ('task_id' in event) return 'json-actions';
    if ('subtype' in event || 'is_error' in event) return 'claude';
    if ('status' in event || 'stats' in event) return 'gemini';
  }
  return null;
}

export function detectFormat(firstLines: string): TranscriptFormat {
  let seen = 0;
  for (const raw of firstLines.split('\n')) {
    if (seen++ >= MAX_LINES) break;
    const line = raw.trim();
    if (!line.startsWith('{')) continue;
    let event: Record<string, unknown> | null = null;
    try {
      const value: unknown = JSON.parse(line);
      if (typeof value === 'object' && value !== null && !Array.isArray(value))
        event = value as Record<string, unknown>;
    } catch {
      // A line cut short (the end of the window) or not JSON: its head may still name the type.
    }
    const type = event === null ? (TYPE_HEAD.exec(line)?.[1] ?? null) : event.type;
    if (typeof type !== 'string') continue;
    const format = formatOfType(type, event);
    if (format !== null) return format;
  }
  return 'text';
}
