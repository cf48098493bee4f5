// The `--dry-run` report: every effective setting and where it came from, so a user can see why the loop
// will behave as it does before starting it.
import { valueAt } from './errors.js';
import type { LoadedConfig } from './load.js';
import { leafKeyPaths } from './schema-info.js';

// Past this width a value (the default agent args) would push every other line's source column far right.
const MAX_VALUE_COLUMN = 40;

export function describeConfig(loaded: LoadedConfig): string {
  const rows = leafKeyPaths().map((path) => {
    const value = valueAt(loaded.config, path.split('.'));
    return {
      path,
      value: value === undefined ? '(not set)' : JSON.stringify(value),
      source: loaded.sources[path] ?? 'default',
    };
  });
  const keyWidth = Math.max(...rows.map((r) => r.path.length));
  const valueWidth = Math.min(MAX_VALUE_COLUMN, Math.max(...rows.map((r) => r.value.length)));
  const header = loaded.file === null ? 'no config file, defaults' : `config file: ${loaded.file}`;
  const lines = rows.map((r) => `${r.path.padEnd(keyWidth)} = ${r.value.padEnd(valueWidth)}   (${r.source})`);
  return [header, ...lines].join('\n') + '\n';
}
