import { w as withCookie, e as endCarriers } from './input-file-Cbt1w_j3.js';
import { t as terminateGroup } from './process-group-v69azfoj.js';

const DRAIN_MS = 500;
const INTERRUPTED_EXIT_CODE = 130;
async function runShell(command, options) {
  const { clock } = options;
  const started = clock.monotonic();
  const cap = options.maxOutputBytes ?? 1024 * 1024;
  const grace = options.killGraceMs ?? 2e3;
  const out = [];
  let outBytes = 0;
  let errTail = "";
  let keptBytes = 0;
  const result = (exitCode2, timedOut, interrupted) => ({
    exitCode: exitCode2,
    timedOut,
    interrupted,
    stdout: Buffer.concat(out).toString("utf8"),
    stdoutBytes: outBytes,
    stdoutTruncated: outBytes > keptBytes,
    stderrTail: errTail.trim(),
    durationMs: clock.monotonic() - started
  });
  if (options.signal?.aborted) return result(INTERRUPTED_EXIT_CODE, false, true);
  const child = options.spawn("/bin/sh", ["-c", command], {
    cwd: options.cwd,
    env: withCookie(options.env, options.cookie),
    detached: true,
    stdio: ["ignore", "pipe", "pipe"]
  });
  child.stdout?.on("data", (chunk) => {
    outBytes += chunk.length;
    if (keptBytes >= cap) return;
    const kept = chunk.subarray(0, cap - keptBytes);
    out.push(kept);
    keptBytes += kept.length;
  });
  child.stderr?.on("data", (chunk) => {
    errTail = (errTail + chunk.toString("utf8")).slice(-4096);
  });
  const exited = new Promise((resolve) => {
    child.once("error", (error) => {
      errTail = error.message;
      resolve(127);
    });
    child.once("exit", (code, signal) => resolve(code ?? (signal ? 128 + 15 : 1)));
  });
  const closed = new Promise((resolve) => {
    child.once("close", () => resolve());
    child.once("error", () => resolve());
  });
  const stopWaiting = new AbortController();
  const onAbort = () => stopWaiting.abort();
  options.signal?.addEventListener("abort", onAbort, { once: true });
  const winner = await Promise.race([
    exited.then(() => "exited"),
    clock.sleep(options.timeoutMs, stopWaiting.signal).then((elapsed) => elapsed ? "timeout" : options.signal?.aborted ? "interrupted" : "exited")
  ]);
  options.signal?.removeEventListener("abort", onAbort);
  stopWaiting.abort();
  const pid = child.pid;
  const endLeftovers = (graceMs) => Promise.all([
    pid === void 0 ? null : terminateGroup(pid, graceMs, clock),
    options.cookie === void 0 ? null : endCarriers(options.cookie, graceMs, clock)
  ]);
  const reason = options.signal?.reason;
  if (winner === "timeout") await endLeftovers(grace);
  if (winner === "interrupted") await endLeftovers(typeof reason === "number" ? reason : grace);
  const exitCode = await exited;
  const drained = new AbortController();
  closed.then(
    () => drained.abort(),
    () => drained.abort()
  );
  await clock.sleep(winner === "exited" ? DRAIN_MS : 0, drained.signal);
  if (winner === "exited") await endLeftovers(grace);
  child.stdout?.destroy();
  child.stderr?.destroy();
  await closed;
  if (winner === "timeout") return result(124, true, false);
  if (winner === "interrupted") return result(INTERRUPTED_EXIT_CODE, false, true);
  return result(exitCode, false, false);
}

export { runShell as r };
