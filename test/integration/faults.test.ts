// Faults and bad input, as a user meets them with the built CLI: a full disk under each file the harness or the
// agent writes (a real tmpfs of a few KiB, and /dev/full), an agent that cannot be started, a prompt no argument
// can carry, prompt command output that is cut. Each ends with a clear `agent-harness:` line, a distinct exit
// code and records that say what happened; nothing is recorded as an empty session, no process is left.
import { chmodSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it, type ExpectStatic } from 'vitest';
import { ALIAS_BOMB } from '../support/config-texts.js';
import { AGENT, NODE, makeWorkdir, runHarness, testConfig, type Workdir } from '../support/workdir.js';
import { alive } from '../support/processes.js';
import { canMount, fillUp, tinyFs } from '../support/tiny-fs.js';

const EXIT_AGENT_NOT_STARTED = 7;
const EXIT_WRITE_FAILED = 8;

// The tests run side by side, each in a directory (and on file systems) of its own: most of their time is spent
// waiting on the harness.

const noStack = (expect: ExpectStatic, stderr: string) => expect(stderr).not.toMatch(/^\s+at /m);
const lastLine = (stdout: string) => stdout.trim().split('\n').at(-1);
const loopEnd = (w: Workdir) => w.events().find((e) => e.event === 'loop_end');

describe.skipIf(!canMount)('a full disk (a real tmpfs; needs root to mount it)', { concurrent: true }, () => {
  it("the transcript's file system is full: reported as lost output, not as empty sessions", async (context) => {
    const { expect } = context;
    const out = tinyFs(context, 64);
    fillUp(expect, out);
    const w = makeWorkdir({ plan: ['ok'], config: testConfig({ session: { output_dir: out } }) });
    const run = await runHarness(w);
    expect(run.code).toBe(EXIT_WRITE_FAILED);
    expect(run.stderr).toMatch(
      new RegExp(
        `^agent-harness: cannot record the agent's output in ${out}/claude-iteration-\\d+\\.jsonl: ` +
          'no space left on the device \\(ENOSPC\\)\\n$',
      ),
    );
    noStack(expect, run.stderr);
    const events = w.events();
    expect(events.filter((e) => e.event === 'session_complete' || e.event === 'empty_retry')).toEqual([]);
    expect(loopEnd(w)).toMatchObject({ reason: 'write_failed', exit_code: EXIT_WRITE_FAILED });
    expect(w.status()).toMatchObject({ state: 'stopped', stop_reason: 'write_failed' });
    expect(lastLine(run.stdout)).toMatch(/^Loop completed: 0 productive iterations/);
    expect(alive(w.agentPids())).toEqual([]);
  });

  it('the transcript fills its file system mid-session: the cut session is not recorded as done', async (context) => {
    const { expect } = context;
    const out = tinyFs(context, 256);
    const w = makeWorkdir({
      plan: ['flood:1000000'],
      config: testConfig({ session: { output_dir: out, max_iterations: 3 } }),
    });
    const run = await runHarness(w);
    expect(run.code).toBe(EXIT_WRITE_FAILED);
    expect(run.stderr).toContain(
      `agent-harness: cannot record the agent's output in ${out}/claude-iteration-`,
    );
    noStack(expect, run.stderr);
    expect(w.events().filter((e) => e.event === 'session_complete')).toEqual([]);
    expect(loopEnd(w)).toMatchObject({ reason: 'write_failed', iterations: 0 });
    expect(w.agentPids()).toHaveLength(1); // one session, not three
    expect(alive(w.agentPids())).toEqual([]);
  });

  it("the status file's disk fills during a session: the agent's group is ended, no unhandled rejection", async (context) => {
    const { expect } = context;
    const state = tinyFs(context, 64);
    const w = makeWorkdir({
      plan: ['fill'],
      config: testConfig({ session: { status_file: join(state, 'harness.status') } }),
    });
    const run = await runHarness(w, [], { AGENT_FILL: join(state, 'ballast') });
    expect(run.code).toBe(EXIT_WRITE_FAILED);
    expect(run.stderr).toBe(
      `agent-harness: cannot write ${state}/harness.status: no space left on the device (ENOSPC)\n`,
    );
    // The event log is on another disk: it still says how the loop ended.
    expect(loopEnd(w)).toMatchObject({ reason: 'write_failed', exit_code: EXIT_WRITE_FAILED });
    expect(lastLine(run.stdout)).toMatch(/^Loop completed: 0 productive iterations/);
    expect(w.agentPids()).toHaveLength(1);
    expect(alive(w.agentPids())).toEqual([]);
  });

  it('the counter cannot be written: no transcript is left behind for a session that never ran', async (context) => {
    const { expect } = context;
    const state = tinyFs(context, 64);
    fillUp(expect, state);
    const counter = join(state, 'counter');
    const w = makeWorkdir({ plan: ['ok'], config: testConfig({ session: { counter_file: counter } }) });
    const run = await runHarness(w);
    expect(run.code).toBe(EXIT_WRITE_FAILED);
    expect(run.stderr).toBe(`agent-harness: cannot write ${counter}: no space left on the device (ENOSPC)\n`);
    expect(w.transcripts()).toEqual([]);
    expect(w.agentPids()).toEqual([]);
    expect(loopEnd(w)).toMatchObject({ reason: 'write_failed' });
    expect(w.status()).toMatchObject({ state: 'stopped', stop_reason: 'write_failed' });
  });
});

