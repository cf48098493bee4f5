// The task lock between real processes: two contenders started within a millisecond of each other, stale
// locks left by dead processes, and the lock freed when its holder exits normally or on SIGTERM.
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { LockHeldError, acquireLock, lockDirFor, type TaskLock } from '../../src/tasks/lock.js';
import { fixtureBundle } from '../support/build.js';
import { killRecorded, pidAlive, remember } from '../support/processes.js';

const ROOT = resolve(import.meta.dirname, '..', '..');
const HOLDER = fixtureBundle('lock-holder');

interface Event {
  event: string;
  pid: number;
  name?: string;
  message?: string;
  holderPid?: number | null;
  reclaimed?: boolean;
  reclaimedFrom?: number | null;
  reclaimedWhy?: string | null;
}

interface Holder {
  child: ChildProcess;
  next(): Promise<Event>;
  send(command: string): void;
  exit: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

const children: ChildProcess[] = [];
const locks: TaskLock[] = [];
/** Holders started under a shell: the shell is in `children`, the holder itself here. */
const grandchildren: number[] = [];

afterEach(async () => {
  for (const child of children.splice(0))
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  killRecorded(grandchildren.splice(0));
  for (const lock of locks.splice(0)) await lock.release();
});

/**
 * A process that takes the lock on `go`. With `shellIn`, it runs under a shell that stays its parent, in that
 * directory (a bash loop starting the harness); the shell is `child`.
 */
function startHolder(cwd: string, tmp: string, shellIn?: string): Holder {
  const child =
    shellIn === undefined
      ? spawn(process.execPath, [HOLDER, cwd, tmp], { cwd: ROOT, stdio: ['pipe', 'pipe', 'pipe'] })
      : spawn('/bin/sh', ['-c', '"$0" "$@"; exit $?', process.execPath, HOLDER, cwd, tmp], {
          cwd: shellIn,
          stdio: ['pipe', 'pipe', 'pipe'],
        });
  children.push(child);
  const events: Event[] = [];
  const waiters: Array<(e: Event) => void> = [];
  let stderr = '';
  let buffered = '';
  child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
  child.stdout.on('data', (d: Buffer) => {
    buffered += d.toString();
    let newline;
    while ((newline = buffered.indexOf('\n')) >= 0) {
      const event = JSON.parse(buffered.slice(0, newline)) as Event;
      buffered = buffered.slice(newline + 1);
      const waiter = waiters.shift();
      if (waiter) waiter(event);
      else events.push(event);
    }
  });
  const exit = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((r) =>
    child.on('exit', (code, signal) => r({ code, signal })),
  );
  return {
    child,
    exit,
    send: (command) => child.stdin.write(`${command}\n`),
    next: () => {
      const queued = events.shift();
      if (queued) return Promise.resolve(queued);
      return new Promise<Event>((resolveEvent, reject) => {
        const timer = setTimeout(() => reject(new Error(`holder said nothing; stderr: ${stderr}`)), 20_000);
        waiters.push((e) => {
          clearTimeout(timer);
          resolveEvent(e);
        });
        const exited = () => setTimeout(() => reject(new Error(`holder exited; stderr: ${stderr}`)), 200);
        exit.then(exited, exited);
      });
    },
  };
}

async function acquiredHolder(cwd: string, tmp: string): Promise<Holder> {
  const holder = startHolder(cwd, tmp);
  expect((await holder.next()).event).toBe('ready');
  holder.send(`go ${Date.now()}`);
  const acquired = await holder.next();
  expect(acquired).toMatchObject({ event: 'acquired', pid: holder.child.pid });
  return holder;
}

/** The pid of a process that has exited. */
async function deadPid(): Promise<number> {
  const child = spawn(process.execPath, ['-e', '']);
  const pid = child.pid!;
  await new Promise((r) => child.on('exit', r));
  return pid;
}

/**
 * A live process that is not us, in `cwd`: a holder as a bash agent following the protocol is (it works in the
 * project), or, elsewhere, an unrelated process.
 */
function sleeper(cwd: string): ChildProcess {
  const child = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 120000)'], { cwd, stdio: 'ignore' });
  children.push(child);
  return child;
}

