// How the Action starts the harness's own CLI (agent.format = "json-actions" runs `cli.js worker session`): node,
// and dist/cli.js beside the Action's entry. Bundled, this module sits in dist/chunks/, so cli.js is found next to
// it or one directory up; null when neither exists (a source checkout run by a TypeScript runner).
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { SelfCommand } from '../../../loop/index.js';

export function actionSelfCommand(moduleUrl: string = import.meta.url): SelfCommand | null {
  const here = dirname(fileURLToPath(moduleUrl));
  const cli = [join(here, 'cli.js'), join(here, '..', 'cli.js')].find((path) => existsSync(path));
  return cli === undefined ? null : { command: process.execPath, args: [cli] };
}
