// The lines of a `worker session` transcript (agent.format = "json-actions", src/cli/worker-session.ts): a
// `start` line, one `iteration` line per worker iteration (the task's actions.jsonl line), and a `result` line
// with the task's outcome last; a session that cannot start prints one `error` line instead. Every line is JSON
// with `type` written first, so most questions are answered from the first bytes of a line before any parse.
import { collectStrings, pushString } from './agent-text.js';
import { asNumber, asObject, asString, parseObject, type JsonObject } from './json-lines.js';
import type { AgentText, TurnCounter } from './types.js';
import type { TurnShape } from '../session/index.js';

export type SessionLineType = 'start' | 'iteration' | 'result' | 'error';

const TYPE_HEAD = /^\s*\{"type":"([a-z_]+)"/;

/** A line's type from its first bytes (the session writes `type` first); null for anything else. */
export function lineType(line: string): SessionLineType | null {
  const head = TYPE_HEAD.exec(line.length > 64 ? line.slice(0, 64) : line)?.[1];
  return head === 'start' || head === 'iteration' || head === 'result' || head === 'error' ? head : null;
}

/** An iteration line as far as the loop cares: the answer's actions, and whether the model was reached. */
export interface IterationFacts {
  /** The answer parsed (a valid JSON object of the schema). */
  answered: boolean;
  /** Actions the answer asked for. */
  actions: number;
  /** The iteration failed fatally (the model could not be reached): it did not count. */
  fatal: boolean;
  input_tokens: number | null;
  output_tokens: number | null;
}

export function iterationFacts(event: JsonObject): IterationFacts {
  const answer = asObject(event.llm_response);
  const actions = answer !== null && Array.isArray(answer.actions) ? answer.actions.length : 0;
  const usage = asObject(event.usage);
  return {
    answered: answer !== null,
    actions,
    fatal: event.fatal !== undefined && event.fatal !== null,
    input_tokens: asNumber(usage?.input_tokens),
    output_tokens: asNumber(usage?.output_tokens),
  };
}

/** The iteration a line records, or null when the line is not a (parseable) iteration line. */
export function parseIteration(line: string): IterationFacts | null {
  if (lineType(line) !== 'iteration') return null;
  const event = parseObject(line.trim());
  return event === null ? null : iterationFacts(event);
}

/** One tool call per action an iteration's answer asked for (a fatal iteration ran none). */
export function jsonActionsToolCalls(line: string): number {
  const facts = parseIteration(line);
  return facts === null || facts.fatal ? 0 : facts.actions;
}

/**
 * What the model did or said on an iteration line: its reasoning, and each action's tool and argument strings
 * (the paths and contents it wrote). Tool results are the harness's words, the start and result lines its own.
 */
export const jsonActionsAgentText: AgentText = (line) => {
  if (lineType(line) !== 'iteration') return null;
  const event = parseObject(line.trim());
  const answer = asObject(event?.llm_response);
  if (answer === null) return null;
  const out: string[] = [];
  pushString(answer.reasoning, out);
  if (Array.isArray(answer.actions)) {
    for (const entry of answer.actions) {
      const action = asObject(entry);
      if (action === null) continue;
      pushString(action.tool, out);
      collectStrings(action.args, out);
    }
  }
  return out.length > 0 ? out : null;
};

/**
 * Turns are iterations that reached the model (fatal ones did not): narration-only when the iteration ran no
 * action (an empty list, or an answer that did not parse), parallel with two or more actions in one answer. The
 * model is the one the start or result line names.
 */
export function jsonActionsTurnCounter(): TurnCounter {
  const shape = { turns: 0, narration_turns: 0, parallel_turns: 0 };
  let model: string | null = null;
  let seen = false;
  return {
    line(line) {
      const type = lineType(line);
      if (type === 'iteration') {
        const facts = parseIteration(line);
        if (facts === null) return;
        seen = true;
        if (facts.fatal) return;
        shape.turns++;
        if (facts.actions === 0) shape.narration_turns++;
        if (facts.actions >= 2) shape.parallel_turns++;
      } else if (type === 'start' || type === 'result') {
        seen = true;
        const named = asString(parseObject(line.trim())?.model);
        if (named !== null && named !== '') model = named;
      }
    },
    result(): TurnShape {
      return seen ? { ...shape, model } : { turns: null, narration_turns: null, parallel_turns: null, model };
    },
  };
}
