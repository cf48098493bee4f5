// End to end with the REAL Claude Code CLI, pointed at a scripted Messages API server on loopback. The CLI runs
// its tools for real (files, git commits), prints its real stream-json, and fails in its own real ways.
import { randomUUID } from 'node:crypto';
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { describe, it, type TestContext } from 'vitest';
import { claudeCommand, lingerAfterResultSettings, type ClaudeEnvOptions } from '../support/claude-env.js';
import { startModelServer, type ModelServer, type Step } from '../support/model-server.js';
import { markedProcesses } from '../support/processes.js';
import { makeWorkdir, runHarness, testConfig, type Workdir } from '../support/workdir.js';

// The tests run side by side, each with its own server (closed when the test ends). The watchdog's stale timeout for
// the tests that make the CLI sit in a silence: longer than the CLI's silent start-up on a loaded machine, where
// tests run beside each other (0.5 s alone, 4 s five at once, 7 s ten at once), shorter than the silences.
const CLAUDE_STALE_MINS = 0.25;

async function claudeWorkdir(
  t: TestContext,
  script: Step[],
  sections: Record<string, Record<string, unknown>> = {},
  claude: Partial<ClaudeEnvOptions> = {},
): Promise<{ w: Workdir; mark: string; server: ModelServer }> {
  const server = await startModelServer(script);
  t.onTestFinished(() => server.close());
  const mark = randomUUID();
  const cmd = claudeCommand({
    serverUrl: server.url,
    ...claude,
    extraEnv: { AH_E2E_MARK: mark, ...claude.extraEnv },
  });
  const args = [...cmd.args];
  args[args.indexOf('-p') + 1] = '{prompt}';
  const w = makeWorkdir({
    git: true,
    config: testConfig({ agent: { command: cmd.command, args, env: cmd.env }, ...sections }),
  });
  return { w, mark, server };
}

const LINGER = { started: 'hook-lingers', ended: 'hook-lingered-to-its-end' };

const commitSession = (n: number): Step[] => [
  { kind: 'tool', name: 'Write', input: { file_path: `notes-${n}.md`, content: `note ${n}\n` } },
  {
    kind: 'tool',
    name: 'Bash',
    input: { command: `git add -A && git commit -q -m "feat: note ${n}"`, description: 'commit' },
  },
  { kind: 'text', text: `Committed note ${n}.` },
];

