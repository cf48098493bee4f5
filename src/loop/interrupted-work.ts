// Interrupted work kept: when a stop (the time budget, a cancellation, a second Ctrl-C) or the watchdog ends a
// session before the agent finished, what the agent changed and did not commit is saved, once its processes have
// ended, as a commit on `refs/agent-harness/wip/<run>-<global>` (os/keep-work.ts): on a runner that is about to
// vanish, or before the next session builds on it, the work can still be looked at and restored. The user's
// branch, HEAD and index never move; the user's untracked files from before the session and the harness's own
// files are left out. `<run>` is the first 8 characters of the run's cookie, the run key of the session history.
// Nothing here ever throws into the loop: a failure is a warning line.
import { keepWork, WIP_REF_PREFIX } from '../os/keep-work.js';
import type { LoopContext } from './context.js';
import type { EndReason } from './session.js';
import type { StopReason } from './stop.js';

/** How much of the run's cookie names its refs. */
const RUN_ID_LENGTH = 8;

/** What interrupted a session, or null when it ended by itself (or after its final result). Pure. */
export function interruption(endReason: EndReason, forcedBy: StopReason | null): string | null {
  if (endReason === 'forced') return forcedBy ?? 'forced';
  if (endReason === 'watchdog') return 'watchdog';
  return null;
}

/** `refs/agent-harness/wip/<run>-<global>`. Pure. */
export function wipRef(cookie: string, global: number): string {
  return `${WIP_REF_PREFIX}${cookie.slice(0, RUN_ID_LENGTH)}-${global}`;
}

/** The kept commit's message: the run, the session and what interrupted it. Pure. */
export function wipMessage(input: { run: string; global: number; reason: string; task?: string }): string {
  const task = input.task === undefined ? '' : ` (task ${input.task})`;
  return (
    `agent-harness: work of session ${input.global}${task}, interrupted by ${input.reason}\n\n` +
    `Run ${input.run}. The agent's uncommitted changes when the session was ended, on top of HEAD; ` +
    `nothing of the user's branch, HEAD or index was moved.\n`
  );
}

/**
 * Keeps the work of session `global` when `endReason` says it was interrupted; returns the ref, or null (not
 * interrupted, outside git, nothing changed, or git failed: said in a warning).
 */
export async function keepInterruptedWork(
  ctx: LoopContext,
  session: { global: number; endReason: EndReason; headBefore: string | null; treeBefore: string | null },
): Promise<string | null> {
  const reason = interruption(session.endReason, ctx.stop.forcedBy);
  if (reason === null || ctx.userFiles === null) return null;
  if (session.treeBefore === null) {
    ctx.log('warn', { work_kept: 'none', why: 'the work tree before the session could not be read' });
    return null;
  }
  const ref = wipRef(ctx.cookie, session.global);
  const task = ctx.work?.eventFields.task_id ?? undefined;
  try {
    const kept = await keepWork({
      cwd: ctx.paths.cwd,
      pathspecs: ctx.userFiles,
      headBefore: session.headBefore,
      treeBefore: session.treeBefore,
      ref,
      message: wipMessage({
        run: ctx.cookie.slice(0, RUN_ID_LENGTH),
        global: session.global,
        reason,
        ...(task === undefined ? {} : { task }),
      }),
    });
    if (kept === null) return null;
    ctx.log('warn', {
      work_kept: kept.ref,
      interrupted_by: reason,
      restore: `git checkout ${kept.ref} -- .`,
    });
    ctx.status.note({ work_kept: kept.ref });
    await ctx.emit({
      event: 'work_kept',
      iteration: ctx.position.iteration,
      global: session.global,
      reason,
      ref: kept.ref,
      commit: kept.commit,
    });
    return kept.ref;
  } catch (error) {
    ctx.log('warn', { work_kept: 'none', error: (error as Error).message });
    return null;
  }
}
