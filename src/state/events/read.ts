// Reading the event log back, the one way every reader does it: a line that is not JSON (torn by a crash) or
// fails its event's schema is skipped and counted, never fatal; an event this harness does not know (written by
// a newer one) is kept aside as unknown; a line without a version (version 0) is read leniently.
import { readInputText } from '../../os/input-file.js';
import {
  EVENT_LOG_VERSION,
  EVENT_NAMES,
  eventLineSchema,
  lenientLineSchema,
  type LoggedEvent,
} from './schema.js';

export type ParsedLine =
  | { kind: 'event'; event: LoggedEvent }
  /** A JSON object whose `event` this harness does not know. */
  | { kind: 'unknown'; name: string }
  /** Not JSON, not an event, or an event whose fields do not match its schema. */
  | { kind: 'invalid'; problem: string };

/** One line of the log (without its newline). Blank lines are `invalid` too; readEventLog skips them first. */
export function parseEventLine(line: string): ParsedLine {
  let value: unknown;
  try {
    value = JSON.parse(line);
  } catch {
    return { kind: 'invalid', problem: 'not JSON' };
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value))
    return { kind: 'invalid', problem: 'not a JSON object' };
  const { event, v } = value as { event?: unknown; v?: unknown };
  if (typeof event !== 'string') return { kind: 'invalid', problem: 'no `event` name' };
  if (!EVENT_NAMES.has(event)) return { kind: 'unknown', name: event };
  const schema = v === EVENT_LOG_VERSION ? eventLineSchema() : lenientLineSchema();
  const parsed = schema.safeParse(value);
  if (parsed.success) return { kind: 'event', event: parsed.data };
  const issue = parsed.error.issues[0];
  return {
    kind: 'invalid',
    problem: `${event}: ${issue ? `${issue.path.join('.') || '(line)'}: ${issue.message}` : 'does not match'}`,
  };
}

export interface EventLogRead {
  events: LoggedEvent[];
  /** Lines skipped: not JSON, or not matching their event's schema (the first few problems are kept). */
  invalid: number;
  problems: string[];
  /** Lines naming events this harness does not know. */
  unknown: number;
}

const KEPT_PROBLEMS = 5;

/** Every event of a log's text, in order. */
export function parseEventLog(text: string): EventLogRead {
  const read: EventLogRead = { events: [], invalid: 0, problems: [], unknown: 0 };
  let number = 0;
  for (const line of text.split('\n')) {
    number++;
    if (line.trim() === '') continue;
    const parsed = parseEventLine(line);
    if (parsed.kind === 'event') read.events.push(parsed.event);
    else if (parsed.kind === 'unknown') read.unknown++;
    else {
      read.invalid++;
      if (read.problems.length < KEPT_PROBLEMS) read.problems.push(`line ${number}: ${parsed.problem}`);
    }
  }
  return read;
}

/** The log at `path`; an absent or unreadable file is an empty log. */
export async function readEventLog(path: string): Promise<EventLogRead> {
  let text: string;
  try {
    text = await readInputText(path, { what: 'event log', maxBytes: Infinity });
  } catch {
    return { events: [], invalid: 0, problems: [], unknown: 0 };
  }
  return parseEventLog(text);
}
