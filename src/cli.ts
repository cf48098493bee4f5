import { cliMain } from './cli/main.js';

process.exitCode = await cliMain(process.argv.slice(2));
