// The loop as a user runs it: the built CLI, real processes, real files, the scripted agent.
import { chmodSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'vitest';
import { currentHolder } from '../../src/state/instance-lock-holder.js';
import { groupAlive } from '../../src/os/process-group.js';
import {
  AGENT,
  NODE,
  makeWorkdir,
  runHarness,
  startHarness,
  testConfig,
  waitUntil,
} from '../support/workdir.js';
import { alive, REAPED_MS, reaperOf } from '../support/processes.js';

// This file's tests run side by side (each in a directory of its own): most of their time is spent waiting on the
// processes they start. A session that must still be running when the test acts on it is a gated one, never a
// slow one: it lasts until the test writes `release` in its directory, whatever the machine's load.
const GATED = 'sh:while [ ! -e release ]; do sleep 0.05; done';

describe.concurrent('drop-in replacement for the bash loop', () => {
  it('runs N iterations with PROMPT.md, .iteration_counter and claude-iteration-N.jsonl numbered as the bash loop does, then continues', async ({
    expect,
  }) => {
    const w = makeWorkdir({ plan: ['ok'] });
    // No config file: the default agent is `claude`, found on PATH.
    const bin = join(w.dir, 'bin');
    mkdirSync(bin);
    writeFileSync(join(bin, 'claude'), `#!/bin/sh\nexec "${NODE}" "${AGENT}" "$@"\n`);
    chmodSync(join(bin, 'claude'), 0o755);
    const env = { PATH: `${bin}:${process.env.PATH}` };
    // The defaults wait 2 s between iterations like the bash loop; keep the test quick with a flag-free config.
    writeFileSync(w.path('harness.toml'), '[backoff]\ninitial_delay_secs = 0\n');

    const first = await runHarness(w, ['3'], env);
    expect(first.code).toBe(0);
    expect(first.stdout.trim().split('\n').at(-1)).toBe(
      'Loop completed: 3 productive iterations, 0 trailing rate limits (global counter: 3)',
    );
    // The counter holds the number the next session uses: after three sessions, -0, -1, -2 and 3.
    expect(w.transcripts()).toEqual([
      'claude-iteration-0.jsonl',
      'claude-iteration-1.jsonl',
      'claude-iteration-2.jsonl',
    ]);
    expect(w.read('.iteration_counter')).toBe('3\n');
    const argv = JSON.parse(w.read('claude-iteration-0.jsonl').split('\n')[0]!) as { type: string };
    expect(argv.type).toBe('system');

    const second = await runHarness(w, ['2'], env);
    expect(second.code).toBe(0);
    expect(second.stdout).toContain(
      'Loop completed: 2 productive iterations, 0 trailing rate limits (global counter: 5)',
    );
    expect(w.counter()).toBe(5);
    expect(w.transcripts()).toHaveLength(5);
    const sessions = w.events().filter((e) => e.event === 'session_complete');
    expect(sessions.map((e) => e.global)).toEqual([0, 1, 2, 3, 4]);
    expect(
      w
        .events()
        .filter((e) => e.event === 'loop_start')
        .map((e) => e.global),
    ).toEqual([0, 3]);
    expect(
      w
        .events()
        .filter((e) => e.event === 'loop_end')
        .map((e) => e.global),
    ).toEqual([3, 5]);
    expect(sessions[0]).toMatchObject({
      outcome: 'productive',
      exit_code: 0,
      turns: 2,
      tool_calls: 1,
      cost_usd: 0.01,
    });
  });

  it('console lines follow the [ts] [LEVEL] key=value format', async ({ expect }) => {
    const w = makeWorkdir({ config: testConfig() });
    const run = await runHarness(w);
    const lines = run.stdout.trim().split('\n').slice(0, -1);
    expect(lines.length).toBeGreaterThan(1);
    for (const line of lines)
      expect(line).toMatch(
        /^\[\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ\] \[(INFO|WARN|ERROR|DEBUG)\]\s+(\w+=\S+ ?)+$/,
      );
  });
});

describe.concurrent('empty sessions', () => {
  it('retries an empty session with a new global number, without post hooks, then goes on', async ({
    expect,
  }) => {
    const w = makeWorkdir({
      plan: ['empty', 'empty', 'ok'],
      config: testConfig({ hooks: { post_session: ['echo "$HARNESS_GLOBAL_ITERATION" >> post.log'] } }),
    });
    const run = await runHarness(w);
    expect(run.code).toBe(0);
    expect(run.stdout).toContain('retry=1/2');
    expect(run.stdout).toContain('retry=2/2');
    expect(w.events().filter((e) => e.event === 'empty_retry')).toHaveLength(2);
    expect(w.read('post.log')).toBe('2\n');
    expect(
      w
        .events()
        .filter((e) => e.event === 'empty_retry')
        .map((e) => e.global),
    ).toEqual([0, 1]);
    expect(run.stdout).toContain(
      'Loop completed: 1 productive iterations, 0 trailing rate limits (global counter: 3)',
    );
  });

  it('skips the iteration after max_empty_retries', async ({ expect }) => {
    const w = makeWorkdir({
      plan: ['empty', 'empty', 'ok'],
      config: testConfig({ session: { max_iterations: 2 }, retry: { max_empty_retries: 1 } }),
    });
    const run = await runHarness(w);
    expect(run.code).toBe(0);
    expect(w.events().find((e) => e.event === 'iteration_skipped')).toMatchObject({
      reason: 'empty',
      retries: 1,
    });
    expect(run.stdout).toContain(
      'Loop completed: 1 productive iterations, 0 trailing rate limits (global counter: 3)',
    );
  });
});

describe.concurrent('rate limits', () => {
  it('backs off exponentially and exits with code 3 after max_consecutive_rate_limits', async ({
    expect,
  }) => {
    const w = makeWorkdir({
      plan: ['ratelimit'],
      config: testConfig({
        session: { max_iterations: 5 },
        backoff: { initial_delay_secs: 0.01, max_consecutive_rate_limits: 3 },
      }),
    });
    const run = await runHarness(w);
    expect(run.code).toBe(3);
    const limits = w.events().filter((e) => e.event === 'rate_limited');
    expect(limits.map((e) => e.consecutive)).toEqual([1, 2, 3]);
    expect(limits.slice(0, 2).map((e) => e.wait_ms)).toEqual([20, 40]);
    expect(limits[0]).toMatchObject({ source: 'api_status', basis: 'backoff' });
    expect(run.stdout).toContain(
      'Loop completed: 0 productive iterations, 3 trailing rate limits (global counter: 3)',
    );
    expect(w.status()).toMatchObject({
      state: 'stopped',
      stop_reason: 'rate_limits_exhausted',
      consecutive_rate_limits: 3,
    });
  });

  it('waits for a known reset time (capped by rate_limit.max_wait_secs) and resets the count on success', async ({
    expect,
  }) => {
    const w = makeWorkdir({
      plan: ['usagelimit:3600', 'ok'],
      config: testConfig({ rate_limit: { max_wait_secs: 0.3 } }),
    });
    const run = await runHarness(w);
    expect(run.code).toBe(0);
    const limit = w.events().find((e) => e.event === 'rate_limited');
    expect(limit).toMatchObject({ basis: 'reset_time', wait_ms: 300, source: 'usage_text' });
    expect(run.stdout).toContain(
      'Loop completed: 1 productive iterations, 0 trailing rate limits (global counter: 2)',
    );
  });
});

describe.concurrent('watchdog', () => {
  it('kills a stalled session: exit code 124 and no process of its group left', async ({ expect }) => {
    const w = makeWorkdir({
      plan: ['stubborn', 'ok'],
      config: testConfig({ watchdog: { stale_timeout_mins: 0.02 } }),
    });
    const run = await runHarness(w);
    expect(run.code).toBe(0);
    const [killed] = w.events().filter((e) => e.event === 'session_complete');
    // No final result: the session failed (stalled), and the same iteration ran again.
    expect(killed).toMatchObject({
      exit_code: 124,
      end_reason: 'watchdog',
      outcome: 'failed',
      failure_kind: 'transient',
      failure_reason: 'stalled',
    });
    expect(run.stdout).toMatch(/\[ERROR\] iteration=0 global=0 watchdog=killed stale_mins=0\.0\d/);
    expect(w.agentPids().length).toBeGreaterThanOrEqual(3);
    expect(alive(w.agentPids())).toEqual([]);
  });

  it('ends an agent that lingers after its final result (result grace) and keeps the session productive', async ({
    expect,
  }) => {
    const w = makeWorkdir({ plan: ['linger'], config: testConfig({ watchdog: { result_grace_secs: 0.3 } }) });
    const run = await runHarness(w);
    expect(run.code).toBe(0);
    const [session] = w.events().filter((e) => e.event === 'session_complete');
    expect(session).toMatchObject({ end_reason: 'result_grace', outcome: 'productive' });
    expect(alive(w.agentPids())).toEqual([]);
  });

  for (const how of ['escape', 'escape:finish']) {
    it(`ends a descendant that left the agent's group and session (${how})`, async ({ expect }) => {
      // A stalled session fails and its iteration runs again: the next session succeeds.
      // The stalled one waits out a short stale timeout; the one that finishes never meets the watchdog.
      const w = makeWorkdir({
        plan: [how, 'ok'],
        config: testConfig({ watchdog: { stale_timeout_mins: how === 'escape' ? 0.02 : 0.5 } }),
      });
      const run = await runHarness(w);
      expect(run.code).toBe(0);
      const pids = w.agentPids();
      expect(pids).toHaveLength(how === 'escape' ? 3 : 2);
      expect(alive(pids)).toEqual([]);
    });
  }

  it('ends grandchildren left behind by an agent that exited', async ({ expect }) => {
    const w = makeWorkdir({ plan: ['stubborn:finish'], config: testConfig() });
    const run = await runHarness(w);
    expect(run.code).toBe(0);
    expect(run.stdout).toContain('session=leftover_processes ended_with=SIGKILL');
    expect(alive(w.agentPids())).toEqual([]);
  });
});

describe.concurrent('stopping', () => {
  it('STOP file during a session: the session finishes, the loop stops, the file is removed', async ({
    expect,
  }) => {
    const w = makeWorkdir({ plan: [GATED, 'ok'], config: testConfig({ session: { max_iterations: 5 } }) });
    const run = startHarness(w);
    await run.waitFor((out) => out.includes('status=session_running'));
    writeFileSync(w.path('STOP'), '');
    writeFileSync(w.path('release'), '');
    const { code } = await run.exit;
    expect(code).toBe(0);
    expect(w.exists('STOP')).toBe(false);
    expect(
      w
        .events()
        .filter((e) => e.event === 'session_complete')
        .map((e) => e.outcome),
    ).toEqual(['productive']);
    expect(w.status()).toMatchObject({ state: 'stopped', stop_reason: 'stop_file' });
    expect(w.counter()).toBe(1);
    expect(run.stdout()).toContain(
      'Loop completed: 1 productive iterations, 0 trailing rate limits (global counter: 1)',
    );
  });

  it('STOP file before the first iteration: nothing runs', async ({ expect }) => {
    const w = makeWorkdir({ config: testConfig() });
    writeFileSync(w.path('STOP'), '');
    const run = await runHarness(w);
    expect(run.code).toBe(0);
    expect(w.transcripts()).toEqual([]);
    expect(run.stdout).toContain(
      'Loop completed: 0 productive iterations, 0 trailing rate limits (global counter: 0)',
    );
  });

  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    it(`${signal} during a session is graceful: the session finishes and the summary is printed`, async ({
      expect,
    }) => {
      // The notice names the configured window for a second Ctrl-C, not a fixed one.
      const w = makeWorkdir({
        plan: [GATED, 'ok'],
        config: testConfig({ session: { max_iterations: 5 }, shutdown: { force_window_secs: 2 } }),
      });
      const run = startHarness(w);
      await run.waitFor((out) => out.includes('status=session_running'));
      run.child.kill(signal);
      await run.waitFor((out) => out.includes(signal === 'SIGINT' ? 'Caught SIGINT' : `signal=${signal}`));
      writeFileSync(w.path('release'), '');
      const { code } = await run.exit;
      expect(code).toBe(0);
      if (signal === 'SIGINT')
        expect(run.stdout()).toContain(
          'Caught SIGINT: finishing the current session (Ctrl-C again within 2 s stops now)',
        );
      expect(
        w
          .events()
          .filter((e) => e.event === 'session_complete')
          .map((e) => e.outcome),
      ).toEqual(['productive']);
      expect(w.status()).toMatchObject({ state: 'stopped', stop_reason: signal.toLowerCase() });
      expect(w.events().find((e) => e.event === 'stop_requested')).toMatchObject({
        reason: signal.toLowerCase(),
      });
      expect(run.stdout()).toContain(
        'Loop completed: 1 productive iterations, 0 trailing rate limits (global counter: 1)',
      );
    });
  }

  for (const how of ['STOP', 'SIGINT', 'SIGTERM'] as const) {
    it(`${how} with an agent that leaves SIGTERM-proof grandchildren: nothing of the agent remains`, async ({
      expect,
    }) => {
      const w = makeWorkdir({
        plan: ['stubborn:finish'],
        config: testConfig({ session: { max_iterations: 3 } }),
      });
      const run = startHarness(w);
      await run.waitFor((out) => out.includes('status=session_running'));
      if (how === 'STOP') writeFileSync(w.path('STOP'), '');
      else run.child.kill(how);
      const { code } = await run.exit;
      expect(code).toBe(0);
      expect(w.events().filter((e) => e.event === 'session_complete')).toHaveLength(1);
      expect(w.agentPids()).toHaveLength(3);
      expect(alive(w.agentPids())).toEqual([]);
    });
  }

  it('a second SIGINT within the window kills a stubborn agent group at once: exit 130, nothing left', async ({
    expect,
  }) => {
    // A window no load can outlast: the second SIGINT is sent once the first one was handled.
    const w = makeWorkdir({
      plan: ['stubborn'],
      config: testConfig({ session: { max_iterations: 5 }, shutdown: { force_window_secs: 60 } }),
    });
    const run = startHarness(w);
    await run.waitFor((out) => out.includes('status=session_running'));
    // The agent and both its grandchildren are running.
    await run.waitFor(() => w.agentPids().length === 3);
    run.child.kill('SIGINT');
    await run.waitFor((out) => out.includes('Caught SIGINT'));
    run.child.kill('SIGINT');
    const { code } = await run.exit;
    expect(code).toBe(130);
    expect(
      w
        .events()
        .filter((e) => e.event === 'session_complete')
        .map((e) => e.outcome),
    ).toEqual(['cancelled']);
    expect(w.status()).toMatchObject({ state: 'stopped', stop_reason: 'forced' });
    expect(w.events().map((e) => e.event)).toContain('stop_forced');
    expect(w.counter()).toBe(1);
    expect(run.stdout()).toContain(
      'Loop completed: 0 productive iterations, 0 trailing rate limits (global counter: 1)',
    );
    expect(alive(w.agentPids())).toEqual([]);
  });

  it('SIGINTs without pause until it exits: forced (130), never ended by a signal halfway through its cleanup', async ({
    expect,
  }) => {
    // The last signals land after the run removed its handlers: while it releases its lock, or after it has its
    // exit code. Neither may end the process by the signal (os/late-signals.ts).
    const w = makeWorkdir({
      plan: ['stubborn'],
      config: testConfig({ session: { max_iterations: 5 }, shutdown: { force_window_secs: 60 } }),
    });
    const run = startHarness(w);
    await run.waitFor(() => w.agentPids().length === 3);
    let sent = 0;
    const flood = setInterval(() => {
      if (run.child.exitCode === null && run.child.signalCode === null && run.child.kill('SIGINT')) sent += 1;
    }, 1);
    const end = await run.exit.finally(() => clearInterval(flood));
    expect(end, run.stderr()).toEqual({ code: 130, signal: null });
    expect(sent).toBeGreaterThan(2);
    expect(w.status()).toMatchObject({ state: 'stopped', stop_reason: 'forced' });
    expect(w.exists('harness.status.lock')).toBe(false);
    expect(alive(w.agentPids())).toEqual([]);
  });

  it('SIGTERM with a stubborn agent: the watchdog still bounds the session and nothing is left', async ({
    expect,
  }) => {
    const w = makeWorkdir({
      plan: ['stubborn'],
      config: testConfig({ watchdog: { stale_timeout_mins: 0.02 } }),
    });
    const run = startHarness(w);
    await run.waitFor((out) => out.includes('status=session_running'));
    run.child.kill('SIGTERM');
    const { code } = await run.exit;
    expect(code).toBe(0);
    expect(w.status()).toMatchObject({ stop_reason: 'sigterm' });
    expect(alive(w.agentPids())).toEqual([]);
  });
});

