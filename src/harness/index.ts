// The public face of harness/: what the rest of the source may use. Anything else in this directory is its own.
export { runHarness } from './run-harness.js';
