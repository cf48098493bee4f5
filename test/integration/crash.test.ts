// Crash consistency: the harness is SIGKILLed hundreds of times, each kill placed on purpose in one phase of a run
// (while Node starts, right after the harness announces a session, in the middle of a running session, right after
// a session ends, and anywhere), with a seeded spread inside the phase. Whatever moment the kill lands on, every
// state file still parses, no transcript is ever overwritten, the counter never falls behind the transcripts, and the
// next start resumes and finishes cleanly. The phases are found by what the harness prints, not by sleeping and
// hoping: a mid-session kill is made while the agent is still running by construction (it runs for a minute).
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { readCounter } from '../../src/state/counter.js';
import { readProcTable } from '../../src/os/process-group.js';
import { readProcStat } from '../../src/os/proc.js';
import { killRecorded } from '../support/processes.js';
import { makeWorkdir, runHarness, startHarness, testConfig, type Run } from '../support/workdir.js';

// 100 kills by default, 20 in each phase (the suite's time budget; `CRASH_KILLS=1000` for a longer hunt).
const KILLS = Number(process.env.CRASH_KILLS ?? 100);

function seeded(seed: number) {
  return () => {
    seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
    return seed / 2 ** 31;
  };
}

/** What a process and its descendants are doing (state, kernel wait channel, command): for a failure's message. */
function processReport(root: number | undefined): string {
  const read = (path: string) => {
    try {
      return readFileSync(path, 'utf8');
    } catch {
      return '';
    }
  };
  const table = readProcTable();
  const lines: string[] = [];
  const visit = (pid: number, depth: number) => {
    const state = readProcStat(pid)?.state ?? 'gone';
    const command = read(`/proc/${pid}/cmdline`).split('\0').join(' ').slice(0, 160);
    lines.push(`${'  '.repeat(depth)}${pid} ${state} wchan=${read(`/proc/${pid}/wchan`)} ${command}`);
    for (const child of table.filter((p) => p.ppid === pid)) visit(child.pid, depth + 1);
  };
  if (root !== undefined) visit(root, 0);
  return `processes: load ${read('/proc/loadavg').trim()}\n${lines.join('\n')}`;
}

const lines = (stdout: string) => stdout.split('\n').filter((line) => line.includes('iteration='));
/** The harness has announced a session and has not yet said how it ended. */
const inSession = (stdout: string) => lines(stdout).at(-1)?.includes('status=session_running') ?? false;
/** The harness has said how a session ended: completed, retried, skipped, rate limited, failed. */
const sessionEnded = (stdout: string) =>
  lines(stdout).some((line) => !/status=(starting|session_running)\b/.test(line));

interface Phase {
  name: string;
  /** What the agent does in the sessions of this start (the scripted agent's plan). */
  agent: string;
  /** Resolves when the kill may land: the phase has begun. */
  reached(run: Run): Promise<void>;
  /** The spread after that moment, in ms (a seeded fraction of it). */
  spreadMs: number;
}

const PHASES: Phase[] = [
  { name: 'start-up', agent: 'ok', reached: async () => {}, spreadMs: 120 },
  {
    name: 'session announced',
    agent: 'ok',
    reached: (run) => run.waitFor((out) => out.includes('status=starting')),
    spreadMs: 10,
  },
  {
    name: 'mid-session',
    agent: 'slow:60000',
    reached: (run) => run.waitFor((out) => out.includes('status=session_running')),
    spreadMs: 60,
  },
  {
    name: 'session ended',
    agent: 'empty',
    reached: (run) => run.waitFor(sessionEnded),
    spreadMs: 10,
  },
  { name: 'anywhere', agent: 'slow:150', reached: async () => {}, spreadMs: 450 },
];

