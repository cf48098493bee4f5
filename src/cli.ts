// Thin entry: refuse an old Node with a clear message, relaunch once with a small young generation where the
// command supervises agents (cli/relaunch.ts), keep compiled code in the user's cache (cli/compile-cache.ts), then
// load the command line's dispatcher. A signal that comes after a run removed its handlers never ends the process
// halfway through its cleanup (os/late-signals.ts).
import { exitIfUnsupportedNode } from './os/node-version.js';
import { relaunchWithSmallYoungGeneration } from './cli/index.js';
import { enableCompileCache } from './cli/index.js';
import { guardLateSignals } from './os/late-signals.js';

exitIfUnsupportedNode();
relaunchWithSmallYoungGeneration();
enableCompileCache();
const decided = guardLateSignals();
const { cliMain } = await import('./cli/index.js');
const code = await cliMain(process.argv.slice(2));
decided(code);
process.exitCode = code;
