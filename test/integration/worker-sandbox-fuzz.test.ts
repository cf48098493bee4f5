// The worker's sandbox under fire: generated hostile actions (all five tools, every escape class) against a
// workspace next to an "outside" directory whose files hold a unique sentinel, and a real race: another process
// keeps swapping a directory and a file in the workspace for symbolic links to the outside while reads and writes
// run. Zero escapes: no result or error text holds the sentinel or an outside name, no outside (or denied) file
// changes, no new file appears outside, and every path-based refusal is a violation.
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { lstatSync, mkdirSync, readdirSync, readFileSync, readlinkSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { openSandbox } from '../../src/worker/sandbox.js';
import { runAction, type ToolResult } from '../../src/worker/tools/run-action.js';
import { alive } from '../support/processes.js';
import { buildHostileWorld, hostileActions, type HostileWorld } from '../support/hostile-paths.js';

const LIMITS = {
  max_read_bytes: 64 * 1024,
  max_write_bytes: 64 * 1024,
  max_find_results: 500,
  max_list_entries: 500,
};

/** Every entry under `dir` (links not followed) with a hash of what it holds. */
function snapshot(dir: string): Map<string, string> {
  const seen = new Map<string, string>();
  const walk = (path: string): void => {
    const stats = lstatSync(path);
    const rel = relative(dir, path) || '.';
    if (stats.isSymbolicLink()) seen.set(rel, `link:${readlinkSync(path)}`);
    else if (stats.isDirectory()) {
      seen.set(rel, 'dir');
      for (const name of readdirSync(path)) walk(join(path, name));
    } else if (stats.isFile())
      seen.set(rel, createHash('sha256').update(readFileSync(path)).digest('hex') + `:${stats.mode}`);
    else seen.set(rel, 'special');
  };
  walk(dir);
  return seen;
}

/** The text the model would see, minus the path it gave itself (messages echo that, by design). */
function seenText(result: ToolResult, given: string): string {
  const text = JSON.stringify(result);
  return given === '' ? text : text.split(JSON.stringify(given).slice(1, -1)).join('').split(given).join('');
}

function leaks(world: HostileWorld, text: string): string[] {
  return [world.sentinel, ...world.outsideNames].filter((needle) => text.includes(needle));
}

const worlds: HostileWorld[] = [];
afterEach(async () => {
  for (const world of worlds.splice(0)) await world.dispose();
});

describe('the worker sandbox against hostile actions', () => {
  it('1,200 generated actions over all five tools: zero escapes, every path refusal a violation', async () => {
    const world = await buildHostileWorld();
    worlds.push(world);
    const sandbox = await openSandbox({ allowed: [world.workspace], denied: world.denied });
    const outsideBefore = snapshot(world.outside);
    const deniedBefore = snapshot(world.denied[0]!);
    const baseBefore = readdirSync(world.base).sort();
    const actions = hostileActions(world, 12, 1200);
    const counts = new Map<string, number>();
    const problems: string[] = [];
    for (const { action, kind, expect: wanted, given } of actions) {
      counts.set(kind, (counts.get(kind) ?? 0) + 1);
      const result = await runAction(action, { sandbox, limits: LIMITS });
      const where = `${action.tool} ${JSON.stringify(given).slice(0, 80)} (${kind})`;
      const leaked = leaks(world, seenText(result, given));
      if (leaked.length > 0)
        problems.push(`${where}: leaked ${leaked.join(', ')}: ${JSON.stringify(result)}`);
      if (wanted !== 'any' && result.ok) problems.push(`${where}: succeeded: ${JSON.stringify(result)}`);
      if (wanted === 'violation' && !(!result.ok && result.violation === true))
        problems.push(`${where}: not a violation: ${JSON.stringify(result)}`);
    }
    expect(problems).toEqual([]);
    expect(snapshot(world.outside)).toEqual(outsideBefore);
    expect(snapshot(world.denied[0]!)).toEqual(deniedBefore);
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
    // No temp file was left anywhere in the workspace.
    expect([...snapshot(world.workspace).keys()].filter((p) => p.includes('.ah-worker-'))).toEqual([]);
  });

  it('a process swapping a directory and a file for links to the outside during 600 operations: nothing leaks', async () => {
    const world = await buildHostileWorld();
    worlds.push(world);
    const race = join(world.workspace, 'race');
    mkdirSync(join(race, 'dir'), { recursive: true });
    writeFileSync(join(race, 'dir', 'f.txt'), 'inside\n');
    writeFileSync(join(race, 'file.txt'), 'inside\n');
    const sandbox = await openSandbox({ allowed: [world.workspace], denied: world.denied });
    const outsideBefore = snapshot(world.outside);
    const racer = spawn(process.execPath, ['-e', RACER, race, world.outside], {
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let racerErr = '';
    racer.stderr.on('data', (chunk: Buffer) => (racerErr += chunk.toString()));
    const problems: string[] = [];
    const outcomes = { ok: 0, violation: 0, failed: 0 };
    try {
      await new Promise((done) => setTimeout(done, 50)); // let it start swapping
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
      for (let i = 0; i < 600; i++) {
        const op = ops[i % ops.length]!;
        const action =
          op.tool === 'create_file' ? { ...op, args: { ...op.args, path: `race/dir/new-${i}/f.txt` } } : op;
        const result = await runAction(action, { sandbox, limits: LIMITS });
        if (result.ok) outcomes.ok++;
        else if (result.violation) outcomes.violation++;
        else outcomes.failed++;
        const leaked = leaks(world, JSON.stringify(result));
        if (leaked.length > 0)
          problems.push(`${action.tool} ${JSON.stringify(action.args)}: leaked ${leaked.join(', ')}`);
      }
    } finally {
      racer.kill('SIGKILL');
      await new Promise((done) =>
        racer.exitCode !== null || racer.signalCode !== null ? done(null) : racer.once('exit', done),
      );
    }
    expect(alive([racer.pid!])).toEqual([]);
    expect(racerErr).toBe('');
    expect(problems).toEqual([]);
    expect(snapshot(world.outside)).toEqual(outsideBefore);
    // The race was real: some operations went through, some were refused.
    expect(outcomes.ok).toBeGreaterThan(0);
    expect(outcomes.ok).toBeLessThan(600);
  });
});

/** Swaps race/dir and race/file.txt between the real thing and a link to the outside, as fast as it can. */
const RACER = `
const fs = require('node:fs');
const path = require('node:path');
const [race, outside] = process.argv.slice(1);
const dir = path.join(race, 'dir'), parked = path.join(race, 'dir.parked');
const file = path.join(race, 'file.txt'), tmpLink = path.join(race, '.link'), tmpFile = path.join(race, '.file');
const quiet = (fn) => { try { fn(); } catch {} };
for (;;) {
  quiet(() => fs.renameSync(dir, parked));
  quiet(() => fs.symlinkSync(outside, dir));
  quiet(() => { fs.symlinkSync(path.join(outside, 'secret.txt'), tmpLink); fs.renameSync(tmpLink, file); });
  quiet(() => fs.unlinkSync(dir));
  quiet(() => fs.renameSync(parked, dir));
  quiet(() => { fs.writeFileSync(tmpFile, 'inside\\n'); fs.renameSync(tmpFile, file); });
}
`;
