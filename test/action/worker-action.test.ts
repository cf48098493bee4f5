// The Action's `worker-task` input, the bundle run as the runner runs it (dist/main.js, then dist/post.js) with the
// real cache and artifact clients against Azurite: every session is the harness's own worker resuming one task
// directory, whose state goes into the cached state under its own key and into the artifact. As on GitHub, each
// run starts from a fresh clone at the same workspace path; the task (made by `worker new`) is committed. The
// worker-fan-out example's own steps pick the task and pass it in.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parse } from 'yaml';
import { describe, it, type TestContext } from 'vitest';
import { jobFiles, parseFileCommands, runJob } from '../support/action-runner.js';
import { startActionsServices } from '../support/actions-services.js';
import { startLlmServer, type LlmStep } from '../support/llm-server.js';
import { CLI, NODE, ROOT, testConfig } from '../support/workdir.js';
import { stringify } from 'yaml';

/** The test's own Actions services, closed when it ends: the tests run side by side. */
async function ownServices(onTestFinished: TestContext['onTestFinished']) {
  const services = await startActionsServices();
  onTestFinished(() => services.close());
  return services;
}

/**
 * The tests run side by side, each starting processes of its own: on a loaded machine one takes several times what
 * it takes alone, so their hang guard is wider than the suite's 60 s. What they check is unchanged.
 */
const SIDE_BY_SIDE = { timeout: 300_000 };

const git = (cwd: string, ...args: string[]) =>
  execFileSync('git', ['-c', 'user.name=Test', '-c', 'user.email=test@example.invalid', ...args], {
    cwd,
    encoding: 'utf8',
  }).trim();

const create = (path: string): LlmStep => ({
  answer: JSON.stringify({
    reasoning: `write ${path}`,
    actions: [{ tool: 'create_file', args: { path, content: `${path}\n` } }],
  }),
  usage: { input_tokens: 50, output_tokens: 5 },
  model: 'scripted-coder',
});

interface Example {
  jobs: Record<
    string,
    { steps: Array<{ id?: string; uses?: string; run?: string; with?: Record<string, string> }> }
  >;
}

