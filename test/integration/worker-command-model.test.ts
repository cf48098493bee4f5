// `worker run` with llm.provider = "command" (a scripted model program reading the prompt on stdin): SIGTERM while
// the model command runs stops the task cleanly, and the worker ends every process it started (the command, and a
// grandchild that left its process group) before it exits.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { alive, REAPED_MS } from '../support/processes.js';
import { until, workerDir, type WorkerDir } from '../support/worker-cli.js';
import { answer, taskReaders } from '../support/worker-task.js';
import { NODE, ROOT, waitUntil } from '../support/workdir.js';

const SCRIPTED = join(ROOT, 'test', 'fixtures', 'llm', 'scripted-llm.mjs');
const dirs: WorkerDir[] = [];
afterEach(() => {
  for (const w of dirs.splice(0)) expect(alive(w.pids)).toEqual([]);
});

const logged = (path: string): Array<{ pid: number; child_pid: number | null; prompt: string }> => {
  try {
    return readFileSync(path, 'utf8')
      .split('\n')
      .filter(Boolean)
      .map((line) => JSON.parse(line) as { pid: number; child_pid: number | null; prompt: string });
  } catch {
    return [];
  }
};

describe('worker run with a model command', () => {
  it('SIGTERM during the call: stopped (interrupted), the command and its detached child ended', async () => {
    const w = workerDir('http://127.0.0.1:9', {}, { provider: 'command', command: [NODE, SCRIPTED] });
    dirs.push(w);
    const script = join(w.dir, 'script.json');
    const log = join(w.dir, 'llm.log');
    writeFileSync(
      script,
      JSON.stringify([
        { answer: answer([{ tool: 'create_file', args: { path: 'one.txt', content: '1' } }]) },
        { spawn_child: 'detached', sleep_ms: 120_000 },
      ]),
    );
    const dir = await w.newTask();
    const run = w.start(['worker', 'run', dir], { LLM_SCRIPT: script, LLM_LOG: log });
    await until(() => logged(log).length === 2, 'the second model call');
    const calls = logged(log);
    // The whole request as one text on stdin: the rules, the task, the iteration.
    expect(calls[0]!.prompt).toContain('Answer format: exactly one JSON object');
    expect(calls[1]!.prompt).toContain('Iteration 2 of 3.');
    const started = [calls[1]!.pid, calls[1]!.child_pid!];
    expect(alive(started)).toHaveLength(2);
    run.child.kill('SIGTERM');
    const ended = await run.exit;
    expect(ended.code).toBe(0);
    expect(taskReaders(dir).state()).toMatchObject({
      status: 'stopped',
      termination_reason: 'interrupted',
      iteration: 1,
    });
    expect(readFileSync(join(w.workspace, 'one.txt'), 'utf8')).toBe('1');
    expect(alive([...started, ...calls.map((c) => c.pid)])).toEqual([]);
  });

  it('SIGKILL of the worker during the call: its reaper ends the command and its detached child', async () => {
    const w = workerDir('http://127.0.0.1:9', {}, { provider: 'command', command: [NODE, SCRIPTED] });
    dirs.push(w);
    const script = join(w.dir, 'script.json');
    const log = join(w.dir, 'llm.log');
    writeFileSync(script, JSON.stringify([{ spawn_child: 'detached', sleep_ms: 120_000 }]));
    const dir = await w.newTask();
    const run = w.start(['worker', 'run', dir], { LLM_SCRIPT: script, LLM_LOG: log });
    await until(() => logged(log).length === 1 && logged(log)[0]!.child_pid !== null, 'the model call');
    const call = logged(log)[0]!;
    const started = [call.pid, call.child_pid!];
    expect(alive(started)).toHaveLength(2);
    run.child.kill('SIGKILL');
    await run.exit;
    await waitUntil(() => alive(started).length === 0, 'the reaper to end the model command', REAPED_MS);
  });
});