describe.concurrent('hooks', () => {
  it('gives hooks the seed environment and reports commits from the pattern and from HEAD', async ({
    expect,
  }) => {
    const w = makeWorkdir({
      git: true,
      plan: ['commit'],
      config: testConfig({
        commit_detection: { patterns: ['bd-finish'] },
        hooks: {
          pre_session: ['env | grep ^HARNESS_ | sort > pre.env'],
          post_session: ['env | grep ^HARNESS_ | sort > post.env'],
        },
      }),
    });
    const run = await runHarness(w);
    expect(run.code).toBe(0);
    const pre = w.read('pre.env');
    expect(pre).toContain('HARNESS_ITERATION=0\n');
    expect(pre).toContain('HARNESS_GLOBAL_ITERATION=0\n');
    expect(pre).toContain(`HARNESS_PROMPT_FILE=${w.path('PROMPT.md')}\n`);
    expect(pre).not.toContain('HARNESS_OUTPUT_FILE');
    const post = w.read('post.env');
    expect(post).toContain(`HARNESS_OUTPUT_FILE=${w.path('claude-iteration-0.jsonl')}\n`);
    expect(post).toContain('HARNESS_GLOBAL_ITERATION=0\n');
    expect(post).toContain('HARNESS_EXIT_CODE=0\n');
    expect(post).toMatch(/HARNESS_OUTPUT_BYTES=\d{3,}\n/);
    expect(post).toMatch(/HARNESS_SESSION_DURATION=\d+\n/);
    expect(post).toContain('HARNESS_COMMITTED=true\n');
    const [session] = w.events().filter((e) => e.event === 'session_complete');
    expect(session).toMatchObject({ committed: true, commit_evidence: 'head', commit_pattern: null });
  });

  it('the status names the iteration and the session a pre hook runs before', async ({ expect }) => {
    const w = makeWorkdir({
      config: testConfig({
        session: { max_iterations: 2 },
        hooks: { pre_session: ['cp harness.status "pre-$HARNESS_GLOBAL_ITERATION.status"'] },
      }),
    });
    const run = await runHarness(w);
    expect(run.code).toBe(0);
    const pre = (n: number) => JSON.parse(w.read(`pre-${n}.status`)) as Record<string, unknown>;
    expect(pre(0)).toMatchObject({ state: 'pre_hooks', iteration: 0, global_iteration: 0 });
    expect(pre(1)).toMatchObject({ state: 'pre_hooks', iteration: 1, global_iteration: 1 });
    expect(w.status()).toMatchObject({ state: 'stopped', iteration: 2, productive: 2, global_iteration: 1 });
  });

  it('a failing pre hook skips the iteration; repeated failures end the loop with code 4', async ({
    expect,
  }) => {
    const w = makeWorkdir({
      config: testConfig({ hooks: { pre_session: ['exit 7'], max_consecutive_pre_failures: 3 } }),
    });
    const run = await runHarness(w);
    expect(run.code).toBe(4);
    expect(w.transcripts()).toEqual([]);
    const failures = w.events().filter((e) => e.event === 'hook_failed');
    expect(failures.map((e) => e.consecutive)).toEqual([1, 2, 3]);
    expect(failures[0]).toMatchObject({ exitCode: 7, phase: 'pre_session' });
  });

  it('a hook that runs too long is killed and counts as failed', async ({ expect }) => {
    const w = makeWorkdir({
      config: testConfig({
        hooks: { pre_session: ['sleep 30'], timeout_secs: 0.3, max_consecutive_pre_failures: 1 },
      }),
    });
    const run = await runHarness(w);
    expect(run.code).toBe(4);
    expect(w.events().find((e) => e.event === 'hook_failed')).toMatchObject({
      timedOut: true,
      exitCode: 124,
    });
  });
});

