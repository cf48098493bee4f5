// On resume after a kill among an iteration's actions: a write_file or create_file killed between its temp file
// and the rename leaves `.<name>.<pid>.<n>.tmp` beside its target. The directories pending.json's actions name
// are swept with sweepStaleTemps (only temp files of processes that are gone); a path the sandbox refuses, or a
// directory that resolves (through a link) outside the allowed paths, is skipped.
import { realpath } from 'node:fs/promises';
import { dirname } from 'node:path';
import { sweepStaleTemps } from '../state/index.js';
import { isAllowed, isDenied, resolveModelPath, type Sandbox } from './tools/index.js';
import type { PendingIteration } from './task-files.js';

export async function sweepPendingTemps(sandbox: Sandbox, pending: PendingIteration): Promise<number> {
  const dirs = new Set<string>();
  for (const action of pending.llm_response.actions) {
    const path = action.args.path;
    if (typeof path !== 'string') continue;
    try {
      dirs.add(dirname(resolveModelPath(sandbox, path).absolute));
    } catch {
      // refused: nothing of ours can be there
    }
  }
  let removed = 0;
  for (const dir of dirs) {
    const real = await realpath(dir).catch(() => null);
    if (real !== null && isAllowed(sandbox, real) && !isDenied(sandbox, real))
      removed += await sweepStaleTemps(real);
  }
  return removed;
}
