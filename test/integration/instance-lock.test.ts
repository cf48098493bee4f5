// One harness per directory, with real processes started at the same instant: exactly one runs, the others
// leave with exit code 5 having written nothing; a lock left by a killed harness, or naming a PID that now
// belongs to another process, is taken over.
import { spawn } from 'node:child_process';
import { tmpdir } from 'node:os';
import { existsSync, readdirSync, readFileSync, readlinkSync, writeFileSync } from 'node:fs';
import { describe, it, type ExpectStatic, type TestContext } from 'vitest';
import { currentHolder, holderAlive } from '../../src/state/instance-lock-holder.js';
import { HANG_MS } from '../support/captured.js';
import { makeWorkdir, startHarness, testConfig, type Run, type Workdir } from '../support/workdir.js';

// Each round is one more chance for a race to show: 10 in the suite, 40 under scripts/stress.mjs (STRESS=1), or
// LOCK_ROUNDS.
const ROUNDS = Number(process.env.LOCK_ROUNDS ?? (process.env.STRESS ? 40 : 10));

// The agent says it runs (its PID in `ran`), then waits for the test to let it finish, so every harness of a
// round starts while the first one's agent is still running.
const RESULT = JSON.stringify({
  type: 'result',
  subtype: 'success',
  is_error: false,
  result: 'Done: this line is long enough to count as real output for the harness, not an empty session.',
});
const AGENT_SCRIPT = `echo $$ >> ran; while [ ! -e release ]; do sleep 0.05; done; printf '%s\\n' '${RESULT}'`;

/**
 * A directory whose agent waits for `release`. Whatever the test did (or failed to do), once it is finished every
 * agent it started there is let go and must be gone.
 */
function lockWorkdir({ expect, onTestFinished }: TestContext): Workdir {
  const w = makeWorkdir({
    config: testConfig({ agent: { command: '/bin/sh', args: ['-c', AGENT_SCRIPT] } }),
  });
  onTestFinished(async () => {
    writeFileSync(w.path('release'), '');
    await waitUntil(() => agentsAlive(w).length === 0, HANG_MS);
    expect(agentsAlive(w)).toEqual([]);
  });
  return w;
}

const ranPids = (w: Workdir): number[] =>
  w.exists('ran') ? w.read('ran').split('\n').filter(Boolean).map(Number) : [];

/** Agents of this workdir still running (the working directory tells a reused PID apart). */
const agentsAlive = (w: Workdir): number[] =>
  ranPids(w).filter((pid) => {
    try {
      return readlinkSync(`/proc/${pid}/cwd`) === w.dir;
    } catch {
      return false;
    }
  });

async function waitUntil(predicate: () => boolean, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!predicate() && Date.now() < deadline) await new Promise((r) => setTimeout(r, 25));
}

/** Starts `count` harnesses at once, lets the agents finish once the losers are out, and returns how each ended. */
async function race(expect: ExpectStatic, w: Workdir, count: number) {
  const runs: Run[] = Array.from({ length: count }, () => startHarness(w));
  const codes: Array<number | null> = Array.from({ length: count }, () => null);
  const exits = runs.map((run, i) => run.exit.then(({ code }) => (codes[i] = code)));
  // Bounded: on a harness without the lock, several agents run and nobody leaves early.
  await waitUntil(
    () => codes.filter((c) => c !== null).length >= count - 1 || ranPids(w).length > 1,
    HANG_MS,
  );
  const agents = ranPids(w).map((pid) => currentHolder(pid));
  writeFileSync(w.path('release'), '');
  await Promise.all(exits);
  expect(agents.filter(holderAlive)).toEqual([]);
  return { codes, runs };
}

/** The harness's own leftovers that must not outlive a run: the lock, its temp and reclaim files. */
const lockLeftovers = (w: Workdir) =>
  readdirSync(w.dir).filter((name) => name.includes('.lock') || name.endsWith('.tmp'));