describe.concurrent('prompt delivery', () => {
  it('prepends command output with the separator and reads the prompt file afresh', async ({ expect }) => {
    const w = makeWorkdir({
      plan: ['ok'],
      config: testConfig({ prompt: { prepend_commands: ['echo brief', 'true'] } }),
    });
    const run = await runHarness(w, [], { AGENT_ECHO_PROMPT: w.path('seen.json') });
    expect(run.code).toBe(0);
    expect(JSON.parse(w.read('seen.json')).prompt).toBe('brief\n---\nDo the next thing.\n');
  });

  it('prompt_via stdin sends the prompt on standard input and removes CLAUDECODE', async ({ expect }) => {
    const w = makeWorkdir({
      config: testConfig({ agent: { args: [AGENT, '--stdin'], prompt_via: 'stdin', env: { EXTRA: 'yes' } } }),
    });
    const run = await runHarness(w, [], {
      AGENT_ECHO_PROMPT: w.path('seen.json'),
      AGENT_ENV_OUT: w.path('env.json'),
      CLAUDECODE: '1',
    });
    expect(run.code).toBe(0);
    expect(JSON.parse(w.read('seen.json')).stdin).toBe('Do the next thing.\n');
    const env = JSON.parse(w.read('env.json')) as Record<string, string>;
    expect(env.CLAUDECODE).toBeUndefined();
    expect(env.EXTRA).toBe('yes');
  });

  it('prompt_via file writes the prompt beside the transcript and passes its path', async ({ expect }) => {
    const w = makeWorkdir({
      config: testConfig({ agent: { args: [AGENT, '--file', '{prompt_file}'], prompt_via: 'file' } }),
    });
    const run = await runHarness(w, [], { AGENT_ECHO_PROMPT: w.path('seen.json') });
    expect(run.code).toBe(0);
    expect(JSON.parse(w.read('seen.json')).argv).toEqual(['--file', w.path('claude-iteration-0.prompt.md')]);
    expect(w.read('claude-iteration-0.prompt.md')).toBe('Do the next thing.\n');
  });
});

