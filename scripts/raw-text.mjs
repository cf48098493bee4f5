// A rollup plugin: `import text from './file.md?raw'` gives the file's content as a string (what vite does under
// vitest), so the review mode's default templates in src/review/templates/defaults/ stay plain files yet ship inside the
// bundle. Used by rollup.config.mjs and by the licence test that rebuilds the module graph.
import { readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';

const SUFFIX = '?raw';

export default function rawText() {
  return {
    name: 'raw-text',
    resolveId(source, importer) {
      if (!source.endsWith(SUFFIX) || importer === undefined) return null;
      return `${resolve(dirname(importer), source.slice(0, -SUFFIX.length))}${SUFFIX}`;
    },
    load(id) {
      if (!id.endsWith(SUFFIX)) return null;
      const file = id.slice(0, -SUFFIX.length);
      this.addWatchFile(file);
      return `export default ${JSON.stringify(readFileSync(file, 'utf8'))};`;
    },
  };
}
