// The command line as people type it (issue 29): every subcommand's --help prints its own help and exits 0
// before anything runs, global flags go before or after the subcommand, a mistyped command gets a did-you-mean,
// and the review mode's commands say what is missing (a plan id, the plans there are, `attach`). The --help walk
// reads the command table from the source, so a new command is walked without touching this file; it calls the
// CLI's main function in-process (one process for the whole walk), the rest runs the built CLI.
import { mkdirSync, mkdtempSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, it } from 'vitest';
import { commandLine } from '../../src/cli/command-line.js';
import { COMMAND_NAMES, SUBCOMMANDS } from '../../src/cli/command-names.js';
import { cliMain } from '../../src/cli/main.js';
import { EXIT } from '../../src/errors/exit-codes.js';
import { makeWorkdir, runHarness, type Workdir } from '../support/workdir.js';

/** cliMain in `cwd`, its output and errors collected. */
async function inProcess(cwd: string, argv: string[]) {
  const out: string[] = [];
  const err: string[] = [];
  const code = await cliMain(argv, { cwd, out: (t) => out.push(t), err: (t) => err.push(t) });
  return { code, stdout: out.join('\n'), stderr: err.join('\n') };
}

const emptyDir = () => mkdtempSync(join(tmpdir(), 'ah-cmdline-'));

/** Every command and every command of a command, from the source's table. */
const PATHS: string[][] = COMMAND_NAMES.flatMap((name) => [
  [name],
  ...(SUBCOMMANDS[name] as readonly string[]).map((sub) => [name, sub]),
]);

describe('every subcommand --help', () => {
  it('prints the help of that subcommand and exits 0, in a directory with nothing in it, writing nothing', async ({
    expect,
  }) => {
    expect(PATHS.length).toBeGreaterThan(30);
    const dir = emptyDir();
    for (const path of PATHS) {
      for (const argv of [
        [...path, '--help'],
        [...path, '-h'],
        ['--help', ...path],
      ]) {
        const r = await inProcess(dir, argv);
        const shown = argv.join(' ');
        expect({ shown, code: r.code, stderr: r.stderr }).toEqual({ shown, code: EXIT.ok, stderr: '' });
        if (path[0] === 'self-improvement' && path[1] !== undefined)
          // The bash loop tool's command lines share its help, or have that of the command they stand for.
          expect(r.stdout, shown).toMatch(
            new RegExp(`^Usage: agent-harness (self-improvement|${path[1]})\\b`),
          );
        else expect(r.stdout, shown).toMatch(new RegExp(`^Usage: agent-harness ${path.join(' ')}\\b`));
      }
    }
    expect(readdirSync(dir)).toEqual([]);
  });

  it('gives a nested command its own help, not the help of its parent', async ({ expect }) => {
    const dir = emptyDir();
    const planStatus = await inProcess(dir, ['plan', 'status', '--help']);
    expect(planStatus.stdout).toMatch(/^Usage: agent-harness plan status <plan_id>/);
    expect(planStatus.stdout).not.toContain('--headless');
    const tasksAdd = await inProcess(dir, ['tasks', 'add', '--help']);
    expect(tasksAdd.stdout).toMatch(/^Usage: agent-harness tasks add "<title>"/);
    expect(tasksAdd.stdout).not.toContain('checkpoint');
    expect((await inProcess(dir, ['help', 'tasks'])).stdout).toMatch(/^Usage: agent-harness tasks <command>/);
    expect((await inProcess(dir, ['help'])).stdout).toMatch(/^Usage: agent-harness \[OPTIONS\]/);
  });
});

describe('where the subcommand is', () => {
  const cases: Array<[string[], ReturnType<typeof commandLine>]> = [
    [
      ['-c', 'harness.yml', 'tasks', 'status'],
      { kind: 'command', command: 'tasks', argv: ['tasks', 'status', '-c', 'harness.yml'] },
    ],
    [
      ['-q', 'plan', 'x', '--headless'],
      { kind: 'command', command: 'plan', argv: ['plan', 'x', '-q', '--headless'] },
    ],
    [['tasks', '-q', 'status'], { kind: 'command', command: 'tasks', argv: ['tasks', 'status', '-q'] }],
    [
      ['--config=a.yml', 'metrics', 'status'],
      { kind: 'command', command: 'metrics', argv: ['metrics', 'status', '--config=a.yml'] },
    ],
    // A flag's value is not a subcommand, a number is MAX_ITERATIONS, and no word at all is the loop run.
    [['-c', 'tasks', '3'], { kind: 'run', argv: ['-c', 'tasks', '3'] }],
    [['--task', 'loop'], { kind: 'run', argv: ['--task', 'loop'] }],
    [['-q', '5'], { kind: 'run', argv: ['-q', '5'] }],
    [['--', 'tasks'], { kind: 'run', argv: ['--', 'tasks'] }],
    [['-v', 'task', 'init'], { kind: 'unknown', word: 'task' }],
    // The word after a command with commands of its own comes first, a command of its or not (the command refuses
    // an unknown one); plan's first description word moves up before the flags, in the same order.
    [
      ['plan', '-q', 'status report'],
      { kind: 'command', command: 'plan', argv: ['plan', 'status report', '-q'] },
    ],
    [
      ['metrics', '--db', 'x.db', 'status'],
      { kind: 'command', command: 'metrics', argv: ['metrics', '--db', 'x.db', 'status'] },
    ],
  ];
  for (const [argv, expected] of cases)
    it(JSON.stringify(argv), ({ expect }) => expect(commandLine(argv)).toEqual(expected));
});

