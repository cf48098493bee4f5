// Thin entry: say we are alive before loading the toolkit and the cache client (most of the start-up time),
// then hand over.
import { VERSION } from './version.js';

process.stdout.write(`agent-harness ${VERSION}: main step starting\n`);
const { mainStep } = await import('./platform/github/main-step.js');
process.exit(await mainStep());
