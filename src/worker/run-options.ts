// What a worker run is given: the config's worker and llm sections, and its ports (the clock, the model's
// transport, the log, the stop signal, the caller's denied paths). Read by the run's start (run-task.ts) and by
// each of its iterations (iteration.ts).
import type { Config } from '../config/index.js';
import type { Fields, Level } from '../loop/index.js';
import type { Clock } from '../os/clock-spawn.js';
import type { LlmTransport } from './llm/index.js';
import type { ActionLine } from './task-files.js';
import type { CallerDenied } from './task-sandbox.js';

export interface WorkerSettings {
  worker: Config['worker'];
  llm: Config['llm'];
}

export interface WorkerDeps {
  clock: Clock;
  transport: LlmTransport;
  log: (level: Level, fields: Fields) => void;
  /** A stop request (SIGINT/SIGTERM): the run ends cleanly, status stopped, reason interrupted. */
  signal?: AbortSignal;
  /** Each iteration's line as it is logged (a session's transcript). */
  onLine?: (line: ActionLine) => void;
  /** What the caller denies besides the task's own: the config, the prompt, the harness's state files. */
  denied?: CallerDenied;
  env: NodeJS.ProcessEnv;
  /** The containment cookie recorded in worker.lock. */
  cookie?: string;
}
