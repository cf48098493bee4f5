// Thin entry: refuse an old Node with a clear message, relaunch once with a small young generation, then run.
import { exitIfUnsupportedNode } from './os/node-version.js';
import { relaunchWithSmallYoungGeneration } from './cli/relaunch.js';

exitIfUnsupportedNode();
relaunchWithSmallYoungGeneration();
const { cliMain } = await import('./cli/main.js');
process.exitCode = await cliMain(process.argv.slice(2));