const spawned = (child: ChildProcess) => new Promise((r) => child.once('spawn', r));

const scratch = () => {
  const base = mkdtempSync(join(tmpdir(), 'ah-lock-'));
  const cwd = join(base, 'project');
  mkdirSync(cwd);
  return { cwd, tmp: base };
};

describe('task lock between processes', () => {
  it('two processes contending: exactly one wins, the other is refused naming the winner', async () => {
    for (let round = 0; round < 6; round++) {
      const { cwd, tmp } = scratch();
      const a = startHolder(cwd, tmp);
      const b = startHolder(cwd, tmp);
      expect((await a.next()).event).toBe('ready');
      expect((await b.next()).event).toBe('ready');
      const at = Date.now() + 200;
      a.send(`go ${at}`);
      b.send(`go ${at}`);
      const results = [await a.next(), await b.next()];
      const winners = results.filter((r) => r.event === 'acquired');
      const losers = results.filter((r) => r.event === 'refused');
      expect(winners).toHaveLength(1);
      expect(losers).toHaveLength(1);
      const winner = winners[0]!;
      expect(losers[0]).toMatchObject({ name: 'LockHeldError', holderPid: winner.pid });
      expect(losers[0]!.message).toContain(`pid=${winner.pid}`);
      const dir = lockDirFor(cwd, tmp);
      expect(readFileSync(join(dir, 'pid'), 'utf8')).toBe(`${winner.pid}\n`);

      const winnerHolder = winner.pid === a.child.pid ? a : b;
      winnerHolder.send('release');
      expect(await winnerHolder.next()).toMatchObject({ event: 'released' });
      expect((await a.exit).code).toBe(winner.pid === a.child.pid ? 0 : 1);
      expect((await b.exit).code).toBe(winner.pid === b.child.pid ? 0 : 1);
      expect(existsSync(dir)).toBe(false);
    }
  });

  it('reclaims a stale lock whose pid is dead, reporting whose it was', async () => {
    const { cwd, tmp } = scratch();
    const dead = await deadPid();
    const dir = lockDirFor(cwd, tmp);
    mkdirSync(dir);
    writeFileSync(join(dir, 'pid'), `${dead}\n`);
    const holder = startHolder(cwd, tmp);
    expect((await holder.next()).event).toBe('ready');
    holder.send(`go ${Date.now()}`);
    expect(await holder.next()).toMatchObject({ event: 'acquired', reclaimed: true, reclaimedFrom: dead });
    expect(readFileSync(join(dir, 'pid'), 'utf8')).toBe(`${holder.child.pid}\n`);
    expect(existsSync(`${dir}.stale.${holder.child.pid}`)).toBe(false);
    holder.send('release');
    await holder.exit;
    expect(existsSync(dir)).toBe(false);
  });

  it('frees the lock when the holder exits normally (event loop drained, or process.exit)', async () => {
    const { cwd, tmp } = scratch();
    const dir = lockDirFor(cwd, tmp);
    const drained = await acquiredHolder(cwd, tmp);
    expect(existsSync(join(dir, 'pid'))).toBe(true);
    drained.send('end');
    expect(await drained.exit).toEqual({ code: 0, signal: null });
    expect(existsSync(dir)).toBe(false);

    const exited = await acquiredHolder(cwd, tmp);
    expect(existsSync(join(dir, 'pid'))).toBe(true);
    exited.send('exit');
    expect(await exited.exit).toEqual({ code: 0, signal: null });
    expect(existsSync(dir)).toBe(false);
  });

  it('frees the lock when the holder is stopped with SIGTERM', async () => {
    const { cwd, tmp } = scratch();
    const dir = lockDirFor(cwd, tmp);
    const holder = await acquiredHolder(cwd, tmp);
    expect(existsSync(join(dir, 'pid'))).toBe(true);
    holder.child.kill('SIGTERM');
    expect(await holder.exit).toEqual({ code: 143, signal: null });
    expect(existsSync(dir)).toBe(false);
  });

  it('a SIGKILLed holder leaves a stale lock the next acquirer reclaims from its pid', async () => {
    const { cwd, tmp } = scratch();
    const dir = lockDirFor(cwd, tmp);
    const holder = await acquiredHolder(cwd, tmp);
    const pid = holder.child.pid!;
    holder.child.kill('SIGKILL');
    await holder.exit;
    expect(readFileSync(join(dir, 'pid'), 'utf8')).toBe(`${pid}\n`);
    const lock = await acquireLock(cwd, { tmpDir: tmp });
    locks.push(lock);
    expect(lock).toMatchObject({ reclaimed: true, reclaimedFrom: pid, pid: process.pid });
  });

  it("exiting does not remove a lock that is no longer the holder's", async () => {
    const { cwd, tmp } = scratch();
    const dir = lockDirFor(cwd, tmp);
    const holder = await acquiredHolder(cwd, tmp);
    const other = sleeper(cwd);
    // Taken over: another holder's lock directory (a reclaimer moves ours aside and makes its own).
    rmSync(dir, { recursive: true });
    mkdirSync(dir);
    writeFileSync(join(dir, 'pid'), `${other.pid}\n`);
    holder.send('exit');
    await holder.exit;
    expect(readFileSync(join(dir, 'pid'), 'utf8')).toBe(`${other.pid}\n`);
  });
});

