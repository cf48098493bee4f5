// The session-history commands as users run them, through the built CLI: in a bash loop's leftovers (its
// claude-iteration-N.jsonl transcripts in the work dir, no config, no ignore file) and with the bash loop's
// tool's command lines (`self-improvement log <file>`, `self-improvement brief --last 5`, ...).
import { execFileSync } from 'node:child_process';
import { copyFileSync, readFileSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { DatabaseSync } from 'node:sqlite';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { describe, it, type ExpectStatic } from 'vitest';
import { makeWorkdir, ROOT, runHarness, type Workdir } from '../support/workdir.js';

const FIXTURES = join(ROOT, 'test', 'fixtures', 'transcripts');

/** A bash loop's leftovers: transcripts named as it names them, copied from real captures. */
function bashLoopDir(): Workdir {
  const w = makeWorkdir({ git: 'no-ignore' });
  copyFileSync(join(FIXTURES, 'real-claude-success.jsonl'), w.path('claude-iteration-1.jsonl'));
  copyFileSync(join(FIXTURES, 'claude-success-tools.jsonl'), w.path('claude-iteration-2.jsonl'));
  copyFileSync(join(FIXTURES, 'real-claude-429.jsonl'), w.path('claude-iteration-3.jsonl'));
  copyFileSync(join(FIXTURES, 'codex-success.jsonl'), w.path('claude-iteration-4.jsonl'));
  writeFileSync(w.path('claude-iteration-5.jsonl'), '');
  return w;
}

const cli = (w: Workdir, ...args: string[]) => runHarness(w, args);

// The tests run side by side, each in a directory of its own: a test is a chain of CLI runs, and one chain leaves
// the machine's second core idle while it waits for each process to start and end.

interface Exported {
  key: string;
  global: number | null;
  format: string | null;
  outcome: string | null;
  turns: number | null;
  narration_turns: number | null;
  committed: boolean | null;
  source: string;
}

async function exported(expect: ExpectStatic, w: Workdir): Promise<Exported[]> {
  const run = await cli(w, 'metrics', 'export', '--format', 'json');
  expect(run.code).toBe(0);
  return JSON.parse(run.stdout) as Exported[];
}

describe.concurrent('metrics ingest', () => {
  it('records each transcript once, says what it did per file, and skips empty ones', async ({ expect }) => {
    const w = bashLoopDir();
    const first = await cli(
      w,
      'metrics',
      'ingest',
      'claude-iteration-1.jsonl',
      'claude-iteration-2.jsonl',
      'claude-iteration-3.jsonl',
      'claude-iteration-4.jsonl',
      'claude-iteration-5.jsonl',
    );
    expect(first.stderr).toBe('');
    expect(first.code).toBe(0);
    const lines = first.stdout.trimEnd().split('\n');
    expect(lines[0]).toMatch(/^recorded claude-iteration-1\.jsonl: session 1, claude, productive, \d+ turns/);
    expect(lines[2]).toMatch(/^recorded claude-iteration-3\.jsonl: session 3, claude, rate_limited/);
    expect(lines[3]).toMatch(/^recorded claude-iteration-4\.jsonl: session 4, codex/);
    expect(lines[4]).toBe('skipped claude-iteration-5.jsonl: 0 bytes, nothing to record');
    expect(lines[5]).toBe('5 files: 4 recorded, 0 already recorded, 1 skipped (0 bytes), 0 errors');
    expect(w.exists('harness-metrics.db')).toBe(true);

    // Again: the same name and content count once; under another name, with content de-duplication, too (without
    // it, a copy under another name is another session: history-rows.test.ts).
    copyFileSync(w.path('claude-iteration-2.jsonl'), w.path('copy-of-2.jsonl'));
    const second = await cli(
      w,
      'metrics',
      'ingest',
      '--dedupe-content',
      'claude-iteration-2.jsonl',
      'copy-of-2.jsonl',
    );
    expect(second.code).toBe(0);
    expect(second.stdout.trimEnd().split('\n')).toEqual([
      'already recorded claude-iteration-2.jsonl',
      'already recorded copy-of-2.jsonl (the same content as claude-iteration-2.jsonl)',
      '2 files: 0 recorded, 2 already recorded, 0 skipped (0 bytes), 0 errors',
    ]);
    const rows = await exported(expect, w);
    expect(rows.map((r) => [r.global, r.format, r.source])).toEqual([
      [1, 'claude', 'ingest'],
      [2, 'claude', 'ingest'],
      [3, 'claude', 'ingest'],
      [4, 'codex', 'ingest'],
    ]);
    // codex has no narration counts: not known, not zero.
    expect(rows[3]!.narration_turns).toBeNull();
    expect(rows[0]!.turns).toBeGreaterThan(0);
  });

  it('reads compressed transcripts; an unreadable file is named and exits 1, the rest still recorded', async ({
    expect,
  }) => {
    const w = bashLoopDir();
    writeFileSync(
      w.path('claude-iteration-7.jsonl.gz'),
      gzipSync(readFileSync(w.path('claude-iteration-1.jsonl'))),
    );
    const run = await cli(
      w,
      'metrics',
      'ingest',
      'claude-iteration-7.jsonl.gz',
      'missing.jsonl',
      'claude-iteration-2.jsonl',
    );
    expect(run.code).toBe(1);
    expect(run.stderr.trim()).toBe('error missing.jsonl: no such file');
    expect(run.stdout).toMatch(/^recorded claude-iteration-7\.jsonl\.gz: session 7, claude/m);
    expect(run.stdout).toMatch(/^recorded claude-iteration-2\.jsonl/m);
    // The .gz again: already recorded. Its content under another name: only with content de-duplication.
    expect((await cli(w, 'metrics', 'ingest', 'claude-iteration-7.jsonl.gz')).stdout.trim()).toBe(
      'already recorded claude-iteration-7.jsonl.gz',
    );
    expect(
      (await cli(w, 'metrics', 'ingest', '--dedupe-content', 'claude-iteration-1.jsonl')).stdout.trim(),
    ).toBe('already recorded claude-iteration-1.jsonl (the same content as claude-iteration-7.jsonl)');
  });

  it('a FIFO given as a transcript is refused unread, never waited on; the other files are recorded', async ({
    expect,
  }) => {
    const w = bashLoopDir();
    execFileSync('mkfifo', [w.path('claude-iteration-8.jsonl'), w.path('claude-iteration-9.jsonl.gz')]);
    const run = await cli(
      w,
      'metrics',
      'ingest',
      'claude-iteration-8.jsonl',
      'claude-iteration-9.jsonl.gz',
      'claude-iteration-2.jsonl',
    );
    expect(run.code).toBe(1);
    expect(run.stderr).toMatch(/^error claude-iteration-8\.jsonl: .*is a FIFO/m);
    expect(run.stderr).toMatch(/^error claude-iteration-9\.jsonl\.gz: .*is a FIFO/m);
    expect(run.stdout).toMatch(/^recorded claude-iteration-2\.jsonl/m);
  });

  it('usage errors exit 2; a file that is not a metrics database exits 15 naming it', async ({ expect }) => {
    const w = bashLoopDir();
    expect((await cli(w, 'metrics', 'ingest')).code).toBe(2);
    expect((await cli(w, 'metrics', 'frobnicate')).code).toBe(2);
    expect((await cli(w, 'metrics', 'status', '--last', '0')).code).toBe(2);
    writeFileSync(w.path('bad.db'), 'not sqlite at all, just text that is long enough to be a header');
    const bad = await cli(w, 'metrics', 'status', '--db', 'bad.db');
    expect(bad.code).toBe(15);
    expect(bad.stderr).toContain('bad.db');
  });
});

describe.concurrent('reading commands', () => {
  it('with no database: no history, brief prints nothing at all', async ({ expect }) => {
    const w = bashLoopDir();
    const status = await cli(w, 'metrics', 'status');
    expect(status.code).toBe(0);
    expect(status.stdout.trim()).toBe(
      'No sessions recorded yet (no metrics database at harness-metrics.db).',
    );
    const brief = await cli(w, 'brief');
    expect([brief.code, brief.stdout, brief.stderr]).toEqual([0, '', '']);
    const old = await cli(w, 'self-improvement', 'brief', '--last', '5');
    expect([old.code, old.stdout, old.stderr]).toEqual([0, '', '']);
    expect(w.exists('harness-metrics.db')).toBe(false);
  });

  it('status, targets, query, export and brief over ingested sessions', async ({ expect }) => {
    const w = bashLoopDir();
    await cli(
      w,
      'metrics',
      'ingest',
      'claude-iteration-1.jsonl',
      'claude-iteration-2.jsonl',
      'claude-iteration-3.jsonl',
      'claude-iteration-4.jsonl',
    );

    const status = await cli(w, 'metrics', 'status', '--last', '3');
    expect(status.code).toBe(0);
    const lines = status.stdout.split('\n');
    expect(lines[0]).toBe('Last 3 of 4 sessions (oldest first)');
    expect(lines[2]).toMatch(
      /^Session\s+When \(UTC\)\s+Outcome\s+Turns\s+Narr\s+Par\s+Tools\s+Tokens\s+Cost\s+Duration\s+Commit$/,
    );
    expect(lines.slice(3, 6).map((l) => l.split(/\s+/)[0])).toEqual(['#2', '#3', '#4']);
    expect(status.stdout).toMatch(/^Averages: turns /m);
    expect(status.stdout).toMatch(/^Totals: 3 sessions, /m);
    expect(status.stdout).toMatch(/^All time: 4 sessions, /m);
    expect(status.stdout).toContain('Targets:');

    const targets = await cli(w, 'metrics', 'targets');
    expect(targets.stdout).toMatch(/^Targets over the last 4 sessions \(#1 to #4\):$/m);
    expect(targets.stdout).toMatch(/^ {2}Completion rate\s+\d+%\s+\(target >= 85%\)\s+(ok|MISS)$/m);
    expect(targets.stdout).toMatch(/^\d+ ok, \d+ missed, \d+ not available$/m);

    const query = await cli(w, 'metrics', 'query', 'turns.total');
    expect(query.stdout.split('\n')[0]).toMatch(/^Session\s+When \(UTC\)\s+Value$/);
    expect(query.stdout.trim().split('\n')).toHaveLength(5);
    const avg = await cli(w, 'metrics', 'query', 'turns.total', '--aggregate', 'avg');
    expect(avg.stdout.trim()).toMatch(/^turns\.total: avg [\d.]+ over 4 of 4 sessions$/);
    expect((await cli(w, 'metrics', 'query', 'no.such.kind')).code).toBe(2);

    const csv = await cli(w, 'metrics', 'export', '--format', 'csv');
    const csvLines = csv.stdout.trimEnd().split('\r\n');
    expect(csvLines[0]!.startsWith('key,seq,')).toBe(true);
    expect(csvLines).toHaveLength(5);

    const brief = await cli(w, 'brief', '--last', '5');
    expect(brief.code).toBe(0);
    expect(brief.stdout).toMatch(/^## PERFORMANCE BRIEF \(last 4 sessions, newest #4\)$/m);
    expect(brief.stdout).toContain('Worst sessions:');
    expect(brief.stdout).toMatch(/^ {2}#3 rate_limited/m);
    expect(brief.stdout.split('\n').length).toBeLessThan(40);
  });
});

describe.concurrent('the brief over sessions that keep missing', () => {
  it('a target missed by each of the last 3 sessions is a WARNING; help texts exit 0', async ({ expect }) => {
    const w = bashLoopDir();
    copyFileSync(join(FIXTURES, 'gemini-success.jsonl'), w.path('claude-iteration-5.jsonl'));
    // Oldest first by modification time: 1 and 2 committed, 3 (rate limited), 4 (codex) and 5 (gemini) did not.
    for (const n of [1, 2, 3, 4, 5]) {
      const t = new Date(Date.UTC(2026, 10, 1, n));
      utimesSync(w.path(`claude-iteration-${n}.jsonl`), t, t);
    }
    const files = [1, 2, 3, 4, 5].map((n) => `claude-iteration-${n}.jsonl`);
    expect((await cli(w, 'metrics', 'ingest', ...files.reverse())).code).toBe(0);
    const brief = await cli(w, 'brief', '--last', '5');
    expect(brief.stdout).toMatch(/^ {2}Completion rate: 40% \(target >= 85%\) MISS$/m);
    expect(brief.stdout).toContain(
      'WARNING: completion rate missed its target (>= 85%) in each of the last 3 sessions.',
    );
    const status = await cli(w, 'metrics', 'status');
    expect(
      status.stdout
        .split('\n')
        .slice(3, 8)
        .map((l) => l.slice(0, 25)),
    ).toEqual([
      '#1       2026-11-01 01:00',
      '#2       2026-11-01 02:00',
      '#3       2026-11-01 03:00',
      '#4       2026-11-01 04:00',
      '#5       2026-11-01 05:00',
    ]);
    for (const args of [
      ['metrics', '--help'],
      ['improvement', '--help'],
      ['brief', '--help'],
      ['self-improvement', '--help'],
    ]) {
      const run = await cli(w, ...args);
      expect([run.code, run.stdout.startsWith('Usage: agent-harness')], args.join(' ')).toEqual([0, true]);
    }
    expect((await cli(w, 'metrics')).code).toBe(2);
    expect((await cli(w, 'improvement')).code).toBe(2);
  });
});

describe.concurrent("self-improvement: the bash loop tool's command lines", () => {
  it('log, backfill, status, analyze, targets and brief work as the bash loop and its prompts call them', async ({
    expect,
  }) => {
    const w = bashLoopDir();
    const log = await cli(w, 'self-improvement', 'log', 'claude-iteration-3.jsonl');
    expect(log.code).toBe(0);
    expect(log.stdout).toMatch(/^recorded claude-iteration-3\.jsonl: session 3, claude, rate_limited/);

    const backfill = await cli(w, 'self-improvement', 'backfill', '--from', '2', '--to', '4');
    expect(backfill.code).toBe(0);
    expect(backfill.stdout.trimEnd().split('\n')).toEqual([
      expect.stringMatching(/^recorded claude-iteration-2\.jsonl: session 2/),
      'already recorded claude-iteration-3.jsonl',
      expect.stringMatching(/^recorded claude-iteration-4\.jsonl: session 4, codex/),
      '3 files: 2 recorded, 1 already recorded, 0 skipped (0 bytes), 0 errors',
    ]);

    for (const args of [['status'], ['status', '--last', '2'], ['analyze', '--last', '10'], ['targets']]) {
      const run = await cli(w, 'self-improvement', ...args);
      expect(run.code, args.join(' ')).toBe(0);
      expect(run.stdout.length, args.join(' ')).toBeGreaterThan(0);
    }
    const analyze = await cli(w, 'self-improvement', 'analyze', '--last', '2');
    expect(analyze.stdout.split('\n')[0]).toBe('Last 2 sessions against the 1 before them');
    const brief = await cli(w, 'self-improvement', 'brief', '--last', '5');
    expect(brief.stdout).toMatch(/^## PERFORMANCE BRIEF \(last 3 sessions, newest #4\)$/m);

    // --db, before or after the subcommand, is the database.
    const elsewhere = await cli(
      w,
      'self-improvement',
      '--db',
      'tools/si.db',
      'log',
      'claude-iteration-1.jsonl',
    );
    expect(elsewhere.code).toBe(0);
    expect(w.exists('tools/si.db')).toBe(true);
    expect((await cli(w, 'self-improvement', 'status', '--db', 'tools/si.db')).stdout).toMatch(
      /^Last 1 of 1 session /,
    );
    expect((await cli(w, 'self-improvement', 'seed')).code).toBe(2);
  });

  it('improvement add, list, fix and search round trip (old and new spellings)', async ({ expect }) => {
    const w = bashLoopDir();
    const add = await cli(
      w,
      'self-improvement',
      'improvement',
      'add',
      '--title',
      'Batch file reads, "always"',
      '--severity',
      'high',
      '--category',
      'workflow',
      '--desc',
      'sessions 3-5 read one file per turn',
      '--rec',
      'read in parallel',
      '--tags',
      'turns,reads',
    );
    expect([add.code, add.stdout.trim()]).toEqual([0, 'Added R1 [workflow/high] Batch file reads, "always"']);
    expect((await cli(w, 'improvement', 'add', 'Skip the full suite for CSS')).stdout.trim()).toBe(
      'Added R2 [general/medium] Skip the full suite for CSS',
    );
    expect((await cli(w, 'improvement', 'add', '--title', 'x', '--severity', 'urgent')).code).toBe(2);

    const list = await cli(w, 'improvement', 'list', '--status', 'open');
    expect(
      list.stdout
        .trim()
        .split('\n')
        .map((l) => l.split(/\s+/).slice(0, 4).join(' ')),
    ).toEqual(['Ref Status Severity Category', 'R1 open high workflow', 'R2 open medium general']);

    const fix = await cli(w, 'self-improvement', 'improvement', 'fix', 'R1', '--impact', 'turns -20%');
    expect(fix.stdout.trim()).toBe('Fixed R1: Batch file reads, "always" (impact: turns -20%)');
    expect((await cli(w, 'improvement', 'fix', 'R9')).code).toBe(2);
    expect((await cli(w, 'improvement', 'list', '--status', 'open')).stdout).not.toContain('R1 ');
    expect((await cli(w, 'improvement', 'list', '--status', 'fixed')).stdout).toMatch(/^R1\s+fixed\s+high/m);

    const search = await cli(w, 'self-improvement', 'improvement', 'search', 'PARALLEL');
    expect(search.stdout).toMatch(/^R1\s/m);
    expect(search.stdout).not.toMatch(/^R2\s/m);
    expect((await cli(w, 'improvement', 'search', 'nothing-like-this')).stdout.trim()).toBe(
      'No improvements match "nothing-like-this".',
    );

    // Open improvements reach the brief even before any session is recorded.
    expect((await cli(w, 'brief')).stdout).toBe(
      '## OPEN IMPROVEMENTS (1 of 2)\n\nR2 [general/medium] Skip the full suite for CSS\n',
    );
  });
});

describe.concurrent('metrics migrate and rebuild', () => {
  it("imports a self-improvement.db (the Rust tool's schema: sessions and improvements) once", async ({
    expect,
  }) => {
    const w = bashLoopDir();
    const source = new DatabaseSync(w.path('self-improvement.db'));
    source.exec(`
      CREATE TABLE sessions (session_id INTEGER PRIMARY KEY, file TEXT NOT NULL, timestamp TEXT NOT NULL,
        turns INTEGER NOT NULL DEFAULT 0, tool_calls INTEGER NOT NULL DEFAULT 0,
        narration_only_turns INTEGER NOT NULL DEFAULT 0, parallel_tool_calls INTEGER NOT NULL DEFAULT 0,
        duration_secs REAL NOT NULL DEFAULT 0, output_bytes INTEGER NOT NULL DEFAULT 0,
        completion BOOLEAN NOT NULL DEFAULT 0, exit_code INTEGER, cost_usd REAL, input_tokens INTEGER,
        output_tokens INTEGER);
      CREATE TABLE improvements (id INTEGER PRIMARY KEY AUTOINCREMENT, ref TEXT UNIQUE,
        created TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%SZ', 'now')), resolved TEXT,
        category TEXT NOT NULL, status TEXT NOT NULL DEFAULT 'open', title TEXT NOT NULL, body TEXT,
        context TEXT, tags TEXT, meta TEXT);
      INSERT INTO sessions VALUES (10, '10.jsonl', '2026-01-01T10:00:00Z', 60, 90, 6, 12, 600, 5000, 1, 0, 2.5, 1000, 200);
      INSERT INTO sessions VALUES (11, '11.jsonl', '2026-01-01T11:00:00Z', 100, 120, 30, 5, 900, 8000, 0, 1, 4.0, 2000, 300);
      INSERT INTO improvements (ref, category, title, body) VALUES ('R7', 'workflow', 'Use the linter', 'lint first');
    `);
    source.close();
    const run = await cli(w, 'metrics', 'migrate', '--from', 'self-improvement.db');
    expect(run.code).toBe(0);
    expect(run.stdout.trim()).toBe(
      'Imported 2 sessions and 1 improvement from self-improvement.db into harness-metrics.db (0 already there).',
    );
    expect((await cli(w, 'metrics', 'migrate', '--from', 'self-improvement.db')).stdout.trim()).toBe(
      'Imported 0 sessions and 0 improvements from self-improvement.db into harness-metrics.db (3 already there).',
    );
    const targets = await cli(w, 'metrics', 'targets');
    // The Rust tool's `completion` is the agent's own success, not a commit: completion rate not available.
    // narration 36 / 160 = 23%; parallel 17 / 160 = 11%; turns (60 + 100) / 2 = 80.
    expect(targets.stdout).toMatch(/Completion rate\s+-\s+\(target >= 85%\)\s+not available/);
    expect(targets.stdout).toMatch(/Narration-only turns\s+23%\s+\(target < 20%\)\s+MISS/);
    expect(targets.stdout).toMatch(/Parallel tool turns\s+11%\s+\(target > 10%\)\s+ok/);
    expect(targets.stdout).toMatch(/Turns per session\s+80\s+\(target < 80\)\s+MISS/);
    expect((await cli(w, 'improvement', 'list')).stdout).toMatch(/^R7\s+open/m);
    expect((await cli(w, 'metrics', 'migrate')).code).toBe(2);
    expect((await cli(w, 'metrics', 'migrate', '--from', 'nope.db')).code).toBe(2);
  });

  it('rebuild re-derives every session, re-extracting those whose transcript is still there', async ({
    expect,
  }) => {
    const w = bashLoopDir();
    await cli(w, 'metrics', 'ingest', 'claude-iteration-1.jsonl', 'claude-iteration-2.jsonl');
    const before = await exported(expect, w);
    const run = await cli(w, 'metrics', 'rebuild');
    expect(run.code).toBe(0);
    expect(run.stdout.trim()).toBe(
      'Rebuilt 2 sessions from the events (2 re-extracted from their transcripts).',
    );
    expect(await exported(expect, w)).toEqual(before);

    // A transcript compressed since (as retention does) is still re-read; a deleted one is not.
    writeFileSync(
      w.path('claude-iteration-1.jsonl.gz'),
      gzipSync(readFileSync(w.path('claude-iteration-1.jsonl'))),
    );
    rmSync(w.path('claude-iteration-1.jsonl'));
    rmSync(w.path('claude-iteration-2.jsonl'));
    expect((await cli(w, 'metrics', 'rebuild')).stdout.trim()).toBe(
      'Rebuilt 2 sessions from the events (1 re-extracted from their transcripts).',
    );
    expect(await exported(expect, w)).toEqual(before);
  });
});
