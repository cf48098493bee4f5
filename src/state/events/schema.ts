// The event log's format: every event's schema in one discriminated union on `event`, the line the writer
// appends (the event plus `ts` and the format version `v`), and the types the writer and the readers share.
//
// The version rule: every line carries `v`, the format version of the harness that wrote it. A log is appended
// to across runs (and the Action keeps it between CI runs), so one file can hold lines of several versions. A
// line without `v` is version 0: written before the log had a version, by a harness that wrote fewer fields.
// Adding an event or an optional field keeps the version; removing or renaming a field, changing its type or
// meaning, or adding a value to a closed set (enums.ts) raises it. Readers check lines of the current version
// strictly and read lines of any other version leniently: each field they know is checked for its type, but may
// be absent.
import { z } from 'zod';
import { LOOP_EVENTS } from './loop-events.js';
import { REVIEW_EVENTS } from './review-events.js';
import { SESSION_EVENTS } from './session-events.js';
import { TASK_EVENTS } from './task-events.js';

/** The format version this harness writes. */
export const EVENT_LOG_VERSION = 1;

/** Every event, in the order the reference lists them. */
export const EVENT_SCHEMAS = [...LOOP_EVENTS, ...SESSION_EVENTS, ...TASK_EVENTS, ...REVIEW_EVENTS] as const;

// The unions are built on first use, not at import: every start of the CLI imports this module, and most runs
// only write (the writer needs the types alone).

/** What an emitter hands the writer: one of the events, without `ts` and `v` (the writer adds them). */
const buildEventSchema = () => z.discriminatedUnion('event', EVENT_SCHEMAS);
export type HarnessEvent = z.infer<ReturnType<typeof buildEventSchema>>;
export type EventName = HarnessEvent['event'];
/** One event by name. */
export type EventOf<N extends EventName> = Extract<HarnessEvent, { event: N }>;

export const EVENT_NAMES: ReadonlySet<string> = new Set(EVENT_SCHEMAS.map((s) => s.shape.event.value));

const envelope = {
  ts: z.string().describe('when the event was written: ISO 8601 UTC, whole seconds'),
  v: z.literal(EVENT_LOG_VERSION).describe('the format version (absent on version-0 lines)'),
};

const buildLineSchema = () =>
  z.discriminatedUnion(
    'event',
    EVENT_SCHEMAS.map((s) => s.extend(envelope)) as unknown as MapExtend<typeof EVENT_SCHEMAS>,
  );
export type EventLine = z.infer<ReturnType<typeof buildLineSchema>>;

const buildLenientSchema = () =>
  z.discriminatedUnion(
    'event',
    EVENT_SCHEMAS.map((s) =>
      s.partial().extend({
        event: s.shape.event,
        ts: z.string().optional(),
        v: z.number().int().nonnegative().optional(),
      }),
    ) as unknown as MapLenient<typeof EVENT_SCHEMAS>,
  );
export type LenientLine = z.infer<ReturnType<typeof buildLenientSchema>>;

const once = <T>(build: () => T): (() => T) => {
  let built: T | undefined;
  return () => (built ??= build());
};

/** Any event, as an emitter hands it to the writer. */
export const harnessEventSchema = once(buildEventSchema);
/** A line of the current version, as the writer appends it. */
export const eventLineSchema = once(buildLineSchema);
/** A line of another version (0: no `v`), read leniently: every known field type-checked, any absent. */
export const lenientLineSchema = once(buildLenientSchema);

/**
 * An event as a reader gets it: a current-version line with every field, or a line of another version whose
 * fields may be absent. Narrow on `event`; a reader that needs a field copes with its absence.
 */
export type LoggedEvent = EventLine | LenientLine;

type Envelope = typeof envelope;
type MapExtend<T extends readonly z.ZodObject[]> = {
  -readonly [K in keyof T]: T[K] extends z.ZodObject<infer S> ? z.ZodObject<S & Envelope> : never;
};
type MapLenient<T extends readonly z.ZodObject[]> = {
  -readonly [K in keyof T]: T[K] extends z.ZodObject<infer S extends z.ZodRawShape>
    ? z.ZodObject<
        { [F in keyof S]: F extends 'event' ? S[F] : z.ZodOptional<S[F]> } & {
          ts: z.ZodOptional<z.ZodString>;
          v: z.ZodOptional<z.ZodNumber>;
        }
      >
    : never;
};
