// Resuming from task directories left as a kill leaves them, made by hand: the log one line ahead of state.json
// (its violations still to count), and temp files of a write_file killed before its rename.
import { appendFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { runTask } from '../../src/worker/run-task.js';
import type { ActionLine } from '../../src/worker/task-files.js';
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
});
