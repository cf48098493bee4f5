// Task mode touches only what the task touched, through the built CLI in a repository without an ignore file:
// the user's untracked files (an uncommitted harness.yml, NOTES.txt) survive a rollback and stay out of the task's
// commit, a tracked file the user was editing when the task was claimed is kept aside and given back (never
// committed with the task, never rolled back), and the recovery of a task a killed harness left behind follows the
// same rule. The next run still finds its configuration.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it, type TestContext } from 'vitest';
import { placeOf, protectedPaths, readClaim } from '../../src/tasks/claim.js';
import { repoPrefix } from '../../src/state/git-exclude.js';
import { NO_HARNESS_FILES } from '../../src/tasks/git.js';
import { claimTree, commitTask, rollbackLine, rollbackTask, settleClaim } from '../../src/tasks/touched.js';
import { hermeticGit } from '../support/hermetic-git.js';
import { killRecorded, pidAlive, readPids } from '../support/processes.js';
import { makeWorkdir, runHarness, startHarness, testConfig, type Workdir } from '../support/workdir.js';

/** Once the test is finished, nothing it started is left: agents, and a validation a killed harness left. */
function leavesNothing({ expect, onTestFinished }: TestContext, w: Workdir): Workdir {
  onTestFinished(async () => {
    const pids = () => [...w.agentPids(), ...readPids(w.path('.agent-plan.json.validation'))];
    killRecorded(pids());
    for (let i = 0; i < 100 && pids().some(pidAlive); i++) await new Promise((r) => setTimeout(r, 20));
    expect(pids().filter(pidAlive)).toEqual([]);
  });
  return w;
}

const git = (w: Workdir, ...args: string[]) =>
  execFileSync('git', args, { cwd: w.dir, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] }).trim();
const tasks = (w: Workdir, ...args: string[]) => runHarness(w, ['tasks', ...args]);
type TaskJson = { id: string; status: string };
const statuses = (w: Workdir) =>
  (JSON.parse(w.read('harness-tasks.json')) as { tasks: TaskJson[] }).tasks.map((t) => t.status);
const files = (text: string) => text.split('\n').filter(Boolean).sort();
/** The paths the commits since `base` hold. */
const committedSince = (w: Workdir, base: string) =>
  files(git(w, 'log', '--name-only', '--format=', `${base}..HEAD`));

/**
 * A repository without an ignore file whose harness.yml (the scripted agent's configuration) is not committed,
 * with the user's NOTES.txt and .env beside it, untracked too.
 */
function untrackedConfigRepo(context: TestContext, plan: string[]): Workdir {
  const w = makeWorkdir({
    git: 'no-ignore',
    plan,
    config: testConfig({ session: { max_iterations: 10 } }),
  });
  leavesNothing(context, w);
  writeFileSync(w.path('README.md'), 'hello\n');
  git(w, 'add', 'README.md');
  git(w, 'rm', '-q', '--cached', 'harness.yml');
  git(w, 'commit', '-qm', 'the config is the user’s own, uncommitted');
  writeFileSync(w.path('NOTES.txt'), 'my notes\n');
  mkdirSync(w.path('notes'));
  writeFileSync(w.path('notes/ideas.md'), 'ideas\n');
  writeFileSync(w.path('.env'), 'TOKEN=1\n');
  return w;
}

const USER_FILES = ['harness.yml', 'NOTES.txt', 'notes/ideas.md', '.env'];

