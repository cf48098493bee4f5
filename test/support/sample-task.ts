// A task of the task list as the schema has it (src/tasks/schema.ts), pending with the defaults, for unit tests
// of the pure task logic; `over` changes any field.
import type { Task } from '../../src/tasks/schema.js';

export function sampleTask(id: string, over: Partial<Task> = {}): Task {
  return {
    id,
    title: `title of ${id}`,
    status: 'pending',
    priority: 'P1',
    depends_on: [],
    attempts: 0,
    max_attempts: 3,
    started_at_commit: null,
    validation: { command: null, timeout_seconds: 300 },
    on_failure: { cleanup: null },
    error_log: [],
    checkpoints: [],
    completed_at: null,
    ...over,
  };
}
