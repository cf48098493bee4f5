// Hostile paths and hostile file-system setups for the worker's sandbox (the actions deterministic from a seed,
// the names unique per build): a workspace next to an "outside" directory full of files holding a unique sentinel,
// wired with every way out a model (or a process racing the worker) could try: `..` in its spellings, absolute
// paths outside, /proc/self/root, devices, FIFOs, a socket, symbolic links out (direct, through a chain, into a
// denied directory, dangling), loops, very long names. The worker's tests and the end-to-end request-leak fuzz
// both use it; nothing here asserts (the checks and the racing process are in hostile-race.ts).
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** A small, fast, seeded PRNG (mulberry32): the same seed gives the same sequence everywhere. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export interface HostileWorld {
  /** Holds the workspace and the outside directory side by side. */
  base: string;
  /** The sandbox's workspace (allowed). */
  workspace: string;
  /** Next to the workspace, not allowed: every file in it holds the sentinel. */
  outside: string;
  /** Denied paths inside the workspace (their files hold the sentinel too). */
  denied: string[];
  /** A unique string in every outside and denied file: it must never reach a result. */
  sentinel: string;
  /**
   * Names of outside entries, each unique (the outside dir's own first, its subdirectory second): none may appear
   * in a listing or result.
   */
  outsideNames: string[];
  /** Ends the socket listener and removes everything. */
  dispose(): Promise<void>;
}

/**
 * What a hostile action may do. `violation`: it must fail flagged as a violation. `fail`: it must fail (a link in
 * the way of create_file, a FIFO, a loop, an overlong name). `any`: a strange but harmless name; it may succeed,
 * as long as nothing escapes.
 */
export type Expect = 'violation' | 'fail' | 'any';

export interface HostileAction {
  action: { tool: string; args: Record<string, unknown> };
  /** The escape class, for counting. */
  kind: string;
  expect: Expect;
  /** The path the model gave (messages may echo it). */
  given: string;
}

const SECRET_FILES = ['secret.txt', 'id_rsa', 'f.txt', 'config'];

/** Builds the setup under the system temp dir (prefix `ah-`). */
export async function buildHostileWorld(prefix = 'ah-hostile-'): Promise<HostileWorld> {
  const base = mkdtempSync(join(tmpdir(), prefix));
  const sentinel = `SENTINEL-${randomBytes(8).toString('hex')}`;
  const workspace = join(base, 'ws');
  const outsideName = `outside-${randomBytes(4).toString('hex')}`;
  const deeper = `deeper-${randomBytes(4).toString('hex')}`;
  const outside = join(base, outsideName);
  for (const dir of [
    workspace,
    outside,
    join(outside, deeper),
    join(workspace, 'src'),
    join(workspace, '.git'),
  ])
    mkdirSync(dir, { recursive: true });
  const outsideNames = [outsideName, deeper];
  for (const name of SECRET_FILES) {
    const unique = `${name.replace('.', '-')}-${randomBytes(3).toString('hex')}`;
    writeFileSync(join(outside, name), `${sentinel} ${name}\n`);
    writeFileSync(join(outside, deeper, unique), `${sentinel} deeper\n`);
    writeFileSync(join(workspace, '.git', name), `${sentinel} denied ${name}\n`);
    outsideNames.push(unique);
  }
  writeFileSync(join(workspace, 'src', 'main.ts'), 'export const inside = true;\n');
  writeFileSync(join(workspace, 'README.md'), '# inside\n');
  const link = (target: string, name: string) => symlinkSync(target, join(workspace, name));
  link(join(outside, 'secret.txt'), 'out-file');
  link(outside, 'out-dir');
  link(`../${outsideName}/secret.txt`, 'out-relative');
  link('chain-b', 'chain-a');
  link('chain-c', 'chain-b');
  link(outside, 'chain-c');
  link('.git', 'git-link');
  link(join(workspace, '.git', 'config'), 'git-file-link');
  link(join(outside, 'missing.txt'), 'dangling-out');
  link('nowhere.txt', 'dangling-in');
  link('loop-b', 'loop-a');
  link('loop-a', 'loop-b');
  link('/dev/zero', 'dev-link');
  link('/proc/self/root', 'proc-root');
  link('src/main.ts', 'in-link');
  link('src', 'in-dir-link');
  mkdirSync(join(workspace, 'nested', 'deep'), { recursive: true });
  symlinkSync(outside, join(workspace, 'nested', 'deep', 'escape'));
  spawnSync('mkfifo', [join(workspace, 'fifo')]);
  const server: Server = createServer();
  await new Promise<void>((done) => server.listen(join(workspace, 'sock'), done));
  return {
    base,
    workspace,
    outside,
    denied: [join(workspace, '.git')],
    sentinel,
    outsideNames,
    dispose: async () => {
      await new Promise<void>((done) => server.close(() => done()));
      rmSync(base, { recursive: true, force: true });
    },
  };
}

interface Template {
  kind: string;
  /** Paths of this kind (given the world): each a string the model might send. */
  paths: (w: HostileWorld) => string[];
  expect: Expect;
  /** The last component exists in the workspace (create_file then fails as "exists", maybe not a violation). */
  exists?: boolean;
}

