// The harness beside a copy of the bash loop it replaces (test/fixtures/bash-loop.sh): the same scripted agent
// in the same scenarios must leave the same transcripts, the same counter and the same final line, and either
// may take over a directory the other left without overwriting or skipping a number.
import { spawn } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it, type ExpectStatic } from 'vitest';
import { readCounter } from '../../src/state/counter.js';
import { AGENT, NODE, ROOT, makeWorkdir, runHarness, testConfig, type Workdir } from '../support/workdir.js';
import { alive } from '../support/processes.js';

const BASH_LOOP = join(ROOT, 'test', 'fixtures', 'bash-loop.sh');

// The tests run side by side, each in directories of their own: most of their time is spent waiting on the loops.

interface Limits {
  maxEmptyRetries: number;
  maxRateLimits: number;
}
const DEFAULT_LIMITS: Limits = { maxEmptyRetries: 2, maxRateLimits: 5 };

function workdir(plan: string[], limits: Limits): Workdir {
  return makeWorkdir({
    plan,
    config: testConfig({
      retry: { max_empty_retries: limits.maxEmptyRetries },
      backoff: { max_consecutive_rate_limits: limits.maxRateLimits },
    }),
  });
}

/** Runs the bash loop's copy in the directory; its exit code is not compared (the original's varies). */
function runBashLoop(w: Workdir, iterations: number, limits: Limits = DEFAULT_LIMITS): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn('bash', [BASH_LOOP, String(iterations)], {
      cwd: w.dir,
      env: {
        ...process.env,
        AGENT_NODE: NODE,
        AGENT_SCRIPT: AGENT,
        AGENT_PLAN: w.plan,
        MIN_OUTPUT_BYTES: '100',
        MAX_EMPTY_RETRIES: String(limits.maxEmptyRetries),
        MAX_RATE_LIMITS: String(limits.maxRateLimits),
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (out += chunk.toString()));
    child.once('error', reject);
    child.once('close', () => resolve(out));
  });
}

async function runOurs(expect: ExpectStatic, w: Workdir, iterations: number): Promise<string> {
  const run = await runHarness(w, [String(iterations)]);
  expect(run.stderr).not.toContain('agent-harness:');
  return run.stdout;
}

/** What a loop leaves that the other one reads: transcript names, the counter (absent = 0), the final line. */
async function leftBehind(w: Workdir, stdout: string) {
  return {
    transcripts: w.transcripts(),
    counter: await readCounter(w.path('.iteration_counter')),
    finalLine: stdout.trim().split('\n').at(-1),
  };
}

const names = (numbers: number[]) => numbers.map((n) => `claude-iteration-${n}.jsonl`);
const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => from + i);

/** Every transcript that holds a session start was written as the number its name carries. */
function expectNamesMatchSessions(expect: ExpectStatic, w: Workdir) {
  for (const name of w.transcripts()) {
    const init = w
      .read(name)
      .split('\n')
      .find((line) => line.includes('"subtype":"init"'));
    if (init)
      expect(`${name}: ${String((JSON.parse(init) as { global: unknown }).global)}`).toBe(
        `${name}: ${/(\d+)/.exec(name)![1]}`,
      );
  }
}

/** Every agent run (its nonce in `<plan>.runs`) is in exactly one transcript: nothing was overwritten. */
function expectEveryRunKept(expect: ExpectStatic, w: Workdir) {
  const runs = w.read('.agent-plan.json.runs').split('\n').filter(Boolean);
  const texts = w.transcripts().map((name) => w.read(name));
  for (const nonce of runs)
    expect([nonce, texts.filter((t) => t.includes(nonce)).length]).toEqual([nonce, 1]);
}

interface Scenario {
  name: string;
  plan: string[];
  iterations: number;
  limits?: Limits;
  setup?: (w: Workdir) => void;
  /** Files the setup wrote that must be left as they were. */
  kept?: Record<string, string>;
  transcripts: number[];
  counter: number;
  finalLine: string;
}

