import { V as VERSION } from './chunks/version-DxYW7N98.js';

process.stdout.write(`agent-harness ${VERSION}: main step starting
`);
const { run } = await import('./chunks/main-step-BjqEj4S5.js').then(function (n) { return n.m; });
process.exit(await run());
