import 'node:os';
import 'node:path';
import 'node:fs';
import './worker-agent-BT4DhLb9.js';
import 'node:fs/promises';
import 'node:child_process';
import './input-file-6q8ve5AP.js';
import 'node:readline';
import './harness-files-Dukz__AL.js';
import 'node:buffer';
import './exit-codes-B1e2_Xbp.js';
import 'node:crypto';
import 'node:stream';
import 'node:stream/promises';
import 'node:zlib';
import { i as installSignalHandlers } from './run-harness-DWMpjnHg.js';
import 'node:worker_threads';
import { systemClock } from './system-clock-uwg5zo-s.js';

function installCliSignals(stop, config, logger) {
  return installSignalHandlers(stop, {
    now: () => systemClock.monotonic(),
    windowMs: config.shutdown.force_window_secs * 1e3,
    onSignal: (signal, action) => {
      if (signal === "SIGHUP") ignoreOutputErrors();
      if (action === "force") logger.log("warn", { signal, action: "killing session now" });
      else if (signal === "SIGINT") logger.summary("Caught SIGINT, finishing current session...");
      else logger.log("info", { signal, action: "finishing current session" });
    }
  });
}
function ignoreOutputErrors() {
  for (const stream of [process.stdout, process.stderr]) stream.on("error", () => void 0);
}

export { installCliSignals as i };