const scenarios: Scenario[] = [
  {
    name: 'a fresh directory',
    plan: ['ok'],
    iterations: 3,
    transcripts: [0, 1, 2],
    counter: 3,
    finalLine: 'Loop completed: 3 productive iterations, 0 trailing rate limits (global counter: 3)',
  },
  {
    name: 'a directory the bash loop left at 348',
    plan: ['ok'],
    iterations: 2,
    setup: (w) => {
      writeFileSync(w.path('.iteration_counter'), '348\n');
      writeFileSync(w.path('claude-iteration-346.jsonl'), 'session 346\n');
      writeFileSync(w.path('claude-iteration-347.jsonl'), 'session 347\n');
    },
    kept: { 'claude-iteration-346.jsonl': 'session 346\n', 'claude-iteration-347.jsonl': 'session 347\n' },
    transcripts: [346, 347, 348, 349],
    counter: 350,
    finalLine: 'Loop completed: 2 productive iterations, 0 trailing rate limits (global counter: 350)',
  },
  {
    name: 'empty sessions retried with new numbers, then an iteration skipped',
    plan: ['empty', 'crash', 'ok', 'empty', 'empty', 'empty', 'ok'],
    iterations: 3,
    transcripts: range(0, 6),
    counter: 7,
    finalLine: 'Loop completed: 2 productive iterations, 0 trailing rate limits (global counter: 7)',
  },
  {
    name: 'rate limits, each with a number, until too many in a row',
    plan: ['ratelimit', 'ok', 'ratelimit'],
    iterations: 3,
    limits: { maxEmptyRetries: 2, maxRateLimits: 2 },
    transcripts: [0, 1, 2, 3],
    counter: 4,
    finalLine: 'Loop completed: 1 productive iterations, 2 trailing rate limits (global counter: 4)',
  },
  {
    name: 'STOP during a session',
    plan: ['ok', 'stop', 'ok'],
    iterations: 5,
    transcripts: [0, 1],
    counter: 2,
    finalLine: 'Loop completed: 2 productive iterations, 0 trailing rate limits (global counter: 2)',
  },
  {
    name: 'STOP before the first session',
    plan: ['ok'],
    iterations: 3,
    setup: (w) => writeFileSync(w.path('STOP'), ''),
    transcripts: [],
    counter: 0,
    finalLine: 'Loop completed: 0 productive iterations, 0 trailing rate limits (global counter: 0)',
  },
];

describe.concurrent('numbering side by side with the bash loop', () => {
  for (const s of scenarios) {
    it(`${s.name}: the same transcripts, counter and final line`, async ({ expect }) => {
      const limits = s.limits ?? DEFAULT_LIMITS;
      const bash = workdir(s.plan, limits);
      const ours = workdir(s.plan, limits);
      s.setup?.(bash);
      s.setup?.(ours);

      const bashOut = await runBashLoop(bash, s.iterations, limits);
      const ourOut = await runOurs(expect, ours, s.iterations);

      const expected = { transcripts: names(s.transcripts), counter: s.counter, finalLine: s.finalLine };
      expect(await leftBehind(bash, bashOut)).toEqual(expected); // the fixture is the bash loop's rules
      expect(await leftBehind(ours, ourOut)).toEqual(expected);
      expectNamesMatchSessions(expect, ours);
      for (const [name, text] of Object.entries(s.kept ?? {})) expect(ours.read(name)).toBe(text);
      expect(alive([...bash.agentPids(), ...ours.agentPids()])).toEqual([]);
    });
  }
});

describe.concurrent('handing a directory back and forth', () => {
  it('harness -> bash loop -> harness: one number per session, none skipped, none overwritten', async ({
    expect,
  }) => {
    const w = workdir(['ok'], DEFAULT_LIMITS);
    await runOurs(expect, w, 2);
    await runBashLoop(w, 2);
    const last = await runOurs(expect, w, 2);
    expect(w.transcripts()).toEqual(names(range(0, 5)));
    expect(w.counter()).toBe(6);
    expect(last.trim().split('\n').at(-1)).toBe(
      'Loop completed: 2 productive iterations, 0 trailing rate limits (global counter: 6)',
    );
    expectNamesMatchSessions(expect, w);
    expectEveryRunKept(expect, w);
    expect(alive(w.agentPids())).toEqual([]);
  });

  it('bash loop -> harness -> bash loop: one number per session, none skipped, none overwritten', async ({
    expect,
  }) => {
    const w = workdir(['ok'], DEFAULT_LIMITS);
    await runBashLoop(w, 2);
    await runOurs(expect, w, 2);
    const last = await runBashLoop(w, 2);
    expect(w.transcripts()).toEqual(names(range(0, 5)));
    expect(w.counter()).toBe(6);
    expect(last.trim().split('\n').at(-1)).toBe(
      'Loop completed: 2 productive iterations, 0 trailing rate limits (global counter: 6)',
    );
    expectNamesMatchSessions(expect, w);
    expectEveryRunKept(expect, w);
    expect(alive(w.agentPids())).toEqual([]);
  });

  it('a directory an earlier harness left (its counter named the last transcript) goes on after it', async ({
    expect,
  }) => {
    // Before the numbering followed the bash loop, a fresh directory got -1, -2, -3 and a counter of 3.
    const w = workdir(['ok'], DEFAULT_LIMITS);
    for (const n of [1, 2, 3]) writeFileSync(w.path(`claude-iteration-${n}.jsonl`), `earlier harness ${n}\n`);
    writeFileSync(w.path('.iteration_counter'), '3\n');

    await runOurs(expect, w, 1);
    expect(w.transcripts()).toEqual(names([1, 2, 3, 4]));
    expect(w.counter()).toBe(5);
    for (const n of [1, 2, 3]) expect(w.read(`claude-iteration-${n}.jsonl`)).toBe(`earlier harness ${n}\n`);

    await runBashLoop(w, 1);
    expect(w.transcripts()).toEqual(names([1, 2, 3, 4, 5]));
    expect(w.counter()).toBe(6);
    expectNamesMatchSessions(expect, w);
    expectEveryRunKept(expect, w);
    expect(alive(w.agentPids())).toEqual([]);
  });
});
