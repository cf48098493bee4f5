import { describe, expect, it } from 'vitest';
import {
  escapeCell,
  progressMarkdown,
  progressTable,
  progressText,
} from '../../../src/review/progress-table.js';
import {
  emptyProgress,
  newTaskProgress,
  type GateRecord,
  type PlanProgress,
  type Spend,
} from '../../../src/review/progress.js';
import { planOf } from './fixtures.js';

const spend = (cost: number, input: number, output: number, unpriced = 0): Spend => ({
  sessions: 1,
  cost_usd: cost,
  input_tokens: input,
  output_tokens: output,
  unpriced_sessions: unpriced,
});
const passed: GateRecord = { passed: true, failed_at: null, steps: [] };
const failedVerify: GateRecord = {
  passed: false,
  failed_at: 'verify.sh',
  steps: [
    { script: 'build.sh', exit_code: 0, timed_out: false, duration_ms: 10 },
    { script: 'verify.sh', exit_code: 1, timed_out: false, duration_ms: 20 },
  ],
};
const buildTimedOut: GateRecord = {
  passed: false,
  failed_at: 'build.sh',
  steps: [{ script: 'build.sh', exit_code: 124, timed_out: true, duration_ms: 30 }],
};

/** a: done on its second try (gate failed first); b: escalated after two failed reviews; c: not started. */
function sample(): { plan: ReturnType<typeof planOf>; progress: PlanProgress } {
  const plan = planOf(['a', [], 'done'], ['b', ['a'], 'doing'], ['c', ['b']]);
  const progress: PlanProgress = {
    ...emptyProgress(plan.id),
    planning: spend(0.5, 1000, 200),
    tasks: {
      a: {
        ...newTaskProgress(2),
        tries: [
          { n: 1, develop: spend(0.1, 100, 10), gate: failedVerify, decision: 'retry' },
          {
            n: 2,
            develop: spend(0.2, 200, 20),
            gate: passed,
            review: spend(0.05, 50, 5),
            verdict: 'PASS',
            decision: 'done',
          },
        ],
      },
      b: {
        ...newTaskProgress(2),
        tries: [
          { n: 1, develop: spend(1, 1000, 100), gate: passed, review: spend(0, 0, 0, 1), verdict: 'FAIL' },
          { n: 2, develop: spend(1, 1000, 100), gate: buildTimedOut },
        ],
        escalated: { at: 'x', why: 'no', review_file: null, gate_output: 'boom', tries: 2 },
      },
    },
  };
  return { plan, progress };
}

describe('progressTable', () => {
  it('shows a gate refused for changed scripts, and a pass with changed scripts (review.allow_gate_changes)', () => {
    const { plan } = sample();
    const step = (script: 'build.sh' | 'verify.sh', exit_code: number) => ({
      script,
      exit_code,
      timed_out: false,
      duration_ms: 1,
    });
    const progress = {
      ...emptyProgress('p'),
      tasks: {
        a: {
          ...newTaskProgress(3),
          tries: [
            {
              n: 1,
              gate: {
                passed: false,
                failed_at: 'verify.sh' as const,
                steps: [],
                changed: [{ script: 'verify.sh' as const, what: ['content' as const] }],
              },
            },
            {
              n: 2,
              gate: {
                passed: false,
                failed_at: 'build.sh' as const,
                steps: [step('build.sh', 0), step('verify.sh', 0)],
                changed: [{ script: 'build.sh' as const, what: ['content' as const] }],
              },
            },
            {
              n: 3,
              gate: {
                passed: false,
                failed_at: 'verify.sh' as const,
                steps: [step('build.sh', 0), step('verify.sh', 1)],
                changed: [{ script: 'verify.sh' as const, what: ['content' as const] }],
              },
            },
            {
              n: 4,
              gate: {
                passed: true,
                failed_at: null,
                steps: [step('build.sh', 0), step('verify.sh', 0)],
                changed: [
                  { script: 'build.sh' as const, what: ['exec bit' as const] },
                  { script: 'verify.sh' as const, what: ['content' as const] },
                ],
              },
            },
          ],
        },
      },
    };
    expect(progressTable(plan, progress).rows[0]!.tries.map((t) => t.gate)).toEqual([
      'refused (verify.sh changed)',
      'refused (build.sh changed)',
      'failed at verify.sh',
      'pass (build.sh and verify.sh changed)',
    ]);
  });

  it('gives each task its status, tries, gate results, verdicts and spend, and the totals', () => {
    const { plan, progress } = sample();
    const table = progressTable(plan, progress, { maxTries: 3 });
    expect(table.rows.map((r) => [r.id, r.status, r.triesUsed, r.maxTries])).toEqual([
      ['a', 'done', 2, 2],
      ['b', 'needs human', 2, 2],
      ['c', 'todo', 0, 3],
    ]);
    expect(table.rows[0]!.tries).toEqual([
      { n: 1, gate: 'failed at verify.sh', verdict: '—' },
      { n: 2, gate: 'pass', verdict: 'PASS' },
    ]);
    expect(table.rows[1]!.tries).toEqual([
      { n: 1, gate: 'pass', verdict: 'FAIL' },
      { n: 2, gate: 'failed at build.sh (timed out)', verdict: '—' },
    ]);
    expect(table.rows[0]!.spend).toMatchObject({ sessions: 3, cost_usd: 0.35, input_tokens: 350 });
    expect(table.rows[1]!.spend).toMatchObject({ sessions: 3, cost_usd: 2, unpriced_sessions: 1 });
    expect(table.tasks).toMatchObject({ cost_usd: 2.35, input_tokens: 2350, output_tokens: 235 });
    expect(table.total).toMatchObject({
      sessions: 7,
      cost_usd: 2.85,
      input_tokens: 3350,
      output_tokens: 435,
      unpriced_sessions: 1,
    });
  });

  it('shows the tries used alone when the maximum is unknown', () => {
    const plan = planOf(['a', []]);
    expect(progressTable(plan, emptyProgress(plan.id)).rows[0]).toMatchObject({
      triesUsed: 0,
      maxTries: null,
    });
  });
});