describe.concurrent('start-up checks', () => {
  it('a bad config exits 2 and writes nothing', async ({ expect }) => {
    const w = makeWorkdir({ config: { watchdog: { stale_timout_mins: 1 } } });
    const run = await runHarness(w);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('stale_timeout_mins');
    expect(w.exists('harness.status')).toBe(false);
    expect(w.exists('.iteration_counter')).toBe(false);
  });

  it('a missing agent command or prompt file exits 2 and writes nothing', async ({ expect }) => {
    const w = makeWorkdir({
      config: testConfig({ agent: { command: 'no-such-agent-xyz' }, prompt: { file: 'MISSING.md' } }),
    });
    const run = await runHarness(w);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('agent command "no-such-agent-xyz" not found');
    expect(run.stderr).toContain('MISSING.md not found');
    expect(w.exists('harness.status')).toBe(false);
  });

  it('an agent command that is not there, or there but not executable, exits 7 saying which, and writes nothing', async ({
    expect,
  }) => {
    const w = makeWorkdir({ config: testConfig({ agent: { command: './agent.sh' } }) });
    writeFileSync(w.path('agent.sh'), '#!/bin/sh\nexit 0\n', { mode: 0o644 });
    const blocked = await runHarness(w);
    expect(blocked.code).toBe(7);
    expect(blocked.stderr).toContain(
      `agent command "./agent.sh" exists at ${w.path('agent.sh')} but is not executable (it has no execute permission for this user): chmod +x ${w.path('agent.sh')}`,
    );
    expect(blocked.stderr).not.toContain('not found');
    writeFileSync(w.path('harness.yml'), w.read('harness.yml').replace('./agent.sh', 'no-such-agent-xyz'));
    const missing = await runHarness(w);
    expect(missing.code).toBe(7);
    expect(missing.stderr).toContain('agent command "no-such-agent-xyz" not found on PATH');
    expect(w.exists('harness.status')).toBe(false);
  });

  it('never overwrites an existing transcript: a counter behind the transcripts is caught up', async ({
    expect,
  }) => {
    const w = makeWorkdir({ config: testConfig() });
    writeFileSync(w.path('.iteration_counter'), '4\n');
    writeFileSync(w.path('claude-iteration-5.jsonl'), 'precious\n');
    const run = await runHarness(w);
    expect(run.code).toBe(0);
    expect(w.read('claude-iteration-5.jsonl')).toBe('precious\n');
    expect(w.transcripts()).toEqual(['claude-iteration-5.jsonl', 'claude-iteration-6.jsonl']);
    expect(w.counter()).toBe(7);
  });

  it('never overwrites a transcript that appears while the loop runs: the number is skipped', async ({
    expect,
  }) => {
    // Something else (an agent, a hook, another loop) creates the file the next session would use.
    const w = makeWorkdir({
      plan: ['ok'],
      config: testConfig({
        session: { max_iterations: 2 },
        hooks: {
          post_session: [
            'if [ "$HARNESS_GLOBAL_ITERATION" = 0 ]; then echo precious > claude-iteration-1.jsonl; fi',
          ],
        },
      }),
    });
    const run = await runHarness(w);
    expect(run.code).toBe(0);
    expect(run.stdout).toContain('transcript=exists skipped=1');
    expect(w.read('claude-iteration-1.jsonl')).toBe('precious\n');
    expect(w.transcripts()).toEqual([
      'claude-iteration-0.jsonl',
      'claude-iteration-1.jsonl',
      'claude-iteration-2.jsonl',
    ]);
    expect(w.counter()).toBe(3);
  });

  it('ends the agent group a dead harness left behind, and refuses to run beside a live harness', async ({
    expect,
  }) => {
    const w = makeWorkdir({ config: testConfig() });
    const { spawn } = await import('node:child_process');
    const orphan = spawn('/bin/sh', ['-c', 'sleep 60'], { detached: true, stdio: 'ignore' });
    const status = {
      pid: 999_999_999 % 4_000_000,
      state: 'session_running',
      agent_pgid: orphan.pid,
      started_at: new Date().toISOString(),
    };
    writeFileSync(w.path('harness.status'), JSON.stringify(status));
    const run = await runHarness(w);
    expect(run.code).toBe(0);
    expect(w.events().find((e) => e.event === 'orphan_group_killed')).toMatchObject({ pgid: orphan.pid });
    expect(groupAlive(orphan.pid!)).toBe(false);

    // The instance lock names a live process (this one, with its start time): no second harness runs here.
    writeFileSync(w.path('harness.status.lock'), JSON.stringify(currentHolder(process.pid)));
    const refused = await runHarness(w);
    expect(refused.code).toBe(5);
    expect(refused.stderr).toContain(`another harness (PID ${process.pid}) is running`);
  });
});

