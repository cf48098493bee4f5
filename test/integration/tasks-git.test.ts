// The task protocol's git side against real repositories: facts (HEAD, uncommitted work, commits that belong
// to a task), commits and rollbacks, validation commands (pass, fail, timeout, missing binary) and every row
// of the Context Window Recovery decision matrix.
import { execFileSync } from 'node:child_process';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  readdirSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  changedFilesSince,
  commitAll,
  commitExists,
  commitsSince,
  hasUncommittedChanges,
  headCommit,
  stashList,
  taskCommitsSince,
} from '../../src/tasks/git.js';
import { rollback } from '../../src/tasks/rollback.js';
import {
  decideRecovery,
  namedPaths,
  recoverInterruptedTask,
  type RecoveryFacts,
  type RecoveryLogLine,
} from '../../src/tasks/recovery.js';
import { taskSchema, type Task } from '../../src/tasks/schema.js';
import { commandBinary, runValidation } from '../../src/tasks/validation.js';
import { hermeticGit } from '../support/hermetic-git.js';

const NOW = '2025-07-01T10:00:00Z';
const scratch = hermeticGit('ah-tasks-home-');

interface Repo {
  dir: string;
  base: string;
  git(...args: string[]): string;
  write(name: string, text: string): void;
  read(name: string): string;
  exists(name: string): boolean;
  commit(message: string, files?: Record<string, string>): string;
  head(): string;
  log(): string[];
}

function makeRepo(options: { commit?: boolean } = {}): Repo {
  const dir = mkdtempSync(join(tmpdir(), 'ah-tasks-'));
  scratch.push(dir);
  const git = (...args: string[]) =>
    execFileSync('git', args, { cwd: dir, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] }).trim();
  git('init', '-q');
  git('config', 'user.name', 'Test');
  git('config', 'user.email', 'test@example.invalid');
  git('config', 'commit.gpgsign', 'false');
  const write = (name: string, text: string) => {
    mkdirSync(join(dir, name, '..'), { recursive: true });
    writeFileSync(join(dir, name), text);
  };
  const repo: Repo = {
    dir,
    base: '',
    git,
    write,
    read: (name) => readFileSync(join(dir, name), 'utf8'),
    exists: (name) => existsSync(join(dir, name)),
    commit(message, files = {}) {
      for (const [name, text] of Object.entries(files)) write(name, text);
      git('add', '-A');
      git('commit', '-q', '--allow-empty', '-m', message);
      return git('rev-parse', 'HEAD');
    },
    head: () => git('rev-parse', 'HEAD'),
    log: () => git('log', '--format=%s').split('\n'),
  };
  if (options.commit !== false) repo.base = repo.commit('initial', { 'README.md': 'hello\n' });
  return repo;
}

function makeTask(fields: Record<string, unknown> = {}): Task {
  return taskSchema.parse({ id: 'task-001', title: 'Implement the thing', status: 'in_progress', ...fields });
}

function checkpoint(step: number, description: string) {
  return { step, total: 4, description, timestamp: NOW };
}

async function recover(repo: Repo, task: Task) {
  const lines: RecoveryLogLine[] = [];
  const before = structuredClone(task);
  const result = await recoverInterruptedTask(task, {
    cwd: repo.dir,
    env: process.env,
    log: (line) => lines.push(line),
    now: () => NOW,
  });
  // Never mutates its input.
  expect(task).toEqual(before);
  expect(result.task).not.toBe(task);
  return { ...result, lines, text: lines.map((l) => `${l.type} ${l.message}`).join('\n') };
}

