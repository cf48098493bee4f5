import { v as valueAt } from './errors-CNcu4SPE.js';
import { d as leafKeyPaths } from './load-Bmhg6nfv.js';

const MAX_VALUE_COLUMN = 40;
function describeConfig(loaded) {
  const rows = leafKeyPaths().map((path) => {
    const value = valueAt(loaded.config, path.split("."));
    return {
      path,
      value: value === void 0 ? "(not set)" : JSON.stringify(value),
      source: loaded.sources[path] ?? "default"
    };
  });
  const keyWidth = Math.max(...rows.map((r) => r.path.length));
  const valueWidth = Math.min(MAX_VALUE_COLUMN, Math.max(...rows.map((r) => r.value.length)));
  const header = loaded.file === null ? "no config file, defaults" : `config file: ${loaded.file}`;
  const lines = rows.map((r) => `${r.path.padEnd(keyWidth)} = ${r.value.padEnd(valueWidth)}   (${r.source})`);
  return [header, ...lines].join("\n") + "\n";
}

export { describeConfig as d };
