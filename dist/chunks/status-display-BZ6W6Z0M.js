const IN_ITERATION = /* @__PURE__ */ new Set([
  "pre_hooks",
  "session_running",
  "watchdog_kill",
  "retrying",
  "post_hooks",
  "rate_limited_backoff",
  "failure_backoff"
]);
function iterationLine(status) {
  const done = `${status.iteration} of ${status.max_iterations} done`;
  return IN_ITERATION.has(status.state) ? `Current iteration: iteration=${status.iteration} global=${status.global_iteration} (${done})` : `Iterations: ${done}`;
}
function counterLine(counter) {
  return `Global counter: ${counter} (the number the next session uses)`;
}
function formatBytes(bytes, binaryUnits = false) {
  if (bytes < 1024) return `${Math.round(bytes)} B`;
  const units = binaryUnits ? ["KiB", "MiB", "GiB", "TiB"] : ["KB", "MB", "GB", "TB"];
  let value = bytes / 1024;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit++;
  }
  return `${value.toFixed(1)} ${units[unit]}`;
}
function formatDuration(totalSeconds) {
  const s = Math.max(0, Math.floor(totalSeconds));
  const h = Math.floor(s / 3600);
  const m = Math.floor(s % 3600 / 60);
  if (h > 0) return `${h}h ${m}m`;
  if (m > 0) return `${m}m ${s % 60}s`;
  return `${s}s`;
}
function formatStatus(status, observed) {
  const lines = [];
  const running = observed.alive && status.state !== "stopped";
  if (running) {
    lines.push(
      `Loop state: ${status.state === "session_running" ? "running" : status.state} (PID ${status.pid})`
    );
  } else if (status.state === "stopped") {
    lines.push(`Loop state: not running (ended: ${status.stop_reason ?? "unknown"})`);
  } else {
    lines.push(`Loop state: not running (PID ${status.pid} is gone; last recorded state: ${status.state})`);
  }
  lines.push(iterationLine(status));
  if (status.output_file && running && status.state === "session_running") {
    const size = observed.currentOutputBytes ?? status.output_bytes;
    const growing = size > status.output_bytes ? "growing" : "no growth since last update";
    lines.push(`Session output: ${formatBytes(size)} (${growing})`);
  }
  if (status.state === "rate_limited_backoff" && status.backoff_until) {
    lines.push(
      `Rate limited: ${status.consecutive_rate_limits} in a row, waiting until ${status.backoff_until}`
    );
  }
  if (status.state === "failure_backoff" && status.backoff_until) {
    lines.push(
      `Failed: ${status.consecutive_failures ?? 0} in a row, backing off until ${status.backoff_until}`
    );
  }
  if (status.last_failure) lines.push(`Last failure: ${status.last_failure}`);
  if (status.work_kept) lines.push(`Interrupted work kept: ${status.work_kept}`);
  const started = Date.parse(status.started_at);
  if (running && Number.isFinite(started)) {
    lines.push(`Uptime: ${formatDuration((observed.nowMs - started) / 1e3)}`);
  }
  if (status.last_completed_iteration !== null) {
    const committed = status.last_committed ? `committed${status.last_commit_evidence ? ` (${status.last_commit_evidence})` : ""}` : "no commit";
    const outcome = status.last_outcome && status.last_outcome !== "productive" ? `${status.last_outcome}, ` : "";
    lines.push(`Last completed: global=${status.last_completed_iteration} \u2014 ${outcome}${committed}`);
  }
  if (status.idle_sessions !== void 0 && status.idle_sessions > 0)
    lines.push(`Idle: ${status.idle_sessions} completed session(s) in a row changed nothing`);
  if (observed.counter !== void 0 && observed.counter !== null) lines.push(counterLine(observed.counter));
  return lines.join("\n");
}

export { formatBytes as a, counterLine as c, formatStatus as f };
