// The run's budget (`session.max_cost_usd`, `session.max_tokens`): the built CLI, the scripted agent (each of its
// sessions reports $0.01 and 10 + 5 tokens), real processes.
import { describe, expect, it } from 'vitest';
import { makeWorkdir, runHarness, testConfig } from '../support/workdir.js';
import { alive } from '../support/processes.js';

describe('run budget', () => {
  it('stops with reason budget and exit 14 before the session that would start over max_cost_usd', async () => {
    const w = makeWorkdir({
      plan: ['ok'],
      config: testConfig({ session: { max_iterations: 10, max_cost_usd: 0.025 } }),
    });
    const run = await runHarness(w, []);
    expect(run.code).toBe(14);
    // $0.01, $0.02: under the budget, so a third session starts; after it ($0.03) none does.
    const sessions = w.events().filter((e) => e.event === 'session_complete');
    expect(sessions.map((e) => e.cost_usd)).toEqual([0.01, 0.01, 0.01]);
    expect(w.events().at(-1)).toMatchObject({
      event: 'loop_end',
      reason: 'budget',
      exit_code: 14,
      iterations: 3,
    });
    expect(run.stdout + run.stderr).toMatch(/budget.*session\.max_cost_usd/);
    expect(w.status()).toMatchObject({ state: 'stopped', stop_reason: 'budget' });
    expect(alive(w.agentPids())).toEqual([]);
  });

  it('counts input and output tokens against max_tokens', async () => {
    const w = makeWorkdir({
      plan: ['ok'],
      config: testConfig({
        session: { max_iterations: 10, max_tokens: 30 },
        retry: { max_empty_retries: 3 },
      }),
    });
    const run = await runHarness(w, []);
    expect(run.code).toBe(14);
    // 15 + 15 tokens reach the budget: the third iteration never starts.
    const sessions = w.events().filter((e) => e.event === 'session_complete');
    expect(sessions).toHaveLength(2);
    expect(w.events().at(-1)).toMatchObject({ event: 'loop_end', reason: 'budget', iterations: 2 });
  });
});
