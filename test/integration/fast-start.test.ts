// Starting fast (issue 24): the CLI boots Node a second time (the relaunch for its heap flag) only for a command
// that supervises agents, loads only the modules of the command it runs, and keeps V8's compiled code in the
// user's cache directory, never in the work tree. A preloaded recorder (test/fixtures/boot-recorder.mjs) says
// which boots and module files a real run of the CLI went through.
import { existsSync, mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, it } from 'vitest';
import { processAlive } from '../../src/os/liveness.js';
import { makeWorkdir, ROOT, runHarness, startHarness, testConfig, type Workdir } from '../support/workdir.js';

const RECORDER = join(ROOT, 'test', 'fixtures', 'boot-recorder.mjs');
const RESULT = JSON.stringify({
  type: 'result',
  subtype: 'success',
  is_error: false,
  result: 'Done: this line is long enough to count as real output for the harness, not an empty session.',
});
const shellAgent = () => ({ agent: { command: '/bin/sh', args: ['-c', `printf '%s\\n' '${RESULT}'`] } });

interface Recorded {
  boots: string[][];
  /** The text of every module file loaded, by URL. */
  loaded: Map<string, string>;
}

/** Runs the CLI with the recorder preloaded; relaunch on unless env says otherwise. */
async function recorded(w: Workdir, args: string[], env: NodeJS.ProcessEnv = {}): Promise<Recorded> {
  const log = join(mkdtempSync(join(tmpdir(), 'ah-boots-')), 'log');
  const run = startHarness(w, args, {
    AGENT_HARNESS_NO_RELAUNCH: '',
    NODE_OPTIONS: `--import=${RECORDER}`,
    AH_BOOT_LOG: log,
    ...env,
  });
  const pid = run.child.pid!;
  const { code } = await run.exit;
  if (code !== 0) throw new Error(`exit ${code}: ${run.stderr()}`);
  if (processAlive(pid)) throw new Error(`the CLI (${pid}) is still there`);
  const lines = readFileSync(log, 'utf8').split('\n').filter(Boolean);
  const boots = lines
    .filter((l) => l.startsWith('boot '))
    .map((l) => JSON.parse(l.split(' ').slice(2).join(' ')) as string[]);
  const loaded = new Map<string, string>();
  for (const l of lines.filter((line) => line.startsWith('load '))) {
    const url = l.slice('load '.length);
    loaded.set(url, readFileSync(new URL(url), 'utf8'));
  }
  return { boots, loaded };
}

// What marks a dependency's code in the build (the bundle names its chunks by hash).
const MARKS = {
  zod: 'ZodError',
  yaml: 'YAMLParseError',
  handlebars: 'function requireHandlebars',
  actions: 'ACTIONS_RUNTIME_TOKEN',
} as const;
const loads = (r: Recorded, mark: keyof typeof MARKS): boolean =>
  [...r.loaded.values()].some((text) => text.includes(MARKS[mark]));