describe('decideRecovery: the decision matrix as a pure function', () => {
  const cases: Array<[RecoveryFacts, string]> = [
    [
      { uncommitted: false, taskCommits: 0, checkpoints: 0, checkpointFilesPresent: null },
      'fail_no_progress',
    ],
    [
      { uncommitted: false, taskCommits: 0, checkpoints: 2, checkpointFilesPresent: true },
      'resume_from_checkpoint',
    ],
    [{ uncommitted: false, taskCommits: 0, checkpoints: 2, checkpointFilesPresent: false }, 'fail_work_lost'],
    [{ uncommitted: false, taskCommits: 0, checkpoints: 2, checkpointFilesPresent: null }, 'fail_work_lost'],
    [{ uncommitted: false, taskCommits: 1, checkpoints: 0, checkpointFilesPresent: null }, 'validate'],
    [{ uncommitted: false, taskCommits: 3, checkpoints: 2, checkpointFilesPresent: false }, 'validate'],
    [
      { uncommitted: true, taskCommits: 0, checkpoints: 0, checkpointFilesPresent: null },
      'validate_with_uncommitted',
    ],
    [
      { uncommitted: true, taskCommits: 0, checkpoints: 5, checkpointFilesPresent: false },
      'validate_with_uncommitted',
    ],
    [
      { uncommitted: true, taskCommits: 2, checkpoints: 0, checkpointFilesPresent: null },
      'commit_then_validate',
    ],
    [
      { uncommitted: true, taskCommits: 1, checkpoints: 1, checkpointFilesPresent: true },
      'commit_then_validate',
    ],
  ];
  it.each(cases)('%o -> %s', (facts, kind) => {
    expect(decideRecovery(facts)).toEqual({ kind });
  });

  it('finds file names in checkpoint descriptions', () => {
    expect(
      namedPaths(['created src/auth.ts and `test/auth.test.ts`, tests pending.', 'Updated README.md.']),
    ).toEqual(['src/auth.ts', 'test/auth.test.ts', 'README.md']);
    expect(namedPaths(['auth routes created, tests pending', 'see https://example.com/x.html'])).toEqual([]);
  });
});

