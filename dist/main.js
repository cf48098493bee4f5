import { V as VERSION } from './chunks/version-a36rRwiv.js';

// Thin entry: say we are alive before loading the toolkit and the cache client (most of the start-up time),
// then hand over.
process.stdout.write(`agent-harness ${VERSION}: main step starting\n`);
const { mainStep } = await import('./chunks/main-step-C0qYTzUc.js');
process.exit(await mainStep());
