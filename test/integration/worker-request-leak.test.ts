// End to end, what the model sees: the scripted model answers with generated hostile actions (every escape class of
// hostile-paths.ts, all five tools) while another process keeps swapping a directory and a file in the workspace
// for symbolic links to the outside, and the worker runs them through its real loop. Every request the model
// receives is checked: not one byte of an outside or denied file (the sentinel), and no outside name except inside
// the paths the model itself sent. Nothing outside changes, and every refusal for where a path leads is counted as a
// security violation in state.json.
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { systemClock } from '../../src/os/system-clock.js';
import { createTask } from '../../src/worker/new-task.js';
import { runTask } from '../../src/worker/run-task.js';
import { buildHostileWorld, hostileActions, type HostileWorld } from '../support/hostile-paths.js';
import { fingerprint, startSwapper } from '../support/hostile-race.js';
import { startLlmServer, type LlmServer } from '../support/llm-server.js';
import { alive } from '../support/processes.js';
import { taskReaders, workerDeps, workerSettings } from '../support/worker-task.js';

const ITERATIONS = 50;
const HOSTILE_PER_ITERATION = 24;
/** Actions on the paths the racing process swaps, per iteration. */
const RACE_ACTIONS = [
  { tool: 'read_file', args: { path: 'race/file.txt' } },
  { tool: 'read_file', args: { path: 'race/dir/f.txt' } },
  { tool: 'list_directory', args: { path: 'race/dir' } },
  { tool: 'find_files', args: { pattern: '*', start_path: 'race', max_depth: 3 } },
  { tool: 'write_file', args: { path: 'race/dir/new.txt', content: 'inside' } },
  { tool: 'write_file', args: { path: 'race/file.txt', content: 'inside' } },
];

const worlds: HostileWorld[] = [];
const servers: LlmServer[] = [];
afterEach(async () => {
  for (const server of servers.splice(0)) await server.close();
  for (const world of worlds.splice(0)) await world.dispose();
});

/** The text of every message of a recorded request (Ollama's body). */
function requestText(body: unknown): string {
  const messages = (body as { messages: Array<{ content: string }> }).messages;
  return messages.map((m) => m.content).join('\n');
}

/** `text` without every form in which a path the model sent may be echoed back to it. */
function withoutGiven(text: string, given: readonly string[]): string {
  let seen = text;
  // Longest first: a short path ("..", "/") removed first would break up the longer ones that contain it.
  for (const path of [...new Set(given)].sort((a, b) => b.length - a.length)) {
    const once = JSON.stringify(path).slice(1, -1);
    const twice = JSON.stringify(once).slice(1, -1);
    for (const form of [path, once, twice]) if (form !== '') seen = seen.split(form).join('');
  }
  return seen;
}

describe('the worker end to end against hostile answers', () => {
  it(`${ITERATIONS * HOSTILE_PER_ITERATION} hostile actions and a race: no outside byte in any request`, async () => {
    const world = await buildHostileWorld('ah-leak-');
    worlds.push(world);
    const hostile = hostileActions(world, 2026, ITERATIONS * HOSTILE_PER_ITERATION);
    let next = 0;
    const server = await startLlmServer([], {
      answer: () => {
        const batch = hostile.slice(next, next + HOSTILE_PER_ITERATION).map((h) => h.action);
        next += HOSTILE_PER_ITERATION;
        return { answer: JSON.stringify({ actions: [...batch, ...RACE_ACTIONS] }) };
      },
    });
    servers.push(server);
    const dir = await createTask(
      join(world.base, 'tasks'),
      {
        prompt: 'Tidy the workspace.',
        max_iterations: ITERATIONS,
        timeout_seconds: 3600,
        allowed_paths: [world.workspace],
      },
      systemClock,
    );
    const outsideBefore = fingerprint(world.outside);
    const deniedBefore = fingerprint(world.denied[0]!);
    const swapper = startSwapper(join(world.workspace, 'race'), [world.outside, world.denied[0]!]);
    await swapper.started;
    const settings = workerSettings(server.ollamaUrl, {
      worker: { history_iterations: 3, max_result_bytes: 64 * 1024 },
    });
    let outcome;
    try {
      outcome = await runTask(dir, settings, workerDeps(settings));
    } finally {
      expect(await swapper.stop()).toBe('');
    }
    expect(alive([swapper.pid])).toEqual([]);
    expect(outcome).toMatchObject({ status: 'completed', termination_reason: 'max_iterations' });
    expect(server.requests).toHaveLength(ITERATIONS);

    const given = [...hostile.map((h) => h.given), ...RACE_ACTIONS.map((a) => a.args.path ?? '')];
    const leaks: string[] = [];
    server.requests.forEach((request, index) => {
      const text = requestText(request.body);
      if (text.includes(world.sentinel)) leaks.push(`request ${index + 1}: the sentinel`);
      const rest = withoutGiven(text, given);
      for (const name of world.outsideNames)
        if (rest.includes(name)) leaks.push(`request ${index + 1}: the outside name ${name}`);
    });
    expect(leaks).toEqual([]);
    // History reached the model: later requests show earlier results.
    expect(requestText(server.requests[ITERATIONS - 1]!.body)).toContain('race/file.txt');

    expect(fingerprint(world.outside)).toEqual(outsideBefore);
    expect(fingerprint(world.denied[0]!)).toEqual(deniedBefore);
    const { lines, state } = taskReaders(dir);
    const results = lines().flatMap((line) => line.results);
    expect(results).toHaveLength(ITERATIONS * (HOSTILE_PER_ITERATION + RACE_ACTIONS.length));
    const violations = results.filter((r) => !r.ok && r.violation === true).length;
    expect(violations).toBeGreaterThan(ITERATIONS * HOSTILE_PER_ITERATION * 0.5);
    expect(state().security_violations).toBe(violations);
  }, 120_000);
});