describe('git facts and actions', () => {
  it('headCommit is null before the first commit and the hash after; throws outside a repository', async () => {
    const repo = makeRepo({ commit: false });
    await expect(headCommit(repo.dir)).resolves.toBeNull();
    const hash = repo.commit('first', { 'a.txt': 'a' });
    await expect(headCommit(repo.dir)).resolves.toBe(hash);
    const outside = mkdtempSync(join(tmpdir(), 'ah-tasks-norepo-'));
    scratch.push(outside);
    await expect(headCommit(outside)).rejects.toThrow(/not a git repository/i);
  });

  it('commitExists tells existing commits from missing hashes and non-commits', async () => {
    const repo = makeRepo();
    await expect(commitExists(repo.dir, repo.base)).resolves.toBe(true);
    await expect(commitExists(repo.dir, repo.base.slice(0, 7))).resolves.toBe(true);
    await expect(commitExists(repo.dir, 'deadbeefdeadbeefdeadbeefdeadbeefdeadbeef')).resolves.toBe(false);
    await expect(commitExists(repo.dir, '--all')).resolves.toBe(false);
    const blob = repo.git('rev-parse', 'HEAD:README.md');
    await expect(commitExists(repo.dir, blob)).resolves.toBe(false);
  });

  it('hasUncommittedChanges sees modified, staged and untracked files', async () => {
    const repo = makeRepo();
    await expect(hasUncommittedChanges(repo.dir)).resolves.toBe(false);
    repo.write('deep/dir/new.txt', 'untracked');
    await expect(hasUncommittedChanges(repo.dir)).resolves.toBe(true);
    rmSync(join(repo.dir, 'deep'), { recursive: true });
    await expect(hasUncommittedChanges(repo.dir)).resolves.toBe(false);
    repo.write('README.md', 'changed\n');
    await expect(hasUncommittedChanges(repo.dir)).resolves.toBe(true);
    repo.git('add', 'README.md');
    await expect(hasUncommittedChanges(repo.dir)).resolves.toBe(true);
  });

  it('commitsSince lists base..HEAD newest first; taskCommitsSince keeps only commits naming the task', async () => {
    const repo = makeRepo();
    const a = repo.commit('[task-001] add routes', { 'a.txt': 'a' });
    const b = repo.commit('unrelated cleanup', { 'b.txt': 'b' });
    const c = repo.commit('more work\n\nPart of task-001.', { 'c.txt': 'c' });
    const d = repo.commit('[task-0010] a different task', { 'd.txt': 'd' });
    const e = repo.commit('task-002: another task', { 'e.txt': 'e' });
    await expect(commitsSince(repo.dir, repo.base)).resolves.toEqual([
      { hash: e, subject: 'task-002: another task' },
      { hash: d, subject: '[task-0010] a different task' },
      { hash: c, subject: 'more work' },
      { hash: b, subject: 'unrelated cleanup' },
      { hash: a, subject: '[task-001] add routes' },
    ]);
    await expect(taskCommitsSince(repo.dir, repo.base, 'task-001')).resolves.toEqual([
      { hash: c, subject: 'more work' },
      { hash: a, subject: '[task-001] add routes' },
    ]);
    await expect(taskCommitsSince(repo.dir, repo.base, 'task-003')).resolves.toEqual([]);
    await expect(commitsSince(repo.dir, e)).resolves.toEqual([]);
  });

  it('a git failure rejects with git’s stderr', async () => {
    const repo = makeRepo();
    await expect(commitsSince(repo.dir, 'no-such-ref')).rejects.toThrow(/unknown revision|bad revision/);
    await expect(rollback(repo.dir, 'deadbeefdeadbeefdeadbeefdeadbeefdeadbeef')).rejects.toThrow(
      /git (restore|reset)/,
    );
  });

  it('commitAll commits everything, returns null when clean, and keeps a configured identity', async () => {
    const repo = makeRepo();
    await expect(commitAll(repo.dir, 'nothing')).resolves.toBeNull();
    repo.write('src/new.ts', 'export {};\n');
    repo.write('README.md', 'changed\n');
    const hash = await commitAll(repo.dir, '[task-001] work');
    expect(hash).toBe(repo.head());
    expect(repo.git('status', '--porcelain')).toBe('');
    expect(repo.git('log', '-1', '--format=%s|%an|%ae')).toBe('[task-001] work|Test|test@example.invalid');
    expect(repo.git('show', '--name-only', '--format=', 'HEAD').split('\n').sort()).toEqual([
      'README.md',
      'src/new.ts',
    ]);
  });

  it('commitAll uses the harness identity only when none is configured', async () => {
    const repo = makeRepo();
    repo.git('config', '--unset', 'user.email');
    repo.git('config', '--unset', 'user.name');
    repo.write('x.txt', 'x');
    await commitAll(repo.dir, 'harness commit');
    expect(repo.git('log', '-1', '--format=%an|%ae|%cn|%ce')).toBe(
      'agent-harness|agent-harness@localhost|agent-harness|agent-harness@localhost',
    );
    // Not written to the repository's configuration.
    expect(() => repo.git('config', '--get', 'user.email')).toThrow();
  });

  it('rollback removes a failed attempt’s commits, changes and untracked files', async () => {
    const repo = makeRepo();
    repo.write('.gitignore', 'ignored.log\n');
    const base = repo.commit('ignore logs');
    repo.commit('[task-001] attempt', { 'attempt.txt': 'x', 'README.md': 'broken\n' });
    repo.write('README.md', 'more broken\n');
    repo.write('scratch/untracked.txt', 'junk');
    repo.write('stray.txt', 'junk');
    repo.write('ignored.log', 'kept');
    await rollback(repo.dir, base);
    expect(repo.head()).toBe(base);
    expect(repo.log()).toEqual(['ignore logs', 'initial']);
    expect(repo.exists('attempt.txt')).toBe(false);
    expect(repo.exists('scratch')).toBe(false);
    expect(repo.exists('stray.txt')).toBe(false);
    expect(repo.read('README.md')).toBe('hello\n');
    expect(repo.git('status', '--porcelain')).toBe('');
    // `git clean -fd` (no -x) leaves ignored files alone.
    expect(repo.exists('ignored.log')).toBe(true);
  });

  it('stashList and changedFilesSince', async () => {
    const repo = makeRepo();
    await expect(stashList(repo.dir)).resolves.toEqual([]);
    repo.write('README.md', 'stash me\n');
    repo.git('stash', '-q');
    const stashes = await stashList(repo.dir);
    expect(stashes).toHaveLength(1);
    expect(stashes[0]).toMatch(/^stash@\{0\}/);
    await expect(changedFilesSince(repo.dir, repo.base)).resolves.toEqual([]);
    repo.commit('wip', { 'src/a.ts': 'a' });
    repo.write('README.md', 'edited\n');
    await expect(changedFilesSince(repo.dir, repo.base)).resolves.toEqual(['README.md', 'src/a.ts']);
  });
});