/** A work dir with a config file and a task list made by `tasks init` and `tasks add`. */
async function withTasks(): Promise<Workdir> {
  const w = makeWorkdir({ config: { session: { max_iterations: 1 } } });
  expect0(await inProcess(w.dir, ['tasks', 'init']));
  expect0(await inProcess(w.dir, ['tasks', 'add', 'First task']));
  return w;
}

function expect0(r: { code: number; stderr: string }): void {
  if (r.code !== 0) throw new Error(`exit ${r.code}: ${r.stderr}`);
}

describe.concurrent('the built CLI', () => {
  it('takes the global flags before, between and after the subcommand', async ({ expect }) => {
    const w = await withTasks();
    for (const args of [
      ['-c', 'harness.yml', 'tasks', 'status'],
      ['tasks', '-q', 'status'],
      ['tasks', 'status', '--config', 'harness.yml'],
    ]) {
      const r = await runHarness(w, args);
      expect({ args, code: r.code, stderr: r.stderr }).toEqual({ args, code: 0, stderr: '' });
      expect(r.stdout).toContain('[pending] task-001: First task');
    }
    // `-q plan "x" --headless` reaches the plan command, which asks for `attach` first (no .harness/ here).
    const plan = await runHarness(w, ['-q', 'plan', 'x', '--headless']);
    expect(plan.code).toBe(EXIT.usage);
    expect(plan.stderr).toContain('plan: no .harness/ here: run `agent-harness attach` first');
    expect(plan.stderr).not.toContain('Unknown option');
  });

  it('a subcommand --help exits 0 with its help, a mistyped command gets a did-you-mean and exit 2', async ({
    expect,
  }) => {
    const w = makeWorkdir();
    const help = await runHarness(w, ['tasks', 'checkpoint', '--help']);
    expect({ code: help.code, stderr: help.stderr }).toEqual({ code: 0, stderr: '' });
    expect(help.stdout).toMatch(/^Usage: agent-harness tasks checkpoint <id> --step M\/N/);
    const typos: Array<[string[], string]> = [
      [['task', 'init'], 'unknown command "task"; did you mean "tasks"?'],
      [['metric'], 'unknown command "metric"; did you mean "metrics"?'],
      [['-q', 'tasks', 'stauts'], 'unknown tasks command "stauts"; did you mean "status"?'],
      [['frobnicate'], 'unknown command "frobnicate": expected one of tasks, worker, attach'],
      [['status'], 'unknown command "status"; did you mean "--status"?'],
    ];
    for (const [args, message] of typos) {
      const r = await runHarness(w, args);
      expect({ args, code: r.code }).toEqual({ args, code: EXIT.usage });
      expect(r.stderr).toContain(message);
      expect(r.stderr).not.toContain('MAX_ITERATIONS: expected an integer');
    }
    expect(w.exists('harness-tasks.json')).toBe(false);
  });

  it('plan status needs a plan id, and loop names the plans there are', async ({ expect }) => {
    const w = makeWorkdir();
    const bare = await runHarness(w, ['loop', 'nosuch']);
    expect(bare.code).toBe(EXIT.usage);
    expect(bare.stderr).toContain('loop: no .harness/ here: run `agent-harness attach` first');
    const statusBare = await runHarness(w, ['plan', 'status']);
    expect(statusBare.code).toBe(EXIT.usage);
    expect(statusBare.stderr).toContain('plan status: no .harness/ here: run `agent-harness attach` first');
    for (const id of ['add-export', 'fix-login'])
      mkdirSync(join(w.dir, '.harness', 'plans', id), { recursive: true });
    writeFileSync(join(w.dir, '.harness', 'log.md'), '');
    const status = await runHarness(w, ['plan', 'status']);
    expect(status.code).toBe(EXIT.usage);
    expect(status.stderr).toContain('plan status: expected a plan id');
    expect(status.stderr).toContain('Plans here: add-export, fix-login');
    const loop = await runHarness(w, ['loop', 'nosuch']);
    expect(loop.code).toBe(EXIT.usage);
    expect(loop.stderr).toContain('loop: no plan "nosuch" in .harness/plans/');
    expect(loop.stderr).toContain('Plans here: add-export, fix-login');
  });
});