describe('crash consistency', () => {
  it(`survives ${KILLS} SIGKILLs placed in every phase of a run`, { timeout: 600_000 }, async () => {
    const w = makeWorkdir({
      plan: ['ok'],
      config: testConfig({ session: { max_iterations: 100_000 }, watchdog: { kill_grace_secs: 0.2 } }),
    });
    const random = seeded(20261121);
    const killed = new Map<string, number>();
    let killedMidSession = 0;
    for (let i = 0; i < KILLS; i++) {
      const phase = PHASES[i % PHASES.length]!;
      // The plan's last entry repeats: every session of this start runs the phase's agent.
      writeFileSync(w.plan, JSON.stringify([phase.agent]));
      const run = startHarness(w);
      const started = Date.now();
      await phase.reached(run).catch((error: unknown) => {
        throw new Error(
          `kill ${i} (${phase.name}), ${Date.now() - started} ms after the start: ${String(error)}\n` +
            processReport(run.child.pid),
        );
      });
      await new Promise((r) => setTimeout(r, Math.floor(random() * phase.spreadMs)));
      if (phase.name === 'mid-session' && inSession(run.stdout())) killedMidSession++;
      run.child.kill('SIGKILL');
      await run.exit;
      killed.set(phase.name, (killed.get(phase.name) ?? 0) + 1);

      // Every state file parses after every kill.
      if (w.exists('harness.status')) expect(() => JSON.parse(w.read('harness.status'))).not.toThrow();
      if (w.exists('.iteration_counter'))
        await expect(readCounter(w.path('.iteration_counter'))).resolves.toBeGreaterThanOrEqual(0);
      for (const line of w.exists('harness-events.jsonl') ? w.read('harness-events.jsonl').split('\n') : []) {
        if (line !== '') expect(() => JSON.parse(line)).not.toThrow();
      }
    }
    // Every phase got its share of the kills, and each kill of the mid-session phase landed while the harness
    // was supervising a running agent (which cannot end on its own within the spread).
    for (const phase of PHASES)
      expect(killed.get(phase.name), phase.name).toBe(
        Math.floor(KILLS / PHASES.length) + (PHASES.indexOf(phase) < KILLS % PHASES.length ? 1 : 0),
      );
    expect(killedMidSession).toBe(killed.get('mid-session'));

    // The next start resumes and finishes.
    const before = w.transcripts().length;
    writeConfigIterations(w.path('harness.yml'), 2);
    writeFileSync(w.plan, JSON.stringify(['ok']));
    const final = await runHarness(w);
    expect(final.code).toBe(0);
    expect(final.stdout).toContain('Loop completed: 2 productive iterations');

    // Temp files of writes the kills interrupted are swept by the next start.
    expect(readdirSync(w.dir).filter((name) => name.endsWith('.tmp'))).toEqual([]);

    // The counter is exact, as the bash loop keeps it: the next number, one past the last transcript; numbers run
    // 0..counter-1 with no gap or reuse, and each session ran as the number its transcript carries.
    const numbers = w.transcripts().map((name) => Number(/(\d+)/.exec(name)![1]));
    expect(numbers.length).toBeGreaterThan(before);
    expect(w.counter()).toBe(Math.max(...numbers) + 1);
    expect(numbers).toEqual(Array.from({ length: numbers.length }, (_, k) => k));
    for (const n of numbers) {
      const init = w
        .read(`claude-iteration-${n}.jsonl`)
        .split('\n')
        .find((line) => line.includes('"subtype":"init"'));
      if (init) expect((JSON.parse(init) as { global: string }).global).toBe(String(n));
    }

    // Never overwritten: each transcript holds at most one session, and no session appears twice.
    const sessions = new Set<string>();
    for (const name of w.transcripts()) {
      const inits = readFileSync(w.path(name), 'utf8')
        .split('\n')
        .filter((line) => line.includes('"subtype":"init"'))
        .map((line) => (JSON.parse(line) as { session_id: string }).session_id);
      expect(inits.length).toBeLessThanOrEqual(1);
      for (const id of inits) {
        expect(sessions.has(id)).toBe(false);
        sessions.add(id);
      }
    }
    // The mid-session kills' agents are ended by each harness's reaper; any left end here. Only processes that
    // are still the agents recorded: in many starts the machine may have given an agent's PID to another process.
    killRecorded(w.agentPids());
  });
});

function writeConfigIterations(path: string, n: number): void {
  const text = readFileSync(path, 'utf8').replace(/max_iterations: \d+/, `max_iterations: ${n}`);
  writeFileSync(path, text);
}
