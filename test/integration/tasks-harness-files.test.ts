// The harness's own files against the task protocol's git operations, in real repositories laid out as users
// have them: the default output_dir "." with no ignore file, the counter and a transcript tracked in git, an
// output_dir outside the repository, a working directory below the repository's top. Commit, rollback,
// "uncommitted work", every row of the recovery matrix, and an agent that switched branches.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { configSchema } from '../../src/config/schema.js';
import { resolvePaths } from '../../src/state/paths.js';
import { harnessFiles, harnessGitView, type HarnessGitView } from '../../src/state/harness-files.js';
import {
  changedFilesSince,
  commitAll,
  currentBranch,
  hasUncommittedChanges,
  returnToBranch,
} from '../../src/tasks/git.js';
import { excludeLocally, repoPrefix } from '../../src/state/git-exclude.js';
import { rollback } from '../../src/tasks/rollback.js';
import { recoverInterruptedTask, type RecoveryLogLine } from '../../src/tasks/recovery.js';
import { taskSchema, type Task } from '../../src/tasks/schema.js';
import { hermeticGit } from '../support/hermetic-git.js';

const NOW = '2025-07-01T10:00:00Z';
const scratch = hermeticGit('ah-hf-home-');

interface Layout {
  top: string;
  /** The loop's working directory (the top, or below it). */
  cwd: string;
  base: string;
  view: HarnessGitView;
  git(...args: string[]): string;
  write(name: string, text: string): void;
  read(name: string): string;
  exists(name: string): boolean;
}

/**
 * A repository with README.md committed and the loop's working directory `sub` below the top (or the top).
 * No ignore file. `session` overrides the config's session section (output_dir...).
 */
async function layout(
  options: { sub?: string; session?: Record<string, unknown>; track?: Record<string, string> } = {},
): Promise<Layout> {
  const top = mkdtempSync(join(tmpdir(), 'ah-hf-'));
  scratch.push(top);
  const cwd = options.sub ? join(top, options.sub) : top;
  mkdirSync(cwd, { recursive: true });
  const git = (...args: string[]) =>
    execFileSync('git', args, { cwd, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] }).trim();
  const write = (name: string, text: string) => {
    mkdirSync(join(cwd, name, '..'), { recursive: true });
    writeFileSync(join(cwd, name), text);
  };
  execFileSync('git', ['init', '-q', '-b', 'main', top]);
  git('config', 'user.name', 'Test');
  git('config', 'user.email', 'test@example.invalid');
  git('config', 'commit.gpgsign', 'false');
  write('README.md', 'hello\n');
  for (const [name, text] of Object.entries(options.track ?? {})) write(name, text);
  git('add', '-A');
  git('commit', '-q', '-m', 'initial');
  const config = configSchema.parse({ session: options.session ?? {} });
  const view = harnessGitView(harnessFiles(resolvePaths(config, cwd)), cwd, await repoPrefix(cwd));
  return {
    top,
    cwd,
    base: git('rev-parse', 'HEAD'),
    view,
    git,
    write,
    read: (name) => readFileSync(join(cwd, name), 'utf8'),
    exists: (name) => existsSync(join(cwd, name)),
  };
}

/** What a loop leaves in its working directory: transcripts, prompt copies, counter, status, logs, task file. */
function harnessState(l: Layout, counter: number, transcripts: number[], dir = '.') {
  for (const n of transcripts) {
    l.write(`${dir}/claude-iteration-${n}.jsonl`, `{"n":${n}}\n`);
    l.write(`${dir}/claude-iteration-${n}.prompt.md`, `prompt ${n}\n`);
  }
  l.write('.iteration_counter', `${counter}\n`);
  l.write('harness.status', '{"status":"session_running"}\n');
  l.write('harness-events.jsonl', '{"event":"loop_start"}\n{"event":"task_started"}\n');
  l.write('harness-progress.txt', '[2025-07-01T10:00:00Z] [SESSION-1] Starting [task-001] x\n');
  l.write('harness-tasks.json', '{"tasks":"current"}\n');
  l.write('harness-tasks.json.bak', '{"tasks":"previous"}\n');
  l.write('.harness.status.4242.0.tmp', 'left by a killed writer');
  l.write('STOP', ''); // a stop request made during validation
}

function snapshot(l: Layout, names: string[]): Record<string, string | null> {
  return Object.fromEntries(names.map((n) => [n, l.exists(n) ? l.read(n) : null]));
}

const STATE = [
  '.iteration_counter',
  'harness.status',
  'harness-events.jsonl',
  'harness-progress.txt',
  'harness-tasks.json',
  'harness-tasks.json.bak',
  '.harness.status.4242.0.tmp',
  'STOP',
];

