// The public face of cli/: what the rest of the source may use. Anything else in this directory is its own.
export { enableCompileCache } from './compile-cache.js';
export { cliMain } from './main.js';
export { relaunchWithSmallYoungGeneration } from './relaunch.js';
