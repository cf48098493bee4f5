// `npm run bench` runs `node bench/run.mjs`: hand over to the TypeScript runner through tsx, passing arguments on.
import { spawnSync } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = dirname(dirname(fileURLToPath(import.meta.url)));
const { status, signal } = spawnSync(
  process.execPath,
  ['--import', 'tsx', join(root, 'bench', 'run.ts'), ...process.argv.slice(2)],
  { cwd: root, stdio: 'inherit' },
);
process.exit(status ?? (signal ? 1 : 0));
