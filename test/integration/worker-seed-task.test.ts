// Seed 004's supervisor (Clowder) writes task definitions and the harness owns state.json: a directory holding
// only the seed's task.json, with absolute allowed_paths as the seed shows them, is a pending task. `worker ls`
// lists it as pending without writing anything; the first `worker run` makes state.json, heartbeat.json,
// actions.jsonl and artifacts/ and runs it; a second run resumes it to its limit.
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'vitest';
import { startLlmServer } from '../support/llm-server.js';
import { alive } from '../support/processes.js';
import { workerDir } from '../support/worker-cli.js';
import { answer, taskReaders } from '../support/worker-task.js';

describe('a task directory as seed 004 shows it (task.json alone)', { timeout: 120_000 }, () => {
  it('is pending, runs, and resumes', async ({ expect, onTestFinished }) => {
    // One answer, then a 500 (the script is used up): the first run fails; the rerun resumes.
    const server = await startLlmServer([
      { answer: answer([{ tool: 'create_file', args: { path: 'one.txt', content: '1' } }]) },
    ]);
    const w = workerDir(server.ollamaUrl);
    onTestFinished(async () => {
      await server.close();
      expect(alive(w.pids)).toEqual([]);
    });
    const dir = join(w.tasks, 'seed-task');
    mkdirSync(dir, { recursive: true });
    const definition = {
      task_id: 'seed-task',
      prompt: 'Write the files.',
      constraints: { max_iterations: 3, timeout_seconds: 60, allowed_paths: [w.workspace] },
      created_at: '2026-11-27T00:00:00Z',
    };
    writeFileSync(join(dir, 'task.json'), JSON.stringify(definition, null, 2));

    const ls = JSON.parse((await w.run(['worker', 'ls', '--json'])).stdout) as Array<Record<string, unknown>>;
    expect(ls).toEqual([expect.objectContaining({ dir, status: 'pending', iteration: 0 })]);
    expect(readdirSync(dir)).toEqual(['task.json']);

    const first = await w.run(['worker', 'run', dir]);
    expect(first.code, first.stderr).toBe(16);
    expect(taskReaders(dir).state()).toMatchObject({ status: 'failed', iteration: 1 });
    for (const name of ['state.json', 'heartbeat.json', 'actions.jsonl', 'artifacts'])
      expect(existsSync(join(dir, name)), name).toBe(true);
    expect(readFileSync(join(w.workspace, 'one.txt'), 'utf8')).toBe('1');
    expect(JSON.parse(readFileSync(join(dir, 'task.json'), 'utf8'))).toEqual(definition);

    server.push(
      { answer: answer([]) },
      { answer: answer([{ tool: 'create_file', args: { path: 'three.txt', content: '3' } }]) },
    );
    const second = await w.run(['worker', 'run', dir]);
    expect(second.code, second.stderr).toBe(0);
    expect(taskReaders(dir).state()).toMatchObject({ status: 'completed', iteration: 3 });
    expect(readFileSync(join(w.workspace, 'three.txt'), 'utf8')).toBe('3');
  });
});