describe('a lock the agent rewrote', () => {
  it('pid=1 written over a SIGKILLed holder’s lock: judged by the holder’s own record, reclaimed', async () => {
    const { cwd, tmp } = scratch();
    const dir = lockDirFor(cwd, tmp);
    const holder = await acquiredHolder(cwd, tmp);
    const holderPid = holder.child.pid!;
    writeFileSync(join(dir, 'pid'), '1\n'); // the agent, while the holder runs
    holder.child.kill('SIGKILL');
    await holder.exit;
    const lock = await acquireLock(cwd, { tmpDir: tmp });
    locks.push(lock);
    expect(lock).toMatchObject({ reclaimed: true, reclaimedFrom: holderPid, pid: process.pid });
  });

  it('while the holder lives, a rewritten pid or garbage does not free the lock', async () => {
    const { cwd, tmp } = scratch();
    const dir = lockDirFor(cwd, tmp);
    const holder = await acquiredHolder(cwd, tmp);
    for (const text of ['1\n', 'garbage']) {
      writeFileSync(join(dir, 'pid'), text);
      const error = (await acquireLock(cwd, { tmpDir: tmp }).catch((e: unknown) => e)) as LockHeldError;
      expect(error).toBeInstanceOf(LockHeldError);
      expect(error.holderPid).toBe(holder.child.pid);
    }
  });

  it('a holder exiting normally removes its lock even after the agent rewrote the pid', async () => {
    const { cwd, tmp } = scratch();
    const dir = lockDirFor(cwd, tmp);
    const holder = await acquiredHolder(cwd, tmp);
    writeFileSync(join(dir, 'pid'), '1\n');
    holder.send('exit');
    await holder.exit;
    expect(existsSync(dir)).toBe(false);
  });

  it('a pid reused by another live process after a crash is not the holder', async () => {
    const { cwd, tmp } = scratch();
    const dir = lockDirFor(cwd, tmp);
    const other = sleeper(tmp);
    await spawned(other);
    mkdirSync(dir);
    writeFileSync(join(dir, 'pid'), `${other.pid}\n`);
    // The record of a process that had this pid before, with another start time.
    writeFileSync(join(dir, 'owner'), JSON.stringify({ pid: other.pid, start: '1', boot: null }));
    const lock = await acquireLock(cwd, { tmpDir: tmp });
    locks.push(lock);
    expect(lock).toMatchObject({ reclaimed: true, reclaimedFrom: other.pid });
  });
});

