// The status file is replaced at the transitions a reader needs, not at every change (issue 24): an instant agent's
// iteration is three replacements (before the spawn, the agent's group, the end), and what the loop
// noted in between still reaches the file before anything waits. The built CLI, the scripted agent, and the
// kernel's own count of replacements (inotify, read up to a sentinel written after the harness ended, so no event
// can still be on its way).
import { readFileSync, watch, writeFileSync } from 'node:fs';
import { describe, it } from 'vitest';
import { alive } from '../support/processes.js';
import { makeWorkdir, runHarness, testConfig, type Workdir } from '../support/workdir.js';

/** Runs the harness and counts how many times `harness.status` was put in place meanwhile. */
async function countedReplacements(w: Workdir, args: string[] = []) {
  let replaced = 0;
  let sentinelSeen: () => void = () => undefined;
  const sentinel = new Promise<void>((resolve) => (sentinelSeen = resolve));
  const watcher = watch(w.dir, (_event, name) => {
    if (name === 'harness.status') replaced++;
    if (name === 'sentinel') sentinelSeen();
  });
  try {
    const started = performance.now();
    const run = await runHarness(w, args);
    const ms = performance.now() - started;
    writeFileSync(w.path('sentinel'), '');
    await sentinel;
    return { run, replaced, ms };
  } finally {
    watcher.close();
  }
}

const seen = (w: Workdir, global: number) =>
  JSON.parse(readFileSync(w.path(`seen-${global}.json`), 'utf8')) as Record<string, unknown>;

describe.concurrent('status writes', () => {
  it('an instant iteration replaces the status file three times, and the agent sees itself named', async ({
    expect,
  }) => {
    const iterations = 4;
    // The agent's group is written to the status as soon as it is known, after the spawn: the agent waits for it
    // (a busy machine may run the agent's first instruction before that write lands), then keeps what it saw.
    const named = `until grep -Eq '"agent_pgid": [0-9]' harness.status; do sleep 0.01; done`;
    const w = makeWorkdir({
      plan: [`sh:${named}; cp harness.status seen-$HARNESS_GLOBAL_ITERATION.json`],
      config: testConfig({ session: { max_iterations: iterations }, backoff: { initial_delay_secs: 0 } }),
    });
    const { run, replaced, ms } = await countedReplacements(w);
    expect(run.code, run.stderr).toBe(0);
    // The start, three per iteration, and the end (shutting_down, stopped); on a slow machine also the output's
    // growth, written at most once per 2 s (GROWTH_WRITE_MS) of the run. The old loop wrote 34 for 4 iterations.
    expect(replaced).toBeGreaterThanOrEqual(3 * iterations);
    expect(replaced).toBeLessThanOrEqual(3 * iterations + 3 + Math.ceil(ms / 2000));
    const pids = w.agentPids();
    for (let global = 0; global < iterations; global++) {
      expect(seen(w, global)).toMatchObject({
        state: 'session_running',
        global_iteration: global,
        iteration: global,
        output_file: expect.stringMatching(new RegExp(`claude-iteration-${global}\\.jsonl$`)) as unknown,
        agent_pgid: pids[global],
      });
    }
    // What was noted after a session reached the file with the next write.
    expect(seen(w, 3)).toMatchObject({ last_completed_iteration: 2, last_committed: false, productive: 3 });
    expect(w.status()).toMatchObject({ state: 'stopped', last_completed_iteration: 3, productive: 4 });
    expect(alive(w.agentPids())).toEqual([]);
  });

  it("a pre hook sees pre_hooks, and what the last session's end noted", async ({ expect }) => {
    const w = makeWorkdir({
      plan: ['sh:cp harness.status seen-$HARNESS_GLOBAL_ITERATION.json', 'sh:sleep 0'],
      config: testConfig({
        session: { max_iterations: 2 },
        backoff: { initial_delay_secs: 1 },
        hooks: { pre_session: ['cp harness.status pre-$HARNESS_GLOBAL_ITERATION.json'] },
      }),
    });
    const run = await runHarness(w);
    expect(run.code, run.stderr).toBe(0);
    // The pre hook sees pre_hooks; the second one also sees what the first session's end noted.
    const pre = (global: number) =>
      JSON.parse(readFileSync(w.path(`pre-${global}.json`), 'utf8')) as Record<string, unknown>;
    expect(pre(0)).toMatchObject({ state: 'pre_hooks', global_iteration: 0 });
    expect(pre(1)).toMatchObject({ state: 'pre_hooks', global_iteration: 1, last_completed_iteration: 0 });
    expect(alive(w.agentPids())).toEqual([]);
  });
});
