// Interrupted work in the Action, run as the runner runs it (main, then post): a cancellation (SIGINT or SIGTERM)
// ends an agent that edited a tracked file and made a new one; main keeps the work on its ref without moving the
// branch or the index, post ships the ref in the artifact as a git bundle and the summary gives the two commands,
// which restore the work in another repository. Real git, the real @actions/artifact client against Azurite.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, it } from 'vitest';
import { processesCarrying } from '../../src/os/cookie.js';
import { jobEnv, jobFiles, MAIN, POST, postEnv, startStep } from '../support/action-runner.js';
import { startActionsServices } from '../support/actions-services.js';
import { pidAlive } from '../support/processes.js';
import { makeWorkdir, testConfig } from '../support/workdir.js';

const git = (cwd: string, ...args: string[]) => execFileSync('git', args, { cwd, encoding: 'utf8' }).trim();

describe.concurrent('interrupted work in the Action', () => {
  it.for([
    { signal: 'SIGINT' as const, runId: '701' },
    { signal: 'SIGTERM' as const, runId: '702' },
  ])(
    '$signal cancels: the session’s work is kept, bundled in the artifact and restored by the summary’s commands',
    async ({ signal, runId }, { expect, onTestFinished }) => {
      const services = await startActionsServices();
      onTestFinished(() => services.close());
      const w = makeWorkdir({
        git: true,
        plan: ['edit:busy'],
        config: testConfig({ session: { max_iterations: 1 }, watchdog: { stale_timeout_mins: 5 } }),
      });
      writeFileSync(w.path('src.txt'), 'the user wrote this\n');
      git(w.dir, 'add', 'src.txt');
      git(w.dir, 'commit', '-q', '-m', 'src');
      const head = git(w.dir, 'rev-parse', 'HEAD');
      const index = readFileSync(w.path('.git/index'));
      const files = jobFiles();
      const env = jobEnv({
        files,
        workspace: w.dir,
        inputs: {},
        env: { ...services.env, AGENT_PLAN: w.plan },
        runId,
      });
      const main = startStep(MAIN, env, w.dir);
      await main.waitFor((out) => out.includes('status=session_running') && w.exists('agent-new.txt'));
      main.child.kill(signal);
      const exit = await main.exit;
      expect(exit.signal).toBeNull();
      expect(w.status()).toMatchObject({ state: 'stopped', stop_reason: 'cancelled' });
      const [kept] = w.events().filter((e) => e.event === 'work_kept');
      expect(kept).toMatchObject({ reason: 'cancelled' });
      const ref = String(kept!.ref);
      expect(git(w.dir, 'rev-parse', `${ref}^`)).toBe(head);
      expect(git(w.dir, 'rev-parse', 'HEAD')).toBe(head);
      expect(readFileSync(w.path('.git/index')).equals(index)).toBe(true);
      expect(w.agentPids().filter(pidAlive)).toEqual([]);
      expect(processesCarrying(w.status().cookie as string)).toEqual([]);

      const post = startStep(POST, postEnv(env, files), w.dir);
      const postExit = await post.exit;
      expect(postExit.code, post.stdout() + post.stderr()).toBe(0);
      const artifact = await services.downloadArtifact(`agent-harness-${runId}-1-agent-0`);
      const bundle = artifact.get('agent-harness-wip.bundle');
      expect(bundle).toBeDefined();
      const summary = readFileSync(files.summary, 'utf8');
      expect(summary).toContain(`**Interrupted work kept:** \`${ref}\``);

      // Somewhere else, with the artifact unzipped: the summary's two commands bring the work back.
      const elsewhere = mkdtempSync(join(tmpdir(), 'ah-wip-restore-'));
      onTestFinished(() => rmSync(elsewhere, { recursive: true, force: true }));
      git(elsewhere, 'init', '-q');
      writeFileSync(join(elsewhere, 'agent-harness-wip.bundle'), bundle!);
      const commands = summary.split('```sh\n')[1]!.split('\n```')[0]!.split('\n');
      expect(commands).toHaveLength(2);
      for (const command of commands)
        execFileSync('sh', ['-c', command], { cwd: elsewhere, stdio: 'ignore' });
      expect(readFileSync(join(elsewhere, 'src.txt'), 'utf8')).toBe(
        'the user wrote this\nthe agent edited this\n',
      );
      expect(readFileSync(join(elsewhere, 'agent-new.txt'), 'utf8')).toBe('the agent made this\n');
    },
  );
});
