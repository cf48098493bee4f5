// Crash consistency: the harness is SIGKILLed at random moments, hundreds of times. Whatever moment the kill
// lands on, every state file still parses, no transcript is ever overwritten, the counter never falls behind
// the transcripts, and the next start resumes and finishes cleanly.
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { readCounter } from '../../src/state/counter.js';
import { makeWorkdir, runHarness, startHarness, testConfig } from '../support/workdir.js';

const KILLS = Number(process.env.CRASH_KILLS ?? 200);

function seeded(seed: number) {
  return () => {
    seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
    return seed / 2 ** 31;
  };
}

describe('crash consistency', () => {
  it(`survives ${KILLS} SIGKILLs at random moments`, { timeout: 600_000 }, async () => {
    const w = makeWorkdir({
      plan: ['ok', 'slow:150', 'empty', 'ok', 'slow:300', 'ok'],
      config: testConfig({ session: { max_iterations: 100_000 }, watchdog: { kill_grace_secs: 0.2 } }),
    });
    const random = seeded(20261121);
    let killedMidSession = 0;
    for (let i = 0; i < KILLS; i++) {
      const run = startHarness(w);
      await new Promise((r) => setTimeout(r, Math.floor(random() * 450)));
      if (run.stdout().includes('status=session_running')) killedMidSession++;
      run.child.kill('SIGKILL');
      await run.exit;

      // Every state file parses after every kill.
      if (w.exists('harness.status')) expect(() => JSON.parse(w.read('harness.status'))).not.toThrow();
      if (w.exists('.iteration_counter'))
        await expect(readCounter(w.path('.iteration_counter'))).resolves.toBeGreaterThanOrEqual(0);
      for (const line of w.exists('harness-events.jsonl') ? w.read('harness-events.jsonl').split('\n') : []) {
        if (line !== '') expect(() => JSON.parse(line)).not.toThrow();
      }
    }
    expect(killedMidSession).toBeGreaterThan(KILLS / 5);

    // The next start resumes and finishes.
    const before = w.transcripts().length;
    writeConfigIterations(w.path('harness.yml'), 2);
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
    for (const pid of w.agentPids()) {
      try {
        process.kill(pid, 'SIGKILL');
      } catch {
        // already gone
      }
    }
  });
});

function writeConfigIterations(path: string, n: number): void {
  const text = readFileSync(path, 'utf8').replace(/max_iterations: \d+/, `max_iterations: ${n}`);
  writeFileSync(path, text);
}
