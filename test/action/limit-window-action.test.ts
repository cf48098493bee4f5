// Limit windows without a paid wait, in the Action as the runner runs it (main, then post, the real cache client
// against Azurite): a usage limit that resets in three hours ends main in seconds with `resume-after`, a success,
// a pending commit status's words in the summary; the next run before the reset exits at once and starts no agent;
// one after a reset (a short one here, with `backoff.max_wait_mins: 0` so it is not waited for, and a wait on the
// real clock until it has passed) continues the counter from the cached state.
import { describe, it, type TestContext } from 'vitest';
import { jobFiles, runJob } from '../support/action-runner.js';
import { startActionsServices } from '../support/actions-services.js';
import { waitUntil, makeWorkdir, testConfig, type Workdir } from '../support/workdir.js';

const HOURS_3 = 3 * 3600;

/** A git workspace with the scripted agent's plan, and a job on it (main then post) against one Azurite. */
async function actionJobs(
  onTestFinished: TestContext['onTestFinished'],
  plan: string[],
  config: Record<string, unknown>,
): Promise<{ w: Workdir; job: (runId: string) => ReturnType<typeof runJob> }> {
  const services = await startActionsServices();
  onTestFinished(() => services.close());
  const w = makeWorkdir({ git: true, plan, config });
  const job = (runId: string) =>
    runJob({
      files: jobFiles(),
      workspace: w.dir,
      inputs: {},
      env: { ...services.env, AGENT_PLAN: w.plan },
      runId,
    });
  return { w, job };
}

describe.concurrent('a limit window in the Action', () => {
  it('a reset three hours away: main ends at once with resume-after; the next run starts no agent', async ({
    expect,
    onTestFinished,
  }) => {
    const { w, job } = await actionJobs(
      onTestFinished,
      [`usagelimit:${HOURS_3}`, 'ok'],
      testConfig({ session: { max_iterations: 2 } }),
    );
    const first = await job('811');
    expect(first.main.code, first.main.stdout + first.main.stderr).toBe(0);
    expect(first.outputs['stop-reason']).toBe('rate_limited');
    const resumeAfter = first.outputs['resume-after']!;
    expect(Date.parse(resumeAfter) - Date.now()).toBeGreaterThan(2.5 * 3600_000);
    expect(first.summary).toContain('— Waiting for a limit to reset');
    expect(first.summary).toContain(`**Waiting for a limit:** it resets at ${resumeAfter}`);
    expect(w.transcripts()).toEqual(['claude-iteration-0.jsonl']);

    const second = await job('812');
    expect(second.main.code, second.main.stdout + second.main.stderr).toBe(0);
    expect(second.main.stdout).toContain(`waiting for the limit to reset at ${resumeAfter}`);
    expect(second.outputs).toMatchObject({ 'stop-reason': 'rate_limited', 'resume-after': resumeAfter });
    expect(w.transcripts()).toEqual(['claude-iteration-0.jsonl']); // no agent started
  });

  it('after the reset, the next run continues the counter from the cached state', async ({
    expect,
    onTestFinished,
  }) => {
    const { w, job } = await actionJobs(
      onTestFinished,
      ['usagelimit:3', 'ok', 'ok'],
      testConfig({ session: { max_iterations: 2 }, backoff: { max_wait_mins: 0 } }),
    );
    const first = await job('821');
    expect(first.outputs['stop-reason'], first.main.stdout + first.main.stderr).toBe('rate_limited');
    const resumeAfter = first.outputs['resume-after']!;
    await waitUntil(() => Date.now() > Date.parse(resumeAfter), 'the reset to pass', 30_000);
    const second = await job('822');
    expect(second.main.code, second.main.stdout + second.main.stderr).toBe(0);
    expect(second.outputs).toMatchObject({
      'stop-reason': 'completed',
      'resume-after': '',
      'global-iteration': '3',
    });
    expect(w.transcripts()).toEqual([
      'claude-iteration-0.jsonl',
      'claude-iteration-1.jsonl',
      'claude-iteration-2.jsonl',
    ]);
  });
});
