// The event log's schema: every event validates in the shape the loop writes it, the writer stamps the version,
// and the one reader is tolerant: torn or mismatched lines are skipped and counted, unknown events kept aside,
// version-0 lines (no `v`) and lines of a newer version read leniently. The shared value sets agree with the
// types the agents, the loop and the task list use.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, expectTypeOf, it } from 'vitest';
import type { FailureInfo, FailureKind, FailureReason, RateLimitInfo } from '../../../src/agents/types.js';
import type { Outcome } from '../../../src/loop/policy.js';
import type { EndReason } from '../../../src/loop/session.js';
import type { RecoveryResult } from '../../../src/tasks/recovery.js';
import { FileEventLog, eventLine, type HarnessEvent } from '../../../src/state/event-log.js';
import { sessionComplete } from '../../support/event-samples.js';
import { REVIEW_SAMPLES } from './review-event-samples.js';
import {
  type FailureSource,
  type RateLimitSource,
  type SessionEndReason,
  type SessionOutcome,
  type TASK_RECOVERY_OUTCOMES,
} from '../../../src/state/events/enums.js';
import { parseEventLine, parseEventLog, readEventLog } from '../../../src/state/events/read.js';
import { eventLogReferenceMarkdown } from '../../../src/state/events/reference.js';
import {
  EVENT_LOG_VERSION,
  EVENT_NAMES,
  EVENT_SCHEMAS,
  type EventName,
} from '../../../src/state/events/schema.js';
import { strictEvents, strictLineProblems } from '../../support/event-log-check.js';

const dirs: string[] = [];
/** A scratch directory removed after each test. */
function scratch(): string {
  const dir = mkdtempSync(join(tmpdir(), 'ah-events-'));
  dirs.push(dir);
  return dir;
}
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** One event of every kind, as the loop and the task list write them. */
const SAMPLES: { [N in EventName]: Extract<HarnessEvent, { event: N }> } = {
  loop_start: { event: 'loop_start', max_iterations: 5, global: 0, pid: 4242 },
  loop_end: {
    event: 'loop_end',
    reason: 'completed',
    exit_code: 0,
    productive: 5,
    iterations: 5,
    global: 5,
    trailing_rate_limits: 0,
    failures: 0,
  },
  stop_requested: { event: 'stop_requested', reason: 'stop_file', iteration: 1, global: 1 },
  stop_forced: { event: 'stop_forced', iteration: 1, global: 1 },
  hook_failed: {
    event: 'hook_failed',
    phase: 'pre_session',
    iteration: 0,
    command: 'false',
    exitCode: 1,
    timedOut: false,
    interrupted: false,
    stderrTail: '',
    consecutive: 1,
  },
  orphan_group_killed: { event: 'orphan_group_killed', pgid: 100, previous_pid: 99, ended_with: 'term' },
  orphan_descendants_killed: { event: 'orphan_descendants_killed', count: 2, previous_pid: 99 },
  orphan_processes_killed: { event: 'orphan_processes_killed', count: 1, previous_pid: 99 },
  isolation_swept: {
    event: 'isolation_swept',
    user: 'agent-harness-0123abcd',
    uid: 990,
    roots: ['/work/repo'],
    processes: 2,
    previous_pid: 99,
  },
  session_complete: sessionComplete(7, {
    iteration: 0,
    output_bytes: 1234,
    duration_secs: 12.5,
    committed: true,
    turns: 3,
    tool_calls: 2,
    input_tokens: 100,
    output_tokens: 50,
    cost_usd: 0.01,
    agent_duration_ms: 12000,
    task_id: 'task-001',
    commit_evidence: 'head',
    commit_pattern: null,
    commit_text: null,
    commit_branches: [],
    head_before: 'a'.repeat(40),
    head_after: 'b'.repeat(40),
  }),

  empty_retry: { event: 'empty_retry', iteration: 0, global: 1, retry: 1, output_bytes: 0 },
  iteration_skipped: { event: 'iteration_skipped', iteration: 0, global: 3, reason: 'empty', retries: 2 },
  rate_limited: {
    event: 'rate_limited',
    iteration: 0,
    global: 2,
    consecutive: 1,
    source: 'api_status',
    resets_at: null,
    wait_ms: 1000,
    basis: 'backoff',
  },
  session_failed: {
    event: 'session_failed',
    iteration: 0,
    global: 2,
    consecutive: 1,
    kind: 'fatal',
    reason: 'authentication',
    source: 'api_status',
    detail: '401',
    wait_ms: 0,
    fix: 'log in',
  },
  watchdog_kill: { event: 'watchdog_kill', reason: 'watchdog', iteration: 0, global: 0, after_ms: 30000 },
  work_kept: {
    event: 'work_kept',
    iteration: 0,
    global: 3,
    reason: 'time_budget',
    ref: 'refs/agent-harness/wip/0a1b2c3d-3',
    commit: '0123456789abcdef0123456789abcdef01234567',
  },
  task_recovered: { event: 'task_recovered', task_id: 'task-001', outcome: 'resume' },
  task_started: { event: 'task_started', task_id: 'task-001', attempt: 1, base: null },
  task_completed: {
    event: 'task_completed',
    task_id: 'task-001',
    commit: 'c'.repeat(40),
    validation: 'pass',
  },
  task_failed: {
    event: 'task_failed',
    task_id: 'task-001',
    category: 'TEST_FAIL',
    message: 'x',
    attempts: 1,
  },
  task_stats: {
    event: 'task_stats',
    reason: 'tasks_done',
    tasks_total: 3,
    completed: 3,
    failed: 0,
    pending: 0,
    blocked: 0,
    attempts_total: 3,
    checkpoints: 0,
  },
  ...REVIEW_SAMPLES,
};

