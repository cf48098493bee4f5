import 'node:os';
import 'node:path';
import 'node:fs';
import './worker-agent-CEPc612X.js';
import 'node:fs/promises';
import 'node:child_process';
import './input-file-Cbt1w_j3.js';
import 'node:readline';
import './harness-files-B0x0nX25.js';
import 'node:buffer';
import './exit-codes-BkuRLrXJ.js';
import 'node:crypto';
import 'node:stream';
import 'node:stream/promises';
import 'node:zlib';
import { i as installSignalHandlers } from './run-harness-B87iUZYY.js';
import 'node:worker_threads';
import { systemClock } from './system-clock-uwg5zo-s.js';

function installCliSignals(stop, config, logger) {
  return installSignalHandlers(stop, {
    now: () => systemClock.monotonic(),
    windowMs: config.shutdown.force_window_secs * 1e3,
    onSignal: (signal, action) => {
      if (signal === "SIGHUP") ignoreOutputErrors();
      if (action === "force") logger.log("warn", { signal, action: "killing session now" });
      else if (signal === "SIGINT") logger.summary(sigintNotice(config.shutdown.force_window_secs));
      else logger.log("info", { signal, action: "finishing current session" });
    }
  });
}
function sigintNotice(windowSecs) {
  return `Caught SIGINT: finishing the current session (Ctrl-C again within ${windowSecs} s stops now)`;
}
function ignoreOutputErrors() {
  for (const stream of [process.stdout, process.stderr]) stream.on("error", () => void 0);
}

export { installCliSignals as i };
