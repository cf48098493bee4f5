// Limit windows without a paid wait (backoff.max_wait_mins), through the built CLI with the scripted agent: a usage
// limit that resets later than the config lets the harness wait ends the run (rate_limited, exit 3, the reset in
// the status file and the log); a start before the reset exits at once and starts no agent; a start after it
// continues the counter. Within the limit (or with none) a start waits for the reset instead. The reset instants
// are real ones a few seconds ahead: the test waits until the wall clock has passed them, never for luck.
import { writeFileSync } from 'node:fs';
import { describe, it } from 'vitest';
import { makeWorkdir, runLeavingNothing, testConfig, waitUntil, type Workdir } from '../support/workdir.js';

const sessions = (w: Workdir) => w.events().filter((e) => e.event === 'session_complete');
const ends = (w: Workdir) => w.events().filter((e) => e.event === 'loop_end');

const run = (w: Workdir, args: string[] = []) => runLeavingNothing(w, args);

describe.concurrent('a limit that resets later than backoff.max_wait_mins', () => {
  it('ends the run with the reset time; a start before it exits at once, one after it continues', async ({
    expect,
  }) => {
    const w = makeWorkdir({
      plan: ['usagelimit:4', 'ok', 'ok'],
      config: testConfig({ session: { max_iterations: 2 }, backoff: { max_wait_mins: 0 } }),
    });
    const first = await run(w);
    expect(first.code, first.stderr).toBe(3);
    const resumeAfter = w.status().resume_after as string;
    expect(Date.parse(resumeAfter)).toBeGreaterThan(Date.now());
    expect(w.status()).toMatchObject({ state: 'stopped', stop_reason: 'rate_limited' });
    expect(ends(w).at(-1)).toMatchObject({ reason: 'rate_limited', exit_code: 3 });
    expect(first.stderr + first.stdout).toContain(
      `rate_limited="waiting for the limit to reset at ${resumeAfter}: no agent starts before then"`,
    );
    expect(w.transcripts()).toEqual(['claude-iteration-0.jsonl']);

    // Before the reset: no agent, the same answer, the reset kept for the next start.
    const second = await run(w);
    expect(second.code, second.stderr).toBe(3);
    expect(second.stderr + second.stdout).toContain(`waiting for the limit to reset at ${resumeAfter}`);
    expect(w.transcripts()).toEqual(['claude-iteration-0.jsonl']);
    expect(w.status()).toMatchObject({ stop_reason: 'rate_limited', resume_after: resumeAfter });
    expect(ends(w)).toHaveLength(2);

    // After it: the loop goes on where it was, numbering included.
    await waitUntil(() => Date.now() > Date.parse(resumeAfter), 'the reset to pass', 30_000);
    const third = await run(w);
    expect(third.code, third.stderr).toBe(0);
    expect(w.transcripts()).toEqual([
      'claude-iteration-0.jsonl',
      'claude-iteration-1.jsonl',
      'claude-iteration-2.jsonl',
    ]);
    expect(sessions(w).map((s) => s.outcome)).toEqual(['rate_limited', 'productive', 'productive']);
    expect(w.status().resume_after ?? null).toBeNull();
  });

  it('within the limit, a start before the reset waits for it, then runs', async ({ expect }) => {
    const w = makeWorkdir({
      plan: ['usagelimit:3', 'ok'],
      config: testConfig({ session: { max_iterations: 1 }, backoff: { max_wait_mins: 0 } }),
    });
    const first = await run(w);
    expect(first.code, first.stderr).toBe(3);
    const resumeAfter = Date.parse(w.status().resume_after as string);
    // The same directory without a limit on the wait (locally the default): it waits, then the session runs.
    const config = w.read('harness.yml').replace(/max_wait_mins: 0/, 'max_wait_mins: 5');
    writeFileSync(w.path('harness.yml'), config);
    const second = await run(w);
    expect(second.code, second.stderr).toBe(0);
    expect(Date.now()).toBeGreaterThanOrEqual(resumeAfter);
    expect(second.stderr + second.stdout).toContain('waiting for the limit to reset at');
    expect(sessions(w).map((s) => s.outcome)).toEqual(['rate_limited', 'productive']);
  });
});