describe.concurrent('a harness killed outright', () => {
  it('its reaper ends the agent group and the descendant that left it, with no next start', async ({
    expect,
  }) => {
    const w = makeWorkdir({
      plan: ['escape', 'ok'],
      config: testConfig({ watchdog: { stale_timeout_mins: 5 } }),
    });
    // Without a cgroup: the group, the recorded escapee and the cookie alone.
    const first = startHarness(w, [], { AGENT_HARNESS_CGROUP: 'off' });
    await first.waitFor((out) => out.includes('status=session_running'));
    await waitUntil(() => w.agentPids().length === 2, 'the agent and its setsid child');
    expect(reaperOf(first.child.pid!)).not.toBeNull();
    first.child.kill('SIGKILL');
    await first.exit;
    await waitUntil(() => alive(w.agentPids()).length === 0, 'the reaper to end the agent', REAPED_MS);
  });

  it('its successor ends the agent group and the descendants that had left it, when the reaper died too', async ({
    expect,
  }) => {
    const w = makeWorkdir({
      plan: ['escape', 'ok'],
      config: testConfig({ watchdog: { stale_timeout_mins: 5 } }),
    });
    // The records in the status file alone: with a cgroup, any harness's next start could sweep the dead run's
    // cgroup first (cgroup-containment.test.ts).
    const noCgroup = { AGENT_HARNESS_CGROUP: 'off' };
    const first = startHarness(w, [], noCgroup);
    await first.waitFor((out) => out.includes('status=session_running'));
    // Wait until the escaped setsid shell itself has been seen and recorded in the status file: a record of
    // only the short-lived `sleep` it was running may name a process gone by the time the successor looks.
    const escapedRecorded = () => {
      const shell = w.agentPids()[1];
      if (shell === undefined) return false;
      try {
        const recorded = (w.status().agent_escaped as Array<{ pid: number }> | null) ?? [];
        return recorded.some((entry) => entry.pid === shell);
      } catch {
        return false; // the status file being replaced
      }
    };
    await first.waitFor(escapedRecorded);
    // The setsid shell, and the `sleep` it is running at that moment.
    expect((w.status().agent_escaped as unknown[]).length).toBeGreaterThanOrEqual(1);
    // The reaper first (as a `kill -9 -1` or the OOM killer could take it), then the harness.
    const reaper = reaperOf(first.child.pid!);
    expect(reaper).not.toBeNull();
    process.kill(reaper!, 'SIGKILL');
    first.child.kill('SIGKILL');
    await first.exit;
    expect(alive(w.agentPids())).toHaveLength(2); // the leader and its setsid child outlive the harness
    // The leader goes too: its setsid child, now an orphan in a session of its own, is found by nothing but the
    // record the dead harness left in its status file.
    const [leader, escaped] = w.agentPids();
    process.kill(leader!, 'SIGKILL');
    await waitUntil(() => alive([leader!]).length === 0, 'the leader to be gone');
    expect(alive([escaped!])).toEqual([escaped]);

    const next = await runHarness(w, [], noCgroup);
    expect(next.code).toBe(0);
    expect(
      Number(w.events().find((e) => e.event === 'orphan_descendants_killed')?.count),
    ).toBeGreaterThanOrEqual(1);
    expect(alive(w.agentPids())).toEqual([]);
  });
});

