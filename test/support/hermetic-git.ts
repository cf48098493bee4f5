// Hermetic git for a test file: no user or system configuration leaks in (identity, hooks, signing), and the
// file's scratch directories are removed when it ends.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll } from 'vitest';

/** Registers the file's hooks; returns the list its tests push their scratch directories onto. */
export function hermeticGit(prefix: string): string[] {
  const scratch: string[] = [];
  const saved = { global: process.env.GIT_CONFIG_GLOBAL, nosystem: process.env.GIT_CONFIG_NOSYSTEM };
  beforeAll(() => {
    const home = mkdtempSync(join(tmpdir(), prefix));
    scratch.push(home);
    writeFileSync(join(home, 'gitconfig'), '');
    process.env.GIT_CONFIG_GLOBAL = join(home, 'gitconfig');
    process.env.GIT_CONFIG_NOSYSTEM = '1';
  });
  afterAll(() => {
    if (saved.global === undefined) delete process.env.GIT_CONFIG_GLOBAL;
    else process.env.GIT_CONFIG_GLOBAL = saved.global;
    if (saved.nosystem === undefined) delete process.env.GIT_CONFIG_NOSYSTEM;
    else process.env.GIT_CONFIG_NOSYSTEM = saved.nosystem;
    for (const dir of scratch) rmSync(dir, { recursive: true, force: true });
  });
  return scratch;
}
