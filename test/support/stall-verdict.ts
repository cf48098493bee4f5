// What every real CLI's stall must come to under the harness: the watchdog ends a session in which the model never
// answered (though the CLI's start-up notices passed min_output_bytes), the session is a transient failure, and the
// same iteration runs again and is answered. `expect` is the test's own (its context's), so that in tests running
// side by side each failure is the right test's.
import type { ExpectStatic } from 'vitest';
import type { Workdir } from './workdir.js';

export function expectStalledThenAnswered(expect: ExpectStatic, w: Workdir): void {
  const [stalled, answered] = w.events().filter((e) => e.event === 'session_complete');
  expect(Number(stalled!.output_bytes)).toBeGreaterThan(100);
  expect(stalled).toMatchObject({
    outcome: 'failed',
    decided_by: 'failure:watchdog',
    failure_kind: 'transient',
    failure_reason: 'stalled',
    exit_code: 124,
    end_reason: 'watchdog',
    model_output: false,
  });
  expect(w.events().find((e) => e.event === 'session_failed')).toMatchObject({
    reason: 'stalled',
    consecutive: 1,
  });
  expect(answered).toMatchObject({
    outcome: 'productive',
    model_output: true,
    iteration: stalled!.iteration,
  });
}
