import { describe, expect, it } from 'vitest';
import {
  lastFailureFrom,
  renderSummary,
  sessionRow,
  type SummaryInput,
} from '../../../src/platform/github/summary/index.js';
import { DEFAULT_SUMMARY_LIMIT_BYTES } from '../../../src/platform/github/summary/document.js';
import {
  escapeMarkdown,
  formatBytes,
  formatCost,
  formatDuration,
} from '../../../src/platform/github/summary/format.js';
import { type SessionRow } from '../../../src/platform/github/summary/types.js';
import { parseEventLine } from '../../../src/state/events/read.js';

const MiB = 1024 * 1024;
const bytes = (text: string) => Buffer.byteLength(text, 'utf8');

/** A session_complete event as the runner writes it. */
function event(global: number, over: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    event: 'session_complete',
    iteration: Math.max(0, global - 101),
    global,
    output_bytes: 48_213,
    exit_code: 0,
    duration_secs: 312.4,
    committed: true,
    retries: 0,
    rate_limited: false,
    outcome: 'productive',
    end_reason: 'exited',
    output_file: `/tmp/harness/transcripts/${global}.jsonl`,
    result_error: false,
    turns: 23,
    tool_calls: 41,
    input_tokens: 120_000,
    output_tokens: 9_000,
    cost_usd: 0.4123,
    agent_duration_ms: 311_000,
    commit_evidence: 'pattern+head',
    ts: '2026-11-21T10:00:00.000Z',
    ...over,
  };
}

/** A row with fields the log's reader would refuse: what a renderer must still escape. */
const strange = (base: SessionRow, over: Record<string, unknown>): SessionRow => ({ ...base, ...over });

/** The summary's row of `event(global, over)` read back as the post step reads the log (state/events). */
function row(global: number, over: Record<string, unknown> = {}): SessionRow {
  const parsed = parseEventLine(JSON.stringify(event(global, over)));
  if (parsed.kind !== 'event' || parsed.event.event !== 'session_complete')
    throw new Error(`not a session_complete line: ${JSON.stringify(parsed)}`);
  return sessionRow(parsed.event);
}

/** A realistic run: two productive sessions, an empty one killed by the watchdog, a rate-limited one. */
const runSessions = (): SessionRow[] => [
  row(101),
  row(102, {
    outcome: 'empty',
    end_reason: 'watchdog',
    duration_secs: 3.24,
    output_bytes: 512,
    turns: 1,
    tool_calls: 0,
    cost_usd: 0.0021,
    committed: false,
  }),
  row(103, {
    outcome: 'rate_limited',
    rate_limited: true,
    duration_secs: 45,
    output_bytes: 2_048,
    turns: 2,
    tool_calls: 1,
    cost_usd: null,
    committed: false,
  }),
  row(104, { duration_secs: 3_723, output_bytes: 3_355_443, turns: 120, tool_calls: 310, cost_usd: 2.5 }),
];

const baseInput = (over: Partial<SummaryInput> = {}): SummaryInput => ({
  sessions: runSessions(),
  stopReason: 'completed',
  exitCode: 0,
  globalCounter: 104,
  productiveThisRun: 2,
  maxIterations: 3,
  iterations: 3,
  artifact: { name: 'harness-logs-42', url: 'https://github.com/o/r/actions/runs/42/artifacts/7' },
  runUrl: 'https://github.com/o/r/actions/runs/42',
  ...over,
});

/** The table's lines (header, separator, rows, totals), split into cells on unescaped pipes. */
function tableCells(md: string): string[][] {
  return md
    .split('\n')
    .filter((line) => line.startsWith('| '))
    .map((line) =>
      line
        .slice(1, -1)
        .split(/(?<!\\)\|/)
        .map((cell) => cell.trim()),
    );
}

function mermaidBlocks(md: string): string[] {
  return [...md.matchAll(/^```mermaid\n([\s\S]*?)\n```$/gm)].map((m) => m[1] as string);
}

