// Sessions in transient scopes of the user's systemd manager, where this user may write no cgroup itself: the
// agent runs under `systemd-run --user --scope --unit=agent-harness-run-…-<n>.scope` (which puts itself in the
// scope before it executes the agent), and its end looks the scope's cgroup up and empties it like any other (the
// user owns the cgroups of its manager's scopes); systemd collects the empty scope. A sweep at the start stops the
// scopes of dead runs.
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import type { Clock } from './clock-spawn.js';
import {
  cgroupDir,
  inScope,
  orphanRuns,
  parseScopeUnit,
  runName,
  scopeUnit,
  type Cgroup2Mount,
  type RunOwner,
} from './cgroup.js';
import { endCgroup } from './cgroup-fs.js';
import type { RunContainment, SessionCgroup, SweptRun } from './cgroup-types.js';
import type { EndHow } from './process-group.js';
import { processStart } from './proc.js';

const run = promisify(execFile);

async function systemctl(...args: string[]): Promise<string> {
  try {
    return (await run('systemctl', ['--user', ...args], { timeout: 10_000 })).stdout;
  } catch {
    return '';
  }
}

/** The scopes of this user's manager whose names are the harness's. */
async function harnessScopes(): Promise<string[]> {
  const out = await systemctl(
    'list-units',
    '--all',
    '--plain',
    '--no-legend',
    '--full',
    `agent-harness-run-*`,
  );
  return out
    .split('\n')
    .map((line) => line.trim().split(/\s+/)[0] ?? '')
    .filter((unit) => parseScopeUnit(unit) !== null);
}

/** Empties a scope through its cgroup (SIGKILL by systemd where the cgroup cannot be found) and stops it. */
async function endScope(
  unit: string,
  mount: Cgroup2Mount | null,
  graceMs: number,
  clock: Clock,
): Promise<{ count: number; how: EndHow }> {
  const path = (await systemctl('show', '--property=ControlGroup', '--value', unit)).trim();
  const dir = mount !== null && path !== '' ? cgroupDir(mount, path) : null;
  let result: { count: number; how: EndHow } = { count: 0, how: 'gone' };
  if (dir !== null) result = await endCgroup(dir, graceMs, clock);
  else if (path !== '') {
    await systemctl('kill', '--signal=SIGKILL', unit);
    result = { count: 0, how: 'kill' };
  }
  await systemctl('stop', unit);
  return result;
}

export async function openScopes(
  owner: RunOwner,
  mount: Cgroup2Mount | null,
  options: { clock: Clock; graceMs: number },
): Promise<{ run: RunContainment; swept: SweptRun[] }> {
  const swept: SweptRun[] = [];
  const units = await harnessScopes();
  const byRun = new Map<string, string[]>();
  for (const unit of units) {
    const of = runName(parseScopeUnit(unit)!);
    byRun.set(of, [...(byRun.get(of) ?? []), unit]);
  }
  const stillRunning = (pid: number, start: string) => processStart(pid) === start;
  for (const orphan of orphanRuns([...byRun.keys()], owner.pidns, stillRunning)) {
    for (const unit of byRun.get(orphan.name) ?? []) {
      const { count } = await endScope(unit, mount, options.graceMs, options.clock);
      swept.push({ where: unit, previousPid: orphan.owner.pid, count });
    }
  }
  const made = new Set<string>();
  const containment = { kind: 'systemd-scope' } as const;
  return {
    swept,
    run: {
      containment,
      path: null,
      session(global) {
        const unit = scopeUnit(owner, global);
        made.add(unit);
        return scopeSession(unit, mount, () => made.delete(unit));
      },
      async close(clock) {
        let count = 0;
        for (const unit of made) count += (await endScope(unit, mount, 0, clock)).count;
        return count;
      },
      prime: () => undefined,
    },
  };
}

function scopeSession(unit: string, mount: Cgroup2Mount | null, removed: () => void): SessionCgroup {
  return {
    where: unit,
    placementError: null,
    holdsAll: false,
    emptied: () => false,
    wrap: (command, args) => inScope(unit, command, args),
    spawnInside: (spawn) => spawn(),
    spawnInsideWhenReady: (spawn) => new Promise((resolve) => resolve(spawn())),
    prime: () => undefined,
    end: (graceMs, clock) => endScope(unit, mount, graceMs, clock),
    remove: async () => {
      await systemctl('stop', unit);
      removed();
      return true;
    },
  };
}
