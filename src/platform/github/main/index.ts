// The public face of platform/github/main/: what the rest of the source may use. Anything else in this directory is its own.
export { run } from './step.js';
