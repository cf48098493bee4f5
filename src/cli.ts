import { relaunchWithSmallYoungGeneration } from './cli/relaunch.js';

relaunchWithSmallYoungGeneration();
const { cliMain } = await import('./cli/main.js');
process.exitCode = await cliMain(process.argv.slice(2));