describe.concurrent('task mode and the user’s untracked files, no ignore file', () => {
  it('a first task that fails: the rollback removes what the task made and keeps harness.yml, NOTES.txt; the next run loads the config and commits only its task’s files', async (context) => {
    const { expect } = context;
    const w = untrackedConfigRepo(context, [
      'sh:echo junk > junk.txt && mkdir -p made/deep && echo x > made/deep/f && echo more >> notes/more.md',
      'sh:echo done > work.txt',
    ]);
    const contents = Object.fromEntries(USER_FILES.map((f) => [f, w.read(f)]));
    await tasks(w, 'init');
    await tasks(w, 'add', 'Fails', '--validate', 'false', '--max-attempts', '1');
    const first = await runHarness(w);
    expect(first.code, first.stderr).toBe(20); // failed for good: no task can run
    expect(statuses(w)).toEqual(['failed']);
    for (const [name, text] of Object.entries(contents)) expect(w.read(name), name).toBe(text);
    expect(w.exists('junk.txt')).toBe(false);
    expect(w.exists('made')).toBe(false);
    expect(w.exists('notes/more.md')).toBe(false);
    const rollback = w
      .read('harness-progress.txt')
      .split('\n')
      .find((l) => l.includes('ROLLBACK [task-001]'));
    expect(rollback).toMatch(/git reset --hard [0-9a-f]{7}/);
    expect(rollback).toMatch(/removed 3 untracked path\(s\) the task made: .*junk\.txt/);
    expect(rollback).toMatch(/kept \d+ untracked path\(s\) from before the task: .*NOTES\.txt/);
    expect(rollback).toContain('harness.yml');
    // The failed attempt's work was kept before the rollback: what it made, on top of HEAD, none of the user's files.
    const ref = 'refs/agent-harness/wip/task-task-001-1';
    expect(rollback).toContain(`work kept in ${ref}`);
    expect(git(w, 'rev-parse', `${ref}^`)).toBe(git(w, 'rev-parse', 'HEAD'));
    expect(files(git(w, 'diff', '--name-only', `${ref}^`, ref))).toEqual([
      'junk.txt',
      'made/deep/f',
      'notes/more.md',
    ]);

    // The next run still has its configuration (without it the default agent, `claude`, would be started).
    await tasks(w, 'add', 'Passes', '--validate', 'test -f work.txt');
    const base = git(w, 'rev-parse', 'HEAD');
    const second = await runHarness(w, ['--task', 'task-002']);
    expect(second.code, second.stderr).toBe(0);
    expect(statuses(w)).toEqual(['failed', 'completed']);
    expect(committedSince(w, base)).toEqual(['work.txt']);
    for (const [name, text] of Object.entries(contents)) expect(w.read(name), name).toBe(text);
    expect(files(git(w, 'ls-files', '--others', '--exclude-standard'))).toEqual(
      expect.arrayContaining(USER_FILES),
    );
  });

  it('a passing task after a failing one in the same run: its commit holds only the task’s files', async (context) => {
    const { expect } = context;
    const w = untrackedConfigRepo(context, [
      'sh:echo junk > junk.txt',
      'sh:echo done > work.txt && echo note >> NOTES.txt.agent && git add -A',
    ]);
    await tasks(w, 'init');
    await tasks(w, 'add', 'Fails', '--validate', 'false', '--max-attempts', '1');
    await tasks(w, 'add', 'Passes', '--validate', 'test -f work.txt');
    const base = git(w, 'rev-parse', 'HEAD');
    const run = await runHarness(w);
    expect(run.code, run.stderr).toBe(20); // failed for good: no task can run
    expect(statuses(w)).toEqual(['failed', 'completed']);
    // The agent's own `git add -A` staged the user's files too: they are not the task's.
    expect(committedSince(w, base)).toEqual(['NOTES.txt.agent', 'work.txt']);
    for (const name of USER_FILES) expect(w.exists(name), name).toBe(true);
    expect(w.exists('junk.txt')).toBe(false);
  });

  it('the files the harness never removes: the config named with -c, the prompt file, harness-init.sh, .harness/', async (context) => {
    const { expect } = context;
    const w = makeWorkdir({
      git: 'no-ignore',
      plan: [
        'sh:mkdir -p .harness && echo mine > .harness/memo.md && echo "echo ok" > harness-init.sh && echo x > junk.txt',
      ],
      config: testConfig({ session: { max_iterations: 10 } }),
    });
    leavesNothing(context, w);
    // The configuration under another name, untracked; the prompt file untracked too.
    writeFileSync(w.path('my-config.yml'), w.read('harness.yml'));
    git(w, 'rm', '-q', '--cached', 'PROMPT.md');
    git(w, 'commit', '-qm', 'untrack the prompt');
    await tasks(w, 'init');
    await tasks(w, 'add', 'Fails', '--validate', 'false', '--max-attempts', '1');
    const run = await runHarness(w, ['-c', 'my-config.yml']);
    expect(run.code, run.stderr).toBe(20); // failed for good: no task can run
    expect(statuses(w)).toEqual(['failed']);
    expect(w.exists('junk.txt')).toBe(false);
    for (const name of ['my-config.yml', 'PROMPT.md', '.harness/memo.md', 'harness-init.sh']) {
      expect(w.exists(name), name).toBe(true);
    }
  });
});

