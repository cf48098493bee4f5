// The session history's sections: [metrics] (the database and the targets recent sessions are checked
// against) and [storage] (how long transcripts stay as they are, and how older ones are compressed).
import { z } from 'zod';
import { nonNegativeInt, pathString } from './value-kinds.js';

/** The metrics a target can name (docs/metrics.md says what each measures). */
export const TARGET_METRICS = [
  'completion_rate',
  'narration_only_pct',
  'parallel_turns_pct',
  'turns_per_session',
  'cost_per_session',
  'tokens_per_session',
  'tool_calls_per_session',
  'duration_secs',
] as const;
export type TargetMetric = (typeof TARGET_METRICS)[number];

/** A target: a comparison and a number ("< 20", ">= 85"), or "off". */
export const TARGET_RULE = /^\s*(?:off|(<=|>=|<|>)\s*(-?\d+(?:\.\d+)?))\s*$/;
const target = (description: string) =>
  z
    .string()
    .regex(TARGET_RULE, 'must be a comparison and a number such as "< 20" or ">= 85", or "off"')
    .describe(description);

const targets = z
  .object({
    completion_rate: target('Percentage of sessions that committed').default('>= 85'),
    narration_only_pct: target('Narration-only turns (no tool call) as a percentage of all turns').default(
      '< 20',
    ),
    parallel_turns_pct: target('Turns with two or more tool calls as a percentage of all turns').default(
      '> 10',
    ),
    turns_per_session: target('Average turns per session').default('< 80'),
    cost_per_session: target('Average cost per session in US dollars').default('off'),
    tokens_per_session: target('Average tokens (input + output) per session').default('off'),
    tool_calls_per_session: target('Average tool calls per session').default('off'),
    duration_secs: target('Average session duration in seconds').default('off'),
  })
  .strict()
  .describe('Targets `metrics targets` and `brief` check recent sessions against ("off": not checked)')
  .prefault({});

export const metricsSection = z
  .object({
    enabled: z.boolean().describe('Record every session in the metrics database').default(true),
    database: pathString('The metrics database (SQLite), relative to the working directory').default(
      'harness-metrics.db',
    ),
    targets,
  })
  .strict()
  .prefault({});

export const COMPRESSIONS = ['zstd', 'gzip'] as const;

export const storageSection = z
  .object({
    keep_last: nonNegativeInt(
      'Transcripts kept as they are, newest first; older ones are compressed once recorded (0: keep all)',
    ).default(0),
    keep_days: nonNegativeInt(
      'Transcripts newer than this many days are kept as they are; older ones are compressed once recorded (0: off)',
    ).default(0),
    compression: z.enum(COMPRESSIONS).describe('How older transcripts are compressed').default('zstd'),
    delete_after_days: nonNegativeInt(
      'Compressed transcripts older than this many days are deleted once recorded (0: never)',
    ).default(0),
  })
  .strict()
  .prefault({});
