import 'node:os';
import 'node:path';
import 'node:fs';
import './worker-agent-K6XYfpI-.js';
import 'node:fs/promises';
import 'node:child_process';
import './input-file-DSz8dNUS.js';
import 'node:readline';
import './harness-files-DjaLmh0s.js';
import 'node:buffer';
import './exit-codes-B1e2_Xbp.js';
import 'node:crypto';
import 'node:stream';
import 'node:stream/promises';
import 'node:zlib';
import { i as installSignalHandlers } from './run-harness-MQqeK8HO.js';
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