describe.concurrent('tracked files the user was editing when the task was claimed', () => {
  it('a dirty tracked file and a staged new file: kept aside, not in the task’s commit, given back after a pass', async (context) => {
    const { expect } = context;
    const w = leavesNothing(
      context,
      makeWorkdir({
        git: 'no-ignore',
        plan: ['sh:test ! -e staged.txt && test "$(cat README.md)" = hello && echo done > work.txt'],
        config: testConfig({ session: { max_iterations: 10 } }),
      }),
    );
    writeFileSync(w.path('README.md'), 'hello\n');
    git(w, 'add', 'README.md');
    git(w, 'commit', '-qm', 'readme');
    await tasks(w, 'init');
    await tasks(w, 'add', 'Passes', '--validate', 'test -f work.txt');
    writeFileSync(w.path('README.md'), 'hello\nmy edit in progress\n');
    writeFileSync(w.path('staged.txt'), 'staged by me\n');
    git(w, 'add', 'staged.txt');
    const base = git(w, 'rev-parse', 'HEAD');
    const run = await runHarness(w);
    expect(run.code, run.stderr).toBe(0);
    // The agent saw the tree as committed (its command checks it), and its work alone was committed.
    expect(statuses(w)).toEqual(['completed']);
    expect(committedSince(w, base)).toEqual(['work.txt']);
    expect(w.read('README.md')).toBe('hello\nmy edit in progress\n');
    // Staged as it was staged, modified as it was modified.
    const status = execFileSync('git', ['status', '--porcelain', '--', 'README.md', 'staged.txt'], {
      cwd: w.dir,
      encoding: 'utf8',
    });
    expect(status.split('\n').filter(Boolean)).toEqual([' M README.md', 'A  staged.txt']);
    expect(git(w, 'for-each-ref', 'refs/agent-harness/')).toBe('');
    expect(git(w, 'stash', 'list')).toBe('');
    const progress = w.read('harness-progress.txt');
    expect(progress).toMatch(
      /WARN \[task-001\] tracked changes present at claim \(2 path\(s\): README\.md, staged\.txt\) kept aside in refs\/agent-harness\/stash\/task-001/,
    );
    expect(progress).toMatch(/WARN \[task-001\] tracked changes from before the task given back/);
  });

  it('a tracked harness.yml the user was editing: a failed task’s rollback keeps the edit, the next run loads it', async (context) => {
    const { expect } = context;
    const w = leavesNothing(
      context,
      makeWorkdir({
        git: 'no-ignore',
        plan: ['sh:echo junk > junk.txt && echo x >> harness.yml', 'sh:echo done > work.txt'],
        config: testConfig({ session: { max_iterations: 10 } }),
      }),
    );
    // The committed configuration starts an agent that is not there; the user's edit fixes it.
    const working = w.read('harness.yml');
    writeFileSync(w.path('harness.yml'), working.replace(/command: .*/, 'command: /nonexistent/agent'));
    git(w, 'commit', '-qam', 'a config that needs an edit');
    writeFileSync(w.path('harness.yml'), working);
    await tasks(w, 'init');
    await tasks(w, 'add', 'Fails', '--validate', 'false', '--max-attempts', '1');
    const first = await runHarness(w);
    expect(first.code, first.stderr).toBe(20); // failed for good: no task can run
    expect(statuses(w)).toEqual(['failed']);
    expect(w.read('harness.yml')).toBe(working);
    expect(w.exists('junk.txt')).toBe(false);

    await tasks(w, 'add', 'Passes', '--validate', 'test -f work.txt');
    const base = git(w, 'rev-parse', 'HEAD');
    const second = await runHarness(w, ['--task', 'task-002']);
    expect(second.code, second.stderr).toBe(0);
    expect(statuses(w)).toEqual(['failed', 'completed']);
    expect(committedSince(w, base)).toEqual(['work.txt']);
    expect(w.read('harness.yml')).toBe(working);
  });
});

