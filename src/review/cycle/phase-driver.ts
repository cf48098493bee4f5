// One phase of review mode as the loop's work: a single iteration whose prompt is the rendered phase template and
// whose events name the plan, the task and the phase. The loop runs it like any iteration (watchdog, empty
// retries, rate-limit and failure backoff, hooks, transcript, events, status, containment); `finished` says
// whether the iteration completed, which is how the cycle knows the phase happened rather than was stopped.
import type { DriverStop, IterationDriver, IterationWork } from '../../loop/index.js';
import type { Phase } from '../layout.js';

export interface PhaseFields {
  plan_id: string;
  phase: Phase;
  task_id?: string;
}

export class PhaseDriver implements IterationDriver {
  finished = false;
  /** The cycle ends with a line of its own (cycleEndLine), not one `Loop completed` per phase. */
  readonly ownEndLine = true;
  private begun = false;

  constructor(
    private readonly promptText: string,
    private readonly fields: PhaseFields,
  ) {}

  begin(): Promise<IterationWork | DriverStop> {
    // One iteration only: asked again after it finished, the phase is over.
    if (this.finished) return Promise.resolve({ stop: 'phase_done' });
    this.begun = true;
    const { plan_id, phase, task_id } = this.fields;
    return Promise.resolve({
      promptText: this.promptText,
      prompt: (assembled) => assembled,
      eventFields: { plan_id, phase, ...(task_id !== undefined ? { task_id } : {}) },
      logFields: { plan: plan_id, phase, ...(task_id !== undefined ? { task: task_id } : {}) },
      env: {
        HARNESS_PLAN_ID: plan_id,
        HARNESS_PHASE: phase,
        ...(task_id !== undefined ? { HARNESS_TASK_ID: task_id } : {}),
      },
    });
  }

  finish(): Promise<DriverStop | null> {
    if (this.begun) this.finished = true;
    return Promise.resolve({ stop: 'phase_done' });
  }

  close(): Promise<void> {
    return Promise.resolve();
  }
}