describe('progressMarkdown', () => {
  it('renders the known table', () => {
    const { plan, progress } = sample();
    expect(progressMarkdown(plan, progress, { maxTries: 3 })).toBe(
      [
        '| Task | Title | Status | Tries | Gate | Verdict | Cost | Tokens |',
        '| --- | --- | --- | ---: | --- | --- | ---: | ---: |',
        '| a | task a | done | 2/2 | #1 failed at verify.sh<br>#2 pass | #1 —<br>#2 PASS | $0.3500 | 350 in / 35 out |',
        '| b | task b | needs human | 2/2 | #1 pass<br>#2 failed at build.sh (timed out) | #1 FAIL<br>#2 — | ≥ $2.0000 | 2,000 in / 200 out |',
        '| c | task c | todo | 0/3 | — | — | $0.0000 | 0 in / 0 out |',
        '| planning |  |  |  |  |  | $0.5000 | 1,000 in / 200 out |',
        '| **total** |  | 1/3 done |  |  |  | **≥ $2.8500** | **3,350 in / 435 out** |',
      ].join('\n'),
    );
  });

  it('cannot be broken by a hostile title: pipes, backticks, newlines, HTML and links are escaped', () => {
    const plan = planOf(['a', []]);
    plan.tasks[0]!.title =
      'x | y `code`\n| evil | row |\n<img src=x onerror=alert(1)> [click](http://e.vil) **b**';
    const md = progressMarkdown(plan, emptyProgress(plan.id));
    const lines = md.split('\n');
    expect(lines).toHaveLength(5); // header, rule, one task, planning, total: no injected row
    const row = lines[2]!;
    // Every unescaped pipe is a cell border: exactly 9 for 8 columns.
    expect(row.match(/(?<!\\)\|/g)).toHaveLength(9);
    expect(row).not.toMatch(/<img|(?<!\\)`|(?<!\\)\[/);
    expect(row).toContain('&lt;img src=x onerror=alert\\(1\\)&gt;');
    expect(escapeCell('a\u202eb\u0007c')).toBe('abc');
    expect(escapeCell('x'.repeat(300))).toHaveLength(200);
  });
});

describe('progressText', () => {
  it('aligns the columns for a terminal, one line per try', () => {
    const { plan, progress } = sample();
    expect(progressText(plan, progress).split('\n')).toEqual([
      'TASK      TITLE   STATUS       TRIES  GATE                               VERDICT       COST              TOKENS',
      'a         task a  done           2/2  #1 failed at verify.sh             #1 —       $0.3500     350 in / 35 out',
      '                                      #2 pass                            #2 PASS',
      'b         task b  needs human    2/2  #1 pass                            #1 FAIL  ≥ $2.0000  2,000 in / 200 out',
      '                                      #2 failed at build.sh (timed out)  #2 —',
      'c         task c  todo             0  —                                  —          $0.0000        0 in / 0 out',
      'planning                                                                            $0.5000  1,000 in / 200 out',
      'total             1/3 done                                                        ≥ $2.8500  3,350 in / 435 out',
    ]);
  });

  it('lines up ids and titles of different lengths, wide characters counted as two columns', () => {
    const plan = planOf(['1_a', []], ['2_a_much_longer_task_id', ['1_a']], ['3_b', ['1_a']]);
    plan.tasks[0]!.title = 'Short';
    plan.tasks[1]!.title = 'A much longer title for the second task';
    plan.tasks[2]!.title = 'CSV 导出';
    const lines = progressText(plan, emptyProgress(plan.id)).split('\n');
    expect(lines).toEqual([
      'TASK                     TITLE                                    STATUS    TRIES  GATE  VERDICT     COST        TOKENS',
      '1_a                      Short                                    todo          0  —     —        $0.0000  0 in / 0 out',
      '2_a_much_longer_task_id  A much longer title for the second task  todo          0  —     —        $0.0000  0 in / 0 out',
      '3_b                      CSV 导出                                 todo          0  —     —        $0.0000  0 in / 0 out',
      'planning                                                                                          $0.0000  0 in / 0 out',
      'total                                                             0/3 done                        $0.0000  0 in / 0 out',
    ]);
    // Every task line's STATUS starts in the header's STATUS column (the CJK title takes 8 columns for 6 characters).
    const column = lines[0]!.indexOf('STATUS');
    for (const line of lines.slice(1, 3)) expect(line.indexOf('todo')).toBe(column);
    expect(lines[3]!.indexOf('todo')).toBe(column - 2);
  });

  it('keeps a title with line breaks on one line', () => {
    const plan = planOf(['a', []]);
    plan.tasks[0]!.title = 'one\ntwo\r\nthree';
    expect(progressText(plan, emptyProgress(plan.id)).split('\n')[1]).toContain('one two three');
  });
});
