// `npm run gen`: rewrites every generated file in the registry (scripts/generated.ts) that is stale, and says
// which ones it changed.
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expectedContent, generatedPaths } from './generate.js';

const root = fileURLToPath(new URL('..', import.meta.url));

for (const path of generatedPaths()) {
  const absolute = join(root, path);
  const expected = await expectedContent(root, path);
  if (existsSync(absolute) && readFileSync(absolute, 'utf8') === expected) {
    console.log(`unchanged ${path}`);
    continue;
  }
  mkdirSync(dirname(absolute), { recursive: true });
  writeFileSync(absolute, expected);
  console.log(`wrote     ${path}`);
}
