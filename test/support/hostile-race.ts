// The racing half of the hostile set-up (see hostile-paths.ts) and the checks: another process that keeps swapping
// a directory and a file in the workspace for symbolic links to the outside (and into a denied directory) while
// the worker's tools run; a fingerprint of a tree to prove afterwards that nothing outside changed; what of the
// outside shows in a result; the words of a refusal that must be flagged as a violation.
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { lstatSync, mkdirSync, readdirSync, readFileSync, readlinkSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import type { HostileWorld } from './hostile-paths.js';

/**
 * What of the outside (the sentinel, an outside name) shows in `text`, a result or message the model would see.
 * `given`, the path the model sent, is taken out first: messages echo it by design.
 */
export function leaksIn(world: HostileWorld, text: string, given = ''): string[] {
  let seen = text;
  if (given !== '')
    for (const form of [given, JSON.stringify(given).slice(1, -1)]) seen = seen.split(form).join('');
  return [world.sentinel, ...world.outsideNames].filter((needle) => seen.includes(needle));
}

/** Words that say a path was refused for where it leads: such a refusal must be flagged as a violation. */
export const REFUSAL_WORDS = [
  'outside the allowed paths',
  'a protected path',
  'may not go up',
  'NUL byte',
  'changed while in use',
  'where none was expected',
];

/** Every entry under `dir` (links not followed) with a hash of what it holds: equal before and after, or not. */
export function fingerprint(dir: string): Map<string, string> {
  const seen = new Map<string, string>();
  const walk = (path: string): void => {
    const stats = lstatSync(path);
    const rel = relative(dir, path) || '.';
    if (stats.isSymbolicLink()) seen.set(rel, `link:${readlinkSync(path)}`);
    else if (stats.isDirectory()) {
      seen.set(rel, 'dir');
      for (const name of readdirSync(path)) walk(join(path, name));
    } else if (stats.isFile())
      seen.set(rel, `${createHash('sha256').update(readFileSync(path)).digest('hex')}:${stats.mode}`);
    else seen.set(rel, 'special');
  };
  walk(dir);
  return seen;
}

export interface Swapper {
  pid: number;
  /** Resolves once the file has been seen as a link: the swapping has begun. */
  started: Promise<void>;
  /** Kills it and waits until it is gone; resolves to what it wrote on stderr (nothing, if all went well). */
  stop(): Promise<string>;
}

/**
 * Makes `<race>/dir/f.txt` and `<race>/file.txt` (both holding "inside") and starts a process that swaps them, as
 * fast as it can, for links to each of `targets` in turn (a directory for dir, its `secret.txt` for the file).
 */
export function startSwapper(race: string, targets: string[]): Swapper {
  mkdirSync(join(race, 'dir'), { recursive: true });
  writeFileSync(join(race, 'dir', 'f.txt'), 'inside\n');
  writeFileSync(join(race, 'file.txt'), 'inside\n');
  const child = spawn(process.execPath, ['-e', SWAPPER, race, ...targets], {
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const exited = new Promise<void>((done) => child.once('exit', () => done()));
  const started = new Promise<void>((done) => {
    const look = (): void => {
      let linked = false;
      try {
        linked = lstatSync(join(race, 'file.txt')).isSymbolicLink();
      } catch {
        // mid-swap
      }
      if (linked || child.exitCode !== null) done();
      else setTimeout(look, 2);
    };
    look();
  });
  return {
    pid: child.pid!,
    started,
    stop: async () => {
      child.kill('SIGKILL');
      await exited;
      return stderr;
    },
  };
}

const SWAPPER = `
const fs = require('node:fs');
const path = require('node:path');
const [race, ...targets] = process.argv.slice(1);
const dir = path.join(race, 'dir'), parked = path.join(race, 'dir.parked');
const file = path.join(race, 'file.txt'), tmpLink = path.join(race, '.link'), tmpFile = path.join(race, '.file');
const quiet = (fn) => { try { fn(); } catch {} };
for (let i = 0; ; i++) {
  const target = targets[i % targets.length];
  quiet(() => fs.renameSync(dir, parked));
  quiet(() => fs.symlinkSync(target, dir));
  quiet(() => { fs.symlinkSync(path.join(target, 'secret.txt'), tmpLink); fs.renameSync(tmpLink, file); });
  quiet(() => fs.unlinkSync(dir));
  quiet(() => fs.renameSync(parked, dir));
  quiet(() => { fs.writeFileSync(tmpFile, 'inside\\n'); fs.renameSync(tmpFile, file); });
}
`;