function expectOneRan(
  expect: ExpectStatic,
  w: Workdir,
  result: { codes: Array<number | null>; runs: Run[] },
  count: number,
) {
  const { codes, runs } = result;
  const details = runs.map((r, i) => `#${i} exit ${codes[i]}: ${r.stderr()}`).join('\n');
  expect([...codes].sort(), details).toEqual([0, ...Array<number>(count - 1).fill(5)]);
  expect(ranPids(w)).toHaveLength(1);
  const winner = runs[codes.indexOf(0)]!;
  for (const [i, run] of runs.entries()) {
    if (codes[i] !== 5) continue;
    expect(run.stderr()).toMatch(/agent-harness: another harness \(PID \d+\) is (running|taking over)/);
    expect(run.stdout()).toBe('');
  }
  // The losers wrote nothing: one loop, one session, one transcript, the winner's status.
  const events = w.events();
  expect(events.filter((e) => e.event === 'loop_start')).toHaveLength(1);
  expect(events.filter((e) => e.event === 'loop_end')).toHaveLength(1);
  expect(events.filter((e) => e.event === 'session_complete')).toHaveLength(1);
  expect(w.transcripts()).toHaveLength(1);
  expect(w.status()).toMatchObject({ state: 'stopped', pid: winner.child.pid });
  expect(lockLeftovers(w)).toEqual([]);
}

/** A holder that existed and is gone: a process started and ended, named with its real start time. */
async function deadHolder(): Promise<string> {
  const child = spawn('/bin/sh', ['-c', 'read line'], { stdio: ['pipe', 'ignore', 'ignore'] });
  const holder = currentHolder(child.pid);
  child.stdin.end('\n');
  await new Promise((r) => child.once('exit', r));
  return `${JSON.stringify(holder)}\n`;
}

