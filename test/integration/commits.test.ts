// Commit detection as a user meets it: the built CLI, the scripted agent, real git. In a git working directory
// only a new commit (HEAD or a branch moved) counts; the commit patterns are matched only in what the agent did
// or said, never in the prompt the CLI echoes back; outside git the patterns decide.
import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { alive } from '../support/processes.js';
import { makeWorkdir, runHarness, testConfig, type Workdir } from '../support/workdir.js';

const json = (event: unknown) => JSON.stringify(event);
/** Claude Code echoes the user's prompt as a user message (with --replay-user-messages). */
const PROMPT_ECHO = json({
  type: 'user',
  message: { role: 'user', content: 'Fix the bug, then git commit your work.' },
});
const GIT_STATUS_CALL = json({
  type: 'assistant',
  message: { content: [{ type: 'tool_use', id: 'tu1', name: 'Bash', input: { command: 'git status' } }] },
});
const NOTHING_TO_COMMIT = json({
  type: 'user',
  message: {
    role: 'user',
    content: [
      {
        type: 'tool_result',
        tool_use_id: 'tu1',
        content:
          'On branch main\nChanges not staged for commit:\n\tmodified: a.txt\n\n' +
          'no changes added to commit (use "git add" and/or "git commit -a")',
      },
    ],
  },
});
const SAYS_NOTHING_TO_COMMIT = json({
  type: 'assistant',
  message: { content: [{ type: 'text', text: 'There was nothing to commit.' }] },
});
const SAYS_COMMITTED = json({
  type: 'assistant',
  message: { content: [{ type: 'text', text: 'I committed the fix.' }] },
});

const sessions = (w: Workdir) => w.events().filter((e) => e.event === 'session_complete');
const postHook = { post_session: ['env | grep -E "^HARNESS_COMMIT" | sort > post.env'] };

async function run(w: Workdir, say?: string[]) {
  const result = await runHarness(w, [], say ? { AGENT_SAY: say.join('\n') } : {});
  expect(result.code, result.stdout + result.stderr).toBe(0);
  expect(alive(w.agentPids())).toEqual([]);
  return sessions(w);
}

const head = (w: Workdir) =>
  execFileSync('git', ['rev-parse', 'HEAD'], { cwd: w.dir, encoding: 'utf8' }).trim();

describe('commit detection', () => {
  it('in git, an echoed "git commit your work" and a "nothing to commit" answer are no commit', async () => {
    const w = makeWorkdir({ git: true, plan: ['say'], config: testConfig({ hooks: postHook }) });
    const before = head(w);
    const [session] = await run(w, [PROMPT_ECHO, GIT_STATUS_CALL, NOTHING_TO_COMMIT, SAYS_NOTHING_TO_COMMIT]);
    expect(head(w)).toBe(before);
    // The default patterns found "git commit" in the tool result: weaker evidence, reported, not a commit.
    expect(session).toMatchObject({
      outcome: 'productive',
      committed: false,
      commit_evidence: 'pattern',
      commit_pattern: 'git commit',
      head_before: before,
      head_after: before,
      tool_calls: 1,
    });
    expect(w.read('post.env')).toBe('HARNESS_COMMITTED=false\nHARNESS_COMMIT_EVIDENCE=pattern\n');
    expect(w.status()).toMatchObject({ last_committed: false });
  });

  it('in git, a real commit is a commit', async () => {
    const w = makeWorkdir({ git: true, plan: ['commit'], config: testConfig({ hooks: postHook }) });
    const before = head(w);
    const [session] = await run(w);
    const after = head(w);
    expect(after).not.toBe(before);
    expect(session).toMatchObject({
      committed: true,
      commit_evidence: 'head',
      commit_pattern: null,
      head_before: before,
      head_after: after,
    });
    expect(w.read('post.env')).toBe('HARNESS_COMMITTED=true\nHARNESS_COMMIT_EVIDENCE=head\n');
  });

  it('in git, a commit on another branch (HEAD back where it was) is a commit', async () => {
    const script =
      'git checkout -q -b side && echo x > side.txt && git add side.txt && git commit -q -m side && git checkout -q -';
    const w = makeWorkdir({ git: true, plan: [`sh:${script}`], config: testConfig({ hooks: postHook }) });
    const before = head(w);
    const [session] = await run(w);
    expect(head(w)).toBe(before);
    expect(session).toMatchObject({
      committed: true,
      commit_evidence: 'branch',
      head_before: before,
      head_after: before,
    });
    expect(w.read('post.env')).toBe('HARNESS_COMMITTED=true\nHARNESS_COMMIT_EVIDENCE=branch\n');
  });

  it('outside git, a pattern in what the agent said is a commit, one in the echoed prompt is not', async () => {
    const echoed = makeWorkdir({ plan: ['say'], config: testConfig({ hooks: postHook }) });
    const [quiet] = await run(echoed, [PROMPT_ECHO, GIT_STATUS_CALL]);
    expect(quiet).toMatchObject({ committed: false, commit_evidence: null, commit_pattern: null });
    expect(echoed.read('post.env')).toBe('HARNESS_COMMITTED=false\nHARNESS_COMMIT_EVIDENCE=none\n');

    const said = makeWorkdir({ plan: ['say'], config: testConfig({ hooks: postHook }) });
    const [session] = await run(said, [PROMPT_ECHO, SAYS_COMMITTED]);
    expect(session).toMatchObject({
      committed: true,
      commit_evidence: 'pattern',
      commit_pattern: '\\bcommitted\\b',
      head_before: null,
      head_after: null,
    });
    expect(said.read('post.env')).toBe('HARNESS_COMMITTED=true\nHARNESS_COMMIT_EVIDENCE=pattern\n');
  });
});