describe('runValidation', () => {
  const validate = (repo: Repo, command: string | null, timeout_seconds = 30) =>
    runValidation(makeTask({ validation: { command, timeout_seconds } }), {
      cwd: repo.dir,
      env: process.env,
    });

  it('finds the binary a command starts with', () => {
    expect(commandBinary('npm test -- --testPathPattern=auth')).toBe('npm');
    expect(commandBinary('CI=1 NODE_ENV=test npx vitest run')).toBe('npx');
    expect(commandBinary("'./scripts/check.sh' --all")).toBe('./scripts/check.sh');
    expect(commandBinary('true; false')).toBe('true');
    expect(commandBinary('$RUNNER test')).toBeNull();
    expect(commandBinary('   ')).toBeNull();
  });

  it('no command is skipped', async () => {
    const repo = makeRepo();
    const outcome = await validate(repo, null);
    expect(outcome).toMatchObject({ result: 'skipped', category: null, exitCode: null });
  });

  it('exit 0 passes; builtins and leading assignments count as existing', async () => {
    const repo = makeRepo();
    await expect(validate(repo, 'test -f README.md && echo all good')).resolves.toMatchObject({
      result: 'pass',
      category: null,
      exitCode: 0,
      output: 'all good',
    });
    await expect(validate(repo, '[ "$GREETING" = hi ] || exit 1')).resolves.toMatchObject({ result: 'fail' });
    await expect(validate(repo, 'GREETING=hi sh -c \'[ "$GREETING" = hi ]\'')).resolves.toMatchObject({
      result: 'pass',
    });
    await expect(validate(repo, 'cd . && true')).resolves.toMatchObject({ result: 'pass' });
  });

  it('a non-zero exit fails with TEST_FAIL, the exit code and the last line of output', async () => {
    const repo = makeRepo();
    const outcome = await validate(repo, 'echo "running 3 tests"; echo "2 passed, 1 FAILED" >&2; exit 3');
    expect(outcome.result).toBe('fail');
    expect(outcome.category).toBe('TEST_FAIL');
    expect(outcome.exitCode).toBe(3);
    expect(outcome.message).toBe('validation failed (exit 3): 2 passed, 1 FAILED');
    expect(outcome.output).toBe('running 3 tests\n2 passed, 1 FAILED');
  });

  it('keeps only the last ~2 KiB of output', async () => {
    const repo = makeRepo();
    const outcome = await validate(
      repo,
      'i=0; while [ $i -lt 500 ]; do echo "line $i"; i=$((i+1)); done; exit 1',
    );
    expect(outcome.output.length).toBeLessThanOrEqual(2048);
    expect(outcome.output.length).toBeGreaterThan(1500);
    expect(outcome.output.endsWith('line 499')).toBe(true);
    expect(outcome.message).toBe('validation failed (exit 1): line 499');
  });

  it('a command past its timeout is TIMEOUT and its whole process group is killed', async () => {
    const repo = makeRepo();
    const started = Date.now();
    const outcome = await validate(repo, 'echo $$ > group.pid; sleep 30 & echo $! > child.pid; sleep 30', 1);
    const elapsed = Date.now() - started;
    expect(outcome).toMatchObject({ result: 'timeout', category: 'TIMEOUT', exitCode: null });
    expect(outcome.message).toContain('timed out after 1s');
    expect(elapsed).toBeGreaterThanOrEqual(900);
    expect(elapsed).toBeLessThan(5000);
    // Alive and not a zombie (an orphan may wait a moment for its new parent to reap it).
    const alive = (pid: number) => {
      try {
        const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
        return stat.slice(stat.lastIndexOf(')') + 2, stat.lastIndexOf(')') + 3) !== 'Z';
      } catch {
        return false;
      }
    };
    const groupAlive = (pgid: number) => {
      try {
        process.kill(-pgid, 0);
      } catch {
        return false;
      }
      for (const entry of readdirSync('/proc')) {
        if (!/^\d+$/.test(entry)) continue;
        try {
          const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
          const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
          if (fields[0] !== 'Z' && Number(fields[2]) === pgid) return true;
        } catch {
          // gone
        }
      }
      return false;
    };
    const group = Number(repo.read('group.pid').trim());
    const child = Number(repo.read('child.pid').trim());
    expect(group).toBeGreaterThan(0);
    expect(alive(child)).toBe(false);
    expect(groupAlive(group)).toBe(false);
  });

  it('a missing binary is ENV_SETUP and nothing runs', async () => {
    const repo = makeRepo();
    const outcome = await validate(repo, 'CI=1 definitely-not-installed-xyz --run && touch ran.txt');
    expect(outcome).toEqual({
      result: 'missing',
      category: 'ENV_SETUP',
      message: 'command not found: definitely-not-installed-xyz',
      exitCode: null,
      output: '',
    });
    expect(repo.exists('ran.txt')).toBe(false);
    await expect(validate(repo, './no-such-script.sh')).resolves.toMatchObject({
      result: 'missing',
      message: 'command not found: ./no-such-script.sh',
    });
  });
});

