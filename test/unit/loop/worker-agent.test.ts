// How the loop starts the worker as a session's agent (agent.format = "json-actions"): the harness's own CLI with
// `worker session`, the worker settings of the config, and the harness's files the worker may not reach.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { configSchema } from '../../../src/config/schema.js';
import { resolvePaths } from '../../../src/state/paths.js';
import { workerInvocation } from '../../../src/loop/worker-agent.js';
import type { WorkerDenied } from '../../../src/state/worker-denied.js';

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

  it("denies the harness's files: config, prompt, state, transcripts, .harness but this session's task", async () => {
    const { cwd, config, paths } = setUp();
    writeFileSync(join(cwd, 'notes.md'), '');
    mkdirSync(join(cwd, '.harness', 'plans'), { recursive: true });
    mkdirSync(join(cwd, '.harness', 'worker', 'session-0'), { recursive: true });
    mkdirSync(join(cwd, '.harness', 'worker', 'session-1'), { recursive: true });
    const configFile = join(cwd, 'harness.toml');
    const run = await workerInvocation(config, paths, { command: 'node', args: ['cli.js'] }, 1, configFile);
    const denied = JSON.parse(run.env.AGENT_HARNESS_WORKER_DENIED!) as WorkerDenied;
    for (const own of [
      configFile,
      paths.promptFile,
      paths.counter,
      paths.status,
      paths.lock,
      paths.stopFile,
      paths.eventLog!,
      paths.metricsDb!,
      `${paths.metricsDb!}-wal`,
      `${paths.metricsDb!}-shm`,
      join(cwd, 'harness-tasks.json'),
      join(cwd, '.harness', 'plans'),
      join(cwd, '.harness', 'worker', 'session-0'),
    ])
      expect(denied.paths).toContain(own);
    // Every transcript and prompt copy, however many, as one family: no path per session.
    expect(denied.prefixes).toContainEqual({ dir: paths.outputDir, prefix: 'claude-iteration-' });
    expect(denied.paths).not.toContain(join(cwd, 'notes.md'));
    expect(denied.paths).not.toContain(join(cwd, '.harness', 'worker', 'session-1'));
    expect(denied.paths).not.toContain(join(cwd, '.harness', 'worker'));
  });

  it('refuses, as an agent that cannot start, when the caller gave no way to start the harness', async () => {
    const { config, paths } = setUp();
    await expect(workerInvocation(config, paths, null, 0)).rejects.toMatchObject({
      reason: 'agent_not_started',
    });
  });
});