const committedFiles = (l: Layout, rev = 'HEAD') =>
  l.git('show', '--name-only', '--format=', rev).split('\n').filter(Boolean).sort();

describe('commit: the harness’s files are never in the harness’s commits', () => {
  it('default layout, no ignore file: only the agent’s work is committed', async () => {
    const l = await layout();
    harnessState(l, 3, [1, 2]);
    l.write('src/feature.ts', 'export {};\n');
    const hash = await commitAll(l.cwd, 'task-001: work', l.view);
    expect(hash).not.toBeNull();
    expect(committedFiles(l)).toEqual(['src/feature.ts']);
    // Nothing but harness files left: no uncommitted work.
    await expect(hasUncommittedChanges(l.cwd, l.view)).resolves.toBe(false);
    // Only harness files changed: nothing to commit.
    l.write('.iteration_counter', '4\n');
    l.write('claude-iteration-3.jsonl', '{}\n');
    await expect(hasUncommittedChanges(l.cwd, l.view)).resolves.toBe(false);
    await expect(commitAll(l.cwd, 'nothing', l.view)).resolves.toBeNull();
  });

  it('a tracked counter and transcript, and harness files the agent staged, stay out of the commit', async () => {
    const l = await layout({ track: { '.iteration_counter': '3\n', 'claude-iteration-1.jsonl': 'old\n' } });
    l.write('.iteration_counter', '5\n');
    l.write('claude-iteration-1.jsonl', 'rewritten\n');
    harnessState(l, 5, [4]);
    l.write('work.txt', 'w');
    l.git('add', '-A'); // the agent's own staging
    await commitAll(l.cwd, 'task-001: work', l.view);
    expect(committedFiles(l)).toEqual(['work.txt']);
    expect(l.git('show', 'HEAD:.iteration_counter')).toBe('3');
    expect(l.read('.iteration_counter')).toBe('5\n');
    await expect(changedFilesSince(l.cwd, l.base, l.view)).resolves.toEqual(['work.txt']);
  });
});

describe('rollback: the harness’s files are never deleted, rewound or lost', () => {
  it('default layout, no ignore file: transcripts, logs, task file, counter and temp files survive', async () => {
    const l = await layout();
    harnessState(l, 7, [0, 1, 2]);
    l.git('commit', '-q', '--allow-empty', '-m', 'task-001: attempt');
    l.write('attempt.txt', 'x');
    l.write('README.md', 'broken\n');
    l.write('build/out.o', 'junk');
    const before = snapshot(l, [...STATE, 'claude-iteration-0.jsonl', 'claude-iteration-2.prompt.md']);
    await rollback(l.cwd, l.base, l.view);
    expect(l.git('rev-parse', 'HEAD')).toBe(l.base);
    expect(l.read('README.md')).toBe('hello\n');
    expect(l.exists('attempt.txt')).toBe(false);
    expect(l.exists('build')).toBe(false);
    expect(snapshot(l, Object.keys(before))).toEqual(before);
  });

  it('a counter, task file and transcript tracked at the base keep their content on disk', async () => {
    const l = await layout({
      track: {
        '.iteration_counter': '3\n',
        'claude-iteration-1.jsonl': 'old\n',
        'harness-tasks.json': '{"tasks":[{"status":"in_progress"}]}\n',
      },
    });
    // Since the base: a task completed (the file says so), more sessions counted.
    l.write('harness-tasks.json', '{"tasks":[{"status":"completed"}]}\n');
    l.write('.iteration_counter', '9\n');
    l.write('claude-iteration-1.jsonl', 'old\nmore\n');
    l.write('feature.txt', 'f');
    l.git('add', 'feature.txt');
    l.git('commit', '-q', '-m', 'task-001: feature');
    await rollback(l.cwd, l.base, l.view);
    expect(l.git('rev-parse', 'HEAD')).toBe(l.base);
    expect(l.exists('feature.txt')).toBe(false);
    expect(l.read('.iteration_counter')).toBe('9\n');
    expect(l.read('claude-iteration-1.jsonl')).toBe('old\nmore\n');
    expect(l.read('harness-tasks.json')).toBe('{"tasks":[{"status":"completed"}]}\n');
    // The index holds the base's versions: a later commit of the user's does not carry the harness's.
    expect(l.git('diff', '--cached', '--name-only')).toBe('');
  });

  it('an agent that committed the transcripts with `git add -A`: rolled back, the files kept, untracked again', async () => {
    const l = await layout();
    harnessState(l, 4, [0, 1, 2, 3]);
    l.write('half.txt', 'half');
    l.git('add', '-A');
    l.git('commit', '-q', '-m', 'task-001: wip');
    expect(l.git('ls-files')).toContain('claude-iteration-2.jsonl');
    const before = snapshot(l, [...STATE, 'claude-iteration-2.jsonl', 'claude-iteration-3.prompt.md']);
    await rollback(l.cwd, l.base, l.view);
    expect(l.git('rev-parse', 'HEAD')).toBe(l.base);
    expect(l.exists('half.txt')).toBe(false);
    expect(snapshot(l, Object.keys(before))).toEqual(before);
    expect(l.git('ls-files').split('\n')).toEqual(['README.md']);
  });

  it('transcripts in an untracked output directory inside the repository survive `clean -fd`', async () => {
    const l = await layout({ session: { output_dir: 'logs' } });
    harnessState(l, 2, [0, 1], 'logs');
    l.write('logs/agent-junk.txt', 'junk');
    await rollback(l.cwd, l.base, l.view);
    expect(l.read('logs/claude-iteration-1.jsonl')).toBe('{"n":1}\n');
    expect(l.exists('logs/agent-junk.txt')).toBe(false);
  });

  it('output_dir outside the repository and a working directory below the top', async () => {
    const outside = mkdtempSync(join(tmpdir(), 'ah-hf-out-'));
    scratch.push(outside);
    const l = await layout({ sub: 'pkg/app', session: { output_dir: outside } });
    expect(l.view.pathspecs.some((p) => p.includes('claude-iteration'))).toBe(false);
    expect(l.view.ignorePatterns).toContain('/pkg/app/harness-tasks.json');
    harnessState(l, 2, []);
    writeFileSync(join(outside, 'claude-iteration-0.jsonl'), '{}\n');
    l.write('src.ts', 'x');
    await expect(hasUncommittedChanges(l.cwd, l.view)).resolves.toBe(true);
    await commitAll(l.cwd, 'task-001: src', l.view);
    expect(committedFiles(l)).toEqual(['pkg/app/src.ts']);
    l.write('more.ts', 'y');
    const before = snapshot(l, STATE);
    await rollback(l.cwd, l.base, l.view);
    expect(l.exists('src.ts')).toBe(false);
    expect(l.exists('more.ts')).toBe(false);
    expect(snapshot(l, STATE)).toEqual(before);
    expect(existsSync(join(outside, 'claude-iteration-0.jsonl'))).toBe(true);
  });
});

