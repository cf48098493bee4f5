import { mkdtempSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { formatLine } from '../../../src/platform/local/console-logger.js';
import { sweepStaleTemps, writeFileAtomic } from '../../../src/state/atomic.js';
import { CounterFileError, readCounter, writeCounter } from '../../../src/state/counter.js';
import type { StatusDocument } from '../../../src/state/status.js';
import { formatBytes, formatStatus } from '../../../src/state/status-display.js';

const dir = () => mkdtempSync(join(tmpdir(), 'ah-state-'));

describe('counter', () => {
  it('reads a missing or empty file as 0 and round-trips', async () => {
    const d = dir();
    expect(await readCounter(join(d, 'c'))).toBe(0);
    writeFileSync(join(d, 'c'), '\n');
    expect(await readCounter(join(d, 'c'))).toBe(0);
    await writeCounter(join(d, 'c'), 362);
    expect(readFileSync(join(d, 'c'), 'utf8')).toBe('362\n');
    expect(await readCounter(join(d, 'c'))).toBe(362);
  });
  it('rejects a corrupt counter with the fix in the message', async () => {
    const d = dir();
    writeFileSync(join(d, 'c'), 'abc');
    await expect(readCounter(join(d, 'c'))).rejects.toThrow(CounterFileError);
    await expect(readCounter(join(d, 'c'))).rejects.toThrow(/expected a non-negative integer, found "abc"/);
  });
  it('sweeps temp files left by dead writers, and only those', async () => {
    const d = dir();
    const dead = 2 ** 22 + 12345; // above Linux's default pid_max: no such process
    writeFileSync(join(d, `.harness.status.${dead}.3.tmp`), '{');
    writeFileSync(join(d, `.harness.status.${process.pid}.4.tmp`), '{');
    writeFileSync(join(d, `.other.${process.ppid}.1.tmp`), '{');
    writeFileSync(join(d, 'notes.tmp'), 'x');
    expect(await sweepStaleTemps(d)).toBe(1);
    expect(readdirSync(d).sort()).toEqual(
      [`.harness.status.${process.pid}.4.tmp`, `.other.${process.ppid}.1.tmp`, 'notes.tmp'].sort(),
    );
  });

  it('atomic writes leave no temp files behind', async () => {
    const d = dir();
    for (let i = 0; i < 20; i++) await writeFileAtomic(join(d, 'f'), String(i));
    expect(readdirSync(d)).toEqual(['f']);
    expect(readFileSync(join(d, 'f'), 'utf8')).toBe('19');
  });
});

describe('console format', () => {
  it('matches the seed: [ts] [LEVEL] key=value, quoting values with spaces', () => {
    const ts = Date.parse('2026-02-14T23:15:00Z');
    expect(formatLine(ts, 'info', { iteration: 14, global: 362, status: 'starting' })).toBe(
      '[2026-02-14T23:15:00Z] [INFO]  iteration=14 global=362 status=starting',
    );
    expect(formatLine(ts, 'error', { watchdog: 'killed', stale_mins: 20 })).toBe(
      '[2026-02-14T23:15:00Z] [ERROR] watchdog=killed stale_mins=20',
    );
    expect(formatLine(ts, 'warn', { msg: 'a b', skip: undefined })).toBe(
      '[2026-02-14T23:15:00Z] [WARN]  msg="a b"',
    );
  });
});

describe('--status display', () => {
  const status: StatusDocument = {
    pid: 12345,
    state: 'session_running',
    // The document counts as events, hooks and log lines do (0-based: the 14th iteration is 13); so does the display.
    iteration: 13,
    max_iterations: 25,
    global_iteration: 362,
    output_file: 'claude-iteration-362.jsonl',
    output_bytes: 49331,
    session_start: '2026-02-14T23:15:00Z',
    last_update: '2026-02-14T23:18:30Z',
    last_completed_iteration: 361,
    last_committed: true,
    consecutive_rate_limits: 0,
    started_at: '2026-02-14T19:36:00Z',
    productive: 13,
    agent_pgid: 54321,
    last_outcome: 'productive',
    last_commit_evidence: 'bd-finish detected',
    backoff_until: null,
    stop_reason: null,
  };
  it('prints the seed display for a running loop', () => {
    const text = formatStatus(status, {
      alive: true,
      currentOutputBytes: 49_400,
      nowMs: Date.parse('2026-02-14T23:18:30Z'),
    });
    expect(text).toBe(
      [
        'Loop state: running (PID 12345)',
        'Current iteration: iteration=13 global=362 (13 of 25 done)',
        'Session output: 48.2 KB (growing)',
        'Uptime: 3h 42m',
        'Last completed: global=361 — committed (bd-finish detected)',
      ].join('\n'),
    );
  });
  it('says the loop is not running when its PID is gone', () => {
    const text = formatStatus(status, { alive: false, currentOutputBytes: null, nowMs: 0 });
    expect(text.split('\n')[0]).toBe(
      'Loop state: not running (PID 12345 is gone; last recorded state: session_running)',
    );
    expect(text).not.toContain('Uptime');
  });
  it('numbers iterations and sessions as the log lines do (0-based), and counts what is done', () => {
    const shown = (state: StatusDocument['state'], iteration: number) =>
      formatStatus(
        { ...status, state, iteration },
        { alive: true, currentOutputBytes: null, nowMs: 0 },
      ).split('\n')[1];
    expect(shown('starting', 0)).toBe('Iterations: 0 of 25 done');
    for (const state of [
      'pre_hooks',
      'session_running',
      'retrying',
      'post_hooks',
      'rate_limited_backoff',
      'failure_backoff',
    ] as const)
      expect(shown(state, 0)).toBe('Current iteration: iteration=0 global=362 (0 of 25 done)');
    expect(shown('idle', 1)).toBe('Iterations: 1 of 25 done');
    expect(shown('session_running', 1)).toBe('Current iteration: iteration=1 global=362 (1 of 25 done)');
    expect(shown('stopped', 25)).toBe('Iterations: 25 of 25 done');
  });
  it("ends with the global counter as the run's last line names it: the number the next session uses", () => {
    // After a run whose last session was 4: its last line said "(global counter: 5)", and so does --status.
    const ended = formatStatus(
      { ...status, state: 'stopped', stop_reason: 'completed', iteration: 25, global_iteration: 4 },
      { alive: false, currentOutputBytes: null, nowMs: 0, counter: 5 },
    ).split('\n');
    expect(ended).toContain('Global counter: 5 (the number the next session uses)');
    expect(ended.join('\n')).not.toMatch(/global: 4\b/);
  });
  it('shows a failure backoff and why the last session failed', () => {
    const text = formatStatus(
      {
        ...status,
        state: 'failure_backoff',
        consecutive_failures: 2,
        backoff_until: '2026-02-14T23:19:00Z',
        last_outcome: 'failed',
        last_committed: false,
        last_failure: 'transient/overloaded: API Error: 529 overloaded_error',
      },
      { alive: true, currentOutputBytes: null, nowMs: Date.parse('2026-02-14T23:18:30Z') },
    );
    expect(text.split('\n')).toEqual([
      'Loop state: failure_backoff (PID 12345)',
      'Current iteration: iteration=13 global=362 (13 of 25 done)',
      'Failed: 2 in a row, backing off until 2026-02-14T23:19:00Z',
      'Last failure: transient/overloaded: API Error: 529 overloaded_error',
      'Uptime: 3h 42m',
      'Last completed: global=361 — failed, no commit',
    ]);
  });
  it('formats sizes', () => {
    expect(formatBytes(512)).toBe('512 B');
    expect(formatBytes(1536)).toBe('1.5 KB');
    expect(formatBytes(3 * 1024 ** 3)).toBe('3.0 GB');
  });
});