describe('a lock an agent made, without the harness’s record', () => {
  /** A lock directory as the bash protocol makes it: `mkdir`, then the pid alone. */
  function forge(dir: string, pid: string): void {
    mkdirSync(dir);
    writeFileSync(join(dir, 'pid'), pid);
  }

  it('pid=1 is no holder: reclaimed at once, saying why', async () => {
    const { cwd, tmp } = scratch();
    forge(lockDirFor(cwd, tmp), '1\n');
    const lock = await acquireLock(cwd, { tmpDir: tmp });
    locks.push(lock);
    expect(lock).toMatchObject({ reclaimed: true, reclaimedFrom: 1 });
    expect(lock.reclaimedWhy).toMatch(/pid 1 is the init process/);
  });

  it('a live process working in another directory is no holder', async () => {
    const { cwd, tmp } = scratch();
    const elsewhere = sleeper(tmp);
    await spawned(elsewhere);
    forge(lockDirFor(cwd, tmp), `${elsewhere.pid}\n`);
    const lock = await acquireLock(cwd, { tmpDir: tmp });
    locks.push(lock);
    expect(lock).toMatchObject({ reclaimed: true, reclaimedFrom: elsewhere.pid });
    expect(lock.reclaimedWhy).toBe(`pid ${elsewhere.pid} runs in ${tmp}, not in ${cwd}`);
  });

  it('garbage in the pid file is no lock being made, even in a directory dated in the future', async () => {
    const { cwd, tmp } = scratch();
    const dir = lockDirFor(cwd, tmp);
    forge(dir, 'pid=1\n');
    writeFileSync(join(dir, 'owner'), 'not a record');
    const later = new Date(Date.now() + 86_400_000);
    utimesSync(dir, later, later);
    const lock = await acquireLock(cwd, { tmpDir: tmp, freshMs: 60_000 });
    locks.push(lock);
    expect(lock).toMatchObject({ reclaimed: true, reclaimedFrom: null });
    expect(lock.reclaimedWhy).toMatch(/no pid/);

    // No pid at all, dated in the future: not a lock someone is making either.
    await lock.release();
    mkdirSync(dir);
    utimesSync(dir, later, later);
    const again = await acquireLock(cwd, { tmpDir: tmp, freshMs: 60_000 });
    locks.push(again);
    expect(again).toMatchObject({ reclaimed: true, reclaimedWhy: 'its directory is dated in the future' });
  });

  it('an owner record without a start time is judged by its pid: pid 1 is no holder', async () => {
    const { cwd, tmp } = scratch();
    const dir = lockDirFor(cwd, tmp);
    forge(dir, '1\n');
    writeFileSync(join(dir, 'owner'), JSON.stringify({ pid: 1, start: null, boot: null }));
    const lock = await acquireLock(cwd, { tmpDir: tmp });
    locks.push(lock);
    expect(lock).toMatchObject({ reclaimed: true, reclaimedFrom: 1 });
  });

  it('the shell that started the reader is no other session, though it works in the project', async () => {
    const { cwd, tmp } = scratch();
    const holder = startHolder(cwd, tmp, cwd);
    const shell = holder.child.pid!;
    forge(lockDirFor(cwd, tmp), `${shell}\n`);
    const ready = await holder.next();
    grandchildren.push(remember(ready.pid));
    holder.send(`go ${Date.now()}`);
    const acquired = await holder.next();
    expect(acquired).toMatchObject({ event: 'acquired', reclaimed: true, reclaimedFrom: shell });
    expect(acquired.reclaimedWhy).toMatch(new RegExp(`pid ${shell} is an ancestor of this process`));
    holder.send('release');
    expect((await holder.exit).code).toBe(0);
    expect(pidAlive(ready.pid)).toBe(false);
  });

  it('a bash agent holding it, working in the project or below, still holds it', async () => {
    const { cwd, tmp } = scratch();
    const dir = lockDirFor(cwd, tmp);
    mkdirSync(join(cwd, 'src'));
    for (const where of [cwd, join(cwd, 'src')]) {
      const agent = sleeper(where);
      await spawned(agent);
      forge(dir, `${agent.pid}\n`);
      const error = (await acquireLock(cwd, { tmpDir: tmp }).catch((e: unknown) => e)) as LockHeldError;
      expect(error).toBeInstanceOf(LockHeldError);
      expect(error.holderPid).toBe(agent.pid);
      expect(readFileSync(join(dir, 'pid'), 'utf8')).toBe(`${agent.pid}\n`);
      rmSync(dir, { recursive: true });
    }
  });
});