describe('the local exclude file', () => {
  it('one marked block, written once, replaced when the patterns change; other lines kept', async () => {
    const l = await layout();
    const path = join(l.top, '.git', 'info', 'exclude');
    writeFileSync(path, '# mine\n*.swp\n');
    await expect(excludeLocally(l.cwd, l.view.ignorePatterns)).resolves.toBe(true);
    await expect(excludeLocally(l.cwd, l.view.ignorePatterns)).resolves.toBe(false);
    const text = readFileSync(path, 'utf8');
    expect(text.startsWith('# mine\n*.swp\n# >>> agent-harness')).toBe(true);
    expect(text).toContain('\n/claude-iteration-[0-9]*.jsonl\n');
    await excludeLocally(l.cwd, ['/other']);
    expect(readFileSync(path, 'utf8').match(/agent-harness: its own files/g)).toHaveLength(1);
    expect(readFileSync(path, 'utf8')).toContain('\n/other\n');
    // The agent's own `git add -A` / `git clean -fd` leave untracked harness files alone.
    await excludeLocally(l.cwd, l.view.ignorePatterns);
    harnessState(l, 2, [0, 1]);
    l.git('add', '-A');
    expect(l.git('diff', '--cached', '--name-only')).toBe('');
    l.git('clean', '-fdq');
    expect(l.exists('claude-iteration-1.jsonl')).toBe(true);
  });
});

function makeTask(fields: Record<string, unknown> = {}): Task {
  return taskSchema.parse({ id: 'task-001', title: 'Do it', status: 'in_progress', ...fields });
}

async function recover(l: Layout, task: Task) {
  const lines: RecoveryLogLine[] = [];
  const result = await recoverInterruptedTask(task, {
    cwd: l.cwd,
    env: process.env,
    log: (line) => lines.push(line),
    now: () => NOW,
    harness: l.view,
  });
  return { ...result, text: lines.map((x) => `${x.type} ${x.message}`).join('\n') };
}

