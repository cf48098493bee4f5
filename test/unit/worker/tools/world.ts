// A hostile world and its sandbox for one test file: built fresh per test, removed after.
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach } from 'vitest';
import { openSandbox, type Sandbox } from '../../../../src/worker/tools/sandbox.js';
import { runAction, type ToolLimits, type ToolResult } from '../../../../src/worker/tools/run-action.js';
import { buildHostileWorld, type HostileWorld } from '../../../support/hostile-paths.js';

export const LIMITS: ToolLimits = {
  max_read_bytes: 1024,
  max_write_bytes: 1024,
  max_find_results: 100,
  max_list_entries: 100,
};

export interface TestWorld extends HostileWorld {
  sandbox: Sandbox;
  run(tool: string, args: Record<string, unknown>, limits?: Partial<ToolLimits>): Promise<ToolResult>;
}

const open: HostileWorld[] = [];

/** Registers the clean-up; call once at the top of a test file. */
export function useWorlds(): void {
  afterEach(async () => {
    for (const world of open.splice(0)) await world.dispose();
  });
}

export async function world(): Promise<TestWorld> {
  const built = await buildHostileWorld('ah-tools-');
  open.push(built);
  const sandbox = await openSandbox({ allowed: [built.workspace], denied: built.denied });
  return {
    ...built,
    sandbox,
    run: (tool, args, limits = {}) =>
      runAction({ tool, args }, { sandbox, limits: { ...LIMITS, ...limits } }),
  };
}

/** Every path under `dir`, relative, sorted, symbolic links listed but never followed. */
export function tree(dir: string): string[] {
  const found: string[] = [];
  const walk = (rel: string): void => {
    for (const entry of readdirSync(join(dir, rel), { withFileTypes: true })) {
      const path = rel === '' ? entry.name : `${rel}/${entry.name}`;
      found.push(path);
      if (entry.isDirectory()) walk(path);
    }
  };
  walk('');
  return found.sort();
}
