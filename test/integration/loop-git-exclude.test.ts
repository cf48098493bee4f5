// The plain loop keeps its own files out of the agent's git, as task and review mode do: in a repository with no
// ignore file (a new user's layout), an agent that runs `git add -A && git commit` commits its work and none of the
// harness's files (transcripts, counter, status, event log); a transcript the user tracks on purpose stays tracked;
// `output.git_exclude: false` removes the block.
import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { describe, it } from 'vitest';
import { makeWorkdir, runHarness, testConfig } from '../support/workdir.js';

const AGENT = [
  'echo "work $HARNESS_GLOBAL_ITERATION" >> work.txt',
  'git add -A && git commit -qm "agent work $HARNESS_GLOBAL_ITERATION"',
  `echo '${'I did the work and committed it. '.repeat(5)}'`,
].join('\n');

function loopDir(extra: Record<string, Record<string, unknown>> = {}) {
  const w = makeWorkdir({
    git: 'no-ignore',
    config: testConfig({
      session: { max_iterations: 2 },
      agent: { command: 'sh', args: ['agent.sh'], prompt_via: 'stdin', format: 'text' },
      ...extra,
    }),
  });
  writeFileSync(w.path('agent.sh'), AGENT);
  const git = (...args: string[]) => execFileSync('git', args, { cwd: w.dir, encoding: 'utf8' });
  git('add', 'agent.sh', 'harness.yml');
  git('commit', '-qm', 'agent');
  return { w, git };
}

describe('the plain loop and the agent’s git', { timeout: 120_000 }, () => {
  it('an agent’s `git add -A` commits its work and none of the harness’s files', async ({ expect }) => {
    const { w, git } = loopDir();
    const run = await runHarness(w);
    expect(run.code, `${run.stdout}\n${run.stderr}`).toBe(0);
    expect(git('log', '--format=%s', '-2').trim().split('\n')).toEqual(['agent work 1', 'agent work 0']);
    const tracked = git('ls-files').trim().split('\n');
    expect(tracked).toContain('work.txt');
    for (const file of tracked)
      expect(file).not.toMatch(/claude-iteration|iteration_counter|harness\.status|harness-events/);
    expect(readFileSync(w.path('.git/info/exclude'), 'utf8')).toMatch(
      /# >>> agent-harness[\s\S]*\/claude-iteration-\[0-9\]\*\.jsonl[\s\S]*# <<< agent-harness <<</,
    );
  });

  it('a transcript the user tracks stays tracked (the bash loop’s layout), and git_exclude: false removes the block', async ({
    expect,
  }) => {
    const { w, git } = loopDir({ output: { git_exclude: false } });
    writeFileSync(w.path('claude-iteration-0.jsonl'), 'an old transcript, kept in git on purpose\n');
    writeFileSync(
      w.path('.git/info/exclude'),
      '.agent-plan.json*\n# >>> agent-harness: its own files (written by the harness; do not edit) >>>\n/old\n# <<< agent-harness <<<\n',
    );
    git('add', 'claude-iteration-0.jsonl');
    git('commit', '-qm', 'tracked transcript');
    const run = await runHarness(w);
    expect(run.code, `${run.stdout}\n${run.stderr}`).toBe(0);
    expect(git('ls-files', 'claude-iteration-0.jsonl').trim()).toBe('claude-iteration-0.jsonl');
    expect(readFileSync(w.path('.git/info/exclude'), 'utf8')).toBe('.agent-plan.json*\n');
  });
});