describe('recovery matrix rows with the harness’s files present (default layout, no ignore file)', () => {
  const checkpoint = { step: 1, total: 2, description: 'wrote src/a.ts', timestamp: NOW };

  it('no work, only harness files changed: no uncommitted changes, failed with no progress', async () => {
    const l = await layout({ track: { '.iteration_counter': '1\n' } });
    harnessState(l, 6, [1, 2]);
    const r = await recover(l, makeTask({ started_at_commit: l.base, validation: { command: 'true' } }));
    expect(r.text).toContain('no uncommitted changes');
    expect(r.task.error_log).toEqual(['[SESSION_TIMEOUT] No progress detected']);
  });

  it('checkpoints and only harness files changed: work lost, not resumed', async () => {
    const l = await layout();
    harnessState(l, 6, [1, 2]);
    const r = await recover(l, makeTask({ started_at_commit: l.base, checkpoints: [checkpoint] }));
    expect(r.text).toContain('files do not reflect checkpoints');
    expect(r.task.error_log[0]).toMatch(/Work lost/);
  });

  it('uncommitted work, validation passes: the commit holds the work and no harness file', async () => {
    const l = await layout();
    harnessState(l, 6, [1, 2]);
    l.write('src/a.ts', 'a');
    const r = await recover(l, makeTask({ started_at_commit: l.base, validation: { command: 'true' } }));
    expect(r.outcome).toBe('completed');
    expect(committedFiles(l)).toEqual(['src/a.ts']);
  });

  it('task commits plus uncommitted work, validation fails: rolled back, every harness file as it was', async () => {
    const l = await layout({ track: { '.iteration_counter': '1\n' } });
    harnessState(l, 6, [1, 2]);
    l.write('one.txt', '1');
    l.git('add', '-A'); // the agent committed the transcripts too
    l.git('commit', '-q', '-m', 'task-001: one');
    l.write('two.txt', '2');
    const before = snapshot(l, [...STATE, 'claude-iteration-1.jsonl', 'claude-iteration-2.jsonl']);
    const r = await recover(l, makeTask({ started_at_commit: l.base, validation: { command: 'false' } }));
    expect(r.text).toContain('action="commit_then_validate"');
    expect(r.outcome).toBe('failed');
    expect(l.git('rev-parse', 'HEAD')).toBe(l.base);
    expect(l.exists('one.txt')).toBe(false);
    expect(l.exists('two.txt')).toBe(false);
    expect(snapshot(l, Object.keys(before))).toEqual(before);
  });

  it('task commits, validation passes: completed, the harness files untouched', async () => {
    const l = await layout();
    harnessState(l, 6, [1]);
    l.write('f.txt', 'f');
    l.git('add', 'f.txt');
    const head = (l.git('commit', '-q', '-m', 'task-001: f'), l.git('rev-parse', 'HEAD'));
    const before = snapshot(l, STATE);
    const r = await recover(l, makeTask({ started_at_commit: l.base, validation: { command: 'true' } }));
    expect(r.outcome).toBe('completed');
    expect(l.git('rev-parse', 'HEAD')).toBe(head);
    expect(snapshot(l, STATE)).toEqual(before);
  });
});

describe('every recovery row, the harness’s files present and the counter tracked', () => {
  const cp = (description: string) => ({ step: 1, total: 2, description, timestamp: NOW });
  type Row = {
    action: string;
    validation: string | null;
    checkpoints?: string[];
    work: (l: Layout) => void;
    outcome: 'completed' | 'failed' | 'resume';
  };
  const commitWork = (l: Layout, name: string, message: string) => {
    l.write(name, name);
    l.git('add', name);
    l.git('commit', '-q', '-m', message);
  };
  const rows: Row[] = [
    { action: 'mark_failed', validation: 'true', work: () => undefined, outcome: 'failed' },
    {
      action: 'resume_from_checkpoint',
      validation: 'true',
      checkpoints: ['wrote src/a.ts'],
      work: (l) => commitWork(l, 'src/a.ts', 'wip without the id'),
      outcome: 'resume',
    },
    {
      action: 'mark_failed',
      validation: 'true',
      checkpoints: ['wrote src/a.ts'],
      work: () => undefined,
      outcome: 'failed',
    },
    {
      action: 'validate',
      validation: 'true',
      work: (l) => commitWork(l, 'a.txt', 'task-001: a'),
      outcome: 'completed',
    },
    {
      action: 'validate',
      validation: 'false',
      work: (l) => commitWork(l, 'a.txt', 'task-001: a'),
      outcome: 'failed',
    },
    {
      action: 'validate_with_uncommitted',
      validation: 'true',
      work: (l) => l.write('b.txt', 'b'),
      outcome: 'completed',
    },
    {
      action: 'validate_with_uncommitted',
      validation: 'false',
      work: (l) => l.write('b.txt', 'b'),
      outcome: 'failed',
    },
    ...(['true', 'false'] as const).map((validation): Row => ({
      action: 'commit_then_validate',
      validation,
      work: (l) => {
        commitWork(l, 'a.txt', 'task-001: a');
        l.write('b.txt', 'b');
      },
      outcome: validation === 'true' ? 'completed' : 'failed',
    })),
  ];
  it.each(rows)('$action, validation $validation: $outcome; harness files as they were', async (row) => {
    const l = await layout({ track: { '.iteration_counter': '1\n' } });
    harnessState(l, 8, [1, 2, 3]);
    row.work(l);
    const before = snapshot(l, [...STATE, 'claude-iteration-1.jsonl', 'claude-iteration-3.prompt.md']);
    const r = await recover(
      l,
      makeTask({
        started_at_commit: l.base,
        validation: { command: row.validation },
        checkpoints: (row.checkpoints ?? []).map(cp),
      }),
    );
    expect(r.text).toContain(`action="${row.action}"`);
    expect(r.outcome).toBe(row.outcome);
    expect(snapshot(l, Object.keys(before))).toEqual(before);
    const committed = l.git('log', '--name-only', '--format=', `${l.base}..HEAD`).split('\n').filter(Boolean);
    expect(committed.filter((f) => !/^(src\/a\.ts|a\.txt|b\.txt)$/.test(f))).toEqual([]);
    if (row.outcome === 'failed' && row.action !== 'mark_failed')
      expect(l.git('rev-parse', 'HEAD')).toBe(l.base);
  });
});

