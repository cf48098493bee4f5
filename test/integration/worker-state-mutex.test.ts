// state.json's mutex under contention from real processes: writers in child processes all start at the same
// moment with a stale lock (its holder dead) in place. Exactly one takes the stale lock over; every update
// lands exactly once (each adds 1 to state.iteration), and the stop made among them is never lost.
import { spawn, spawnSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { fixtureBundle } from '../support/build.js';
import { alive } from '../support/processes.js';
import { makeTask } from '../support/worker-task.js';

const ROOT = resolve(import.meta.dirname, '../..');
const WRITERS = 8;
const UPDATES = 25;
// Each round is one more chance for a race to show: 2 in the suite, 6 under scripts/stress.mjs (STRESS=1).
const ROUNDS = process.env.STRESS ? 6 : 2;

function writer(dir: string, what: string, at: number): { pid: number; done: Promise<number | null> } {
  const child = spawn(process.execPath, [fixtureBundle('state-writer'), dir, what, String(at)], {
    cwd: ROOT,
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  return { pid: child.pid!, done: new Promise((done) => child.once('close', (code) => done(code))) };
}

describe('state.json mutex', () => {
  it.each([
    ['a bare PID (a script lock)', (pid: number) => `${pid}\n`],
    ['an instance-lock holder', (pid: number) => JSON.stringify({ pid, start: '1', boot: '', since: '' })],
  ])(
    'a stale lock holding %s: every update lands once, the stop is kept',
    async (_name, content) => {
      // Rounds, each with a fresh stale lock: the takeover race is a matter of timing.
      for (let round = 0; round < ROUNDS; round++) {
        const task = await makeTask();
        const dead = spawnSync(process.execPath, ['-e', '']).pid;
        writeFileSync(join(task.dir, 'state.json.lock'), content(dead));
        const at = Date.now() + 3000;
        const children = Array.from({ length: WRITERS }, () => writer(task.dir, String(UPDATES), at));
        children.push(writer(task.dir, 'stop', at + 5));
        expect(await Promise.all(children.map((c) => c.done))).toEqual(children.map(() => 0));
        expect(alive(children.map((c) => c.pid))).toEqual([]);
        expect(task.state()).toMatchObject({ iteration: WRITERS * UPDATES, status: 'stopped' });
        expect(task.exists('state.json.lock')).toBe(false);
      }
    },
    120_000,
  );
});
