// The task list end to end with the REAL Claude Code CLI on a scripted model: the harness claims each task,
// the CLI's own tools do the work, and the validation command (never the agent) decides.
import { execFileSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { describe, it } from 'vitest';
import { claudeCommand } from '../support/claude-env.js';
import { startModelServer, type Step } from '../support/model-server.js';
import { markedProcesses } from '../support/processes.js';
import { makeWorkdir, runHarness, testConfig } from '../support/workdir.js';

const write = (file: string, content: string): Step => ({
  kind: 'tool',
  name: 'Write',
  input: { file_path: file, content },
});

describe('tasks with the real Claude Code CLI', () => {
  it('three tasks: one passes, one fails validation once then passes, one fails for good and blocks its dependent', async (t) => {
    const { expect } = t;
    const server = await startModelServer([
      // task-001: write and commit.
      write('hello.txt', 'hello\n'),
      {
        kind: 'tool',
        name: 'Bash',
        input: { command: 'git add hello.txt && git commit -q -m "task-001: hello"', description: 'commit' },
      },
      { kind: 'text', text: 'Done with task-001.' },
      // task-002, attempt 1: a typo the validation catches; the harness rolls it back.
      write('world.txt', 'wrld\n'),
      { kind: 'text', text: 'Done with task-002, I think.' },
      // task-003: the agent claims success without doing anything.
      { kind: 'text', text: 'task-003 is complete!' },
      // task-002, attempt 2: right this time, left uncommitted; the harness commits it.
      write('world.txt', 'world\n'),
      { kind: 'text', text: 'Fixed world.txt.' },
    ]);
    t.onTestFinished(() => server.close());
    const mark = randomUUID();
    const cmd = claudeCommand({ serverUrl: server.url, extraEnv: { AH_E2E_MARK: mark } });
    const args = [...cmd.args];
    args[args.indexOf('-p') + 1] = '{prompt}';
    const w = makeWorkdir({
      git: true,
      config: testConfig({
        session: { max_iterations: 10 },
        agent: { command: cmd.command, args, env: cmd.env },
      }),
    });
    writeFileSync(w.path('.gitignore'), `${w.read('.gitignore')}harness-*\n.agent-plan*\n`);
    execFileSync('git', ['commit', '-qam', 'ignore harness files'], { cwd: w.dir });
    const cli = (...a: string[]) => runHarness(w, ['tasks', ...a]);
    expect((await cli('init')).code).toBe(0);
    await cli('add', 'Create hello.txt', '--validate', 'test -f hello.txt');
    await cli('add', 'Create world.txt', '--validate', 'grep -q world world.txt');
    await cli('add', 'Create never.txt', '--validate', 'test -f never.txt', '--max-attempts', '1');
    await cli('add', 'Build on never.txt', '--depends-on', 'task-003', '--validate', 'true');

    const run = await runHarness(w);
    // Two tasks failed for good (task-003, and task-004 blocked by it): the run says so, with exit code 20.
    expect(run.code, run.stdout + run.stderr).toBe(20);
    expect(run.stderr).toContain('2 of 4 tasks failed for good (task-003, task-004)');

    const file = JSON.parse(w.read('harness-tasks.json')) as {
      tasks: Array<{ id: string; status: string; attempts: number; error_log: string[] }>;
      session_count: number;
    };
    const byId = Object.fromEntries(file.tasks.map((t) => [t.id, t]));
    expect(byId['task-001']).toMatchObject({ status: 'completed', attempts: 0 });
    expect(byId['task-002']).toMatchObject({ status: 'completed', attempts: 1 });
    expect(byId['task-002']!.error_log[0]).toMatch(/^\[TEST_FAIL\] /);
    expect(byId['task-003']).toMatchObject({ status: 'failed', attempts: 1 });
    expect(byId['task-004']!.status).toBe('failed');
    expect(byId['task-004']!.error_log).toContain('[DEPENDENCY] Blocked by failed task-003');
    expect(file.session_count).toBe(1);

    // The failed attempt's file is gone, the retry's content is committed by the harness with the task id.
    expect(w.read('world.txt')).toBe('world\n');
    const log = execFileSync('git', ['log', '--format=%s'], { cwd: w.dir, encoding: 'utf8' });
    expect(log).toMatch(/task-002/);
    expect(execFileSync('git', ['status', '--porcelain'], { cwd: w.dir, encoding: 'utf8' })).toBe('');

    const progress = w.read('harness-progress.txt');
    expect(progress).toMatch(/\[SESSION-1\] LOCK acquired \(pid=\d+\)/);
    expect(progress).toMatch(/\[SESSION-1\] Starting \[task-001\] Create hello\.txt \(base=[0-9a-f]{7}\)/);
    expect(progress).toMatch(/\[SESSION-1\] Completed \[task-001\] \(commit [0-9a-f]{7}\)/);
    expect(progress).toMatch(/\[SESSION-1\] ERROR \[task-002\] \[TEST_FAIL\] /);
    expect(progress).toMatch(/\[SESSION-1\] ROLLBACK \[task-002\] git reset --hard [0-9a-f]{7}/);
    expect(progress).toMatch(/\[SESSION-1\] ERROR \[task-004\] \[DEPENDENCY\] Blocked by failed task-003/);
    expect(progress).toMatch(
      /\[SESSION-1\] STATS tasks_total=4 completed=2 failed=2 pending=0 blocked=0 attempts_total=2 checkpoints=0/,
    );
    expect(progress).toMatch(/\[SESSION-1\] LOCK released/);

    const sessions = w.events().filter((e) => e.event === 'session_complete');
    expect(sessions.map((e) => e.task_id)).toEqual(['task-001', 'task-002', 'task-003', 'task-002']);
    expect(run.stdout).toContain('Loop completed: 4 productive iterations');
    expect(markedProcesses(mark)).toEqual([]);
  });
});