describe.concurrent('a failing write without a mount', () => {
  it('an event log on /dev/full: a clear error and exit code, not a stack trace', async ({ expect }) => {
    const w = makeWorkdir({ plan: ['ok'], config: testConfig({ output: { event_log: '/dev/full' } }) });
    const run = await runHarness(w);
    expect(run.code).toBe(EXIT_WRITE_FAILED);
    expect(run.stderr).toBe('agent-harness: cannot write /dev/full: no space left on the device (ENOSPC)\n');
    expect(w.status()).toMatchObject({ state: 'stopped', stop_reason: 'write_failed' });
    expect(lastLine(run.stdout)).toMatch(/^Loop completed: 0 productive iterations/);
    expect(w.transcripts()).toEqual([]);
    expect(w.agentPids()).toEqual([]);
  });
});

describe.concurrent('an agent that cannot be started', () => {
  /** Counter and transcripts as they were: derived, so the numbering's meaning does not matter here. */
  function untouched(expect: ExpectStatic, w: Workdir, counterBefore: string) {
    expect(w.transcripts()).toEqual([]);
    expect(w.read('.iteration_counter')).toBe(counterBefore);
    expect(w.agentPids()).toEqual([]);
  }

  function expectRecordedEnd(
    expect: ExpectStatic,
    w: Workdir,
    run: { code: number | null; stdout: string; stderr: string },
  ) {
    expect(run.code).toBe(EXIT_AGENT_NOT_STARTED);
    noStack(expect, run.stderr);
    expect(lastLine(run.stdout)).toMatch(/^Loop completed: 0 productive iterations/);
    expect(loopEnd(w)).toMatchObject({ reason: 'agent_not_started', exit_code: EXIT_AGENT_NOT_STARTED });
    expect(w.status()).toMatchObject({ state: 'stopped', stop_reason: 'agent_not_started' });
  }

  it.for<[string, string | null]>([
    ['ENOENT', '#!/nonexistent/interpreter\n'],
    ['EACCES', null],
  ])('spawn fails with %s: status, event log and final line say so', async ([code, script], { expect }) => {
    const w = makeWorkdir({ plan: ['ok'] });
    const agent = w.path('agent');
    if (script !== null) writeFileSync(agent, script);
    else {
      // The interpreter named by the shebang exists but may not be executed.
      writeFileSync(w.path('interpreter'), '');
      writeFileSync(agent, `#!${w.path('interpreter')}\n`);
    }
    chmodSync(agent, 0o755);
    writeFileSync(w.path('harness.yml'), JSON.stringify(testConfig({ agent: { command: agent, args: [] } })));
    writeFileSync(w.path('.iteration_counter'), '7\n');
    const run = await runHarness(w);
    expect(run.stderr).toBe(`agent-harness: could not start the agent "${agent}": spawn ${agent} ${code}\n`);
    expectRecordedEnd(expect, w, run);
    untouched(expect, w, '7\n');
  });

  it('a prompt too long for one argument: nothing is reserved, the end is recorded', async ({ expect }) => {
    const w = makeWorkdir({ plan: ['ok'], config: testConfig() });
    writeFileSync(w.path('PROMPT.md'), 'x'.repeat(200_000));
    writeFileSync(w.path('.iteration_counter'), '7\n');
    const run = await runHarness(w);
    expect(run.stderr).toMatch(/^agent-harness: the prompt is 200000 bytes, longer than one command-line/);
    expectRecordedEnd(expect, w, run);
    untouched(expect, w, '7\n');
  });

  it('a NUL byte in a prompt passed as an argument: a clear error before anything is written', async ({
    expect,
  }) => {
    const w = makeWorkdir({ plan: ['ok'], config: testConfig() });
    writeFileSync(w.path('PROMPT.md'), 'Do the\0next thing.\n');
    writeFileSync(w.path('.iteration_counter'), '7\n');
    const run = await runHarness(w);
    expect(run.stderr).toBe(
      `agent-harness: the prompt contains a NUL byte (at character 6), which no command-line argument can ` +
        `carry; remove it from ${w.path('PROMPT.md')} (or the prepend_commands output), or set agent.prompt_via ` +
        'to "stdin" or "file"\n',
    );
    expectRecordedEnd(expect, w, run);
    untouched(expect, w, '7\n');
  });
});

