// The [review] section: review mode's tries per task, its budget, its gate's time limit and the Action's
// needs-human label.
import { z } from 'zod';
import { positiveInt, positiveMinutes } from './value-kinds.js';

export const reviewSection = z
  .object({
    max_tries: positiveInt(
      'Review mode: develop-and-review tries per task before it waits for a human',
    ).default(2),
    max_cost_usd: z
      .number()
      .finite()
      .positive()
      .describe(
        "Review mode: no session starts once the plan's cost reaches this many US dollars (exit 12); unset: no budget",
      )
      .optional(),
    gate_timeout_mins: positiveMinutes(
      'Review mode: build.sh and verify.sh are each killed after this long',
    ).default(30),
    allow_gate_changes: z
      .boolean()
      .describe(
        "Review mode: a try may change build.sh or verify.sh (a task whose work is the build itself); the gate then runs them as the developer left them, and the gate's record and the review prompt say they changed. Off: such a try fails the gate",
      )
      .default(false),
    needs_human_label: z
      .string()
      .min(1, 'must not be empty')
      .describe('Review mode in the Action: the label put on an issue whose task waits for a human')
      .default('needs-human'),
  })
  .strict()
  .prefault({});