describe('sessionRow', () => {
  it('reads every field of a session_complete event', () => {
    expect(row(7)).toEqual({
      iteration: 0,
      global: 7,
      output_bytes: 48_213,
      exit_code: 0,
      duration_secs: 312.4,
      committed: true,
      retries: 0,
      rate_limited: false,
      outcome: 'productive',
      end_reason: 'exited',
      turns: 23,
      tool_calls: 41,
      input_tokens: 120_000,
      output_tokens: 9_000,
      cost_usd: 0.4123,
      commit_evidence: 'pattern+head',
      failure_kind: null,
      failure_reason: null,
      ts: '2026-11-21T10:00:00.000Z',
    });
  });

  it('a line of an older version that lacks fields: each one null', () => {
    const parsed = parseEventLine(JSON.stringify({ event: 'session_complete', global: 9, turns: null }));
    if (parsed.kind !== 'event' || parsed.event.event !== 'session_complete') throw new Error('not read');
    const read = sessionRow(parsed.event);
    expect(read.global).toBe(9);
    for (const key of ['iteration', 'outcome', 'end_reason', 'turns', 'cost_usd', 'ts'] as const)
      expect(read[key], key).toBeNull();
  });

  it('a mistyped line is no row: the reader refuses it before the summary sees it', () => {
    for (const wrong of [{ tool_calls: '12' }, { committed: 'yes' }, { outcome: 42 }])
      expect(parseEventLine(JSON.stringify({ ...event(9), ...wrong })).kind).toBe('invalid');
  });
});

describe('formatting', () => {
  it('durations in h/m/s', () => {
    expect(formatDuration(0.42)).toBe('0.4s');
    expect(formatDuration(3.24)).toBe('3.2s');
    expect(formatDuration(9.97)).toBe('10s');
    expect(formatDuration(45)).toBe('45s');
    expect(formatDuration(312.4)).toBe('5m 12s');
    expect(formatDuration(3_723)).toBe('1h 02m 03s');
    expect(formatDuration(null)).toBe('-');
  });
  it('bytes in binary units', () => {
    expect(formatBytes(0)).toBe('0 B');
    expect(formatBytes(1023)).toBe('1023 B');
    expect(formatBytes(1536)).toBe('1.5 KiB');
    expect(formatBytes(3_355_443)).toBe('3.2 MiB');
    expect(formatBytes(5 * 1024 ** 3)).toBe('5.0 GiB');
    expect(formatBytes(null)).toBe('-');
  });
  it('cost to four decimals', () => {
    expect(formatCost(0.0123)).toBe('$0.0123');
    expect(formatCost(2.5)).toBe('$2.5000');
    expect(formatCost(null)).toBe('-');
  });
});

describe('renderSummary: the sessions table', () => {
  const md = renderSummary(baseInput());
  const cells = tableCells(md);

  it('has one row per session, oldest first, with formatted values', () => {
    expect(cells[0]).toEqual([
      'Session',
      'Outcome',
      'Duration',
      'Output',
      'Turns',
      'Tool calls',
      'Cost',
      'Committed',
    ]);
    expect(cells.slice(2, 6)).toEqual([
      ['101', 'productive', '5m 12s', '47.1 KiB', '23', '41', '$0.4123', 'yes'],
      ['102', 'empty (watchdog)', '3.2s', '512 B', '1', '0', '$0.0021', 'no'],
      ['103', 'rate limited', '45s', '2.0 KiB', '2', '1', '-', 'no'],
      ['104', 'productive', '1h 02m 03s', '3.2 MiB', '120', '310', '$2.5000', 'yes'],
    ]);
  });

  it('ends with a totals row over every session', () => {
    // 312.4 + 3.24 + 45 + 3723 = 4083.64 s; 48213 + 512 + 2048 + 3355443 = 3406216 B; one cost unknown.
    expect(cells[6]).toEqual([
      '**Total** (4)',
      '2 productive, 1 empty, 1 rate limited',
      '1h 08m 04s',
      '3.2 MiB',
      '146',
      '352',
      '$2.9144 (partial)',
      '2 of 4',
    ]);
    expect(cells).toHaveLength(7);
  });

  it('says so when no session ran', () => {
    const empty = renderSummary(baseInput({ sessions: [], productiveThisRun: 0 }));
    expect(empty).toContain('No sessions ran in this run.');
    expect(tableCells(empty)).toEqual([]);
    expect(mermaidBlocks(empty)).toEqual([]);
  });
});