describe.concurrent('recovery of a task a killed harness left in progress', () => {
  it.for([
    { verdict: 'fails', exit: 'false', status: 'failed' },
    { verdict: 'passes', exit: 'true', status: 'completed' },
  ])(
    'the validation $verdict after the restart: the user’s files are kept, the dirty file given back',
    async ({ exit, status }, context) => {
      const { expect } = context;
      const w = untrackedConfigRepo(context, ['sh:echo done > work.txt && echo junk > junk.txt']);
      await tasks(w, 'init');
      // The first validation records its PID and hangs until the harness is killed; the one after the restart
      // decides.
      const validation = `if [ ! -e .agent-plan.json.validation ]; then echo "$$ $(cut -d" " -f22 /proc/$$/stat)" > .agent-plan.json.validation; exec sleep 60; fi; ${exit}`;
      await tasks(w, 'add', 'Work', '--validate', validation, '--max-attempts', '1');
      writeFileSync(w.path('README.md'), 'hello\nmy edit\n');
      const base = git(w, 'rev-parse', 'HEAD');
      const contents = Object.fromEntries(USER_FILES.map((f) => [f, w.read(f)]));
      const first = startHarness(w);
      await first.waitFor(
        () => w.exists('.agent-plan.json.validation') && w.read('.agent-plan.json.validation').trim() !== '',
      );
      first.child.kill('SIGKILL');
      await first.exit;
      expect(statuses(w)).toEqual(['in_progress']);

      const again = await runHarness(w);
      expect(again.code, again.stderr).toBe(status === 'failed' ? 20 : 0);
      expect(statuses(w)).toEqual([status]);
      expect(w.read('harness-progress.txt')).toMatch(
        /RECOVERY \[task-001\] action="validate_with_uncommitted"/,
      );
      for (const [name, text] of Object.entries(contents)) expect(w.read(name), name).toBe(text);
      expect(w.read('README.md')).toBe('hello\nmy edit\n');
      if (status === 'failed') {
        expect(w.exists('junk.txt')).toBe(false);
        expect(w.exists('work.txt')).toBe(false);
        expect(git(w, 'rev-parse', 'HEAD')).toBe(base);
        expect(w.read('harness-progress.txt')).toMatch(
          /ROLLBACK \[task-001\] git reset --hard [0-9a-f]{7}; removed 2 untracked path\(s\) the task made/,
        );
        // The attempt's work was kept before the rollback, without the user's edit given back afterwards.
        const ref = 'refs/agent-harness/wip/task-task-001-1';
        expect(git(w, 'for-each-ref', '--format=%(refname)', 'refs/agent-harness/')).toBe(ref);
        expect(files(git(w, 'diff', '--name-only', `${ref}^`, ref))).toEqual(['junk.txt', 'work.txt']);
      } else {
        expect(committedSince(w, base)).toEqual(['junk.txt', 'work.txt']);
        expect(git(w, 'for-each-ref', 'refs/agent-harness/')).toBe('');
      }
    },
  );
});

const scratch = hermeticGit('ah-touch-home-');