describe('task lock in one process', () => {
  it('lives at /tmp/harness-<first 8 hex of sha256(cwd)>.lock, as the bash protocol names it', () => {
    const cwd = '/home/someone/project';
    const hash = createHash('sha256').update(cwd).digest('hex').slice(0, 8);
    expect(lockDirFor(cwd)).toBe(`/tmp/harness-${hash}.lock`);
    expect(lockDirFor(cwd, '/var/tmp')).toBe(`/var/tmp/harness-${hash}.lock`);
    let fromShell: string | null = null;
    try {
      fromShell = execFileSync('sh', ['-c', `printf '%s' "$0" | sha256sum | cut -c1-8`, cwd], {
        encoding: 'utf8',
      });
    } catch {
      // no sha256sum here
    }
    if (fromShell !== null) expect(fromShell.trim()).toBe(hash);
  });

  it('refuses a second acquisition while held, naming the holder', async () => {
    const { cwd, tmp } = scratch();
    const lock = await acquireLock(cwd, { tmpDir: tmp });
    locks.push(lock);
    expect(lock).toMatchObject({ reclaimed: false, reclaimedFrom: null });
    const error = (await acquireLock(cwd, { tmpDir: tmp }).catch((e: unknown) => e)) as LockHeldError;
    expect(error).toBeInstanceOf(LockHeldError);
    expect(error.holderPid).toBe(process.pid);
    expect(error.message).toContain(`pid=${process.pid}`);
  });

  it('release removes only our own lock, and is idempotent', async () => {
    const { cwd, tmp } = scratch();
    const dir = lockDirFor(cwd, tmp);
    const mine = await acquireLock(cwd, { tmpDir: tmp });
    expect(readFileSync(join(dir, 'pid'), 'utf8')).toBe(`${process.pid}\n`);
    await mine.release();
    expect(existsSync(dir)).toBe(false);
    await mine.release();

    const again = await acquireLock(cwd, { tmpDir: tmp });
    const other = sleeper(cwd);
    await spawned(other);
    rmSync(dir, { recursive: true }); // someone else's now
    mkdirSync(dir);
    writeFileSync(join(dir, 'pid'), `${other.pid}\n`);
    await again.release();
    expect(readFileSync(join(dir, 'pid'), 'utf8')).toBe(`${other.pid}\n`);
    await expect(acquireLock(cwd, { tmpDir: tmp })).rejects.toThrow(`pid=${other.pid}`);
  });

  it('a fresh lock directory with no pid yet is held, not stale', async () => {
    const { cwd, tmp } = scratch();
    const dir = lockDirFor(cwd, tmp);
    const other = sleeper(cwd);
    await spawned(other);
    mkdirSync(dir); // another process has made it and is about to write its pid
    setTimeout(() => writeFileSync(join(dir, 'pid'), `${other.pid}\n`), 300);
    const started = Date.now();
    const error = (await acquireLock(cwd, { tmpDir: tmp }).catch((e: unknown) => e)) as LockHeldError;
    expect(error).toBeInstanceOf(LockHeldError);
    expect(error.holderPid).toBe(other.pid);
    expect(Date.now() - started).toBeGreaterThanOrEqual(250);
    expect(readFileSync(join(dir, 'pid'), 'utf8')).toBe(`${other.pid}\n`);
  });

  it('an old lock directory with no pid is stale: reclaimed, from nobody', async () => {
    const { cwd, tmp } = scratch();
    const dir = lockDirFor(cwd, tmp);
    mkdirSync(dir);
    const old = new Date(Date.now() - 10_000);
    utimesSync(dir, old, old);
    const lock = await acquireLock(cwd, { tmpDir: tmp });
    locks.push(lock);
    expect(lock).toMatchObject({ reclaimed: true, reclaimedFrom: null });
    expect(readFileSync(join(dir, 'pid'), 'utf8')).toBe(`${process.pid}\n`);
  });

  it('a pid-less directory that never gets a pid becomes stale after freshMs', async () => {
    const { cwd, tmp } = scratch();
    const dir = lockDirFor(cwd, tmp);
    mkdirSync(dir);
    const started = Date.now();
    const lock = await acquireLock(cwd, { tmpDir: tmp, freshMs: 400 });
    locks.push(lock);
    expect(Date.now() - started).toBeGreaterThanOrEqual(300);
    expect(lock.reclaimed).toBe(true);
  });
});
