// The state branch through the Action when jobs meet (issue 28), the bundle run as the runner runs it: two jobs of
// one state key saving at once both land, and one of them says in its summary that it merged; then a counter
// edited by hand on the branch is named in a warning, its last usable copy restored (the numbering goes on) and
// written back, and `state-branch-transcripts` archives the run's transcript on the branch.
//
// "At once" is made certain, not left to timing: the bare origin's pre-receive hook holds the first push until a
// second one has arrived, so both jobs' first saves are built on the same (absent) branch and one is refused.
import { chmodSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'vitest';
import { startActionsServices } from '../support/actions-services.js';
import { bareOrigin, git, stateJob } from '../support/state-branch-job.js';

const BRANCH = 'agent-harness/state';
/** Holds the first push until a second one arrives (at most a minute); later pushes pass at once. */
const BARRIER = `#!/bin/sh
d="$GIT_DIR/arrivals"
mkdir -p "$d"
[ "$(ls "$d" | wc -l)" -ge 2 ] && exit 0
touch "$d/$$"
i=0
while [ "$(ls "$d" | wc -l)" -lt 2 ] && [ "$i" -lt 1200 ]; do sleep 0.05; i=$((i + 1)); done
exit 0
`;

describe('the state branch in the Action, when jobs meet', { timeout: 300_000 }, () => {
  it('two jobs saving at once both land; a hand-edited counter is repaired; transcripts are archived', async ({
    expect,
    onTestFinished,
  }) => {
    const { root, bare } = bareOrigin(onTestFinished);
    writeFileSync(join(bare, 'hooks', 'pre-receive'), BARRIER);
    chmodSync(join(bare, 'hooks', 'pre-receive'), 0o755);
    const actions = await startActionsServices();
    onTestFinished(() => actions.close());
    const stateKey = `race-${Date.now()}`;
    const job = (runId: string, inputs: Record<string, string> = {}) =>
      stateJob({
        expect,
        bare,
        stateKey,
        runId,
        inputs: { 'state-store': 'branch', ...inputs },
        env: actions.env,
      });
    const onBranch = (name: string) => git(bare, 'show', `${BRANCH}:${stateKey}/${name}`);

    // 1. Two jobs at once: each numbers its session 0 (neither saw the other's state); both sessions land.
    const [a, b] = await Promise.all([job('801'), job('802')]);
    const completed = onBranch('events')
      .split('\n')
      .filter((line) => line.includes('"event":"session_complete"'));
    expect(completed).toHaveLength(2);
    const merged = [a, b].filter((one) =>
      one.run.summary.includes("A save had to merge another job's state"),
    );
    expect(merged.length).toBeGreaterThanOrEqual(1);
    expect(merged[0]!.run.main.stdout).toMatch(/moved while saving .*merging/);
    expect(onBranch('counter')).toBe('1');

    // 2. The counter edited by hand; a fresh clone archiving its transcripts.
    // The last commit that wrote the counter: the one a repair takes it from.
    const good = git(bare, 'log', '-1', '--format=%H', BRANCH, '--', `${stateKey}/counter`);
    const hand = join(root, 'hand');
    git(root, 'clone', '-q', '--branch', BRANCH, bare, hand);
    writeFileSync(join(hand, stateKey, 'counter'), 'twelve\n');
    git(hand, '-c', 'user.name=H', '-c', 'user.email=h@example.com', 'commit', '-q', '-am', 'by hand');
    git(hand, 'push', '-q', 'origin', BRANCH);
    const third = await job('803', { 'state-branch-transcripts': 'true' });
    expect(third.run.main.stdout).toMatch(
      new RegExp(
        `::warning::${stateKey}/counter on the state branch .* is not usable .*"twelve".*from commit ${good.slice(0, 12)}`,
      ),
    );
    expect(third.w.transcripts()).toEqual(['claude-iteration-1.jsonl']);
    expect(onBranch('counter')).toBe('2');
    const archived = git(bare, 'ls-tree', '--name-only', `${BRANCH}:${stateKey}/transcripts`).split('\n');
    expect(archived).toEqual(['claude-iteration-1.jsonl']);
    expect(onBranch('transcripts/claude-iteration-1.jsonl')).toBe(
      readFileSync(third.w.path('claude-iteration-1.jsonl'), 'utf8').trim(),
    );
    // The history holds all three runs' sessions.
    expect(third.run.summary).toContain('| Sessions | 3 in 3 runs |');
  });
});
