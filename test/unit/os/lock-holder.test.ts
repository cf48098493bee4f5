// The one judgment of a lock's holder, for every lock: a record names one process once (pid, start time, boot);
// a bare pid is a holder only if it can be one (not pid 1, not the reader or its ancestors, alive, the lock's
// uid, in the lock's working directory). First from given facts, then against real processes.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { processIdentity } from '../../../src/os/liveness.js';
import { judgeHolder, judgeLockHolder, type HolderFacts } from '../../../src/os/lock/holder.js';
import { ancestry, processCwd, processUid } from '../../../src/os/proc.js';

const children: ChildProcess[] = [];
const scratch: string[] = [];
afterEach(async () => {
  for (const child of children.splice(0)) {
    if (child.exitCode !== null || child.signalCode !== null) continue;
    child.kill('SIGKILL');
    await new Promise((r) => child.once('exit', r));
  }
  for (const dir of scratch.splice(0)) rmSync(dir, { recursive: true, force: true });
});

const facts = (over: Partial<HolderFacts> = {}): HolderFacts => ({
  alive: true,
  start: '500',
  boot: 'boot-a',
  cwd: '/work/project',
  uid: 1000,
  readers: [40, 30, 1],
  ...over,
});
const place = { workDir: '/work/project', ownerUid: 1000 };
const bare = (pid: number) => ({ pid, record: null });

describe('judgeHolder, from facts', () => {
  it('a bare pid working in the project as the lock’s owner holds it, in a subdirectory too', () => {
    expect(judgeHolder(bare(77), place, facts())).toEqual({ held: true, pid: 77 });
    expect(judgeHolder(bare(77), place, facts({ cwd: '/work/project/src/deep' })).held).toBe(true);
  });

  it.each<[string, number, Partial<HolderFacts>, string]>([
    ['pid 1', 1, {}, 'pid 1 is the init process, never a lock holder'],
    ['the reader itself', 40, {}, 'pid 40 is this very process'],
    [
      'an ancestor of the reader',
      30,
      {},
      'pid 30 is an ancestor of this process (it started this run), not another session',
    ],
    ['a gone process', 77, { alive: false }, 'pid 77 is gone'],
    ['another uid', 77, { uid: 0 }, 'pid 77 runs as uid 0, the lock belongs to uid 1000'],
    ['another directory', 77, { cwd: '/home/me' }, 'pid 77 runs in /home/me, not in /work/project'],
    [
      'a directory that only starts like it',
      77,
      { cwd: '/work/project-old' },
      'pid 77 runs in /work/project-old, not in /work/project',
    ],
  ])('a bare pid that is %s is stale, saying why', (_name, pid, over, why) => {
    expect(judgeHolder(bare(pid), place, facts(over))).toEqual({ held: false, pid, why });
  });

  it('what the machine cannot tell (no /proc, a process not ours to read) does not make a holder stale', () => {
    expect(judgeHolder(bare(77), place, facts({ cwd: null, uid: null })).held).toBe(true);
    expect(
      judgeHolder(bare(77), { workDir: null, ownerUid: null }, facts({ cwd: '/elsewhere', uid: 0 })).held,
    ).toBe(true);
    // Without /proc the reader knows only itself and its parent; pid 1 and they are still no holders.
    expect(judgeHolder(bare(1), place, facts({ readers: [40, 30] })).held).toBe(false);
  });

  it('a record is held by that very process only, wherever it runs, pid 1 and ancestors included', () => {
    const record = (pid: number, start = '500', boot: string | null = 'boot-a') => ({
      pid,
      record: { pid, start, boot },
    });
    const elsewhere = facts({ cwd: '/', uid: 0 });
    expect(judgeHolder(record(1), place, elsewhere)).toEqual({ held: true, pid: 1 });
    expect(judgeHolder(record(30), place, elsewhere).held).toBe(true);
    expect(judgeHolder(record(77, '499'), place, facts())).toMatchObject({
      held: false,
      why: 'pid 77 is no longer the process that took it (another start time)',
    });
    expect(judgeHolder(record(77, '500', 'boot-b'), place, facts())).toMatchObject({
      held: false,
      why: 'its owner record is from another boot',
    });
    expect(judgeHolder(record(77), place, facts({ alive: false, start: null }))).toMatchObject({
      held: false,
      why: 'pid 77 is gone',
    });
    // A record without a start time says nothing a bare pid does not.
    expect(judgeHolder({ pid: 1, record: { pid: 1, start: null, boot: null } }, place, facts()).held).toBe(
      false,
    );
  });
});

describe('judgeLockHolder, against real processes', () => {
  const project = () => {
    const dir = mkdtempSync(join(tmpdir(), 'ah-holder-'));
    scratch.push(dir);
    mkdirSync(join(dir, 'src'));
    return dir;
  };
  const sleeper = async (cwd: string) => {
    const child = spawn('sleep', ['60'], { cwd, stdio: 'ignore' });
    children.push(child);
    await new Promise((r) => child.once('spawn', r));
    return child.pid!;
  };
  const uid = process.getuid!();

  it('/proc tells a process’s directory, uid and ancestors', async () => {
    const dir = project();
    const pid = await sleeper(join(dir, 'src'));
    expect(processCwd(pid)).toBe(join(dir, 'src'));
    expect(processUid(pid)).toBe(uid);
    expect(ancestry().slice(0, 2)).toEqual([process.pid, process.ppid]);
    expect(ancestry(pid)).toEqual([pid, ...ancestry()]);
  });

  it('a process working in the project, or below it, holds it; one working elsewhere does not', async () => {
    const dir = project();
    const here = { workDir: dir, ownerUid: uid };
    expect(judgeLockHolder(bare(await sleeper(dir)), here).held).toBe(true);
    expect(judgeLockHolder(bare(await sleeper(join(dir, 'src'))), here).held).toBe(true);
    const elsewhere = await sleeper(tmpdir());
    expect(judgeLockHolder(bare(elsewhere), here)).toEqual({
      held: false,
      pid: elsewhere,
      why: `pid ${elsewhere} runs in ${tmpdir()}, not in ${dir}`,
    });
    // A lock whose holder may work anywhere (the worker's): held.
    expect(judgeLockHolder(bare(elsewhere), { workDir: null, ownerUid: uid }).held).toBe(true);
  });

  it('pid 1, this process, its parent and a gone process are no holders; a record of this process is', () => {
    const anywhere = { workDir: null, ownerUid: null };
    expect(judgeLockHolder(bare(1), anywhere).held).toBe(false);
    expect(judgeLockHolder(bare(process.pid), anywhere).held).toBe(false);
    expect(judgeLockHolder(bare(process.ppid), anywhere).held).toBe(false);
    const gone = spawnSync('true').pid;
    expect(judgeLockHolder(bare(gone), anywhere)).toMatchObject({ held: false, why: `pid ${gone} is gone` });
    const me = processIdentity();
    expect(judgeLockHolder({ pid: me.pid, record: me }, anywhere)).toEqual({ held: true, pid: me.pid });
  });
});
