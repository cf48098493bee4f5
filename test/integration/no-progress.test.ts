// The no-progress stop (progress.max_idle_sessions), through the built CLI with the scripted agent and real git: an
// agent that answers success and changes nothing is stopped after the configured count with `no_progress` and
// exit 19; one that commits, or edits without committing, is never stopped; any change resets the count. What
// does not count as a change: the harness's own files (even with no ignore file and the local exclude turned off),
// a file the user had before, the agent's words. Outside git the count cannot be kept and never stops a loop. In
// task mode a task done is progress though the agent changed nothing.
import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { describe, it } from 'vitest';
import { makeWorkdir, runHarness, runLeavingNothing, testConfig, type Workdir } from '../support/workdir.js';

const EDIT = 'sh:date +%s%N >> edits.txt';
const sessions = (w: Workdir) => w.events().filter((e) => e.event === 'session_complete');
const loopEnd = (w: Workdir) => w.events().find((e) => e.event === 'loop_end')!;

function loop(
  plan: string[],
  options: {
    git?: boolean | 'no-ignore';
    progress?: Record<string, unknown>;
    output?: Record<string, unknown>;
  } = {},
): Workdir {
  return makeWorkdir({
    git: options.git ?? 'no-ignore',
    plan,
    config: testConfig({
      session: { max_iterations: plan.length },
      ...(options.progress ? { progress: options.progress } : {}),
      ...(options.output ? { output: options.output } : {}),
    }),
  });
}

const run = (w: Workdir, args: string[] = []) => runLeavingNothing(w, args);

describe.concurrent('the no-progress stop', () => {
  it('stops an agent that succeeds and changes nothing after 3 sessions: no_progress, exit 19, what was checked', async ({
    expect,
  }) => {
    // No ignore file and the local exclude off: the harness's transcripts, status, counter and event log are
    // untracked files that change every session. A note the user had before stays untracked throughout.
    const w = loop(['ok', 'ok', 'ok', 'ok', 'ok', 'ok'], { output: { git_exclude: false } });
    writeFileSync(w.path('notes.txt'), 'my notes\n');
    const result = await run(w);
    expect(result.code, result.stdout + result.stderr).toBe(19);
    expect(sessions(w).map((s) => s.changed)).toEqual([false, false, false]);
    expect(loopEnd(w)).toMatchObject({
      reason: 'no_progress',
      exit_code: 19,
      idle_sessions: 3,
      productive: 3,
    });
    expect(w.status()).toMatchObject({ state: 'stopped', stop_reason: 'no_progress', idle_sessions: 3 });
    expect(result.stderr + result.stdout).toMatch(
      /stop=no_progress idle_sessions=3 limit=3 checked="no new commit on any branch, no change to the work tree outside the harness's files, no task done"/,
    );
    const status = await runHarness(w, ['--status']);
    expect(status.stdout).toContain('Idle: 3 completed session(s) in a row changed nothing');
  });

  it('never stops an agent that commits, nor one that edits without committing; a change resets the count', async ({
    expect,
  }) => {
    const committing = loop(['commit', 'commit', 'commit', 'commit']);
    const committed = await run(committing);
    expect(committed.code, committed.stderr).toBe(0);
    expect(sessions(committing).map((s) => s.changed)).toEqual([true, true, true, true]);
    expect(loopEnd(committing)).toMatchObject({ reason: 'completed', idle_sessions: 0 });

    const editing = loop([EDIT, EDIT, EDIT, EDIT]);
    const edited = await run(editing);
    expect(edited.code, edited.stderr).toBe(0);
    expect(sessions(editing).map((s) => s.changed)).toEqual([true, true, true, true]);

    // Two idle, a change, then three idle: the stop comes at the sixth session, not the fifth.
    const mixed = loop(['ok', 'ok', EDIT, 'ok', 'ok', 'ok', 'ok']);
    const stopped = await run(mixed);
    expect(stopped.code, stopped.stderr).toBe(19);
    expect(sessions(mixed).map((s) => s.changed)).toEqual([false, false, true, false, false, false]);
  });

  it('counts a commit on another branch and a removed file as changes', async ({ expect }) => {
    const w = loop([
      'sh:git checkout -q -b side && git commit -q --allow-empty -m side',
      'sh:rm tracked.txt',
    ]);
    writeFileSync(w.path('tracked.txt'), 't\n');
    execFileSync('git', ['add', 'tracked.txt'], { cwd: w.dir });
    execFileSync('git', ['commit', '-qm', 'tracked'], { cwd: w.dir });
    const result = await run(w, []);
    expect(result.code, result.stderr).toBe(0);
    expect(sessions(w).map((s) => s.changed)).toEqual([true, true]);
  });

  it('is off with max_idle_sessions 0, and cannot be kept outside git (changed: null, never a stop)', async ({
    expect,
  }) => {
    const off = loop(['ok', 'ok', 'ok', 'ok'], { progress: { max_idle_sessions: 0 } });
    const ranOff = await run(off);
    expect(ranOff.code, ranOff.stderr).toBe(0);
    expect(sessions(off)).toHaveLength(4);

    const plain = loop(['ok', 'ok', 'ok', 'ok'], { git: false, progress: { max_idle_sessions: 1 } });
    const ranPlain = await run(plain);
    expect(ranPlain.code, ranPlain.stderr).toBe(0);
    expect(sessions(plain).map((s) => s.changed)).toEqual([null, null, null, null]);
  });

  it('in task mode, a task done is progress though the agent changed nothing; a failed one is not', async ({
    expect,
  }) => {
    const tasks = async (validate: string) => {
      const w = makeWorkdir({
        git: true,
        plan: ['ok', 'ok', 'ok'],
        config: testConfig({ session: { max_iterations: 3 }, progress: { max_idle_sessions: 1 } }),
      });
      writeFileSync(w.path('.gitignore'), `${w.read('.gitignore')}harness-*\n`);
      execFileSync('git', ['commit', '-qam', 'ignore harness files'], { cwd: w.dir });
      await runHarness(w, ['tasks', 'init']);
      for (const title of ['One', 'Two'])
        await runHarness(w, ['tasks', 'add', title, '--validate', validate]);
      return { w, result: await run(w) };
    };
    const done = await tasks('true');
    expect(done.result.code, done.result.stderr).toBe(0);
    expect(loopEnd(done.w)).toMatchObject({ reason: 'tasks_done', idle_sessions: 0 });

    const failing = await tasks('false');
    expect(failing.result.code, failing.result.stderr).toBe(19);
    expect(loopEnd(failing.w)).toMatchObject({ reason: 'no_progress', idle_sessions: 1 });
  });
});