describe('recoverInterruptedTask: the Context Window Recovery decision matrix', () => {
  it('no changes, no task commits, no checkpoints: failed [SESSION_TIMEOUT] with attempts + 1', async () => {
    const repo = makeRepo();
    const r = await recover(repo, makeTask({ started_at_commit: repo.base, attempts: 1 }));
    expect(r.outcome).toBe('failed');
    expect(r.task.status).toBe('failed');
    expect(r.task.attempts).toBe(2);
    expect(r.task.error_log).toEqual(['[SESSION_TIMEOUT] No progress detected']);
    expect(r.task.failed_at).toBe(NOW);
    expect(r.task.completed_at).toBeNull();
    expect(r.lines[0]).toMatchObject({ type: 'RECOVERY' });
    expect(r.lines[0]!.message).toMatch(/^\[task-001\] action="mark_failed" reason="[^"]*no checkpoints"$/);
    expect(r.lines).toContainEqual({
      type: 'ERROR',
      message: '[task-001] [SESSION_TIMEOUT] No progress detected',
      category: 'SESSION_TIMEOUT',
    });
  });

  it('commits that do not mention the task id are not counted as task commits', async () => {
    const repo = makeRepo();
    repo.commit('unrelated refactor', { 'other.txt': 'x' });
    repo.commit('[task-0010] not this task either', { 'other2.txt': 'x' });
    // The validation would pass: if those commits were counted, the task would be completed.
    const r = await recover(
      repo,
      makeTask({ started_at_commit: repo.base, validation: { command: 'true' } }),
    );
    expect(r.outcome).toBe('failed');
    expect(r.task.error_log).toEqual(['[SESSION_TIMEOUT] No progress detected']);
    expect(r.text).toContain('no task commits');
    // Not this task's commits: nothing is rolled back.
    expect(r.lines.some((l) => l.type === 'ROLLBACK')).toBe(false);
    expect(repo.exists('other.txt')).toBe(true);
  });

  it('checkpoints whose files show progress: resume, the task stays in_progress', async () => {
    const repo = makeRepo();
    repo.commit('wip routes', { 'src/routes.ts': 'export const routes = [];\n' });
    const task = makeTask({
      started_at_commit: repo.base,
      attempts: 1,
      checkpoints: [checkpoint(1, 'scaffolded'), checkpoint(2, 'created src/routes.ts, tests pending')],
    });
    const r = await recover(repo, task);
    expect(r.outcome).toBe('resume');
    expect(r.task).toEqual(task);
    expect(r.task.status).toBe('in_progress');
    expect(r.text).toMatch(/RECOVERY \[task-001\] action="resume_from_checkpoint" reason="[^"]*step=2\/4"/);
    expect(repo.exists('src/routes.ts')).toBe(true);
  });

  it('checkpoints but the working tree is still at the base: failed, work lost', async () => {
    const repo = makeRepo();
    const r = await recover(
      repo,
      makeTask({ started_at_commit: repo.base, checkpoints: [checkpoint(2, 'created src/routes.ts')] }),
    );
    expect(r.outcome).toBe('failed');
    expect(r.task.attempts).toBe(1);
    expect(r.task.error_log).toHaveLength(1);
    expect(r.task.error_log[0]).toMatch(/^\[SESSION_TIMEOUT\] Work lost: checkpoint step=2\/4/);
    expect(r.text).toContain('files do not reflect checkpoints');
  });

  it('checkpoints naming existing files that did not change: failed, work lost', async () => {
    const repo = makeRepo();
    repo.commit('unrelated', { 'other.txt': 'x' });
    const r = await recover(
      repo,
      makeTask({ started_at_commit: repo.base, checkpoints: [checkpoint(1, 'rewrote README.md intro')] }),
    );
    expect(r.outcome).toBe('failed');
    expect(r.task.error_log[0]).toMatch(/Work lost/);
  });

  it('task commits and a passing validation: completed', async () => {
    const repo = makeRepo();
    const head = repo.commit('[task-001] add feature', { 'feature.txt': 'done' });
    const r = await recover(
      repo,
      makeTask({ started_at_commit: repo.base, validation: { command: 'test -f feature.txt' } }),
    );
    expect(r.outcome).toBe('completed');
    expect(r.task.status).toBe('completed');
    expect(r.task.completed_at).toBe(NOW);
    expect(r.task.attempts).toBe(0);
    expect(r.task.last_validation).toEqual({ result: 'pass', at: NOW, exit_code: 0 });
    expect(repo.head()).toBe(head);
    expect(r.text).toContain('action="validate"');
    expect(r.text).toContain('action="mark_completed"');
  });

  it('task commits and a failing validation: rolled back to the base, commits gone, failed', async () => {
    const repo = makeRepo();
    repo.commit('[task-001] half done', { 'feature.txt': 'half' });
    repo.commit('task-001: more', { 'more.txt': 'more' });
    const r = await recover(
      repo,
      makeTask({
        started_at_commit: repo.base,
        attempts: 1,
        validation: { command: 'echo "1 failing"; exit 1' },
      }),
    );
    expect(r.outcome).toBe('failed');
    expect(r.task.status).toBe('failed');
    expect(r.task.attempts).toBe(2);
    expect(r.task.error_log).toEqual(['[TEST_FAIL] validation failed (exit 1): 1 failing']);
    expect(r.task.last_validation).toEqual({ result: 'fail', at: NOW, exit_code: 1 });
    expect(repo.head()).toBe(repo.base);
    expect(repo.log()).toEqual(['initial']);
    expect(repo.exists('feature.txt')).toBe(false);
    expect(r.lines).toContainEqual({
      type: 'ROLLBACK',
      message: `[task-001] git reset --hard ${repo.base} && git clean -fd`,
    });
  });

  it('uncommitted changes and a passing validation (run with them present): committed with the id, completed', async () => {
    const repo = makeRepo();
    repo.write('src/new.ts', 'export const x = 1;\n');
    repo.write('README.md', 'updated\n');
    const r = await recover(
      repo,
      makeTask({ started_at_commit: repo.base, validation: { command: 'test -f src/new.ts' } }),
    );
    expect(r.outcome).toBe('completed');
    expect(r.task.completed_at).toBe(NOW);
    expect(repo.head()).not.toBe(repo.base);
    expect(repo.git('log', '-1', '--format=%B')).toContain('task-001');
    expect(repo.git('status', '--porcelain')).toBe('');
    expect(repo.git('show', '--name-only', '--format=', 'HEAD').split('\n').sort()).toEqual([
      'README.md',
      'src/new.ts',
    ]);
    expect(r.text).toContain('action="validate_with_uncommitted"');
    expect(r.text).toContain(`commit ${repo.head()}`);
  });

  it('uncommitted changes and a failing validation: reset and clean (untracked files gone), failed', async () => {
    const repo = makeRepo();
    repo.write('README.md', 'broken\n');
    repo.write('build/out.txt', 'junk');
    const r = await recover(
      repo,
      makeTask({ started_at_commit: repo.base, validation: { command: 'false' } }),
    );
    expect(r.outcome).toBe('failed');
    expect(r.task.attempts).toBe(1);
    expect(r.task.error_log).toEqual(['[TEST_FAIL] validation failed (exit 1)']);
    expect(repo.exists('build')).toBe(false);
    expect(repo.read('README.md')).toBe('hello\n');
    expect(repo.git('status', '--porcelain')).toBe('');
    expect(repo.head()).toBe(repo.base);
  });

  it('uncommitted changes and task commits: committed first, then validated', async () => {
    const repo = makeRepo();
    repo.commit('[task-001] step one', { 'one.txt': '1' });
    repo.write('two.txt', '2');
    // Passes only when the tree is clean, i.e. when the uncommitted work was committed before validation.
    const r = await recover(
      repo,
      makeTask({
        started_at_commit: repo.base,
        validation: { command: 'test -z "$(git status --porcelain)" && test -f two.txt' },
      }),
    );
    expect(r.outcome).toBe('completed');
    expect(repo.log()).toHaveLength(3);
    expect(repo.git('log', '-1', '--format=%s')).toContain('[task-001]');
    expect(repo.git('status', '--porcelain')).toBe('');
    expect(r.text).toContain('action="commit_then_validate"');
  });

  it('uncommitted changes and task commits with a failing validation: everything rolled back', async () => {
    const repo = makeRepo();
    repo.commit('[task-001] step one', { 'one.txt': '1' });
    repo.write('two.txt', '2');
    const r = await recover(
      repo,
      makeTask({ started_at_commit: repo.base, validation: { command: 'exit 2', timeout_seconds: 10 } }),
    );
    expect(r.outcome).toBe('failed');
    expect(r.task.error_log).toEqual(['[TEST_FAIL] validation failed (exit 2)']);
    expect(repo.head()).toBe(repo.base);
    expect(repo.exists('one.txt')).toBe(false);
    expect(repo.exists('two.txt')).toBe(false);
  });

  it('a missing validation binary fails the task with ENV_SETUP', async () => {
    const repo = makeRepo();
    repo.commit('[task-001] work', { 'w.txt': 'w' });
    const r = await recover(
      repo,
      makeTask({ started_at_commit: repo.base, validation: { command: 'no-such-test-runner-xyz' } }),
    );
    expect(r.outcome).toBe('failed');
    expect(r.task.error_log).toEqual(['[ENV_SETUP] command not found: no-such-test-runner-xyz']);
    expect(r.lines).toContainEqual(expect.objectContaining({ type: 'ERROR', category: 'ENV_SETUP' }));
  });

  it('a started_at_commit that does not exist: failed at max_attempts, nothing touched', async () => {
    const repo = makeRepo();
    repo.write('wip.txt', 'work');
    const r = await recover(
      repo,
      makeTask({
        started_at_commit: 'deadbeefdeadbeefdeadbeefdeadbeefdeadbeef',
        attempts: 1,
        max_attempts: 3,
        validation: { command: 'true' },
      }),
    );
    expect(r.outcome).toBe('failed');
    expect(r.task.status).toBe('failed');
    expect(r.task.attempts).toBe(3);
    expect(r.task.error_log).toHaveLength(1);
    expect(r.task.error_log[0]).toMatch(/^\[TASK_EXEC\] started_at_commit deadbeef\w* does not exist/);
    expect(repo.exists('wip.txt')).toBe(true);
    expect(r.text).toContain('action="mark_failed_at_max_attempts"');
  });

  it('a started_at_commit never recorded: failed at max_attempts', async () => {
    const repo = makeRepo();
    const r = await recover(repo, makeTask({ started_at_commit: null, max_attempts: 5 }));
    expect(r.outcome).toBe('failed');
    expect(r.task.attempts).toBe(5);
    expect(r.task.error_log[0]).toMatch(/^\[TASK_EXEC\] started_at_commit is not recorded/);
  });
});
