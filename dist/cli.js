#!/usr/bin/env node
// A supervisor runs for days: its young generation should stay small. V8 only takes heap flags at start-up
// (v8.setFlagsFromString does not resize a running heap), so the CLI replaces itself once with the flag set,
// through execve: same PID, same file descriptors, same signals, nothing to forward. Where the runtime has no
// process.execve (Node < 23.11, Windows) it simply runs as it is.
const FLAG = '--max-semi-space-size=1';
function relaunchWithSmallYoungGeneration() {
    if (process.execArgv.some((arg) => arg.startsWith('--max-semi-space-size')))
        return;
    if (process.env.AGENT_HARNESS_NO_RELAUNCH === '1')
        return;
    const execve = process.execve;
    const script = process.argv[1];
    if (typeof execve !== 'function' || !script)
        return;
    try {
        execve(process.execPath, [process.execPath, FLAG, ...process.execArgv, script, ...process.argv.slice(2)], process.env);
    }
    catch {
        // Not supported here (or the exec failed before replacing us): carry on without the flag.
    }
}

relaunchWithSmallYoungGeneration();
const { cliMain } = await import('./chunks/main-BpN2hrfi.js');
process.exitCode = await cliMain(process.argv.slice(2));
