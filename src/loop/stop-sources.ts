// Stop sources beyond signals and the STOP file (a STOP label on an issue, say): each is asked before every
// iteration and polled on its own interval while a session runs. A source that fails to answer is a warning,
// never a stop: a flaky API must not end a loop that runs for days.
import type { LoopContext } from './context.js';
import type { StopSource } from './ports.js';

const CHECK_TIMEOUT_MS = 30_000;

export async function askStopSources(ctx: LoopContext, sources: readonly StopSource[]): Promise<boolean> {
  for (const source of sources) {
    if (ctx.stop.reason !== null) return true;
    if (await askOne(ctx, source)) return true;
  }
  return ctx.stop.reason !== null;
}

/** Stop requests from the STOP file and the home's own sources; the session in flight always finishes. */
export function checkStop(ctx: LoopContext): Promise<boolean> {
  return askStopSources(ctx, ctx.stopSources);
}

async function askOne(ctx: LoopContext, source: StopSource): Promise<boolean> {
  let stop: boolean;
  let timer: NodeJS.Timeout | undefined;
  try {
    // A source that does not answer must not hold the loop: it counts as a failed check.
    const deadline = new Promise<never>((_, reject) => {
      timer = setTimeout(
        () => reject(new Error(`no answer in ${CHECK_TIMEOUT_MS / 1000} s`)),
        CHECK_TIMEOUT_MS,
      );
    });
    stop = await Promise.race([source.check(), deadline]);
  } catch (error) {
    ctx.log('warn', {
      stop_source: source.name,
      check: 'failed',
      error: (error as Error).message.slice(0, 200),
    });
    return false;
  } finally {
    clearTimeout(timer);
  }
  if (stop && ctx.stop.request(source.name)) {
    ctx.log('info', { stop: source.name });
    await ctx.emit({
      event: 'stop_requested',
      reason: source.name,
      iteration: ctx.position.iteration,
      global: ctx.position.global,
    });
  }
  return stop;
}

/** Polls every source on its own interval until cancelled or one asks to stop. */
export function pollStopSources(ctx: LoopContext, sources: readonly StopSource[]): { cancel(): void } {
  const abort = new AbortController();
  for (const source of sources) {
    void (async () => {
      while (!abort.signal.aborted && ctx.stop.reason === null) {
        if (!(await ctx.platform.clock.sleep(source.pollMs, abort.signal))) return;
        if (await askOne(ctx, source)) return;
      }
    })().catch(() => undefined); // an event that could not be written has reached ctx.faults
  }
  return { cancel: () => abort.abort() };
}
