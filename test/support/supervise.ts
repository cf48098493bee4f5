// Shared by the `worker supervise` tests: a scripted model that knows each task by its prompt ("task-N"), with
// gates a test opens to let a held call answer, and readers for what the supervisor printed (--json lines).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { startLlmServer, type LlmServer, type LlmStep, type RecordedRequest } from './llm-server.js';
import { remember } from './processes.js';
import { answer, userContent } from './worker-task.js';

export const taskOf = (request: RecordedRequest): number =>
  Number(/task-(\d+)/.exec(userContent(request.body))![1]);
export const iterationOf = (request: RecordedRequest): number =>
  Number(/Iteration (\d+) of/.exec(userContent(request.body))![1]);

/** Iteration i of task n writes out/n-i.txt (and `extra` files), every time it is asked. */
export const writes = (n: number, i: number, extra: string[] = []): LlmStep => ({
  answer: answer(
    [`out/${n}-${i}.txt`, ...extra].map((path) => ({
      tool: 'write_file',
      args: { path, content: `${n}:${i}` },
    })),
  ),
});

export interface Gate {
  wait: Promise<void>;
  open(): void;
}

export function gate(): Gate {
  let open!: () => void;
  const wait = new Promise<void>((resolve) => (open = resolve));
  return { wait, open };
}

/** A model server answering `respond(task, iteration, request)`. */
export async function taskServer(
  respond: (task: number, iteration: number, request: RecordedRequest) => LlmStep | Promise<LlmStep>,
): Promise<LlmServer> {
  return startLlmServer([], { answer: (request) => respond(taskOf(request), iterationOf(request), request) });
}

/** The supervisor's --json lines that parse; every `worker run` PID it named is remembered for the leak check. */
export function jsonEvents(stdout: string, pids: number[]): Array<Record<string, unknown>> {
  const events: Array<Record<string, unknown>> = [];
  for (const raw of stdout.split('\n')) {
    if (!raw.startsWith('{')) continue;
    try {
      const event = JSON.parse(raw) as Record<string, unknown>;
      events.push(event);
      if ((event.event === 'start' || event.event === 'restart') && typeof event.pid === 'number')
        if (!pids.includes(event.pid)) pids.push(remember(event.pid));
    } catch {
      // a line cut by the end of the capture
    }
  }
  return events;
}

export const stateOf = (dir: string): Record<string, unknown> =>
  JSON.parse(readFileSync(join(dir, 'state.json'), 'utf8')) as Record<string, unknown>;

export function stateOrNull(dir: string): Record<string, unknown> | null {
  try {
    return stateOf(dir);
  } catch {
    return null;
  }
}
