// Interrupted work kept (issue 26): an agent that edits a tracked file and makes a new one, then is cut short by a
// forced stop (two Ctrl-C), the time budget or the watchdog, leaves its work on refs/agent-harness/wip/<run>-<global>;
// the user's branch, HEAD, index and pre-existing untracked file are untouched and not in the commit, nor are the
// harness's own files (not ignored here). A session that ends by itself keeps no ref. The built CLI, real git,
// real processes and signals, the scripted agent.
import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { describe, it, type ExpectStatic } from 'vitest';
import { processesCarrying } from '../../src/os/cookie.js';
import { pidAlive } from '../support/processes.js';
import { makeWorkdir, runHarness, startHarness, testConfig, type Workdir } from '../support/workdir.js';

const git = (w: Workdir, ...args: string[]) =>
  execFileSync('git', args, { cwd: w.dir, encoding: 'utf8' }).trim();

/** A repository with a tracked src.txt and the user's untracked notes.txt; no ignore file for the harness. */
function repo(plan: string[], sections: Record<string, Record<string, unknown>> = {}) {
  const w = makeWorkdir({ plan, config: testConfig(sections), git: 'no-ignore' });
  writeFileSync(w.path('src.txt'), 'the user wrote this\n');
  git(w, 'add', 'src.txt');
  git(w, 'commit', '-q', '-m', 'src');
  writeFileSync(w.path('notes.txt'), 'the user had this before\n');
  const before = {
    head: git(w, 'rev-parse', 'HEAD'),
    branch: git(w, 'symbolic-ref', 'HEAD'),
    index: readFileSync(w.path('.git/index')),
    tracked: git(w, 'ls-files').split('\n'),
  };
  return { w, before };
}

/** The kept ref holds both changes on top of HEAD, and nothing of the user's or the harness's moved or went in. */
function expectKept(expect: ExpectStatic, setup: ReturnType<typeof repo>, reason: string): void {
  const { w, before } = setup;
  const kept = w.events().filter((e) => e.event === 'work_kept');
  expect(kept).toHaveLength(1);
  const cookie = w.status().cookie as string;
  const ref = `refs/agent-harness/wip/${cookie.slice(0, 8)}-${String(kept[0]!.global)}`;
  expect(kept[0]).toMatchObject({ reason, ref, commit: git(w, 'rev-parse', ref) });
  expect(w.status().work_kept).toBe(ref);
  expect(git(w, 'for-each-ref', '--format=%(refname)', 'refs/agent-harness/')).toBe(ref);
  expect(git(w, 'rev-parse', `${ref}^`)).toBe(before.head);
  expect(git(w, 'show', `${ref}:src.txt`)).toBe('the user wrote this\nthe agent edited this');
  expect(git(w, 'show', `${ref}:agent-new.txt`)).toBe('the agent made this');
  // Only the user's tracked files and the agent's new one: no notes.txt, no transcript, status or counter.
  expect(git(w, 'ls-tree', '-r', '--name-only', ref).split('\n').sort()).toEqual(
    [...before.tracked, 'agent-new.txt'].sort(),
  );
  expect(git(w, 'log', '-1', '--format=%B', ref)).toContain(`interrupted by ${reason}`);
  // The user's side: nothing moved, the index byte for byte, the work tree as the agent left it.
  expect(git(w, 'rev-parse', 'HEAD')).toBe(before.head);
  expect(git(w, 'symbolic-ref', 'HEAD')).toBe(before.branch);
  expect(git(w, 'diff', '--cached', '--name-only')).toBe('');
  expect(readFileSync(w.path('.git/index')).equals(before.index)).toBe(true);
  expect(w.read('notes.txt')).toBe('the user had this before\n');
  expect(w.read('agent-new.txt')).toBe('the agent made this\n');
  expectNothingLeft(expect, w);
}

function expectNothingLeft(expect: ExpectStatic, w: Workdir): void {
  expect(w.agentPids().length).toBeGreaterThan(0);
  expect(w.agentPids().filter(pidAlive)).toEqual([]);
  expect(processesCarrying(w.status().cookie as string)).toEqual([]);
}

describe.concurrent('interrupted work kept', () => {
  it('a forced stop (a second Ctrl-C) keeps the work, exit 130', async ({ expect }) => {
    const setup = repo(['edit:busy'], { shutdown: { force_window_secs: 60 } });
    const { w } = setup;
    const run = startHarness(w);
    await run.waitFor(() => w.exists('agent-new.txt') && run.stdout().includes('status=session_running'));
    run.child.kill('SIGINT');
    await run.waitFor((out) => out.includes('Caught SIGINT'));
    run.child.kill('SIGINT');
    const exit = await run.exit;
    expect(exit.code, run.stderr()).toBe(130);
    expect(run.stdout()).toMatch(/work_kept=refs\/agent-harness\/wip\/[0-9a-f]{8}-\d+ interrupted_by=forced/);
    expectKept(expect, setup, 'forced');
  });

  it('the time budget keeps the work', async ({ expect }) => {
    const setup = repo(['edit:busy'], { watchdog: { stale_timeout_mins: 5 } });
    const run = await runHarness(setup.w, ['--time-budget', '0.1']);
    expect(run.code, run.stderr).toBe(0);
    expect(setup.w.status()).toMatchObject({ stop_reason: 'time_budget' });
    expectKept(expect, setup, 'time_budget');
  });

  it('the watchdog keeps a stalled agent’s work; the next session, ending by itself, keeps none', async ({
    expect,
  }) => {
    const setup = repo(['edit:hang', 'edit'], {
      session: { max_iterations: 1 },
      watchdog: { stale_timeout_mins: 0.03 },
    });
    const run = await runHarness(setup.w);
    expect(run.code, run.stderr).toBe(0);
    const sessions = setup.w.events().filter((e) => e.event === 'session_complete');
    expect(sessions.map((e) => e.end_reason)).toEqual(['watchdog', 'exited']);
    expectKept(expect, setup, 'watchdog');
    expect(setup.w.events().find((e) => e.event === 'work_kept')?.global).toBe(sessions[0]!.global);
  });

  it('a session that ends by itself with uncommitted work keeps no ref', async ({ expect }) => {
    const { w } = repo(['edit']);
    const run = await runHarness(w);
    expect(run.code, run.stderr).toBe(0);
    expect(w.events().filter((e) => e.event === 'work_kept')).toEqual([]);
    expect(git(w, 'for-each-ref', 'refs/agent-harness/')).toBe('');
    expectNothingLeft(expect, w);
  });
});
