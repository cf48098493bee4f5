// The Action's main step SIGKILLed (a runner's hard kill, the OOM killer) under its default isolation (auto, which
// is user on root) leaves the agent's user, a daemon of that user no cookie finds, the ACL entries on the
// workspace and files the agent's user owns there. The post step, which the runner runs after main whatever ended
// it, as main's user, undoes all of it from the run's private record (platform/github/isolation-post.ts): as root
// (a container job) and as a user with passwordless sudo (a GitHub-hosted runner's `runner`, whose files the
// agent's go back to). Both steps get a temp directory of the test's own (TMPDIR), so no other test's start
// sweeps this record first.
import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'vitest';
import { lookupUser, processesOf } from '../../src/os/agent-user.js';
import { processesCarrying } from '../../src/os/cookie.js';
import { isolationRecordDir, recordFile } from '../../src/os/isolation-record.js';
import { jobEnv, jobFiles, MAIN, POST, postEnv, startStep } from '../support/action-runner.js';
import { startActionsServices } from '../support/actions-services.js';
import { acls, canIsolate, cleanUp, marked, ownTmp, USER_LINE, userLine } from '../support/agent-users.js';
import { startGitHubApi } from '../support/github-api.js';
import { pidAlive, remember } from '../support/processes.js';
import { makeWorkdir, testConfig } from '../support/workdir.js';

/** A hosted runner's user: the one test/action/isolation.test.ts makes too (left for it, as it leaves it). */
const HOSTED_USER = 'ah-hosted-runner';

function hostedRunner(): { uid: number; gid: number; home: string } {
  try {
    execFileSync('id', ['-u', HOSTED_USER], { stdio: 'ignore' });
  } catch {
    execFileSync('useradd', ['--create-home', '--shell', '/bin/sh', HOSTED_USER]);
  }
  writeFileSync(`/etc/sudoers.d/${HOSTED_USER}`, `${HOSTED_USER} ALL=(ALL) NOPASSWD:ALL\n`, { mode: 0o440 });
  const id = (flag: string) => Number(execFileSync('id', [flag, HOSTED_USER], { encoding: 'utf8' }).trim());
  return { uid: id('-u'), gid: id('-g'), home: `/home/${HOSTED_USER}` };
}

describe
  .runIf(canIsolate)
  .concurrent('the Action: main SIGKILLed under user isolation', { timeout: 300_000 }, () => {
    it.for(['root', 'sudo'] as const)(
      'as %s: post ends the agent user’s daemon, removes the user, its home and the ACLs, hands its files back',
      async (via, { expect, onTestFinished }) => {
        const services = await startActionsServices();
        onTestFinished(() => services.close());
        const api = await startGitHubApi({ collaborators: { octocat: 'admin' } });
        onTestFinished(() => api.close());
        const tmp = ownTmp(onTestFinished);
        const marker = `isolation-post-daemon-${process.pid}-${randomBytes(4).toString('hex')}`;
        const names: string[] = [];
        cleanUp(onTestFinished, marker, names, tmp);
        const w = makeWorkdir({
          git: true,
          config: testConfig({
            agent: { command: 'sh', args: ['agent.sh'], prompt_via: 'stdin', format: 'text' },
            watchdog: { stale_timeout_mins: 5 },
          }),
        });
        writeFileSync(
          w.path('agent.sh'),
          [
            'echo made > agent-made.txt',
            `env -i /bin/sh -c '(setsid /bin/sh -c "while :; do sleep 1; done # ${marker}" >/dev/null 2>&1 &)'`,
            'echo started > started',
            'exec sleep 600',
          ].join('\n'),
        );
        execFileSync('git', ['add', 'agent.sh', 'harness.yml'], { cwd: w.dir });
        execFileSync('git', ['commit', '-qm', 'agent'], { cwd: w.dir });
        const files = jobFiles();
        const as = via === 'sudo' ? hostedRunner() : null;
        if (as !== null)
          for (const dir of [w.dir, files.dir, files.runnerTemp, tmp])
            execFileSync('chown', ['-R', `${as.uid}:${as.gid}`, dir]);
        const owner = as?.uid ?? 0;
        const env = jobEnv({
          files,
          workspace: w.dir,
          inputs: {
            'max-iterations': '1',
            'github-token': api.state.token,
            'state-key': `isolation-sweep-${Date.now()}`,
            'upload-artifacts': 'false',
            'agent-isolation': '', // the Action's default, auto: user here
          },
          // No cgroup: another test's start would sweep the dead main's cgroup, and its daemon with it, first.
          env: {
            ...services.env,
            ...api.env(),
            TMPDIR: tmp,
            AGENT_HARNESS_CGROUP: 'off',
            ...(as !== null ? { HOME: as.home } : {}),
          },
          runId: '5100',
        });

        const main = startStep(MAIN, env, w.dir, as ?? undefined);
        await main.waitFor(() => w.exists('started') && marked(marker).length > 0);
        const name = USER_LINE.exec(main.stdout())![1]!;
        names.push(name);
        const ids = (await lookupUser(name))!;
        const daemons = marked(marker).map(remember);
        // Every process of the user now (its uid may be another run's user's by the end, once this one is gone).
        const agents = processesOf(ids.uid).map(remember);
        expect(agents.length).toBeGreaterThan(0);
        const cookie = w.status().cookie as string;
        main.child.kill('SIGKILL');
        expect((await main.exit).signal).toBe('SIGKILL');
        const record = recordFile(isolationRecordDir(tmp, owner), name);
        expect(existsSync(record)).toBe(true);
        expect(userLine(name)).toBe(true);
        expect(daemons.filter(pidAlive).length).toBeGreaterThan(0);
        expect(acls(w.dir)).toContain(`user:${name}:`);
        expect(statSync(w.path('agent-made.txt')).uid).toBe(ids.uid);

        const post = startStep(POST, postEnv(env, files), w.dir, as ?? undefined);
        const postExit = await post.exit;
        expect(postExit.code, post.stdout() + post.stderr()).toBe(0);
        expect(post.stdout()).toMatch(
          new RegExp(`::warning::.*isolation=swept agent_user=${name} uid=${ids.uid} .*trees=${w.dir}`),
        );
        expect(marked(marker)).toEqual([]);
        expect(daemons.filter(pidAlive)).toEqual([]);
        expect(agents.filter(pidAlive)).toEqual([]);
        expect(processesCarrying(cookie)).toEqual([]);
        expect(userLine(name)).toBe(false);
        expect(existsSync(join(tmp, name))).toBe(false);
        expect(acls(w.dir)).toBe('');
        expect(execFileSync('find', [w.dir, '!', '-uid', String(owner)], { encoding: 'utf8' })).toBe('');
        expect(readdirSync(isolationRecordDir(tmp, owner))).toEqual([]);
      },
    );
  });
