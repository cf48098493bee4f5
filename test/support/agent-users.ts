// What the tests of a killed isolated run look at: the agent's users in /etc/passwd, the ACLs left on a tree, the
// files not root's, processes found by a marker in their command line; and the removal of the users and the
// temp directory they made, whatever the test did.
import { execFileSync } from 'node:child_process';
import { chmodSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestContext } from 'vitest';
import { processesOf } from '../../src/os/agent-user.js';
import { findExecutable } from '../../src/os/executable.js';
import { pidAlive } from './processes.js';

/** Root on Linux with the tools `agent.isolation = "user"` needs. */
export const canIsolate =
  process.platform === 'linux' &&
  process.getuid?.() === 0 &&
  ['setpriv', 'setfacl', 'getfacl', 'useradd'].every((tool) => findExecutable(tool, '/', process.env));

/** The log line naming the run's own user (a sweep's warning names the dead one's as agent_user too). */
export const USER_LINE = /isolation=user agent_user=(agent-harness-[0-9a-f]{8})/;

/** getfacl's entries beyond the mode bits: '' when there is no ACL (recursively by default). */
export const acls = (path: string, recursive = true): string =>
  execFileSync('getfacl', [...(recursive ? ['-R'] : []), '-s', '-p', path], { encoding: 'utf8' });

/** Everything under `path` that root does not own, one per line. */
export const notRoot = (path: string): string =>
  execFileSync('find', [path, '!', '-user', 'root'], { encoding: 'utf8' });

export const userLine = (name: string): boolean =>
  new RegExp(`^${name}:`, 'm').test(readFileSync('/etc/passwd', 'utf8'));

/** Live processes whose command line holds `marker`. */
export function marked(marker: string): number[] {
  return readdirSync('/proc')
    .filter((entry) => /^\d+$/.test(entry))
    .filter((pid) => {
      try {
        return readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes(marker);
      } catch {
        return false;
      }
    })
    .map(Number)
    .filter(pidAlive);
}

/** A temp directory of the test's own (TMPDIR for its harnesses) that an agent's user can pass to its home. */
export function ownTmp(onTestFinished: TestContext['onTestFinished']): string {
  const dir = mkdtempSync(join(tmpdir(), 'ah-sweep-tmp-'));
  chmodSync(dir, 0o755);
  onTestFinished(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
}

/** Removes a user a test made or left, ending its processes first; nothing when there is none. */
export function removeUser(name: string): void {
  let uid: number;
  try {
    uid = Number(execFileSync('id', ['-u', name], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }));
  } catch {
    return;
  }
  for (let round = 0; round < 100; round++) {
    for (const pid of processesOf(uid)) {
      try {
        process.kill(pid, 'SIGKILL');
      } catch {
        // gone
      }
    }
    try {
      execFileSync('userdel', [name], { stdio: 'ignore' });
      return;
    } catch {
      // a process of the user was still on its way out
      execFileSync('sleep', ['0.05']);
    }
  }
}

/** Ends the marked processes and removes the named users and their homes under `tmp` when the test ends. */
export function cleanUp(
  onTestFinished: TestContext['onTestFinished'],
  marker: string,
  names: string[],
  tmp: string,
): void {
  onTestFinished(() => {
    for (const pid of marked(marker)) process.kill(pid, 'SIGKILL');
    for (const name of names) removeUser(name);
    for (const name of names) rmSync(join(tmp, name), { recursive: true, force: true });
  });
}
