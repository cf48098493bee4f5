// The loop's own events: its start and end, stop requests, failed hooks and what a dead predecessor left.
import { z } from 'zod';
import { ENDED_WITH, HOOK_PHASES } from './enums.js';
import { bool, count, defineEvent, global, int, iteration, oneOf, str } from './fields.js';

// An open set: the reference lists the values written today (KNOWN_STOP_REASONS) once, under "Stop reasons".
const stopReason = (what: string) => str(`${what}: see [stop reasons](#stop-reasons)`);

export const loopStart = defineEvent('loop_start', 'The loop starts (once per run of the harness).', {
  max_iterations: count('`session.max_iterations`'),
  global: count("the counter: the number the run's first session will use"),
  pid: int("the harness's process id"),
  containment: str(
    "how the run's sessions are contained: `cgroup`, `systemd-scope` or `none` (process group and cookie only; " +
      'see [security.md](security.md#containment))',
  ).optional(),
  isolation: oneOf(
    ['user', 'env', 'none'],
    'how the agent is kept from the job (`agent.isolation` as resolved; see [security.md](security.md))',
  ).optional(),
  isolation_fallback: str('why `auto` could not have `user` (the run has `env` instead)').optional(),
});

export const loopEnd = defineEvent('loop_end', 'The loop has ended; the last line a run writes.', {
  reason: stopReason('why the loop ended'),
  exit_code: int("the harness's exit code"),
  productive: count('productive iterations in this run'),
  iterations: count('iterations finished in this run'),
  global: count('the counter at the end: the number the next session will use'),
  trailing_rate_limits: count('rate-limited sessions in a row at the end'),
  failures: count('failed sessions in this run (each retried)'),
  idle_sessions: count(
    'completed sessions in a row at the end that changed nothing (progress.max_idle_sessions)',
  ).optional(),
  error: str('what went wrong, after a fault or a failure stop').optional(),
});

export const stopRequested = defineEvent(
  'stop_requested',
  'A stop was asked for (a signal, the STOP file, a stop source such as the STOP label).',
  {
    reason: stopReason('who asked'),
    iteration: iteration(),
    global: global(),
  },
);

export const stopForced = defineEvent(
  'stop_forced',
  'A stop was forced (a second signal, a cancellation, the time budget): the agent is ended now.',
  { iteration: iteration(), global: global() },
);

export const hookFailed = defineEvent(
  'hook_failed',
  'A pre- or post-session hook failed (the first failing command; later ones did not run).',
  {
    phase: oneOf(HOOK_PHASES, 'which hooks'),
    iteration: iteration(),
    global: global().optional().describe("the session's number (post_session only)"),
    command: str('the failing command'),
    exitCode: int('its exit code'),
    timedOut: bool('it ran past `hooks.timeout_secs`'),
    interrupted: bool('a stop request ended it (not counted as a failure)'),
    stderrTail: str('the end of its standard error'),
    consecutive: count('pre-session failures in a row (pre_session only)').optional(),
  },
);

export const orphanGroupKilled = defineEvent(
  'orphan_group_killed',
  "On start: the agent's process group a dead harness left running was ended.",
  {
    pgid: int('the process group'),
    previous_pid: int("the dead harness's process id"),
    ended_with: oneOf(ENDED_WITH, 'already gone, SIGTERM sufficed, or SIGKILL'),
  },
);

export const orphanDescendantsKilled = defineEvent(
  'orphan_descendants_killed',
  "On start: descendants that had left the dead harness's agent group were ended.",
  { count: count('processes ended'), previous_pid: int("the dead harness's process id") },
);

export const orphanProcessesKilled = defineEvent(
  'orphan_processes_killed',
  'On start: processes a dead run left were ended: carrying its containment cookie, or in its cgroup.',
  { count: count('processes ended'), previous_pid: int("the dead harness's process id") },
);

export const isolationSwept = defineEvent(
  'isolation_swept',
  'On an isolated start: what a killed harness left under `agent.isolation = "user"` was undone: every process ' +
    'of its user ended, its files handed back, its ACL entries removed, the user and its home deleted.',
  {
    user: str("the dead run's user (`agent-harness-<8 hex>`)"),
    uid: int('its uid (absent when the harness died before making it)').optional(),
    roots: z
      .array(z.string())
      .describe('the trees it had been given (the working tree, the directories `agent.env` names)'),
    processes: count('processes of that user still running'),
    previous_pid: int("the dead harness's process id"),
  },
);

export const LOOP_EVENTS = [
  loopStart,
  loopEnd,
  stopRequested,
  stopForced,
  hookFailed,
  orphanGroupKilled,
  orphanDescendantsKilled,
  orphanProcessesKilled,
  isolationSwept,
] as const;