describe.concurrent('one harness per directory', () => {
  it(
    `two harnesses started at the same instant: exactly one runs (${ROUNDS} rounds)`,
    { timeout: 300_000 },
    async (context) => {
      const { expect } = context;
      for (let round = 0; round < ROUNDS; round++) {
        const w = lockWorkdir(context);
        expectOneRan(expect, w, await race(expect, w, 2), 2);
      }
    },
  );

  it(
    `four at once, over a stale lock half the time: exactly one runs (${ROUNDS} rounds)`,
    { timeout: 300_000 },
    async (context) => {
      const { expect } = context;
      const stale = await deadHolder();
      for (let round = 0; round < ROUNDS; round++) {
        const w = lockWorkdir(context);
        if (round % 2 === 1) writeFileSync(w.path('harness.status.lock'), stale);
        expectOneRan(expect, w, await race(expect, w, 4), 4);
      }
    },
  );

  it(
    'a lock left by a SIGKILLed harness is taken over, and its agent is ended',
    { timeout: 60_000 },
    async (context) => {
      const { expect } = context;
      const w = lockWorkdir(context);
      const first = startHarness(w);
      const recorded = () => {
        try {
          return typeof w.status().agent_pgid === 'number';
        } catch {
          return false;
        }
      };
      await waitUntil(() => ranPids(w).length === 1 && recorded(), HANG_MS);
      const orphan = currentHolder(ranPids(w)[0]); // with its start time: the PID may be reused later
      first.child.kill('SIGKILL');
      await first.exit;
      expect(w.exists('harness.status.lock')).toBe(true);

      const second = startHarness(w);
      await waitUntil(() => ranPids(w).length === 2, HANG_MS);
      writeFileSync(w.path('release'), '');
      const { code } = await second.exit;
      expect(code, second.stderr()).toBe(0);
      expect(holderAlive(orphan)).toBe(false);
      expect(w.events().filter((e) => e.event === 'loop_end')).toHaveLength(1);
      expect(lockLeftovers(w)).toEqual([]);
    },
  );

  it(
    'a lock whose PID now belongs to an unrelated process is taken over; a live holder is not',
    { timeout: 60_000 },
    async (context) => {
      const { expect } = context;
      const unrelated = spawn('sleep', ['60'], { stdio: 'ignore' });
      try {
        const w = lockWorkdir(context);
        writeFileSync(w.path('release'), '');
        // Same PID, another start time: the process that wrote the lock is gone and its PID was reused.
        const reused = { ...currentHolder(unrelated.pid), start: '1' };
        writeFileSync(w.path('harness.status.lock'), JSON.stringify(reused));
        const run = startHarness(w);
        const { code } = await run.exit;
        expect(code, run.stderr()).toBe(0);
        expect(ranPids(w)).toHaveLength(1);
        expect(lockLeftovers(w)).toEqual([]);

        // The very process the lock names is alive: this start refuses and writes nothing.
        const held = lockWorkdir(context);
        const lock = JSON.stringify(currentHolder(unrelated.pid));
        writeFileSync(held.path('harness.status.lock'), lock);
        const refused = startHarness(held);
        expect((await refused.exit).code).toBe(5);
        expect(refused.stderr()).toContain(
          `another harness (PID ${unrelated.pid}) is running in this directory`,
        );
        expect(readdirSync(held.dir).sort()).toEqual([
          '.agent-plan.json',
          'PROMPT.md',
          'harness.status.lock',
          'harness.yml',
        ]);
        expect(readFileSync(held.path('harness.status.lock'), 'utf8')).toBe(lock);
      } finally {
        unrelated.kill('SIGKILL');
        await new Promise((r) => unrelated.once('exit', r));
      }
    },
  );

  it(
    'a lock the agent rewrote as a bare PID or a record without a start time is judged by that PID',
    { timeout: 60_000 },
    async (context) => {
      const { expect } = context;
      const elsewhere = spawn('sleep', ['60'], { cwd: tmpdir(), stdio: 'ignore' });
      try {
        await new Promise((r) => elsewhere.once('spawn', r));
        const pid1 = JSON.stringify({ pid: 1, start: '', boot: '', since: '' });
        for (const lock of ['1\n', pid1, `${elsewhere.pid}\n`]) {
          const w = lockWorkdir(context);
          writeFileSync(w.path('release'), '');
          writeFileSync(w.path('harness.status.lock'), lock);
          const run = startHarness(w);
          expect((await run.exit).code, run.stderr()).toBe(0);
          expect(run.stdout()).toMatch(/recovery=stale_lock previous_pid=\d+ reason=/);
          expect(lockLeftovers(w)).toEqual([]);
        }

        // A script holding it as a bare PID, working in this directory: still held.
        const held = lockWorkdir(context);
        const script = spawn('sleep', ['60'], { cwd: held.dir, stdio: 'ignore' });
        try {
          await new Promise((r) => script.once('spawn', r));
          writeFileSync(held.path('harness.status.lock'), `${script.pid}\n`);
          const refused = startHarness(held);
          expect((await refused.exit).code).toBe(5);
          expect(refused.stderr()).toContain(`another harness (PID ${script.pid}) is running`);
        } finally {
          script.kill('SIGKILL');
          await new Promise((r) => script.once('exit', r));
        }
      } finally {
        elsewhere.kill('SIGKILL');
        await new Promise((r) => elsewhere.once('exit', r));
      }
    },
  );

  it(
    'a lock the agent rewrote as garbage (pid=1) does not block later runs',
    { timeout: 60_000 },
    async (context) => {
      const { expect } = context;
      const w = lockWorkdir(context);
      writeFileSync(w.path('release'), '');
      writeFileSync(w.path('harness.status.lock'), 'pid=1\n');
      const run = startHarness(w);
      expect((await run.exit).code, run.stderr()).toBe(0);
      expect(existsSync(w.path('harness.status.lock'))).toBe(false);
    },
  );
});
