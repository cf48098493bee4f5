// How the loop starts the worker as a session's agent (agent.format = "json-actions"): the harness's own CLI with
// `worker session`, the worker settings of the config, and the harness's files the worker may not reach.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { configSchema } from '../../../src/config/schema.js';
import { resolvePaths } from '../../../src/state/paths.js';
import { workerInvocation } from '../../../src/loop/worker-agent.js';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function setUp() {
  const cwd = mkdtempSync(join(tmpdir(), 'ah-worker-agent-'));
  dirs.push(cwd);
  const config = configSchema.parse({ agent: { format: 'json-actions' }, llm: { model: 'm' } });
  return { cwd, config, paths: resolvePaths(config, cwd) };
}

describe('workerInvocation', () => {
  it('starts `<self> worker session` on the session task directory, with the worker settings', async () => {
    const { cwd, config, paths } = setUp();
    const run = await workerInvocation(
      config,
      paths,
      { command: '/usr/bin/node', args: ['/x/dist/cli.js'] },
      7,
    );
    expect(run.command).toBe('/usr/bin/node');
    expect(run.args).toEqual([
      '/x/dist/cli.js',
      'worker',
      'session',
      '--task-dir',
      join(cwd, '.harness', 'worker', 'session-7'),
    ]);
    expect(JSON.parse(run.env.AGENT_HARNESS_WORKER_SETTINGS!)).toEqual({
      llm: config.llm,
      worker: config.worker,
    });
  });

  it("denies the harness's files: state, transcripts, .harness but this session's task", async () => {
    const { cwd, config, paths } = setUp();
    writeFileSync(join(cwd, 'claude-iteration-0.jsonl'), '');
    writeFileSync(join(cwd, 'claude-iteration-0.prompt.md'), '');
    writeFileSync(join(cwd, 'notes.md'), '');
    mkdirSync(join(cwd, '.harness', 'plans'), { recursive: true });
    mkdirSync(join(cwd, '.harness', 'worker', 'session-0'), { recursive: true });
    mkdirSync(join(cwd, '.harness', 'worker', 'session-1'), { recursive: true });
    const run = await workerInvocation(config, paths, { command: 'node', args: ['cli.js'] }, 1);
    const denied = JSON.parse(run.env.AGENT_HARNESS_WORKER_DENIED!) as string[];
    for (const own of [
      paths.counter,
      paths.status,
      paths.lock,
      paths.stopFile,
      paths.eventLog!,
      paths.metricsDb!,
      `${paths.metricsDb!}-wal`,
      join(cwd, 'harness-tasks.json'),
      join(cwd, 'claude-iteration-0.jsonl'),
      join(cwd, 'claude-iteration-0.prompt.md'),
      join(cwd, '.harness', 'plans'),
      join(cwd, '.harness', 'worker', 'session-0'),
    ])
      expect(denied).toContain(own);
    expect(denied).not.toContain(join(cwd, 'notes.md'));
    expect(denied).not.toContain(join(cwd, '.harness', 'worker', 'session-1'));
    expect(denied).not.toContain(join(cwd, '.harness', 'worker'));
  });

  it('refuses, as an agent that cannot start, when the caller gave no way to start the harness', async () => {
    const { config, paths } = setUp();
    await expect(workerInvocation(config, paths, null, 0)).rejects.toMatchObject({
      reason: 'agent_not_started',
    });
  });
});
