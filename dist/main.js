import { V as VERSION } from './chunks/version-a36rRwiv.js';

// The Action's main entry (action.yml runs dist/main.js): say we are alive before loading the toolkit and the
// cache client (most of the start-up time), then run the step (platform/github/main-step.ts) and exit with its
// code. The step's module has no side effect at import; only this entry exits.
process.stdout.write(`agent-harness ${VERSION}: main step starting\n`);
const { run } = await import('./chunks/main-step-CCPi24lt.js').then(function (n) { return n.m; });
process.exit(await run());
