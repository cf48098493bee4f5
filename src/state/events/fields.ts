// Building blocks for the event schemas: one event is a zod object with a literal `event` name and described
// fields, so the reference in docs/events.md is generated from the same definition the writer is checked against.
import { z } from 'zod';

export const int = (description: string) => z.number().int().describe(description);
export const count = (description: string) => z.number().int().nonnegative().describe(description);
export const num = (description: string) => z.number().describe(description);
export const str = (description: string) => z.string().describe(description);
export const bool = (description: string) => z.boolean().describe(description);
/** One value of a closed set (enums.ts). */
export const oneOf = <const T extends readonly [string, ...string[]]>(values: T, description: string) =>
  z.enum(values).describe(description);

/** The loop's position, carried by most events. */
export const iteration = () => count('0-based index of the iteration in progress (the number done so far)');
export const global = () => count("the session's global number, as in its transcript's name");

/** An event: its name and description, and its own fields after `ts`, `v` and `event`. */
export function defineEvent<const Name extends string, const Shape extends z.ZodRawShape>(
  name: Name,
  description: string,
  shape: Shape,
) {
  return z.object({ event: z.literal(name), ...shape }).describe(description);
}