describe('renderSummary: failed sessions', () => {
  const sessions = [
    row(101),
    row(102, {
      outcome: 'failed',
      failure_kind: 'transient',
      failure_reason: 'server_error',
      committed: false,
      duration_secs: 2,
    }),
    row(103, {
      outcome: 'failed',
      failure_kind: 'fatal',
      failure_reason: 'authentication',
      committed: false,
    }),
  ];
  const md = renderSummary(
    baseInput({ sessions, stopReason: 'agent_fatal', exitCode: 9, productiveThisRun: 1 }),
  );
  const cells = tableCells(md);

  it('labels each failed session with its kind and reason, and counts them in the totals', () => {
    expect(cells.slice(2, 5).map((c) => c[1])).toEqual([
      'productive',
      'failed transient: server error',
      'failed fatal: authentication',
    ]);
    expect(cells[5]![1]).toBe('1 productive, 2 failed');
  });

  it('heads the summary with the failure stop and gives failed sessions a series of their own', () => {
    expect(md.split('\n')[0]).toBe('## Agent harness — Stopped: the agent failed in a way no retry fixes');
    const bars = mermaidBlocks(md)[0]!
      .split('\n')
      .filter((l) => l.startsWith('  bar '));
    // Only the outcomes that have a bar get a series; "no bar" is minus the axis top (344 s).
    expect(bars).toEqual(['  bar [312.4, -344, -344]', '  bar [-344, 2, 312.4]']);
    expect(md).toContain('coloured by outcome: green = productive, brown = failed.');
    expect(renderSummary(baseInput({ stopReason: 'failures_exhausted' })).split('\n')[0]).toBe(
      '## Agent harness — Stopped: too many failed sessions in a row',
    );
  });

  it('says why the newest failed session failed and what to fix, with the agent text escaped', () => {
    const events = [
      { event: 'session_failed', global: 7, kind: 'transient', reason: 'overloaded', detail: 'x' },
      {
        event: 'session_failed',
        global: 8,
        kind: 'fatal',
        reason: 'authentication',
        detail: 'Invalid API key · Please run /login | [click](http://evil)',
        fix: "the agent's credentials were refused: check its API key or log in again",
      },
      { event: 'session_complete', global: 8 },
    ];
    const failure = lastFailureFrom(events);
    expect(failure).toMatchObject({ global: 8, kind: 'fatal', reason: 'authentication' });
    const text = renderSummary(baseInput({ stopReason: 'agent_fatal', exitCode: 9, lastFailure: failure }));
    expect(text).toContain(
      '**Last failure (session 8):** fatal authentication: Invalid API key · Please run /login \\| \\[click\\](http://evil)',
    );
    expect(text).toContain(
      "**To fix:** the agent's credentials were refused: check its API key or log in again",
    );
    expect(renderSummary(baseInput())).not.toContain('Last failure');
    expect(lastFailureFrom([{ event: 'session_complete', global: 1 }])).toBeNull();
  });

  it('reads the failure fields of a session_complete event', () => {
    expect(row(1, { outcome: 'failed', failure_kind: 'error', failure_reason: 'crash' })).toMatchObject({
      failure_kind: 'error',
      failure_reason: 'crash',
    });
  });
});