describe.concurrent('--status and --dry-run', () => {
  it('shows the running loop from another process, and "not running" once it is gone', async ({ expect }) => {
    // The session lasts until the test lets it go, however long the second process takes to start.
    const w = makeWorkdir({ plan: [GATED], config: testConfig({ session: { max_iterations: 3 } }) });
    const run = startHarness(w);
    await run.waitFor((out) => out.includes('status=session_running'));
    const shown = await runHarness(w, ['--status']);
    expect(shown.stdout).toMatch(
      /^Loop state: running \(PID \d+\)\nCurrent iteration: iteration=0 global=0 \(0 of 3 done\)\nSession output: /,
    );
    expect(shown.stdout).toMatch(/Uptime: \d+s/);
    run.child.kill('SIGKILL');
    await run.exit;
    const after = await runHarness(w, ['--status']);
    expect(after.stdout).toContain('Loop state: not running (PID');
    expect(after.stdout).toContain('last recorded state: session_running');
    // The harness's reaper ends the agent it left.
    await waitUntil(() => alive(w.agentPids()).length === 0, 'the agent to end', REAPED_MS);
  });

  it('after a run, --status names the counter as the last line does and the last session as the log does', async ({
    expect,
  }) => {
    const w = makeWorkdir({ plan: ['ok'], config: testConfig({ session: { max_iterations: 2 } }) });
    writeFileSync(w.path('.iteration_counter'), '3\n');
    const run = await runHarness(w);
    expect(run.code, run.stderr).toBe(0);
    // The sessions were 3 and 4: the log's last line names `iteration=1 global=4`, the run's last line counter 5.
    expect(run.stdout).toContain('iteration=1 global=4 status=completed');
    expect(run.stdout).toContain('(global counter: 5)');
    const shown = await runHarness(w, ['--status']);
    expect(shown.stdout.trim().split('\n')).toEqual([
      'Loop state: not running (ended: completed)',
      'Iterations: 2 of 2 done',
      'Last completed: global=4 — no commit',
      'Global counter: 5 (the number the next session uses)',
    ]);
  });

  it('--dry-run reports every problem a run would meet and exits with the code the run would, 0 only when it could start', async ({
    expect,
  }) => {
    const w = makeWorkdir({ config: testConfig({ agent: { command: 'no-such-agent-xyz' } }) });
    rmSync(w.path('PROMPT.md'));
    const both = await runHarness(w, ['--dry-run']);
    // The settings are still shown; the prompt file (the first problem, exit 2 as in a run) and the agent are named.
    expect(both.stdout).toMatch(/agent\.command\s+=\s+"no-such-agent-xyz"\s+\(file\)/);
    expect(both.stderr).toContain(`prompt file ${w.path('PROMPT.md')} not found`);
    expect(both.stderr).toContain('agent command "no-such-agent-xyz" not found on PATH');
    expect(both.stderr).toContain('dry run: a run would not start (2 problems, exit code 2)');
    expect(both.code).toBe(2);
    const run = await runHarness(w);
    expect(run.code).toBe(both.code);

    writeFileSync(w.path('PROMPT.md'), 'Do the next thing.\n');
    const agentOnly = await runHarness(w, ['--dry-run']);
    expect(agentOnly.code).toBe(7);
    expect(agentOnly.stderr).toContain('(1 problem, exit code 7)');

    writeFileSync(w.path('harness.yml'), w.read('harness.yml').replace('no-such-agent-xyz', NODE));
    const ready = await runHarness(w, ['--dry-run']);
    expect(ready.code, ready.stderr).toBe(0);
    expect(ready.stderr).toBe('');
    expect(ready.stdout).toContain('dry run: a run could start');
    expect(w.exists('harness.status')).toBe(false);
  });

  it('--dry-run prints resolved settings with their sources and starts nothing', async ({ expect }) => {
    const w = makeWorkdir({ config: testConfig() });
    const run = await runHarness(w, ['7', '--dry-run', '--timeout', '0.05']);
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(/session\.max_iterations\s+=\s+7\s+\(flag\)/);
    expect(run.stdout).toMatch(/watchdog\.stale_timeout_mins\s+=\s+0\.05\s+\(flag\)/);
    expect(run.stdout).toMatch(/watchdog\.kill_grace_secs\s+=\s+0\.5\s+\(file\)/);
    expect(run.stdout).toMatch(/retry\.max_empty_retries\s+=\s+2\s+\(default\)/);
    expect(w.exists('harness.status')).toBe(false);
  });
});

