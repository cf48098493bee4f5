import { g as guardLateSignals } from './chunks/late-signals-DLG8WlDk.js';
import { V as VERSION } from './chunks/version-R6LujQcV.js';

process.stdout.write(`agent-harness ${VERSION}: main step starting
`);
const decided = guardLateSignals();
const { run } = await import('./chunks/index-BIHlWNGi.js').then(function (n) { return n.i; });
const code = await run();
decided(code);
process.exit(code);