describe('renderSummary: headline, progress, links', () => {
  it.each([
    ['completed', 'Completed 3/3 iterations'],
    ['stop_file', 'Stopped: STOP file'],
    ['stop_label', 'Stopped: STOP label'],
    ['sigint', 'Stopped: interrupted (SIGINT)'],
    ['sigterm', 'Stopped: terminated (SIGTERM)'],
    ['time_budget', 'Stopped: time budget used up'],
    ['rate_limits_exhausted', 'Rate limits exhausted'],
    ['pre_hook_failures', 'Stopped: pre-session hooks kept failing'],
    ['cancelled', 'Cancelled'],
    ['forced', 'Cancelled (forced stop)'],
    ['quota_gone', 'Stopped: quota gone'],
    ['a|b\n# x', 'Stopped: a\\|b \\# x'],
  ])('stop reason %j heads the summary as %j', (stopReason, headline) => {
    const md = renderSummary(baseInput({ stopReason }));
    expect(md.split('\n')[0]).toBe(`## Agent harness — ${headline}`);
  });

  it('counts completed iterations from the input and uses the title', () => {
    const md = renderSummary(baseInput({ title: 'Nightly', iterations: 5, maxIterations: 5 }));
    expect(md.split('\n')[0]).toBe('## Nightly — Completed 5/5 iterations');
  });

  it('shows progress across runs', () => {
    const md = renderSummary(
      baseInput({ previous: { runs: 3, sessions: 100, productive: 60, costUsd: 1.5 } }),
    );
    expect(md).toContain('**This run:** 4 sessions, 2 productive iterations (max 3), cost $2.9144');
    expect(md).toContain(
      '**All runs:** run 4, 104 sessions, 62 productive, cost $4.4144; global session counter 104',
    );
    const first = renderSummary(baseInput());
    expect(first).toContain('**All runs:** global session counter 104');
  });

  it('states the stop reason and exit code', () => {
    const md = renderSummary(baseInput({ stopReason: 'rate_limits_exhausted', exitCode: 3 }));
    expect(md).toContain('**Stop reason:** rate\\_limits\\_exhausted (exit code 3)');
  });

  it('links the artifact, or says it was not uploaded', () => {
    expect(renderSummary(baseInput())).toContain(
      '**Event log artifact:** [harness-logs-42](https://github.com/o/r/actions/runs/42/artifacts/7)',
    );
    expect(renderSummary(baseInput({ artifact: null }))).toContain('**Event log artifact:** not uploaded');
    expect(renderSummary(baseInput({ artifact: undefined }))).toContain(
      '**Event log artifact:** not uploaded',
    );
    expect(renderSummary(baseInput({ artifact: { name: 'logs', url: null } }))).toContain(
      '**Event log artifact:** logs (listed on the [run page](https://github.com/o/r/actions/runs/42#artifacts))',
    );
  });

  it('never links a non-http URL', () => {
    const md = renderSummary(
      baseInput({ artifact: { name: 'logs', url: 'javascript:alert(1)' }, runUrl: 'data:text/html,x' }),
    );
    expect(md).not.toContain('javascript:');
    expect(md).not.toContain('data:text');
    expect(md).toContain("**Event log artifact:** logs (see the run's artifacts)");
  });
});

