// package-lock.json as npm writes it on a fresh clone: every optional dependency of every locked package has its own
// entry (rollup's and esbuild's binaries for every platform). An install over an existing node_modules can write the
// lock without the other platforms' entries; .ci/run's install on a fresh clone then rewrites it and fails before the
// first test. This catches such a lock before CI does: regenerate it with `rm -rf node_modules && npm install`.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT } from '../../support/workdir.js';

interface LockedPackage {
  optionalDependencies?: Record<string, string>;
}

/** The lock's entry for `name` as Node would resolve it from the package at `from` (nested first, then up). */
function locked(
  packages: Record<string, LockedPackage>,
  from: string,
  name: string,
): LockedPackage | undefined {
  for (let dir = from; ; dir = dir.slice(0, Math.max(0, dir.lastIndexOf('/node_modules/')))) {
    const entry = packages[`${dir ? `${dir}/` : ''}node_modules/${name}`];
    if (entry !== undefined || dir === '') return entry;
  }
}

describe('package-lock.json', () => {
  it("locks every optional dependency of every package, other platforms' included", () => {
    const lock = JSON.parse(readFileSync(join(ROOT, 'package-lock.json'), 'utf8')) as {
      packages: Record<string, LockedPackage>;
    };
    const missing: string[] = [];
    let optional = 0;
    for (const [path, entry] of Object.entries(lock.packages))
      for (const name of Object.keys(entry.optionalDependencies ?? {})) {
        optional++;
        if (locked(lock.packages, path, name) === undefined) missing.push(`${path || '(root)'} -> ${name}`);
      }
    expect(optional).toBeGreaterThan(20);
    expect(missing, "regenerate the lock: 'rm -rf node_modules && npm install'").toEqual([]);
  });
});