describe.concurrent('configuration the loop cannot honour', () => {
  it.for<[string, string, RegExp]>([
    [
      'an alias bomb',
      ALIAS_BOMB,
      /^agent-harness: harness\.yml: invalid YAML: its aliases \(\*name\) expand to more than 100/,
    ],
    [
      'a delay no timer can hold',
      'backoff:\n  initial_delay_secs: 1e10\n',
      /^agent-harness: harness\.yml: backoff\.initial_delay_secs: expected a number >= 0 and <= 2147483, found 10000000000 \(the longest a timer can wait/,
    ],
  ])('%s: exit code 2 with one clear line, nothing written', async ([_what, yaml, message], { expect }) => {
    const w = makeWorkdir({ plan: ['ok'] });
    writeFileSync(w.path('harness.yml'), yaml);
    const run = await runHarness(w);
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(message);
    expect(run.stderr.trim().split('\n')).toHaveLength(1);
    expect(w.exists('harness.status')).toBe(false);
    expect(w.exists('.iteration_counter')).toBe(false);
    expect(w.agentPids()).toEqual([]);
  });
});

describe.concurrent('prompt commands', () => {
  it('output cut at the cap says so, with what was kept and what was produced', async ({ expect }) => {
    const w = makeWorkdir({
      plan: ['ok'],
      config: testConfig({
        agent: { command: NODE, args: [AGENT, '--stdin'], prompt_via: 'stdin' },
        prompt: { prepend_commands: ["head -c 1500000 /dev/zero | tr '\\0' a", 'echo small'] },
      }),
    });
    const run = await runHarness(w);
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(
      /\[WARN\] +iteration=0 global=\d+ prepend_command="head -c 1500000 \/dev\/zero \| tr '\\\\0' a" output=truncated kept_bytes=1048576 produced_bytes=1500000\n/,
    );
    expect(run.stdout).not.toContain('prepend_command="echo small"');
    expect(alive(w.agentPids())).toEqual([]);
  });
});
