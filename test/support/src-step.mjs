// Runs one of the Action's steps from src/ (not the bundle) as the runner would run the bundle's entry:
// `node --import <tsx> src-step.mjs <step.ts>`. The bundle's `?raw` text imports (review mode's default templates)
// become string modules here, as the rollup plugin makes them; the step's exit code is the process's.
import { readFileSync } from 'node:fs';
import { registerHooks } from 'node:module';

registerHooks({
  load(url, context, next) {
    const { pathname, protocol } = new URL(url);
    if (protocol === 'file:' && /\.(md|tmpl)$/.test(pathname))
      return {
        format: 'module',
        source: `export default ${JSON.stringify(readFileSync(pathname, 'utf8'))};`,
        shortCircuit: true,
      };
    return next(url, context);
  },
});

const { run } = await import(process.argv[2]);
process.exit(await run());
