// The sweep of killed isolated runs (os/isolation-sweep.ts), in-process against real users, ACLs and processes:
// a dead run is swept whole; a live harness's record is kept; a forged record (a name the harness never makes,
// uid 0, a uid that is not the name's, a gone user's uid another user holds now, a file that does not parse) is
// ignored with a warning and nothing it names is touched; a record of another PID namespace is left to it; a dead
// run whose tree a live run holds has its processes ended and the rest deferred. Root only (useradd, setfacl,
// setpriv). The records live in a temp directory of the test's own, which no harness of another test reads.
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, it, type TestContext } from 'vitest';
import type { AgentUser } from '../../src/os/agent-user.js';
import { pidNamespace } from '../../src/os/cgroup-fs.js';
import {
  isolationRecordDir,
  recordFile,
  writeIsolationRecord,
  type IsolationRecord,
} from '../../src/os/isolation-record.js';
import { sweepDeadIsolations } from '../../src/os/isolation-sweep.js';
import { processIdentity, type ProcessIdentity } from '../../src/os/liveness.js';
import { systemClock } from '../../src/os/system-clock.js';
import { grantTree } from '../../src/os/tree-access.js';
import { acls, canIsolate, notRoot, ownTmp, removeUser, userLine } from '../support/agent-users.js';
import { pidAlive } from '../support/processes.js';
import { waitUntil } from '../support/workdir.js';

/** A pid no process can have (above the kernel's largest pid_max): a harness that is surely gone. */
const DEAD_HARNESS: ProcessIdentity = { pid: 2 ** 22 + 1, start: '1', boot: null };

/** A user made by the test, removed after it with its processes. */
function testUser(onTestFinished: TestContext['onTestFinished'], name: string): { uid: number; gid: number } {
  execFileSync('useradd', ['--system', '--user-group', '--no-create-home', '--shell', '/bin/sh', name]);
  onTestFinished(() => removeUser(name));
  const id = (flag: string) => Number(execFileSync('id', [flag, name], { encoding: 'utf8' }).trim());
  return { uid: id('-u'), gid: id('-g') };
}

/** A process running as `ids` until the test ends. */
function runAs(
  onTestFinished: TestContext['onTestFinished'],
  ids: { uid: number; gid: number },
): ChildProcess {
  const child = spawn(
    'setpriv',
    [`--reuid=${ids.uid}`, `--regid=${ids.gid}`, '--clear-groups', 'sleep', '600'],
    {
      stdio: 'ignore',
    },
  );
  onTestFinished(() => void child.kill('SIGKILL'));
  return child;
}

const hex = () => randomBytes(4).toString('hex');