describe.concurrent('starting fast', () => {
  it('--version boots Node once and loads neither the config schema, the parsers nor the review templates', async ({
    expect,
  }) => {
    const r = await recorded(makeWorkdir(), ['--version']);
    expect(r.boots).toEqual([[]]); // NODE_OPTIONS flags are not in execArgv
    for (const mark of ['zod', 'yaml', 'handlebars', 'actions'] as const)
      expect(loads(r, mark), mark).toBe(false);
  });

  it('a loop run relaunches once with the heap flag, and loads the config but not the review mode or the Action', async ({
    expect,
  }) => {
    const w = makeWorkdir({ config: testConfig(shellAgent()), git: true });
    const r = await recorded(w, []);
    expect(r.boots).toHaveLength(2);
    expect(r.boots[1]).toContain('--max-semi-space-size=1');
    expect(loads(r, 'zod') && loads(r, 'yaml')).toBe(true);
    expect(loads(r, 'handlebars')).toBe(false);
    expect(loads(r, 'actions')).toBe(false);
    expect(w.events().filter((e) => e.event === 'session_complete')).toMatchObject([
      { outcome: 'productive' },
    ]);
  });

  it('no relaunch where the flag is already given in NODE_OPTIONS, nor for --dry-run or a subcommand', async ({
    expect,
  }) => {
    const w = makeWorkdir({ config: testConfig(shellAgent()) });
    const given = await recorded(w, [], { NODE_OPTIONS: `--import=${RECORDER} --max-semi-space-size=1` });
    expect(given.boots).toHaveLength(1);
    expect((await recorded(w, ['--dry-run'])).boots).toHaveLength(1);
    expect((await recorded(w, ['tmplvars'])).boots).toHaveLength(1);
  });

  it('the history commands that stream bulk relaunch once (metrics export), the short ones not (metrics status)', async ({
    expect,
  }) => {
    const w = makeWorkdir({ config: testConfig(shellAgent()) });
    const exported = await recorded(w, ['metrics', 'export', '--format', 'csv']);
    expect(exported.boots).toHaveLength(2);
    expect((await recorded(w, ['metrics', 'status'])).boots).toHaveLength(1);
  });
});

describe.concurrent('the compile cache', () => {
  const cacheFiles = (dir: string): string[] =>
    existsSync(dir) ? readdirSync(dir, { recursive: true, encoding: 'utf8' }) : [];

  it('lives in $HOME/.cache/agent-harness/compile-cache (or $XDG_CACHE_HOME), nothing in the work tree', async ({
    expect,
  }) => {
    const home = mkdtempSync(join(tmpdir(), 'ah-home-'));
    const w = makeWorkdir({ config: testConfig(shellAgent()) });
    const before = readdirSync(w.dir).sort();
    await recorded(w, ['--version'], { HOME: home, XDG_CACHE_HOME: '', NODE_COMPILE_CACHE: '' });
    expect(cacheFiles(join(home, '.cache', 'agent-harness', 'compile-cache')).length).toBeGreaterThan(1);
    expect(readdirSync(w.dir).sort()).toEqual(before);

    const xdg = mkdtempSync(join(tmpdir(), 'ah-xdg-'));
    await recorded(w, ['--version'], { HOME: home, XDG_CACHE_HOME: xdg, NODE_COMPILE_CACHE: '' });
    expect(cacheFiles(join(xdg, 'agent-harness', 'compile-cache')).length).toBeGreaterThan(1);
  });

  it('is off with NODE_DISABLE_COMPILE_CACHE, follows NODE_COMPILE_CACHE, and is never made inside the work tree', async ({
    expect,
  }) => {
    const home = mkdtempSync(join(tmpdir(), 'ah-home-'));
    const w = makeWorkdir({ config: testConfig(shellAgent()) });
    await recorded(w, ['--version'], {
      HOME: home,
      XDG_CACHE_HOME: '',
      NODE_COMPILE_CACHE: '',
      NODE_DISABLE_COMPILE_CACHE: '1',
    });
    expect(existsSync(join(home, '.cache'))).toBe(false);

    const own = mkdtempSync(join(tmpdir(), 'ah-own-cache-'));
    await recorded(w, ['--version'], { HOME: home, XDG_CACHE_HOME: '', NODE_COMPILE_CACHE: own });
    expect(cacheFiles(own).length).toBeGreaterThan(1);
    expect(existsSync(join(home, '.cache'))).toBe(false);

    // A home that holds the work tree (the cache would land inside it): no cache at all.
    const before = readdirSync(w.dir).sort();
    const run = await runHarness(w, ['--version'], {
      HOME: home,
      XDG_CACHE_HOME: w.dir,
      NODE_COMPILE_CACHE: '',
    });
    expect(run.code).toBe(0);
    expect(readdirSync(w.dir).sort()).toEqual(before);
  });
});