describe('renderSummary: the chart', () => {
  it('is a well-formed mermaid xychart of durations, one bar series per outcome', () => {
    const md = renderSummary(baseInput());
    const blocks = mermaidBlocks(md);
    expect(blocks).toHaveLength(1);
    expect(md).toMatch(/^```mermaid$/m);
    const lines = (blocks[0] as string).split('\n');
    expect(lines[0]).toMatch(/^%%\{init: .*\}%%$/);
    expect(JSON.parse((lines[0] as string).slice(2, -2).replace(/^\{init: /, '{"init": '))).toBeTruthy();
    expect(lines[1]).toBe('xychart-beta');
    expect(lines).toContain('  x-axis "Global session number" ["101", "102", "103", "104"]');
    // Seconds up to 10 minutes, minutes beyond: 312.4 s -> 5.2, 3.24 s -> 0.1, 45 s -> 0.8, 3723 s -> 62.1.
    expect(lines).toContain('  y-axis "Duration (min)" 0 --> 69');
    // No cancelled session, so no grey series; a session's bar is in its outcome's series only.
    expect(lines.filter((l) => l.startsWith('  bar '))).toEqual([
      '  bar [5.2, -69, -69, 62.1]',
      '  bar [-69, 0.1, -69, -69]',
      '  bar [-69, -69, 0.8, -69]',
    ]);
    expect(lines[0]).toContain('"plotColorPalette": "#1a7f37, #bf8700, #cf222e"');
    expect(md).toContain('coloured by outcome: green = productive, amber = empty, red = rate limited.');
  });

  it('keeps labels free of characters mermaid chokes on', () => {
    // Outcomes the log's reader refuses, as a second line of defence: the renderers escape whatever they get.
    const hostile = [strange(row(1), { outcome: 'we|ird"`\n]' }), { ...row(2), global: null }];
    const md = renderSummary(
      baseInput({ sessions: hostile, title: 'x"]|`\n', stopReason: '"];graph|\n', iterations: 1 }),
    );
    const [block] = mermaidBlocks(md);
    expect(block).toBeDefined();
    for (const line of (block as string).split('\n').slice(1)) {
      for (const label of line.match(/"[^"]*"/g) ?? []) expect(label).toMatch(/^"[A-Za-z0-9 .,:()/+-]*"$/);
      expect(line).not.toMatch(/[|`]/);
    }
    expect(block).toContain('["1", "n2"]');
    // The unknown outcome gets a series of its own and the legend says which colour that is.
    expect((block as string).split('\n').filter((l) => l.startsWith('  bar '))).toHaveLength(2);
    expect(md).toContain('coloured by outcome: green = productive, purple = other or unknown.');
  });

  it('shows only the newest sessions', () => {
    const sessions = Array.from({ length: 120 }, (_, i) => row(i + 1, { duration_secs: i }));
    const [block] = mermaidBlocks(renderSummary(baseInput({ sessions, chartSessions: 30 })));
    const axis = (block as string).split('\n').find((l) => l.startsWith('  x-axis')) as string;
    const categories = axis.match(/"\d+"/g) ?? [];
    expect(categories).toHaveLength(30);
    expect(categories[0]).toBe('"91"');
    expect(categories[29]).toBe('"120"');
    expect((block as string).match(/title "Session durations, last 30 sessions"/)).not.toBeNull();
  });
});

describe('renderSummary: size', () => {
  const outcomes = ['productive', 'empty', 'rate_limited', 'cancelled'];
  const many = (n: number) =>
    Array.from({ length: n }, (_, i) =>
      row(i + 1, {
        outcome: outcomes[i % 4],
        duration_secs: (i % 900) + 0.5,
        cost_usd: 0.01,
        committed: i % 4 === 0,
      }),
    );

  it('stays under 1 MiB with 100,000 sessions, folding the oldest rows into a note', () => {
    const sessions = many(100_000);
    const md = renderSummary(baseInput({ sessions, productiveThisRun: 25_000, maxIterations: 100_000 }));
    expect(bytes(md)).toBeLessThanOrEqual(DEFAULT_SUMMARY_LIMIT_BYTES);
    expect(bytes(md)).toBeLessThan(MiB);
    expect(md).toContain('_… 99,500 earlier sessions not shown (see the event log artifact)._');
    const cells = tableCells(md);
    const rows = cells.slice(2, -1);
    expect(rows).toHaveLength(500);
    expect(rows[0]?.[0]).toBe('99,501');
    expect(rows[499]?.[0]).toBe('100,000');
    // Totals still cover every session of the run.
    expect(cells.at(-1)?.slice(0, 2)).toEqual([
      '**Total** (100,000)',
      '25,000 productive, 25,000 empty, 25,000 rate limited, 25,000 cancelled',
    ]);
    expect(cells.at(-1)?.[6]).toBe('$1000.0000');
    expect(cells.at(-1)?.[7]).toBe('25,000 of 100,000');
    expect(mermaidBlocks(md)).toHaveLength(1);
  });

  it('shows as many rows as the byte limit allows when it is tighter than the row cap', () => {
    const sessions = many(2_000);
    const limitBytes = 12_000;
    const md = renderSummary(baseInput({ sessions, limitBytes }));
    expect(bytes(md)).toBeLessThanOrEqual(limitBytes);
    const shown = tableCells(md).length - 3;
    expect(shown).toBeGreaterThan(10);
    const note = md.match(/_… ([\d,]+) earlier sessions not shown/);
    expect(note).not.toBeNull();
    expect(Number((note?.[1] as string).replace(/,/g, '')) + shown).toBe(2_000);
    // Nearly full: one more row would not have fitted.
    expect(bytes(md)).toBeGreaterThan(limitBytes - 200);
  });

  it('stays within the limit when outside text is huge', () => {
    const huge = `${'|<`'.repeat(400_000)}\n`;
    const md = renderSummary(
      baseInput({
        sessions: many(100_000),
        title: huge,
        stopReason: huge,
        artifact: { name: huge, url: `https://example.com/${'a'.repeat(2_000_000)}` },
        runUrl: `https://example.com/${'b'.repeat(2_000_000)}`,
      }),
    );
    expect(bytes(md)).toBeLessThanOrEqual(DEFAULT_SUMMARY_LIMIT_BYTES);
    expect(md).toContain('earlier sessions not shown');
  });

  it('never exceeds even a tiny limit', () => {
    for (const limitBytes of [0, 50, 700, 3_000]) {
      expect(bytes(renderSummary(baseInput({ sessions: many(300), limitBytes })))).toBeLessThanOrEqual(
        limitBytes,
      );
    }
  });
});

describe('escaping outside text', () => {
  const hostileName = 'a|b <script>alert(1)</script>\n# heading `code` [x](http://evil)';

  it('escapes pipes, HTML, newlines, backticks and link syntax', () => {
    expect(escapeMarkdown(hostileName)).toBe(
      'a\\|b &lt;script&gt;alert(1)&lt;/script&gt; \\# heading \\`code\\` \\[x\\](http://evil)',
    );
  });

  it('keeps hostile names and outcomes from breaking the document', () => {
    const md = renderSummary(
      baseInput({
        title: hostileName,
        stopReason: hostileName,
        artifact: { name: hostileName, url: 'https://github.com/o/r/actions/runs/42/artifacts/7' },
        sessions: [strange(row(1), { outcome: 'odd|outcome<b>\n`x`', end_reason: 'ex|it' })],
      }),
    );
    expect(md).not.toContain('<script>');
    expect(md).not.toContain('<b>');
    expect(md).not.toMatch(/^# heading/m);
    expect(md).not.toMatch(/(?<!\\)`code/);
    expect(md).toContain('a\\|b &lt;script&gt;');
    // Every table line still has exactly eight cells.
    for (const cells of tableCells(md)) expect(cells).toHaveLength(8);
    expect(tableCells(md)[2]?.[1]).toBe('odd\\|outcome&lt;b&gt; \\`x\\` (ex\\|it)');
  });
});

describe('renderSummary: the no-progress stop', () => {
  it('says the loop stopped for want of progress and how many sessions changed nothing', () => {
    const md = renderSummary(baseInput({ stopReason: 'no_progress', exitCode: 19, idleSessions: 3 }));
    expect(md).toContain('— Stopped: no progress (sessions in a row changed nothing)');
    expect(md).toContain('**Idle:** the last 3 sessions changed nothing (no commit, no file, no task done)');
    expect(md).toContain('**Stop reason:** no\\_progress (exit code 19)');
    expect(renderSummary(baseInput({ idleSessions: 0 }))).not.toContain('**Idle:**');
    expect(renderSummary(baseInput())).not.toContain('**Idle:**');
  });
});

describe('renderSummary: a limit the run did not wait for', () => {
  it('says when the limit resets and what the next run does', () => {
    const md = renderSummary(
      baseInput({ stopReason: 'rate_limited', exitCode: 3, resumeAfter: '2026-11-27T17:00:01.000Z' }),
    );
    expect(md).toContain('— Waiting for a limit to reset');
    expect(md).toContain(
      '**Waiting for a limit:** it resets at 2026-11-27T17:00:01.000Z; a run before then exits at once, one after it continues.',
    );
    expect(renderSummary(baseInput())).not.toContain('Waiting for a limit');
  });
});
