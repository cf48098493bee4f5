// One event of each of review mode's kinds, as the review cycle writes them (shared by the event schema tests).
import type { EventOf } from '../../../src/state/events/index.js';

type ReviewEventName =
  | 'review_gate'
  | 'review_tampered'
  | 'review_verdict'
  | 'review_try_end'
  | 'review_escalated'
  | 'review_answered'
  | 'review_end';

export const REVIEW_SAMPLES: { [N in ReviewEventName]: EventOf<N> } = {
  review_gate: {
    event: 'review_gate',
    plan_id: 'add-login-20261123-2224',
    task_id: 'task-1',
    try: 1,
    passed: false,
    failed_at: 'verify.sh',
    steps: [
      { script: 'build.sh', exit_code: 0, timed_out: false, duration_ms: 1200 },
      { script: 'verify.sh', exit_code: 1, timed_out: false, duration_ms: 3400 },
    ],
  },
  review_tampered: {
    event: 'review_tampered',
    plan_id: 'add-login-20261123-2224',
    task_id: 'task-1',
    try: 1,
    phase: 'develop',
    files: [
      { path: '.harness/plans/add-login-20261123-2224/planfile.json', change: 'changed' },
      { path: '.harness/plans/add-login-20261123-2224/reviews/task-1-1-review.md', change: 'created' },
    ],
  },
  review_verdict: {
    event: 'review_verdict',
    plan_id: 'add-login-20261123-2224',
    task_id: 'task-1',
    try: 2,
    verdict: 'invalid',
    file: '.harness/plans/add-login-20261123-2224/reviews/task-1-2-review.md',
    error: 'line 3: "Result: pass" is not "Result: PASS" or "Result: FAIL"',
  },
  review_try_end: {
    event: 'review_try_end',
    plan_id: 'add-login-20261123-2224',
    task_id: 'task-1',
    try: 2,
    decision: 'escalate',
    why: 'the review said FAIL',
    task_cost_usd: 0.42,
    plan_cost_usd: 0.5,
  },
  review_escalated: {
    event: 'review_escalated',
    plan_id: 'add-login-20261123-2224',
    task_id: 'task-1',
    tries: 2,
    why: 'the review said FAIL',
  },
  review_answered: {
    event: 'review_answered',
    plan_id: 'add-login-20261123-2224',
    task_id: 'task-1',
    by: 'octocat',
  },
  review_end: {
    event: 'review_end',
    plan_id: 'add-login-20261123-2224',
    reason: 'needs_human',
    exit_code: 13,
    tasks_done: 1,
    tasks_total: 3,
    cost_usd: 0.5,
    input_tokens: 12000,
    output_tokens: 3400,
  },
};
