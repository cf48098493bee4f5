// Thin entry: say we are alive before loading the toolkit, the cache and the artifact clients, then hand over.
import { VERSION } from './version.js';

process.stdout.write(`agent-harness ${VERSION}: post step starting\n`);
const { postStep } = await import('./platform/github/post-step.js');
process.exit(await postStep());
