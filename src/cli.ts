// Thin entry: refuse an old Node with a clear message, relaunch once with a small young generation where the
// command supervises agents (cli/relaunch.ts), keep compiled code in the user's cache (cli/compile-cache.ts), then
// load the command line's dispatcher.
import { exitIfUnsupportedNode } from './os/node-version.js';
import { relaunchWithSmallYoungGeneration } from './cli/relaunch.js';
import { enableCompileCache } from './cli/compile-cache.js';

exitIfUnsupportedNode();
relaunchWithSmallYoungGeneration();
enableCompileCache();
const { cliMain } = await import('./cli/main.js');
process.exitCode = await cliMain(process.argv.slice(2));