describe.concurrent('verbosity and large results', () => {
  it('-v interleaves the agent output; -q prints only errors and the summary', async ({ expect }) => {
    const w = makeWorkdir({ plan: ['ok'], config: testConfig() });
    const verbose = await runHarness(w, ['-v']);
    expect(verbose.stdout).toContain('"subtype":"init"');
    expect(verbose.stdout).toContain('status=completed');
    const quiet = await runHarness(w, ['-q']);
    expect(quiet.stdout.trim().split('\n')).toEqual([
      'Loop completed: 1 productive iterations, 0 trailing rate limits (global counter: 2)',
    ]);
  });

  it('classifies a rate-limited session whose final result line is larger than the tail window', async ({
    expect,
  }) => {
    const w = makeWorkdir({
      plan: ['ratelimit'],
      config: testConfig({ backoff: { max_consecutive_rate_limits: 1 } }),
    });
    const run = await runHarness(w, [], { AGENT_RESULT_PAD: String(600 * 1024) });
    expect(run.code).toBe(3);
    expect(w.events().find((e) => e.event === 'session_complete')).toMatchObject({
      outcome: 'rate_limited',
      rate_limit_source: 'api_status',
    });
  });
});

describe.concurrent('time budget', () => {
  it('starts no session that could not finish in the budget', async ({ expect }) => {
    // A first session longer than half of a 12 s budget: a second one could never fit (a session is taken to last
    // as long as the longest one so far), and one that started anyway would be gated until the deadline ends it.
    // The test lets the first one end 6.5 s after it saw it start, which leaves it more than 5 s to spare. Slow
    // sessions timed by the agent's own timers, in a budget a second one fitted narrowly, left it to the machine's
    // load whether the second one started and whether it ended in time.
    const w = makeWorkdir({ plan: [GATED], config: testConfig({ session: { max_iterations: 10 } }) });
    const run = startHarness(w, ['--time-budget', '0.2']);
    await run.waitFor((out) => out.includes('status=session_running'));
    await new Promise((resolve) => setTimeout(resolve, 6500));
    writeFileSync(w.path('release'), '');
    const { code } = await run.exit;
    expect(code).toBe(0);
    const sessions = w.events().filter((e) => e.event === 'session_complete');
    expect(sessions.length).toBeGreaterThanOrEqual(1);
    expect(sessions.length).toBeLessThanOrEqual(2);
    expect(sessions.every((e) => e.outcome === 'productive')).toBe(true);
    expect(w.status()).toMatchObject({ stop_reason: 'time_budget' });
  });

  it('ends a session still running at the deadline and leaves nothing behind', async ({ expect }) => {
    const w = makeWorkdir({
      plan: ['stubborn'],
      config: testConfig({ watchdog: { stale_timeout_mins: 5 } }),
    });
    // A budget the session is sure to have started in, however slowly the machine starts it.
    const run = await runHarness(w, ['--time-budget', '0.1']);
    expect(run.code).toBe(0);
    expect(w.events().find((e) => e.event === 'session_complete')).toMatchObject({
      outcome: 'cancelled',
      end_reason: 'forced',
    });
    expect(w.status()).toMatchObject({ stop_reason: 'time_budget' });
    expect(alive(w.agentPids())).toEqual([]);
  });
});
