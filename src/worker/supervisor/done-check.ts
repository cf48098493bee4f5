// A task's completion check: its done_when (or the supervisor's --done-when) run with `sh -c` in the task's
// workspace, in a process group of its own carrying the supervisor's cookie, ended (SIGKILL to its group) after
// its timeout. Exit 0 means done; anything else, a timeout included, means not yet. Its output is kept, cut, for
// the log. The seed's rule holds: the model never decides completion, a command of the user's does.
import type { Clock, Spawn } from '../../os/clock-spawn.js';
import { withCookie } from '../../os/cookie.js';
import { signalGroup } from '../../os/process-group.js';

export interface DoneCheck {
  done: boolean;
  /** The exit code, or null when it was ended (timeout) or could not start. */
  code: number | null;
  timedOut: boolean;
  /** stdout and stderr together, cut to OUTPUT_MAX characters. */
  output: string;
}

export const OUTPUT_MAX = 2000;

export interface DoneCheckDeps {
  spawn: Spawn;
  clock: Clock;
  env: NodeJS.ProcessEnv;
  cookie: string;
  /** Aborted: the check is ended at once (the supervisor is shutting down). */
  signal?: AbortSignal;
}

export function runDoneCheck(
  command: string,
  workspace: string,
  timeoutMs: number,
  deps: DoneCheckDeps,
): Promise<DoneCheck> {
  return new Promise((resolve) => {
    let output = '';
    const keep = (chunk: Buffer) => {
      if (output.length < OUTPUT_MAX) output = (output + chunk.toString()).slice(0, OUTPUT_MAX);
    };
    let child;
    try {
      child = deps.spawn('/bin/sh', ['-c', command], {
        cwd: workspace,
        detached: true,
        stdio: ['ignore', 'pipe', 'pipe'],
        env: withCookie(deps.env, deps.cookie),
      });
    } catch (error) {
      resolve({ done: false, code: null, timedOut: false, output: (error as Error).message });
      return;
    }
    child.stdout?.on('data', keep);
    child.stderr?.on('data', keep);
    const timer = new AbortController();
    let timedOut = false;
    deps.clock.sleep(timeoutMs, timer.signal).then(
      (elapsed) => {
        if (!elapsed || child.pid === undefined) return;
        timedOut = true;
        signalGroup(child.pid, 'SIGKILL');
      },
      () => undefined,
    );
    const end = () => {
      if (child.pid !== undefined) signalGroup(child.pid, 'SIGKILL');
    };
    if (deps.signal?.aborted) end();
    deps.signal?.addEventListener('abort', end, { once: true });
    child.once('error', (error) => {
      deps.signal?.removeEventListener('abort', end);
      timer.abort();
      resolve({ done: false, code: null, timedOut: false, output: error.message });
    });
    child.once('close', (code) => {
      timer.abort();
      deps.signal?.removeEventListener('abort', end);
      // Whatever it left behind in its group goes with it.
      if (child.pid !== undefined) signalGroup(child.pid, 'SIGKILL');
      resolve({
        done: !timedOut && code === 0,
        code: timedOut ? null : code,
        timedOut,
        output: output.trim(),
      });
    });
  });
}