describe('a working directory below the repository’s top (the task layer, real git)', () => {
  it('records, rolls back, commits and gives back by the repository’s paths', async () => {
    const top = mkdtempSync(join(tmpdir(), 'ah-touch-'));
    scratch.push(top);
    const cwd = join(top, 'sub');
    mkdirSync(cwd);
    const g = (...args: string[]) => execFileSync('git', args, { cwd, encoding: 'utf8' }).trim();
    execFileSync('git', ['init', '-q', '-b', 'main', top]);
    g('config', 'user.name', 'Test');
    g('config', 'user.email', 'test@example.invalid');
    writeFileSync(join(cwd, 'harness.yml'), 'a: 1\n');
    writeFileSync(join(top, 'top.txt'), 'committed\n');
    g('add', '-A');
    g('commit', '-qm', 'initial');
    const base = g('rev-parse', 'HEAD');
    // The user's state: an edited config (protected: it stays in the tree), an edited file at the top, notes.
    writeFileSync(join(cwd, 'harness.yml'), 'a: 2\n');
    writeFileSync(join(top, 'top.txt'), 'mine\n');
    writeFileSync(join(cwd, 'NOTES.txt'), 'notes\n');
    const place = placeOf(cwd, await repoPrefix(cwd));
    const tree = {
      place,
      harness: NO_HARNESS_FILES,
      protect: protectedPaths(place, { configNames: ['harness.yml'] }),
    };
    expect(tree.protect).toEqual(['sub/harness.yml', 'sub/harness-init.sh', 'sub/.harness/', '.harness/']);

    const claim = await claimTree(tree, 'task-001', '2025-07-01T10:00:00Z');
    expect(claim.stash).toMatchObject({ paths: ['sub/harness.yml', 'top.txt'], cleared: ['top.txt'] });
    await expect(readClaim(cwd, 'task-001')).resolves.toEqual(claim);
    expect(readFileSync(join(top, 'top.txt'), 'utf8')).toBe('committed\n');
    expect(readFileSync(join(cwd, 'harness.yml'), 'utf8')).toBe('a: 2\n');
    // The attempt: a file, a change to the config, a memo under .harness/.
    writeFileSync(join(cwd, 'junk.txt'), 'junk\n');
    writeFileSync(join(cwd, 'harness.yml'), 'agent\n');
    mkdirSync(join(cwd, '.harness'));
    writeFileSync(join(cwd, '.harness', 'memo.md'), 'memo\n');
    const report = await rollbackTask(tree, base, claim);
    expect(rollbackLine(base, report)).toBe(
      `git reset --hard ${base.slice(0, 7)}; removed 1 untracked path(s) the task made: sub/junk.txt; ` +
        'kept 1 untracked path(s) from before the task: sub/NOTES.txt; ' +
        'kept 1 the harness never removes: sub/.harness/memo.md',
    );
    await settleClaim(tree, claim, { force: true });
    expect(readFileSync(join(cwd, 'harness.yml'), 'utf8')).toBe('a: 2\n');
    expect(readFileSync(join(top, 'top.txt'), 'utf8')).toBe('mine\n');
    expect(existsSync(join(cwd, 'junk.txt'))).toBe(false);
    await expect(readClaim(cwd, 'task-001')).resolves.toBeNull();
    expect(g('for-each-ref', 'refs/agent-harness/')).toBe('');

    // A passing attempt: only its file is committed.
    const again = await claimTree(tree, 'task-001', '2025-07-01T10:05:00Z');
    writeFileSync(join(cwd, 'work.txt'), 'work\n');
    await commitTask(tree, 'task-001: work', again);
    expect(g('show', '--name-only', '--format=', 'HEAD')).toBe('sub/work.txt');
    await settleClaim(tree, again, { force: false });
    expect(readFileSync(join(top, 'top.txt'), 'utf8')).toBe('mine\n');
    // (The first line's leading space is trimmed.)
    expect(g('status', '--porcelain')).toBe(
      ['M sub/harness.yml', ' M top.txt', '?? sub/.harness/', '?? sub/NOTES.txt'].join('\n'),
    );
  });
});
