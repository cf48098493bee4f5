// One supervised task as the supervisor sees it: its definition, what its files said at the last poll (state.json,
// this child's heartbeat, the new end of actions.jsonl), its `worker run` child, and the supervisor's own record
// (restarts, a stop it asked for, the done check). Reading only: nothing here writes a file.
import type { ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { basename } from 'node:path';
import {
  readHeartbeat,
  readState,
  readTask,
  taskFile,
  type TaskSpec,
  type TerminationReason,
  type WorkerStatus,
} from '../task-files.js';
import { ActionTail, type TailNews } from './action-tail.js';
import type { FinalResult, TaskSnapshot } from './decide.js';
import type { TaskView } from './progress.js';

export interface Child {
  proc: ChildProcess;
  pid: number;
  startedAt: number;
  exit: null | { code: number | null; signal: NodeJS.Signals | null };
  stderr: string;
}

export const STDERR_KEEP = 2000;

export class Watched {
  readonly id: string;
  spec: TaskSpec | null = null;
  problem: string | null = null;
  status: WorkerStatus | null = null;
  reason: TerminationReason | null = null;
  error: string | null = null;
  iteration = 0;
  readonly tail: ActionTail;
  tokens = 0;
  lastTool: string | null = null;
  child: Child | null = null;
  heartbeat: TaskSnapshot['heartbeat'] = null;
  beatKey = '';
  beatKeySince = 0;
  restarts = 0;
  stop: TaskSnapshot['stop'] = null;
  doneFound = false;
  checking = false;
  recheck = false;
  result: FinalResult | null = null;
  why: string | null = null;

  constructor(readonly dir: string) {
    this.tail = new ActionTail(taskFile(dir, 'actions'));
    try {
      this.spec = readTask(dir);
    } catch (error) {
      this.problem = (error as Error).message;
    }
    this.id = this.spec?.task_id ?? basename(dir);
  }

  /** Reads the task's files: `now` the supervisor's monotonic time, `wall` its wall time. */
  read(now: number, wall: number): TailNews {
    try {
      const state = existsSync(taskFile(this.dir, 'state')) ? readState(this.dir) : null;
      this.status = state?.status ?? (this.spec !== null ? 'pending' : null);
      this.reason = state?.termination_reason ?? null;
      this.iteration = state?.iteration ?? 0;
      this.error = state?.error ? `${state.error.kind}: ${state.error.message}` : null;
      this.problem = null;
    } catch (error) {
      this.status = null;
      this.problem = (error as Error).message;
    }
    const child = this.child;
    const beat = child === null ? null : readHeartbeat(this.dir);
    if (child !== null && beat !== null && beat.pid === child.pid) {
      const key = `${beat.iteration}:${beat.status}`;
      if (key !== this.beatKey) {
        this.beatKey = key;
        this.beatKeySince = now;
      }
      const since = beat.since === undefined ? NaN : Date.parse(beat.since);
      this.heartbeat = {
        ageMs: Math.max(0, wall - Date.parse(beat.timestamp)),
        stepMs: Number.isFinite(since) ? Math.max(0, wall - since) : now - this.beatKeySince,
        status: beat.status,
      };
    }
    const news = this.tail.read();
    this.tokens += news.tokens;
    if (news.lastTool !== null) this.lastTool = news.lastTool;
    return news;
  }

  /** The snapshot decide.ts judges a running task by. */
  snapshot(child: Child): TaskSnapshot {
    return {
      status: this.status,
      reason: this.reason,
      child: { startedAt: child.startedAt, exit: child.exit },
      heartbeat: this.heartbeat,
      restarts: this.restarts,
      stop: this.stop,
      doneFound: this.doneFound,
    };
  }

  /** What the progress shows; the heartbeat's age is this child's, as the last read() found it. */
  view(): TaskView {
    const live = this.child !== null && this.result === null;
    return {
      dir: this.dir,
      task_id: this.id,
      status: this.status ?? 'unreadable',
      termination_reason: this.reason,
      iteration: this.iteration,
      max_iterations: this.spec?.constraints.max_iterations ?? 0,
      last_tool: this.lastTool,
      heartbeat_age_ms: live ? (this.heartbeat?.ageMs ?? null) : null,
      tokens: this.tokens,
      restarts: this.restarts,
      pid: this.child !== null && this.child.exit === null ? this.child.pid : null,
      result: this.result,
      why: this.why ?? this.problem,
    };
  }
}