// Beside the others on a loaded machine a test took up to 55 s.
describe.concurrent('the real Claude Code CLI under the harness', { timeout: 120_000 }, () => {
  // The tests that sit out the stale timeout come first: their waits overlap the others.
  it('a stream that stalls: watchdog kill, exit code 124, nothing left running', async (t) => {
    const { expect } = t;
    const { w, mark } = await claudeWorkdir(t, [{ kind: 'stall' }], {
      watchdog: { stale_timeout_mins: CLAUDE_STALE_MINS, kill_grace_secs: 2 },
    });
    const run = await runHarness(w);
    expect(run.code, run.stderr).toBe(0);
    const [session] = w.events().filter((e) => e.event === 'session_complete');
    expect(session).toMatchObject({ exit_code: 124, end_reason: 'watchdog' });
    expect(run.stdout).toContain('watchdog=killed');
    expect(markedProcesses(mark)).toEqual([]);
  });

  it('a Bash tool that hangs in its own session is ended with the CLI', async (t) => {
    const { expect } = t;
    const { w, mark } = await claudeWorkdir(
      t,
      [
        {
          kind: 'tool',
          name: 'Bash',
          input: { command: 'tail -f /dev/null', description: 'follow', timeout: 600000 },
        },
      ],
      { watchdog: { stale_timeout_mins: CLAUDE_STALE_MINS, kill_grace_secs: 2 } },
    );
    const run = await runHarness(w);
    expect(run.code, run.stderr).toBe(0);
    expect(w.events().find((e) => e.event === 'session_complete')).toMatchObject({
      end_reason: 'watchdog',
      exit_code: 124,
    });
    expect(markedProcesses(mark)).toEqual([]);
  });

  it('productive sessions whose tool calls really commit', async (t) => {
    const { expect } = t;
    const { w } = await claudeWorkdir(t, [...commitSession(1), ...commitSession(2)], {
      session: { max_iterations: 2 },
    });
    const run = await runHarness(w);
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toContain(
      'Loop completed: 2 productive iterations, 0 trailing rate limits (global counter: 2)',
    );
    const log = execFileSync('git', ['log', '--format=%s'], { cwd: w.dir, encoding: 'utf8' });
    expect(log.split('\n').slice(0, 2)).toEqual(['feat: note 2', 'feat: note 1']);
    const sessions = w.events().filter((e) => e.event === 'session_complete');
    expect(sessions).toHaveLength(2);
    for (const s of sessions) {
      expect(s).toMatchObject({
        outcome: 'productive',
        exit_code: 0,
        committed: true,
        commit_evidence: 'pattern+head',
        tool_calls: 2,
      });
      expect(s.turns).toBeGreaterThanOrEqual(3);
      expect(typeof s.cost_usd).toBe('number');
      expect(s.output_tokens).toBeGreaterThan(0);
    }
  });

  it("a 429 answer becomes the CLI's own error result: rate limited, backoff, exit 3 after the maximum", async (t) => {
    const { expect } = t;
    const { w } = await claudeWorkdir(
      t,
      [{ kind: 'status', status: 429 }],
      {
        session: { max_iterations: 3 },
        backoff: { initial_delay_secs: 0.05, max_consecutive_rate_limits: 2 },
      },
      { maxRetries: 0 },
    );
    const run = await runHarness(w);
    expect(run.code, run.stderr).toBe(3);
    const sessions = w.events().filter((e) => e.event === 'session_complete');
    expect(sessions.map((s) => s.outcome)).toEqual(['rate_limited', 'rate_limited']);
    expect(sessions[0]).toMatchObject({ rate_limit_source: 'api_status', result_error: true, exit_code: 1 });
    expect(w.events().find((e) => e.event === 'rate_limited')).toMatchObject({
      consecutive: 1,
      basis: 'backoff',
      wait_ms: 100,
    });
    expect(run.stdout).toContain(
      'Loop completed: 0 productive iterations, 2 trailing rate limits (global counter: 2)',
    );
  });

  it('a session that ends but whose process lingers is ended after the result grace, and stays productive', async (t) => {
    const { expect } = t;
    const { w, mark } = await claudeWorkdir(
      t,
      [{ kind: 'text', text: 'Nothing to do.' }],
      { watchdog: { result_grace_secs: 1, kill_grace_secs: 2 } },
      { settings: lingerAfterResultSettings(60, undefined, LINGER) },
    );
    const run = await runHarness(w);
    expect(run.code, run.stderr).toBe(0);
    // The hook (run in the working tree) lingered, and was ended before its 60 s were up: the run did not wait for
    // it, however slowly the machine ran the CLI.
    expect(existsSync(w.path(LINGER.started))).toBe(true);
    expect(existsSync(w.path(LINGER.ended))).toBe(false);
    const [session] = w.events().filter((e) => e.event === 'session_complete');
    expect(session).toMatchObject({ end_reason: 'result_grace', outcome: 'productive', result_error: false });
    expect(run.stdout).toContain('watchdog=result_grace');
    expect(markedProcesses(mark)).toEqual([]);
  });

  it('a background Bash task that finishes after the first result gets its second turn, not a result-grace kill', async (t) => {
    const { expect } = t;
    // Seen with the real CLI (2.1.x): the turn that starts a `run_in_background` task ends with a `result` while
    // the task runs, the CLI then prints nothing until the task ends, announces it (`task_notification`,
    // `background_tasks_changed` with no tasks), asks the model again and prints a second `result`.
    const { w, mark, server } = await claudeWorkdir(
      t,
      [
        {
          kind: 'tool',
          name: 'Bash',
          input: {
            command: 'sleep 5; echo done > bg.txt',
            description: 'background',
            run_in_background: true,
          },
        },
        { kind: 'text', text: 'Started the background task; waiting for it.' },
        { kind: 'text', text: 'The background task finished.' },
      ],
      { watchdog: { result_grace_secs: 1, kill_grace_secs: 2, stale_timeout_mins: 1 } },
    );
    const run = await runHarness(w);
    expect(run.code, run.stderr).toBe(0);
    const [transcript] = w.transcripts();
    const events = w
      .read(transcript!)
      .split('\n')
      .filter((line) => line.startsWith('{'))
      .map((line) => JSON.parse(line) as Record<string, unknown>);
    const results = events.filter((event) => event.type === 'result');
    // What the harness relies on: the running task is announced before the first result, its end before the second.
    const announced = events
      .map((e, i) => ({ e, i }))
      .filter(({ e }) => e.subtype === 'background_tasks_changed')
      .map(({ e, i }) => ({ running: (e.tasks as unknown[]).length, i }));
    const [first, second] = [events.indexOf(results[0]!), events.indexOf(results[1]!)];
    expect(announced.filter((a) => a.i < first).at(-1)?.running).toBe(1);
    expect(announced.filter((a) => a.i > first && a.i < second).at(-1)?.running).toBe(0);
    expect(results.map((r) => r.result)).toEqual([
      'Started the background task; waiting for it.',
      'The background task finished.',
    ]);
    expect(w.read('bg.txt')).toBe('done\n');
    const [session] = w.events().filter((e) => e.event === 'session_complete');
    expect(session).toMatchObject({ end_reason: 'exited', exit_code: 0, outcome: 'productive' });
    expect(run.stdout).not.toContain('watchdog=result_grace');
    expect(server.mainRequests()).toHaveLength(3);
    expect(markedProcesses(mark)).toEqual([]);
  });
});
