const SIGNALS = ["SIGINT", "SIGTERM", "SIGHUP"];
function lateSignalAction(state) {
  if (state.others > 0) return "run";
  if (state.exitCode !== void 0) return "exit";
  return state.ended ? "ignore" : "default";
}
let ended = false;
let exitCode;
function runHandlersInstalled() {
  return () => {
    ended = true;
  };
}
function guardLateSignals() {
  const guard = (signal) => {
    const others = process.listenerCount(signal) - 1;
    switch (lateSignalAction({ ended, exitCode, others })) {
      case "exit":
        process.exit(exitCode);
        break;
      case "default":
        for (const each of SIGNALS) process.off(each, guard);
        process.kill(process.pid, signal);
        break;
    }
  };
  for (const signal of SIGNALS) process.on(signal, guard);
  return (code) => {
    exitCode = code;
    process.once("beforeExit", () => process.exit(code));
  };
}

export { guardLateSignals as g, runHandlersInstalled as r };