describe.runIf(canIsolate)('sweepDeadIsolations: what it acts on', { timeout: 120_000 }, () => {
  it('sweeps a dead run; keeps a live one; ignores forged records; defers a tree a live run holds', async ({
    expect,
    onTestFinished,
  }) => {
    const base = ownTmp(onTestFinished);
    const dir = isolationRecordDir(base, 0);
    const scratch = mkdtempSync(join(tmpdir(), 'ah-sweep-trees-'));
    onTestFinished(() => rmSync(scratch, { recursive: true, force: true }));
    const tree = (name: string) => {
      const path = join(scratch, name);
      mkdirSync(path, { recursive: true });
      return path;
    };
    const make = async (
      name: string,
      root: string | null,
      harness = DEAD_HARNESS,
      pidns = pidNamespace(),
    ) => {
      const ids = testUser(onTestFinished, name);
      const user: AgentUser = {
        name,
        ...ids,
        home: join(base, name),
        privilege: 'root',
        owner: { uid: 0, gid: 0 },
      };
      mkdirSync(user.home);
      const grants = root === null ? [] : [await grantTree(user, root, [])];
      const record: IsolationRecord = {
        version: 1,
        user: { name, uid: ids.uid, gid: ids.gid, home: user.home },
        harness,
        pidns,
        privilege: 'root',
        owner: { uid: 0, gid: 0 },
        grants,
      };
      writeIsolationRecord(recordFile(dir, name), record);
      return { ...ids, record, process: runAs(onTestFinished, ids) };
    };
    const forge = (file: string, record: IsolationRecord) => writeIsolationRecord(join(dir, file), record);

    // A dead run, with a file its user made in its tree; a live run (this very process is its harness); a dead
    // run inside the live one's tree.
    const deadName = `agent-harness-${hex()}`;
    const deadTree = tree('dead');
    const dead = await make(deadName, deadTree);
    writeFileSync(join(deadTree, 'made.txt'), '');
    execFileSync('chown', [`${dead.uid}:${dead.gid}`, join(deadTree, 'made.txt')]);
    const liveName = `agent-harness-${hex()}`;
    const liveTree = tree('live');
    const live = await make(liveName, liveTree, processIdentity());
    const innerName = `agent-harness-${hex()}`;
    const inner = await make(innerName, tree('live/inner'));
    // A run of another PID namespace (a container sharing the temp directory): its pid means nothing here.
    const elsewhereName = `agent-harness-${hex()}`;
    const elsewhere = await make(elsewhereName, tree('elsewhere'), DEAD_HARNESS, '1');

    // Forged: a bystander's uid under a name the harness never makes, under uid 0, under a real user's name
    // whose uid is not the bystander's, under a gone user's name; and a file that is no record.
    const bystanderName = `ah-sweep-by-${hex()}`;
    const bystander = testUser(onTestFinished, bystanderName);
    const bystanding = runAs(onTestFinished, bystander);
    const otherName = `agent-harness-${hex()}`;
    testUser(onTestFinished, otherName);
    const forged = (name: string, ids: { uid: number; gid: number }): IsolationRecord => ({
      version: 1,
      user: { name, ...ids, home: join(base, name) },
      harness: DEAD_HARNESS,
      pidns: pidNamespace(),
      privilege: 'root',
      owner: { uid: 0, gid: 0 },
      grants: [{ root: liveTree, before: '', ancestors: [] }],
    });
    const goneName = `agent-harness-${hex()}`;
    forge('ah-sweep-by.json', forged(bystanderName, bystander));
    const zeroName = `agent-harness-${hex()}`;
    forge(`${zeroName}.json`, forged(zeroName, { uid: 0, gid: 0 }));
    forge(`${otherName}.json`, forged(otherName, bystander));
    forge(`${goneName}.json`, forged(goneName, bystander));
    writeFileSync(join(dir, `agent-harness-${hex()}.json`), '{"version": 1, "user": ', { mode: 0o600 });

    const warnings: string[] = [];
    const swept = await sweepDeadIsolations({
      privilege: 'root',
      clock: systemClock,
      log: (_level, fields) => warnings.push(JSON.stringify(fields)),
      baseDir: base,
    });

    // The dead run: swept whole.
    expect(swept).toEqual([
      { user: deadName, uid: dead.uid, roots: [deadTree], processes: 1, previousPid: DEAD_HARNESS.pid },
    ]);
    await waitUntil(() => dead.process.exitCode !== null || dead.process.signalCode !== null, 'its process');
    expect(userLine(deadName)).toBe(false);
    expect(existsSync(join(base, deadName))).toBe(false);
    expect(acls(deadTree)).toBe('');
    expect(notRoot(deadTree)).toBe('');
    // Their common closed parent lost the dead run's entry alone.
    expect(acls(scratch, false)).not.toContain(deadName);
    expect(acls(scratch, false)).toContain(`user:${liveName}:--x`);
    expect(existsSync(recordFile(dir, deadName))).toBe(false);
    // The live run: untouched.
    expect(userLine(liveName)).toBe(true);
    expect(pidAlive(live.process.pid!)).toBe(true);
    expect(acls(liveTree, false)).toContain(`user:${liveName}:rwx`);
    expect(existsSync(recordFile(dir, liveName))).toBe(true);
    // The dead run inside it: its process ended, the rest left for after the live run.
    await waitUntil(
      () => inner.process.exitCode !== null || inner.process.signalCode !== null,
      'its process',
    );
    expect(userLine(innerName)).toBe(true);
    expect(existsSync(recordFile(dir, innerName))).toBe(true);
    expect(warnings.some((w) => w.includes(innerName) && w.includes('deferred'))).toBe(true);
    // The forged ones: every user, process and file as it was, each named in a warning.
    expect(pidAlive(bystanding.pid!)).toBe(true);
    expect(userLine(bystanderName)).toBe(true);
    expect(userLine(otherName)).toBe(true);
    expect(acls(join(liveTree, 'inner'), false)).toContain(`user:${innerName}:rwx`);
    const ignored = warnings.filter((w) => w.includes('"ignored"'));
    expect(ignored).toHaveLength(5);
    expect(ignored.join('\n')).toMatch(/ah-sweep-by\.json.*is not one the harness makes/);
    expect(ignored.join('\n')).toMatch(new RegExp(`${zeroName}\\.json.*uid 0 is root's`));
    expect(ignored.join('\n')).toMatch(
      new RegExp(`${otherName}\\.json.*is uid \\d+ gid \\d+ here, not ${bystander.uid}`),
    );
    expect(ignored.join('\n')).toMatch(new RegExp(`${goneName}\\.json.*now belongs to ${bystanderName}`));
    expect(ignored.join('\n')).toMatch(/not a record/);
    expect(userLine(elsewhereName)).toBe(true);
    expect(pidAlive(elsewhere.process.pid!)).toBe(true);
    expect(existsSync(recordFile(dir, elsewhereName))).toBe(true);
    expect(readdirSync(dir)).toHaveLength(8);
  });
});
