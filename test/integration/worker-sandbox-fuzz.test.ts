// The worker's sandbox under fire: generated hostile actions (all five tools, every escape class) against a
// workspace next to an "outside" directory whose files hold a unique sentinel, and a real race: another process
// keeps swapping a directory and a file in the workspace for symbolic links to the outside while reads and writes
// run. Zero escapes: no result or error text holds the sentinel or an outside name, no outside (or denied) file
// changes, no new file appears outside, and every path-based refusal is a violation.
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { openSandbox } from '../../src/worker/tools/sandbox.js';
import { runAction } from '../../src/worker/tools/run-action.js';
import { alive } from '../support/processes.js';
import { buildHostileWorld, hostileActions, type HostileWorld } from '../support/hostile-paths.js';
import { fingerprint, leaksIn, REFUSAL_WORDS, startSwapper } from '../support/hostile-race.js';

const LIMITS = {
  max_read_bytes: 64 * 1024,
  max_write_bytes: 64 * 1024,
  max_find_results: 500,
  max_list_entries: 500,
};

const worlds: HostileWorld[] = [];
afterEach(async () => {
  for (const world of worlds.splice(0)) await world.dispose();
});

describe('the worker sandbox against hostile actions', () => {
  it('2,000 generated actions over all five tools: zero escapes, every path refusal a violation', async () => {
    const world = await buildHostileWorld();
    worlds.push(world);
    const sandbox = await openSandbox({ allowed: [world.workspace], denied: world.denied });
    const outsideBefore = fingerprint(world.outside);
    const deniedBefore = fingerprint(world.denied[0]!);
    const baseBefore = readdirSync(world.base).sort();
    const actions = hostileActions(world, 12, 2000);
    const counts = new Map<string, number>();
    const problems: string[] = [];
    const refusals = new Map<string, number>();
    for (const { action, kind, expect: wanted, given } of actions) {
      counts.set(kind, (counts.get(kind) ?? 0) + 1);
      const result = await runAction(action, { sandbox, limits: LIMITS });
      const where = `${action.tool} ${JSON.stringify(given).slice(0, 80)} (${kind})`;
      const leaked = leaksIn(world, JSON.stringify(result), given);
      if (leaked.length > 0)
        problems.push(`${where}: leaked ${leaked.join(', ')}: ${JSON.stringify(result)}`);
      if (wanted !== 'any' && result.ok) problems.push(`${where}: succeeded: ${JSON.stringify(result)}`);
      if (wanted === 'violation' && !(!result.ok && result.violation === true))
        problems.push(`${where}: not a violation: ${JSON.stringify(result)}`);
      // Whatever the class: a refusal for where the path leads is always flagged.
      if (!result.ok && result.violation !== true && REFUSAL_WORDS.some((w) => result.error.includes(w)))
        problems.push(`${where}: a path refusal not flagged: ${result.error}`);
      if (!result.ok) refusals.set(kind, (refusals.get(kind) ?? 0) + 1);
    }
    expect(problems).toEqual([]);
    expect(fingerprint(world.outside)).toEqual(outsideBefore);
    expect(fingerprint(world.denied[0]!)).toEqual(deniedBefore);
    expect(readdirSync(world.base).sort()).toEqual(baseBefore);
    // Every class was exercised, and all five tools.
    expect([...counts.keys()].sort()).toEqual(
      [
        'absolute-outside',
        'denied',
        'link-out',
        'lookalike',
        'nul-byte',
        'overlong',
        'special-file',
        'through-link-out',
        'traversal',
      ].sort(),
    );
    expect(new Set(actions.map((a) => a.action.tool)).size).toBe(5);
    for (const [kind, count] of counts) expect(count, kind).toBeGreaterThan(200);
    expect(refusals.get('traversal')).toBe(counts.get('traversal'));
    // No temp file was left anywhere in the workspace.
    expect([...fingerprint(world.workspace).keys()].filter((p) => /\.\d+\.\d+\.tmp$/.test(p))).toEqual([]);
  });

  it('a process swapping a directory and a file for links to the outside during 3,000 operations: nothing leaks', async () => {
    const world = await buildHostileWorld();
    worlds.push(world);
    const sandbox = await openSandbox({ allowed: [world.workspace], denied: world.denied });
    const outsideBefore = fingerprint(world.outside);
    const deniedBefore = fingerprint(world.denied[0]!);
    const baseBefore = readdirSync(world.base).sort();
    // Links to the outside, and into the denied .git (which holds a secret.txt too).
    const swapper = startSwapper(join(world.workspace, 'race'), [world.outside, world.denied[0]!]);
    let swapperErr: string | undefined;
    const problems: string[] = [];
    const outcomes = { ok: 0, violation: 0, failed: 0 };
    try {
      await swapper.started;
      const ops = [
        { tool: 'read_file', args: { path: 'race/dir/f.txt' } },
        { tool: 'read_file', args: { path: 'race/file.txt' } },
        { tool: 'read_file', args: { path: 'race/dir/secret.txt' } },
        { tool: 'write_file', args: { path: 'race/dir/f.txt', content: 'written\n' } },
        { tool: 'write_file', args: { path: 'race/file.txt', content: 'written\n' } },
        { tool: 'write_file', args: { path: 'race/dir/secret.txt', content: 'overwritten\n' } },
        { tool: 'create_file', args: { path: 'race/dir/new/deeper.txt', content: 'new\n' } },
        { tool: 'list_directory', args: { path: 'race/dir' } },
        { tool: 'find_files', args: { pattern: '*', start_path: 'race', max_depth: 5 } },
      ];
      for (let i = 0; i < 3000; i++) {
        const op = ops[i % ops.length]!;
        const action =
          op.tool === 'create_file' ? { ...op, args: { ...op.args, path: `race/dir/new-${i}/f.txt` } } : op;
        const result = await runAction(action, { sandbox, limits: LIMITS });
        if (result.ok) outcomes.ok++;
        else if (result.violation) outcomes.violation++;
        else outcomes.failed++;
        const leaked = leaksIn(world, JSON.stringify(result));
        if (leaked.length > 0)
          problems.push(`${action.tool} ${JSON.stringify(action.args)}: leaked ${leaked.join(', ')}`);
      }
    } finally {
      swapperErr = await swapper.stop();
    }
    expect(alive([swapper.pid])).toEqual([]);
    expect(swapperErr).toBe('');
    expect(fingerprint(world.denied[0]!)).toEqual(deniedBefore);
    expect(problems).toEqual([]);
    expect(fingerprint(world.outside)).toEqual(outsideBefore);
    expect(readdirSync(world.base).sort()).toEqual(baseBefore);
    // The race was real: some operations went through, some were refused.
    expect(outcomes.ok).toBeGreaterThan(0);
    expect(outcomes.violation).toBeGreaterThan(0);
  });
});
