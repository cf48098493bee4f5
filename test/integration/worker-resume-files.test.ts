// Resuming from task directories left as a kill leaves them, made by hand: the log one line ahead of state.json
// (its violations still to count), and temp files of a write_file killed before its rename.
import { spawnSync } from 'node:child_process';
import { appendFileSync, existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { runTask } from '../../src/worker/run-task.js';
import type { ActionLine, PendingIteration } from '../../src/worker/task-files.js';
import { tempName } from '../../src/worker/tools/place-file.js';
import { startLlmServer, type LlmServer } from '../support/llm-server.js';
import { makeTask, workerDeps, workerSettings } from '../support/worker-task.js';

const servers: LlmServer[] = [];
afterEach(async () => {
  for (const server of servers.splice(0)) await server.close();
});

const refused = {
  tool: 'read_file',
  ok: false as const,
  error: 'outside the allowed paths',
  violation: true as const,
};

describe('resume from a hand-made task directory', () => {
  it('a logged iteration whose state write was lost: its violations are added to state.json', async () => {
    const task = await makeTask({ max_iterations: 1 });
    const line: ActionLine = {
      iteration: 1,
      timestamp: new Date().toISOString(),
      llm_response: { actions: [{ tool: 'read_file', args: { path: '/etc/passwd' } }] },
      error: null,
      results: [refused],
      usage: { input_tokens: 1, output_tokens: 1 },
      duration_ms: { model: 1, tools: 0 },
    };
    appendFileSync(join(task.dir, 'actions.jsonl'), `${JSON.stringify(line)}\n`);
    expect(task.state()).toMatchObject({ iteration: 0, security_violations: 0 });
    const server = await startLlmServer([]);
    servers.push(server);
    const settings = workerSettings(server.ollamaUrl);
    const outcome = await runTask(task.dir, settings, workerDeps(settings));
    expect(outcome).toMatchObject({ status: 'completed', termination_reason: 'max_iterations' });
    expect(task.state()).toMatchObject({ iteration: 1, security_violations: 1 });
    expect(server.requests).toHaveLength(0);
  });

  it('a write_file killed before its rename: the stale temp file beside its target is swept, a live one kept', async () => {
    const task = await makeTask({ max_iterations: 1 });
    const sub = join(task.workspace, 'sub');
    mkdirSync(sub);
    const dead = spawnSync(process.execPath, ['-e', '']).pid;
    // The name place-file gives its temp file, with a dead process's PID and a live one's (not this process).
    const ours = tempName('a.txt');
    const stale = ours.replace(`.${process.pid}.`, `.${dead}.`);
    const live = ours.replace(`.${process.pid}.`, `.${process.ppid}.`);
    expect(stale).not.toBe(ours);
    for (const name of [stale, live]) writeFileSync(join(sub, name), 'half');
    const pending: PendingIteration = {
      iteration: 1,
      timestamp: new Date().toISOString(),
      llm_response: { actions: [{ tool: 'write_file', args: { path: 'sub/a.txt', content: 'whole' } }] },
      results: [],
      usage: { input_tokens: 1, output_tokens: 1 },
      duration_ms: { model: 1 },
    };
    writeFileSync(join(task.dir, 'pending.json'), JSON.stringify(pending));
    const server = await startLlmServer([]);
    servers.push(server);
    const settings = workerSettings(server.ollamaUrl);
    await runTask(task.dir, settings, workerDeps(settings));
    expect(task.lines()[0]).toMatchObject({ iteration: 1, interrupted: true });
    expect(existsSync(join(sub, stale))).toBe(false);
    expect(existsSync(join(sub, live))).toBe(true);
    expect(task.exists('pending.json')).toBe(false);
  });
});
