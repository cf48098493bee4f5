// `agent-harness --status`: read the status file another harness writes and describe it.
import { statSync } from 'node:fs';
import type { Config } from '../config/index.js';
import { processAlive } from '../os/liveness.js';
import { resolvePaths } from '../state/index.js';
import { readCounter } from '../state/index.js';
import { readStatus } from '../state/index.js';
import { counterLine, formatStatus } from '../state/index.js';
import type { CliIo } from './io.js';

export async function printStatus(config: Config, io: CliIo): Promise<number> {
  const paths = resolvePaths(config, io.cwd);
  let status;
  try {
    status = await readStatus(paths.status);
  } catch (error) {
    io.err(`agent-harness: cannot read ${paths.status}: ${(error as Error).message}`);
    return 1;
  }
  // The counter as the run's last line names it, `global counter: N`: the number the next session uses.
  const counter = await readCounter(paths.counter).catch(() => null);
  if (!status) {
    io.out(`Loop state: not running (no ${config.session.status_file} here)`);
    if (counter !== null) io.out(counterLine(counter));
    return 0;
  }
  let currentOutputBytes: number | null = null;
  if (status.output_file) {
    try {
      currentOutputBytes = statSync(status.output_file).size;
    } catch {
      currentOutputBytes = null;
    }
  }
  io.out(
    formatStatus(status, { alive: processAlive(status.pid), currentOutputBytes, nowMs: Date.now(), counter }),
  );
  return 0;
}
