// The run's user is removed when its killed processes stay zombies. An orphan's parent is PID 1, which reaps when
// it likes: a VM's init polls (a second or more under load), a job container's `tail -f /dev/null` never does. A
// zombie is dead and userdel does not count it, so waiting for it to go only ran out the deadline and left the
// user behind. Root only (useradd, setpriv).
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { describe, it } from 'vitest';
import {
  createAgentUser,
  endAgentProcesses,
  lookupUser,
  processesOf,
  removeAgentUser,
} from '../../src/os/agent-user.js';
import { readProcStat } from '../../src/os/proc.js';
import { systemClock } from '../../src/os/system-clock.js';
import { canIsolate, ownTmp, removeUser } from '../support/agent-users.js';
import { pidAlive, remember } from '../support/processes.js';

describe.runIf(canIsolate)("the agent's user and its zombies", { timeout: 60_000 }, () => {
  it('ends the live processes, leaves the zombies to their parent, and removes the user', async ({
    expect,
    onTestFinished,
  }) => {
    const baseDir = ownTmp(onTestFinished);
    const cookie = `${Date.now().toString(16).slice(-8)}${process.pid.toString(16)}`.padEnd(32, '0');
    const user = await createAgentUser({
      privilege: 'root',
      cookie,
      baseDir,
      identity: { name: null, email: null },
    });
    onTestFinished(() => removeUser(user.name));
    // A parent of root's that never waits for its children, as a container's PID 1: its child, run as the agent's
    // user, stays a zombie once killed, for as long as the parent lives.
    const parent = spawn(
      'sh',
      ['-c', `setpriv --reuid=${user.uid} --regid=${user.gid} --clear-groups -- sleep 600 & exec sleep 600`],
      { stdio: 'ignore', detached: true },
    );
    onTestFinished(() => {
      if (pidAlive(parent.pid!)) process.kill(-parent.pid!, 'SIGKILL');
    });
    remember(parent.pid!);
    let child: number | undefined;
    for (let tries = 0; child === undefined && tries < 500; tries++) {
      child = processesOf(user.uid)[0];
      if (child === undefined) await systemClock.sleep(10);
    }
    expect(child, 'the child running as the agent user').toBeDefined();

    expect(await endAgentProcesses(user, systemClock, 5_000)).toBe(1);
    expect(readProcStat(child!)?.state, 'the child is a zombie its parent does not reap').toBe('Z');
    expect(processesOf(user.uid)).toEqual([]);
    await removeAgentUser(user, systemClock);
    expect(await lookupUser(user.name)).toBeNull();
    expect(existsSync(user.home)).toBe(false);

    process.kill(-parent.pid!, 'SIGKILL');
    for (let tries = 0; pidAlive(parent.pid!) && tries < 500; tries++) await systemClock.sleep(10);
    expect(pidAlive(parent.pid!)).toBe(false);
  });
});