/** An object less one key. */
const without = (value: object, key: string): Record<string, unknown> =>
  Object.fromEntries(Object.entries(value).filter(([k]) => k !== key));

const line = (event: HarnessEvent) => JSON.stringify(eventLine(event, Date.UTC(2026, 0, 2, 3, 4, 5, 678)));

describe('the event schemas', () => {
  it('have one sample per event, and every sample is a strict line of the current version', () => {
    expect(Object.keys(SAMPLES).sort()).toEqual([...EVENT_NAMES].sort());
    for (const event of Object.values(SAMPLES))
      expect(strictLineProblems(line(event)), event.event).toEqual([]);
  });

  it('the writer takes only events of the union: a wrong field type, a missing field or an unknown event fails to compile', () => {
    const emitted: HarnessEvent[] = [
      // @ts-expect-error pid is a number
      { event: 'loop_start', max_iterations: 1, global: 0, pid: '1' },
      // @ts-expect-error loop_end needs exit_code and the rest
      { event: 'loop_end', reason: 'completed' },
      // @ts-expect-error no such event
      { event: 'loop_paused', global: 0 },
      // @ts-expect-error outcome is one of the session outcomes
      { ...SAMPLES.session_complete, outcome: 'great' },
    ];
    expect(emitted).toHaveLength(4);
  });

  it('the writer stamps ts (whole seconds) and the version on every line', async () => {
    const path = join(scratch(), 'events.jsonl');
    const log = new FileEventLog(path, () => Date.UTC(2026, 0, 2, 3, 4, 5, 678));
    await log.emit(SAMPLES.loop_start);
    await log.emit(SAMPLES.session_complete);
    const written = strictEvents(readFileSync(path, 'utf8'));
    expect(written.map((e) => [e.ts, e.v])).toEqual([
      ['2026-01-02T03:04:05Z', EVENT_LOG_VERSION],
      ['2026-01-02T03:04:05Z', EVENT_LOG_VERSION],
    ]);
    const read = await readEventLog(path);
    expect(read).toMatchObject({ invalid: 0, unknown: 0 });
    expect(read.events).toEqual(written);
  });

  it('the strict check names a field of the wrong type, a missing one and an undeclared one', () => {
    const wrong = { ...eventLine(SAMPLES.loop_start, 0), pid: '4242' };
    expect(strictLineProblems(JSON.stringify(wrong))).toEqual([
      'pid: Invalid input: expected number, received string',
    ]);
    const missing = without(eventLine(SAMPLES.loop_end, 0), 'exit_code');
    expect(strictLineProblems(JSON.stringify(missing))[0]).toMatch(/^exit_code: /);
    const extra = { ...eventLine(SAMPLES.stop_forced, 0), surprise: 1 };
    expect(strictLineProblems(JSON.stringify(extra))).toEqual([
      'surprise: not declared in the stop_forced schema',
    ]);
    expect(strictLineProblems(JSON.stringify(SAMPLES.stop_forced))).toEqual(['v is undefined, not 1']);
    const badEnum = { ...eventLine(SAMPLES.session_complete, 0), outcome: 'great' };
    expect(strictLineProblems(JSON.stringify(badEnum))[0]).toMatch(/^outcome: /);
    expect(() => strictEvents(`${line(SAMPLES.loop_start)}\n${JSON.stringify(wrong)}\n`)).toThrow(
      /line 2: pid/,
    );
  });
});