const up = (n: number, sep = '../') => sep.repeat(n);

const TEMPLATES: Template[] = [
  {
    kind: 'traversal',
    expect: 'violation',
    paths: (w) => {
      const out = w.outside.slice(w.base.length + 1);
      return [
        `${up(1)}${out}/secret.txt`,
        `${up(8)}etc/passwd`,
        `src/${up(2)}${out}/id_rsa`,
        `./${up(1)}${out}`,
        `src/./../../${out}/f.txt`,
        `${up(1, '..\\')}${out}\\secret.txt`,
        'src/..',
        '..',
        '../',
        `${w.workspace}/../${out}/secret.txt`,
        `new-dir/${up(3)}${out}/new.txt`,
      ];
    },
  },
  {
    kind: 'absolute-outside',
    expect: 'violation',
    paths: (w) => [
      join(w.outside, 'secret.txt'),
      join(w.outside, 'new-file.txt'),
      w.outside,
      `/${w.outside}//${w.outsideNames[1]}`,
      '/etc/passwd',
      '/',
      `/proc/self/root${w.outside}/secret.txt`,
      `/proc/self/root${w.workspace}/README.md`,
      '/proc/self/environ',
      `/proc/self/cwd/${w.outside.slice(w.base.length + 1)}/config`,
      '/dev/zero',
      '/dev/stdin',
      '/dev/null',
      '/tmp',
      w.base,
    ],
  },
  {
    kind: 'nul-byte',
    expect: 'violation',
    paths: (w) => ['README.md\0', `src\0/../../${w.outside}`, '\0', `${w.workspace}/\0x`],
  },
  {
    kind: 'denied',
    expect: 'violation',
    paths: () => ['.git', '.git/', '.git/config', './.git/secret.txt', '.git/new-file', '.git//id_rsa'],
  },
  {
    kind: 'link-out',
    expect: 'violation',
    exists: true,
    paths: () => [
      'out-file',
      'out-relative',
      'chain-a',
      'git-link',
      'git-file-link',
      'dangling-out',
      'dev-link',
      'proc-root',
      'nested/deep/escape',
    ],
  },
  {
    kind: 'through-link-out',
    expect: 'violation',
    paths: (w) => [
      'out-dir/secret.txt',
      'out-dir/new-file.txt',
      `out-dir/${w.outsideNames[1]}`,
      'chain-a/id_rsa',
      'chain-a/new/dir/file.txt',
      'git-link/config',
      'git-link/new-file',
      'nested/deep/escape/f.txt',
      `proc-root${w.outside}/secret.txt`,
      'proc-root/etc/passwd',
    ],
  },
  {
    kind: 'special-file',
    expect: 'fail',
    exists: true,
    paths: () => ['fifo', 'sock', 'loop-a', 'loop-b/x', 'dangling-in/x'],
  },
  {
    kind: 'overlong',
    expect: 'fail',
    paths: () => ['a'.repeat(300), `${'d/'.repeat(2100)}x`, `src/${'n'.repeat(5000)}.txt`],
  },
  {
    kind: 'lookalike',
    expect: 'any',
    paths: () => [
      '%2e%2e/%2e%2e/etc/passwd',
      '..%2f..%2fetc',
      '....//....//secret.txt',
      '.../x',
      '\u2024\u2024/secret.txt',
      '\uff0e\uff0e/secret.txt',
      '..\u2215..\u2215secret.txt',
      'src/%00.txt',
      '...',
      '.hidden/..x/a',
      'src/./main.ts',
      './README.md',
      'in-link',
      'in-dir-link/main.ts',
      'dangling-in',
      'src/',
      '~/secret.txt',
      '$HOME/secret.txt',
      ' ',
    ],
  },
];

const TOOLS = ['read_file', 'write_file', 'create_file', 'list_directory', 'find_files'] as const;
const PATTERNS = ['*', '**', '*.txt', 'secret*', '**/secret.txt', '../*', '/**', '**/../*', '{a,b}', '[!.]*'];

/** Every path of every class, for a given world (the classes in order). */
export function hostilePaths(world: HostileWorld): Array<{ kind: string; path: string; expect: Expect }> {
  return TEMPLATES.flatMap((t) => t.paths(world).map((path) => ({ kind: t.kind, path, expect: t.expect })));
}

/** `count` hostile actions over all five tools, deterministic from `seed`. */
export function hostileActions(world: HostileWorld, seed: number, count: number): HostileAction[] {
  const random = seededRandom(seed);
  const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)]!;
  const actions: HostileAction[] = [];
  for (let i = 0; i < count; i++) {
    const template = TEMPLATES[i % TEMPLATES.length]!;
    const path = pick(template.paths(world));
    const tool = pick(TOOLS);
    const content = `written ${i}`;
    let expect = template.expect;
    if (tool === 'create_file' && template.exists && expect === 'violation') expect = 'fail';
    const args: Record<string, unknown> =
      tool === 'find_files'
        ? { pattern: pick(PATTERNS), start_path: path, max_depth: Math.floor(random() * 21) }
        : tool === 'write_file' || tool === 'create_file'
          ? { path, content }
          : { path };
    actions.push({ action: { tool, args }, kind: template.kind, expect, given: path });
  }
  return actions;
}
