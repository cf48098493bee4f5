// The event log a real run wrote, checked line by line against the event schemas (src/state/events) as strictly
// as they go: every line of the current version, every field of the right type, no field the schema does not
// declare. The workdir's events() reads logs through this, so every integration test that runs the loop or the
// task list checks what the emitters actually wrote.
import { EVENT_LOG_VERSION, eventLineSchema, type EventLine } from '../../src/state/events/index.js';

/** The problems of one line, empty when it is a well-formed line of the current version. */
export function strictLineProblems(line: string): string[] {
  let value: unknown;
  try {
    value = JSON.parse(line);
  } catch {
    return ['not JSON'];
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return ['not a JSON object'];
  const raw = value as Record<string, unknown>;
  if (raw['v'] !== EVENT_LOG_VERSION) return [`v is ${JSON.stringify(raw['v'])}, not ${EVENT_LOG_VERSION}`];
  const parsed = eventLineSchema().safeParse(raw);
  if (!parsed.success)
    return parsed.error.issues.map((issue) => `${issue.path.join('.') || '(line)'}: ${issue.message}`);
  // zod drops keys its object does not declare: a key that went missing is a field the schema lacks.
  const declared = new Set(Object.keys(parsed.data));
  return Object.keys(raw)
    .filter((key) => !declared.has(key))
    .map((key) => `${key}: not declared in the ${String(raw['event'])} schema`);
}

/** Every line of a log's text as written, each checked strictly; throws naming every line that is not. */
export function strictEvents(text: string): EventLine[] {
  const lines = text.split('\n').filter((line) => line.trim() !== '');
  const problems = lines.flatMap((line, i) =>
    strictLineProblems(line).map((problem) => `line ${i + 1}: ${problem}\n  ${line.slice(0, 300)}`),
  );
  if (problems.length > 0)
    throw new Error(`the event log does not match its schema:\n${problems.join('\n')}`);
  return lines.map((line) => JSON.parse(line) as EventLine);
}
