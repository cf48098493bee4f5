// A session's metrics, declared once: what its agent did, as the adapters read it from the transcript (agents/),
// as the loop's `session_complete` event carries it (state/events/session-events.ts), as the history stores it
// (metrics/facts.ts) and as the summary, `metrics export` and the brief show it. Each field's zod type is what it
// holds; its description is the one the event reference (docs/events.md) prints. A new metric is one entry here
// (and its storage below), then its producer and the history's migration.
import { z } from 'zod';

const metric = (description: string) => z.number().nullable().describe(`${description}; null when unknown`);

export const sessionMetricsShape = {
  turns: metric(
    "model turns (one per answer of the model): the agent's own count when it reports one (Claude's num_turns), else counted over the transcript",
  ),
  narration_turns: metric(
    'model turns that answered with text and no tool call, counted over the transcript (not available for codex)',
  ),
  parallel_turns: metric(
    'model turns with two or more tool calls in one answer, counted over the transcript (not available for codex)',
  ),
  tool_calls: metric('tool calls'),
  input_tokens: metric('input tokens'),
  output_tokens: metric('output tokens'),
  cache_read_tokens: metric('input tokens read from the prompt cache'),
  cache_write_tokens: metric('input tokens written to the prompt cache'),
  cost_usd: metric('cost in US dollars the agent reported'),
  agent_duration_ms: metric('duration the agent itself reported, in milliseconds'),
  model: z
    .string()
    .nullable()
    .describe('the model the agent used, as its transcript names it; null when unknown'),
};

export const sessionMetricsSchema = z.object(sessionMetricsShape);

/** What a session's agent did; null where the transcript does not tell. */
export type SessionMetrics = z.infer<typeof sessionMetricsSchema>;

export type MetricField = keyof SessionMetrics;

/** The metrics in declaration order. */
export const METRIC_FIELDS = Object.keys(sessionMetricsShape) as readonly MetricField[];

/** How the history's `sessions` table stores each metric it keeps (the agent's own duration it does not). */
export const METRIC_STORAGE = {
  turns: 'integer',
  narration_turns: 'integer',
  parallel_turns: 'integer',
  tool_calls: 'integer',
  input_tokens: 'integer',
  output_tokens: 'integer',
  cache_read_tokens: 'integer',
  cache_write_tokens: 'integer',
  cost_usd: 'real',
  model: 'text',
} as const satisfies Record<Exclude<MetricField, 'agent_duration_ms'>, 'integer' | 'real' | 'text'>;

/** The metrics the history adds up (every one it keeps but the model): `metrics status`'s totals. */
export type SummedMetric = {
  [K in keyof typeof METRIC_STORAGE]: (typeof METRIC_STORAGE)[K] extends 'text' ? never : K;
}[keyof typeof METRIC_STORAGE];

export const SUMMED_METRICS = (Object.keys(METRIC_STORAGE) as (keyof typeof METRIC_STORAGE)[]).filter(
  (field): field is SummedMetric => METRIC_STORAGE[field] !== 'text',
);

/** The metrics the history keeps: a column each. */
export type HistoryMetrics = Pick<SessionMetrics, keyof typeof METRIC_STORAGE>;

/** The shape of a session's model turns (see agents/types.ts TurnCounter). */
export type TurnShape = Pick<SessionMetrics, 'turns' | 'narration_turns' | 'parallel_turns' | 'model'>;

/** Every metric unknown. */
export const emptyMetrics = (): SessionMetrics =>
  Object.fromEntries(METRIC_FIELDS.map((field) => [field, null])) as SessionMetrics;