describe.concurrent('the Action with worker-task', SIDE_BY_SIDE, () => {
  it('works on the task, caches its state, and the next run resumes it until it is done', async ({
    expect,
    onTestFinished,
  }) => {
    const services = await ownServices(onTestFinished);
    // Two answers, then the model rate-limits the third call: run 1 ends rate limited with the task at iteration 2.
    const llm = await startLlmServer([
      create('one.txt'),
      create('two.txt'),
      { status: 429, headers: { 'retry-after': '1' } },
      create('three.txt'),
    ]);
    onTestFinished(() => llm.close());
    const scratch = mkdtempSync(join(tmpdir(), 'ah-worker-action-'));
    onTestFinished(() => rmSync(scratch, { recursive: true, force: true }));
    const origin = join(scratch, 'origin.git');
    const ws = join(scratch, 'workspace'); // the runner's workspace path is the same every run
    execFileSync('git', ['init', '-q', '--bare', origin]);
    git(scratch, 'clone', '-q', origin, ws);
    writeFileSync(
      join(ws, 'harness.yml'),
      stringify(
        testConfig({
          session: { max_iterations: 3 },
          llm: { provider: 'ollama', base_url: llm.ollamaUrl, model: 'scripted-coder', timeout_secs: 30 },
          backoff: { initial_delay_secs: 0, max_consecutive_rate_limits: 1 },
          rate_limit: { max_wait_secs: 0 },
        }),
      ),
    );
    const taskDir = execFileSync(
      NODE,
      [
        CLI,
        'worker',
        'new',
        '--prompt',
        'Write four files.',
        '--dir',
        'tasks',
        '--max-iterations',
        '4',
        '--allow',
        ws,
      ],
      { cwd: ws, encoding: 'utf8' },
    ).trim();
    // The last answer writes into the task's own artifacts/ (the worker's second root).
    llm.push(create(join(taskDir, 'artifacts', 'four.txt')));
    git(ws, 'add', '-A');
    git(ws, 'commit', '-q', '-m', 'a worker task');
    git(ws, 'push', '-q', 'origin', 'HEAD');

    // The example's list job, in a clone: its matrix is the task directories.
    const example = parse(
      readFileSync(join(ROOT, 'examples/workflows/worker-fan-out.yml'), 'utf8'),
    ) as Example;
    const list = example.jobs['list']!.steps.find((step) => step.id === 'list')!.run!;
    const output = join(scratch, 'github-output');
    writeFileSync(output, '');
    execFileSync('bash', ['-e', '-c', list], { cwd: ws, env: { ...process.env, GITHUB_OUTPUT: output } });
    const tasks = JSON.parse(parseFileCommands(readFileSync(output, 'utf8'))['tasks']!) as string[];
    const relativeTask = taskDir.slice(ws.length + 1);
    expect(tasks).toEqual([relativeTask]);
    const step = example.jobs['work']!.steps.find((s) => s.id === 'worker')!;
    const inputs = Object.fromEntries(
      Object.entries(step.with!).map(([name, value]) => [
        name,
        value.replace('${{ matrix.task }}', tasks[0]!),
      ]),
    );
    expect(inputs['worker-task']).toBe(relativeTask);

    const stateKey = `worker-${Date.now()}`;
    const run = async (runId: string) => {
      rmSync(ws, { recursive: true, force: true });
      git(scratch, 'clone', '-q', origin, ws); // a fresh checkout, as every job gets
      return runJob({
        files: jobFiles(),
        workspace: ws,
        inputs: { ...inputs, 'state-key': stateKey, 'github-token': '' },
        env: { ...services.env },
        runId,
      });
    };
    const state = () =>
      JSON.parse(readFileSync(join(taskDir, 'state.json'), 'utf8')) as Record<string, unknown>;

    const run1 = await run('901');
    expect(run1.outputs['stop-reason'], run1.main.stdout).toBe('rate_limits_exhausted');
    expect(state()).toMatchObject({ status: 'failed', iteration: 2, error: { kind: 'rate_limited' } });
    const keys = services.cacheEntries().map((e) => e.key);
    const taskKey = `${stateKey}~worker-${relativeTask.replace(/\//g, '-')}`;
    expect(keys.some((key) => key.startsWith(`${taskKey}-901-1-`))).toBe(true);
    const artifact1 = await services.downloadArtifact('agent-harness-901-1-agent-0');
    expect([...artifact1.keys()]).toEqual(
      expect.arrayContaining(['task.json', 'state.json', 'actions.jsonl', 'claude-iteration-0.jsonl']),
    );
    expect(JSON.parse(artifact1.get('state.json')!.toString())).toMatchObject({ iteration: 2 });

    // Run 2 in a fresh clone: the cached state comes back, the task resumes at iteration 3 and completes.
    const run2 = await run('902');
    expect(run2.main.code, run2.main.stdout + run2.main.stderr).toBe(0);
    expect(run2.post.code, run2.post.stdout).toBe(0);
    expect(run2.outputs).toMatchObject({ 'stop-reason': 'worker_done', iterations: '1' });
    expect(state()).toMatchObject({
      status: 'completed',
      termination_reason: 'max_iterations',
      iteration: 4,
    });
    const transcript = readFileSync(join(ws, 'claude-iteration-1.jsonl'), 'utf8')
      .trimEnd()
      .split('\n')
      .filter((line) => line.startsWith('{')) // the worker's log lines (stderr) are plain text
      .map((line) => JSON.parse(line) as { type: string; iteration?: number; resumed?: boolean });
    expect(transcript[0]).toMatchObject({ type: 'start', resumed: true });
    expect(transcript.filter((l) => l.type === 'iteration').map((l) => l.iteration)).toEqual([3, 4]);
    const logged = readFileSync(join(taskDir, 'actions.jsonl'), 'utf8')
      .trimEnd()
      .split('\n')
      .map((line) => (JSON.parse(line) as { iteration: number }).iteration);
    expect(logged).toEqual([1, 2, 3, 3, 4]); // iteration 3's first call failed (fatal, not counted), then ran
    // Run 1's files went with its runner (the example commits and pushes them); run 2 wrote its own.
    expect(readFileSync(join(ws, 'three.txt'), 'utf8')).toBe('three.txt\n');
    expect(readFileSync(join(taskDir, 'artifacts', 'four.txt'), 'utf8')).toContain('four.txt');
    expect(run2.summary).toContain('Stopped: worker done');
    const artifact2 = await services.downloadArtifact('agent-harness-902-1-agent-0');
    expect(JSON.parse(artifact2.get('state.json')!.toString())).toMatchObject({ status: 'completed' });
    expect(artifact2.get('artifacts/four.txt')?.toString()).toContain('four.txt');

    // Run 3: the task is done; the loop stops before any session.
    const run3 = await run('903');
    expect(run3.main.code, run3.main.stdout).toBe(0);
    expect(run3.outputs).toMatchObject({ 'stop-reason': 'worker_done', iterations: '0' });
    // The task's artifacts/ came back with its cached state, in a fresh clone.
    expect(readFileSync(join(taskDir, 'artifacts', 'four.txt'), 'utf8')).toContain('four.txt');
    expect(llm.requests.filter((r) => r.format === 'ollama')).toHaveLength(5);
  });

  it('refuses task-id together with worker-task, and a worker-task outside the working directory', async ({
    expect,
    onTestFinished,
  }) => {
    const services = await ownServices(onTestFinished);
    const ws = mkdtempSync(join(tmpdir(), 'ah-worker-input-'));
    onTestFinished(() => rmSync(ws, { recursive: true, force: true }));
    for (const [inputs, message] of [
      [
        { 'worker-task': 'tasks/a', 'task-id': 'task-001' },
        'task-id and worker-task cannot be used together',
      ],
      [
        { 'worker-task': '../elsewhere' },
        'worker-task: expected a task directory relative to working-directory',
      ],
    ] as const) {
      const run = await runJob({
        files: jobFiles(),
        workspace: ws,
        inputs: { ...inputs, 'github-token': '' },
        env: { ...services.env },
        runId: '910',
      });
      expect(run.main.code).not.toBe(0);
      expect(run.main.stdout).toContain(message);
    }
  });
});
