// The real Claude Code, Codex and Gemini CLIs (scripted model servers on loopback) under agent.isolation = "user":
// each runs as the run's own user, in the tree and in the home, config and temp directories its agent.env names,
// and completes a session that writes a file and commits it. Afterwards every file is the harness's user's again,
// no ACL entry is left, the run's user is gone and none of its processes is left.
import { execFileSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { describe, it, type TestContext } from 'vitest';
import { claudeCommand } from '../support/claude-env.js';
import { codexCommand } from '../support/codex-env.js';
import { geminiCommand } from '../support/gemini-env.js';
import { startGeminiServer } from '../support/gemini-server.js';
import { startModelServer } from '../support/model-server.js';
import { markedProcesses } from '../support/processes.js';
import { startResponsesServer } from '../support/responses-server.js';
import { makeWorkdir, runHarness, testConfig, type Workdir } from '../support/workdir.js';

const COMMIT = 'echo note > notes.md && git add notes.md && git commit -q -m "feat: note"';

interface Agent {
  command: string;
  args: string[];
  env: Record<string, string>;
  home: string;
}

async function isolatedRun(t: TestContext, cmd: Agent, args: string[], format: string) {
  const { expect } = t;
  const w: Workdir = makeWorkdir({
    git: true,
    config: testConfig({ agent: { command: cmd.command, args, env: cmd.env, format, isolation: 'user' } }),
  });
  const run = await runHarness(w);
  expect(run.code, `${run.stdout}\n${run.stderr}`).toBe(0);
  const user = /agent_user=(agent-harness-[0-9a-f]{8})/.exec(run.stdout)?.[1];
  expect(user, run.stdout).toBeDefined();
  const [session] = w.events().filter((e) => e.event === 'session_complete');
  const transcript = readFileSync(String(session?.output_file), 'utf8');
  expect(session, `${run.stdout}\n${transcript}`).toMatchObject({
    outcome: 'productive',
    exit_code: 0,
    committed: true,
  });
  const git = (...a: string[]) => execFileSync('git', a, { cwd: w.dir, encoding: 'utf8' }).trim();
  expect(git('log', '-1', '--format=%s')).toBe('feat: note');
  expect(w.read('notes.md')).toBe('note\n');
  // The tree and the agent's home are root's again, with no ACL left; the run's user is gone.
  for (const dir of [w.dir, cmd.home]) {
    expect(execFileSync('find', [dir, '!', '-user', 'root'], { encoding: 'utf8' }), dir).toBe('');
    expect(execFileSync('getfacl', ['-R', '-s', '-p', dir], { encoding: 'utf8' }), dir).toBe('');
  }
  expect(readFileSync('/etc/passwd', 'utf8')).not.toMatch(new RegExp(`^${user}:`, 'm'));
  return w;
}

describe.concurrent('the real agent CLIs under agent.isolation = "user"', { timeout: 180_000 }, () => {
  it('Claude Code writes and commits as the run’s user', async (t) => {
    const server = await startModelServer([
      { kind: 'tool', name: 'Write', input: { file_path: 'notes.md', content: 'note\n' } },
      { kind: 'tool', name: 'Bash', input: { command: COMMIT, description: 'commit' } },
      { kind: 'text', text: 'Committed.' },
    ]);
    t.onTestFinished(() => server.close());
    const mark = randomUUID();
    const cmd = claudeCommand({ serverUrl: server.url, extraEnv: { AH_E2E_MARK: mark } });
    const args = [...cmd.args];
    args[args.indexOf('-p') + 1] = '{prompt}';
    await isolatedRun(t, cmd, args, 'claude');
    t.expect(markedProcesses(mark)).toEqual([]);
  });

  it('Codex runs its shell tool and commits as the run’s user', async (t) => {
    const server = await startResponsesServer([
      { kind: 'tool', cmd: COMMIT },
      { kind: 'text', text: 'Committed.' },
    ]);
    t.onTestFinished(() => server.close());
    const mark = randomUUID();
    const cmd = codexCommand({ serverUrl: server.url, extraEnv: { AH_E2E_MARK: mark } });
    // Codex's own workspace-write sandbox keeps .git read-only: under "user" the harness is the boundary.
    const args = [...cmd.args.slice(0, -1), '{prompt}'].map((a) =>
      a === 'workspace-write' ? 'danger-full-access' : a,
    );
    await isolatedRun(t, cmd, args, 'codex').catch((e: Error) => {
      throw new Error(`${e.message}\n${JSON.stringify(server.modelRequests(), null, 1)}`);
    });
    t.expect(markedProcesses(mark)).toEqual([]);
  });

  it('Gemini runs its shell tool and commits as the run’s user', async (t) => {
    const server = await startGeminiServer([
      { kind: 'tool', command: COMMIT },
      { kind: 'text', text: 'Committed.' },
    ]);
    t.onTestFinished(() => server.close());
    const mark = randomUUID();
    const cmd = geminiCommand({ serverUrl: server.url, extraEnv: { AH_E2E_MARK: mark } });
    const args = [...cmd.args];
    args[args.indexOf('-p') + 1] = '{prompt}';
    await isolatedRun(t, cmd, args, 'gemini');
    t.expect(markedProcesses(mark)).toEqual([]);
  });
});
