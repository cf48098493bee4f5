// What the supervisor prints: a task's line, an event's line, the final table; and what it reads of actions.jsonl.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { newsOf } from '../../../../src/worker/supervisor/action-tail.js';
import { holdUntil } from '../../../../src/worker/supervisor/model-hold.js';
import {
  eventLine,
  finalTable,
  holdLine,
  taskLine,
  type TaskView,
} from '../../../../src/worker/supervisor/progress.js';

const view = (over: Partial<TaskView> = {}): TaskView => ({
  dir: '/t/c19aecbd-5567',
  task_id: 'c19aecbd-5567-46db-a82e-8c7a664090bd',
  status: 'running',
  termination_reason: null,
  iteration: 3,
  max_iterations: 20,
  last_tool: 'write_file',
  heartbeat_age_ms: 1400,
  tokens: 1234,
  restarts: 1,
  pid: 42,
  result: null,
  why: null,
  ...over,
});

describe('progress', () => {
  it('a task line: id, status, iteration, last tool, heartbeat age, tokens, restarts', () => {
    expect(taskLine(view())).toBe(
      'c19aecbd  running    3/20     write_file      hb 1s    1234 tok  restarts 1',
    );
    expect(taskLine(view(), false)).toBe(
      'c19aecbd  running    3/20     write_file      1234 tok  restarts 1',
    );
    expect(taskLine(view({ result: 'gave_up', why: 'stale: stopped; 3 restarts used' }))).toMatch(
      /^c19aecbd {2}gave_up .*\(stale: stopped; 3 restarts used\)$/,
    );
  });
  it('an event line', () => {
    expect(
      eventLine({
        event: 'restart',
        task: 'c19aecbd-55',
        dir: '/x',
        pid: 7,
        why: 'its worker died (SIGKILL)',
      }),
    ).toBe('c19aecbd restart pid=7 why="its worker died (SIGKILL)"');
    expect(eventLine({ event: 'model_hold', until: '2026-11-27T10:00:00.000Z' })).toBe(
      'model held until 2026-11-27T10:00:00.000Z',
    );
  });
  it('the final table', () => {
    expect(
      finalTable([
        view({ result: 'completed', status: 'completed', termination_reason: 'done', why: 'done' }),
      ]),
    ).toBe(
      [
        'TASK      RESULT     STATUS     ITER  REASON  RESTARTS  TOKENS  WHY',
        'c19aecbd  completed  completed  3/20  done    1         1234    done',
      ].join('\n'),
    );
    expect(finalTable([])).toBe('No tasks.');
  });
  it('what new log lines say: a write, the last tool, the tokens', () => {
    const usage = { input_tokens: 10, output_tokens: 5 };
    expect(
      newsOf([
        { results: [{ tool: 'read_file', ok: true, result: '' }], usage },
        {
          results: [{ tool: 'write_file', ok: false, error: 'x' }],
          usage: { input_tokens: null, output_tokens: 1 },
        },
      ]),
    ).toEqual({ lines: 2, wroteFiles: false, lastTool: 'write_file', tokens: 16 });
    expect(newsOf([{ results: [{ tool: 'create_file', ok: true, result: true }] }]).wroteFiles).toBe(true);
  });
});

describe('the model hold file', () => {
  it('holds while its until is in the future; a missing, unreadable or past one does not', () => {
    const dir = mkdtempSync(join(tmpdir(), 'ah-hold-'));
    const path = join(dir, '.model-hold.json');
    const now = Date.parse('2026-11-27T10:00:00.000Z');
    expect(holdUntil(path, now)).toBeNull();
    writeFileSync(path, JSON.stringify({ until: '2026-11-27T10:00:30.000Z', reason: '429' }));
    expect(holdUntil(path, now)).toBe(now + 30_000);
    expect(holdUntil(path, now + 30_000)).toBeNull();
    writeFileSync(path, '{"until": ');
    expect(holdUntil(path, now)).toBeNull();
    expect(holdLine(now)).toBe('model held until 2026-11-27T10:00:00.000Z');
    expect(holdLine(null)).toBeNull();
  });
});