describe('reading the log', () => {
  it('reads a version-0 line (no v, no ts, fields an early harness did not write) leniently', () => {
    const parsed = parseEventLine('{"event":"session_complete","global":3,"outcome":"productive"}');
    expect(parsed).toEqual({
      kind: 'event',
      event: { event: 'session_complete', global: 3, outcome: 'productive' },
    });
    // Lenient is not loose: a field that is there still has its type.
    expect(parseEventLine('{"event":"session_complete","global":"3"}')).toMatchObject({ kind: 'invalid' });
  });

  it('checks a line of the current version strictly: a missing field makes it invalid', () => {
    const partial = without(eventLine(SAMPLES.session_complete, 0), 'global');
    expect(parseEventLine(JSON.stringify(partial))).toMatchObject({
      kind: 'invalid',
      problem: expect.stringMatching(/^session_complete: global: /) as unknown,
    });
  });

  it('reads a line of a newer version leniently, dropping fields it does not know', () => {
    const newer = {
      ...without(eventLine(SAMPLES.loop_start, 0), 'pid'),
      v: EVENT_LOG_VERSION + 1,
      host: 'x',
    };
    const parsed = parseEventLine(JSON.stringify(newer));
    expect(parsed).toMatchObject({ kind: 'event', event: { event: 'loop_start', global: 0 } });
    expect(parsed.kind === 'event' && 'host' in parsed.event).toBe(false);
  });

  it('skips and counts lines that are not JSON, not objects or not events, and keeps unknown events aside', () => {
    const text = [
      line(SAMPLES.loop_start),
      '{"event":"session_complete","glo', // torn by a crash
      'not json',
      '[1,2]',
      '{"no_event":true}',
      JSON.stringify({ ...eventLine(SAMPLES.stop_forced, 0), global: -1 }),
      '{"event":"review_started","v":2}', // a newer harness's event
      '',
      line(SAMPLES.loop_end),
    ].join('\n');
    const read = parseEventLog(text);
    expect(read.events.map((e) => e.event)).toEqual(['loop_start', 'loop_end']);
    expect(read.invalid).toBe(5);
    expect(read.unknown).toBe(1);
    expect(read.problems).toEqual([
      'line 2: not JSON',
      'line 3: not JSON',
      'line 4: not a JSON object',
      'line 5: no `event` name',
      expect.stringMatching(/^line 6: stop_forced: global: /) as unknown,
    ]);
  });

  it('an absent log is empty', async () => {
    expect(await readEventLog(join(tmpdir(), 'ah-no-such-dir', 'events.jsonl'))).toEqual({
      events: [],
      invalid: 0,
      problems: [],
      unknown: 0,
    });
  });

  it('a log on disk with every kind of line reads the same as its text', async () => {
    const path = join(scratch(), 'events.jsonl');
    const text = `${Object.values(SAMPLES).map(line).join('\n')}\nnot json\n`;
    writeFileSync(path, text);
    const read = await readEventLog(path);
    expect(read.events).toHaveLength(EVENT_NAMES.size);
    expect(read.invalid).toBe(1);
  });
});

describe('the shared value sets', () => {
  it('are the types the agents, the loop and the task list use', () => {
    expectTypeOf<SessionOutcome>().toEqualTypeOf<Outcome>();
    expectTypeOf<SessionEndReason>().toEqualTypeOf<EndReason>();
    expectTypeOf<Extract<HarnessEvent, { event: 'session_failed' }>['kind']>().toEqualTypeOf<FailureKind>();
    expectTypeOf<
      Extract<HarnessEvent, { event: 'session_failed' }>['reason']
    >().toEqualTypeOf<FailureReason>();
    expectTypeOf<FailureSource>().toEqualTypeOf<FailureInfo['source']>();
    expectTypeOf<RateLimitSource>().toEqualTypeOf<RateLimitInfo['source']>();
    expectTypeOf<(typeof TASK_RECOVERY_OUTCOMES)[number]>().toEqualTypeOf<RecoveryResult['outcome']>();
  });
});

describe('the reference', () => {
  it('documents every event and every field', () => {
    const doc = eventLogReferenceMarkdown();
    for (const schema of EVENT_SCHEMAS) {
      expect(doc).toContain(`### \`${schema.shape.event.value}\``);
      for (const field of Object.keys(schema.shape).filter((f) => f !== 'event'))
        expect(doc, `${schema.shape.event.value}.${field}`).toContain(`| \`${field}\` |`);
    }
    expect(doc).toContain(
      `| \`global\` | integer ≥ 0 | optional | the session's number (post_session only) |`,
    );
    expect(doc).toContain('| `failure_detail` | string | nullable |');
    expect(doc).toContain('| `head_after` | string | optional, nullable |');
  });
});
