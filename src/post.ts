// The Action's post entry (action.yml runs dist/post.js): say we are alive before loading the toolkit, the cache
// and the artifact clients, then run the step (platform/github/post/step.ts) and exit with its code. The step's
// module has no side effect at import; only this entry exits.
import { VERSION } from './version.js';

process.stdout.write(`agent-harness ${VERSION}: post step starting\n`);
const { run } = await import('./platform/github/post/index.js');
process.exit(await run());