describe('the branch a task started on', () => {
  it('an agent that switched branches and committed there: HEAD back on main, its work kept in the tree', async () => {
    const l = await layout();
    l.git('checkout', '-q', '-b', 'side');
    l.write('side.txt', 's');
    l.git('add', 'side.txt');
    l.git('commit', '-q', '-m', 'task-001: on the side');
    const side = l.git('rev-parse', 'side');
    const said = await returnToBranch(l.cwd, 'main', l.base);
    expect(said).toMatch(/agent left branch main \(HEAD was on side\); back on main/);
    await expect(currentBranch(l.cwd)).resolves.toBe('main');
    expect(l.git('rev-parse', 'HEAD')).toBe(l.base);
    expect(l.read('side.txt')).toBe('s');
    expect(l.git('rev-parse', 'side')).toBe(side);
    await expect(returnToBranch(l.cwd, 'main', l.base)).resolves.toBeNull();
  });

  it('a recorded branch the agent deleted is made again at the base', async () => {
    const l = await layout();
    l.git('checkout', '-q', '-b', 'side');
    l.git('branch', '-D', 'main');
    const said = await returnToBranch(l.cwd, 'main', l.base);
    expect(said).toContain('made again at');
    await expect(currentBranch(l.cwd)).resolves.toBe('main');
    expect(l.git('rev-parse', 'main')).toBe(l.base);
    await expect(returnToBranch(l.cwd, '-x', l.base)).rejects.toThrow(/not a valid branch name/);
  });

  it('recovery of a task whose agent detached HEAD: validated and committed on the recorded branch', async () => {
    const l = await layout();
    l.git('checkout', '-q', '--detach');
    l.write('d.txt', 'd');
    l.git('add', 'd.txt');
    l.git('commit', '-q', '-m', 'task-001: detached');
    const r = await recover(
      l,
      makeTask({
        started_at_commit: l.base,
        started_on_branch: 'main',
        validation: { command: 'test -f d.txt' },
      }),
    );
    expect(r.text).toMatch(/WARN \[task-001\] agent left branch main \(HEAD was detached at \w+\)/);
    expect(r.outcome).toBe('completed');
    await expect(currentBranch(l.cwd)).resolves.toBe('main');
    expect(committedFiles(l, 'main')).toEqual(['d.txt']);
  });

  it('recovery with a failing validation after a branch switch rolls back main, not the side branch', async () => {
    const l = await layout();
    l.git('checkout', '-q', '-b', 'side');
    l.write('s.txt', 's');
    l.git('add', 's.txt');
    l.git('commit', '-q', '-m', 'task-001: side');
    const side = l.git('rev-parse', 'side');
    const r = await recover(
      l,
      makeTask({ started_at_commit: l.base, started_on_branch: 'main', validation: { command: 'false' } }),
    );
    expect(r.outcome).toBe('failed');
    await expect(currentBranch(l.cwd)).resolves.toBe('main');
    expect(l.git('rev-parse', 'main')).toBe(l.base);
    expect(l.git('rev-parse', 'side')).toBe(side);
    expect(l.exists('s.txt')).toBe(false);
  });
});
