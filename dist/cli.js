#!/usr/bin/env node
import { E as EXIT } from './chunks/exit-codes-DUr1-02G.js';

// The oldest Node.js the CLI runs on, checked first thing in the CLI's entry so an older runtime gets one clear
// line and a distinct exit code instead of an obscure failure later. Kept free of imports that could themselves
// fail on an old runtime: the entry evaluates this module before anything else.
/** The oldest major version supported; package.json's `engines.node` says the same (a test checks). */
const MINIMUM_NODE_MAJOR = 22;
/** The exit code for a runtime that is too old: nothing was started or written. */
const UNSUPPORTED_NODE_EXIT = EXIT.usage;
/** Why `version` (as in `process.versions.node`, e.g. `20.19.5`) cannot run the harness, or null when it can. */
function nodeVersionProblem(version) {
    const major = Number.parseInt(version.replace(/^v/, ''), 10);
    if (Number.isFinite(major) && major >= MINIMUM_NODE_MAJOR)
        return null;
    return (`needs Node.js ${MINIMUM_NODE_MAJOR} or newer; this is Node.js ${version}. ` +
        `Install a current Node.js (https://nodejs.org, or nvm install ${MINIMUM_NODE_MAJOR}) and run it again.`);
}
/** At the CLI's entry: on a runtime that is too old, say so on stderr and exit before anything else runs. */
function exitIfUnsupportedNode(version = process.versions.node) {
    const problem = nodeVersionProblem(version);
    if (problem === null)
        return;
    process.stderr.write(`agent-harness: ${problem}\n`);
    process.exit(UNSUPPORTED_NODE_EXIT);
}

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

// Thin entry: refuse an old Node with a clear message, relaunch once with a small young generation, then run.
exitIfUnsupportedNode();
relaunchWithSmallYoungGeneration();
const { cliMain } = await import('./chunks/main-87czNWjZ.js');
process.exitCode = await cliMain(process.argv.slice(2));
