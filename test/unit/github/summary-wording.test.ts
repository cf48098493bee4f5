// Singular and plural wording in the job summary and its task table: "1 session", "2 sessions", "0 sessions".
import { describe, expect, it } from 'vitest';
import { renderSummary, sessionRow, type SummaryInput } from '../../../src/platform/github/summary/index.js';
import { counted, plural } from '../../../src/platform/github/summary/format.js';
import { type SessionRow } from '../../../src/platform/github/summary/types.js';
import { renderTaskTable } from '../../../src/platform/github/summary/tasks.js';
import { parseEventLine } from '../../../src/state/events/read.js';
import { sampleTask } from '../../support/sample-task.js';

function row(global: number): SessionRow {
  const parsed = parseEventLine(
    JSON.stringify({
      event: 'session_complete',
      global,
      duration_secs: 60,
      outcome: 'productive',
      end_reason: 'exited',
      committed: true,
      cost_usd: 0.1,
    }),
  );
  if (parsed.kind !== 'event' || parsed.event.event !== 'session_complete') throw new Error('not read');
  return sessionRow(parsed.event);
}

const input = (n: number, over: Partial<SummaryInput> = {}): SummaryInput => ({
  sessions: Array.from({ length: n }, (_, i) => row(i + 1)),
  stopReason: 'completed',
  exitCode: 0,
  globalCounter: n,
  productiveThisRun: n,
  maxIterations: n,
  iterations: n,
  ...over,
});

const task = sampleTask;

describe('plural and counted', () => {
  it.each([
    [0, '0 sessions'],
    [1, '1 session'],
    [2, '2 sessions'],
    [1_204, '1,204 sessions'],
  ])('%d -> %j', (n, text) => {
    expect(counted(n, 'session')).toBe(text);
  });

  it('takes an irregular plural', () => {
    expect(counted(1, 'entry', 'entries')).toBe('1 entry');
    expect(counted(2, 'entry', 'entries')).toBe('2 entries');
    expect(plural(0, 'entry', 'entries')).toBe('entries');
  });
});

describe('the summary counts in words', () => {
  it.each([
    [0, '**This run:** 0 sessions, 0 productive iterations (max 0)', 'Completed 0/0 iterations'],
    [1, '**This run:** 1 session, 1 productive iteration (max 1)', 'Completed 1/1 iteration'],
    [2, '**This run:** 2 sessions, 2 productive iterations (max 2)', 'Completed 2/2 iterations'],
  ])('with %d sessions', (n, thisRun, headline) => {
    const md = renderSummary(input(n));
    expect(md).toContain(thisRun);
    expect(md.split('\n')[0]).toBe(`## Agent harness — ${headline}`);
  });

  it.each([
    [0, 1, 'run 2, 1 session, 1 productive'],
    [1, 1, 'run 2, 2 sessions, 2 productive'],
  ])('across runs with %d earlier sessions', (earlier, n, allRuns) => {
    const md = renderSummary(
      input(n, { previous: { runs: 1, sessions: earlier, productive: earlier, costUsd: 0 } }),
    );
    expect(md).toContain(`**All runs:** ${allRuns}`);
  });

  it('folds one earlier session as "1 earlier session"', () => {
    expect(renderSummary(input(3, { maxRows: 2 }))).toContain(
      '_… 1 earlier session not shown (see the event log)._',
    );
    expect(renderSummary(input(3, { maxRows: 1 }))).toContain(
      '_… 2 earlier sessions not shown (see the event log)._',
    );
  });

  it('counts the tasks the table leaves out', () => {
    const tasks = (n: number) => Array.from({ length: n }, (_, i) => task(`task-${i + 1}`));
    expect(renderTaskTable(tasks(200))).not.toContain('more task');
    expect(renderTaskTable(tasks(201))).toContain('… 1 more task in harness-tasks.json');
    expect(renderTaskTable(tasks(202))).toContain('… 2 more tasks in harness-tasks.json');
  });
});
