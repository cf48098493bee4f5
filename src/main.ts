// The Action's main entry (action.yml runs dist/main.js): say we are alive before loading the toolkit and the
// cache client (most of the start-up time), then run the step (platform/github/main/step.ts) and exit with its
// code. The step's module has no side effect at import; only this entry exits. A cancel signal that comes after
// the run removed its handlers does not end the step halfway through its last writes (os/late-signals.ts).
import { guardLateSignals } from './os/late-signals.js';
import { VERSION } from './version.js';

process.stdout.write(`agent-harness ${VERSION}: main step starting\n`);
const decided = guardLateSignals();
const { run } = await import('./platform/github/main/index.js');
const code = await run();
decided(code);
process.exit(code);
