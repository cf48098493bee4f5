// A harness killed outright under agent.isolation = "user" leaves its agent's user, a daemon of that user, the ACL
// entries on the tree, on a directory agent.env names and on its closed parent, and files the agent's user owns.
// The next isolated start undoes all of it from the run's private record (os/isolation-record.ts,
// os/isolation-sweep.ts) before making a user of its own; isolation-sweep-records.test.ts shows what the sweep
// refuses to act on. Root only (useradd, setfacl, setpriv). The harnesses here use a temp directory of the test's
// own (TMPDIR), so no other test's start sweeps the record this one leaves on purpose, and this one's touch no
// other's.
import { randomBytes } from 'node:crypto';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, it } from 'vitest';
import { lookupUser, processesOf } from '../../src/os/agent-user.js';
import { isolationRecordDir, recordFile, type IsolationRecord } from '../../src/os/isolation-record.js';
import {
  acls,
  canIsolate,
  cleanUp,
  marked,
  notRoot,
  ownTmp,
  USER_LINE,
  userLine,
} from '../support/agent-users.js';
import { pidAlive, remember } from '../support/processes.js';
import { makeWorkdir, runHarness, startHarness, testConfig } from '../support/workdir.js';

const AGENT_SCRIPT = (marker: string) =>
  [
    'if [ -e second-run ]; then echo done; exit 0; fi',
    'echo made > agent-made.txt',
    'mkdir agent-dir && echo inner > agent-dir/inner.txt',
    'echo made > "$HOME/agent-home-file"',
    // A daemon no cookie, group or parent finds: only the sweep's every-process-of-the-user reaches it.
    `env -i /bin/sh -c '(setsid /bin/sh -c "while :; do sleep 1; done # ${marker}" >/dev/null 2>&1 &)'`,
    'echo started > started',
    'exec sleep 600',
  ].join('\n');

describe.runIf(canIsolate)('a killed isolated run is swept by the next start', { timeout: 180_000 }, () => {
  it('SIGKILL leaves the user, a daemon, the ACLs and its files; the next start undoes them all', async ({
    expect,
    onTestFinished,
  }) => {
    const tmp = ownTmp(onTestFinished);
    const closed = mkdtempSync(join(tmpdir(), 'ah-sweep-closed-')); // 0700: the agent passes by an ACL entry
    const place = join(closed, 'home');
    mkdirSync(place);
    onTestFinished(() => rmSync(closed, { recursive: true, force: true }));
    const marker = `isolation-sweep-daemon-${process.pid}-${randomBytes(4).toString('hex')}`;
    const names: string[] = [];
    cleanUp(onTestFinished, marker, names, tmp);
    const w = makeWorkdir({
      config: testConfig({
        agent: {
          isolation: 'user',
          command: 'sh',
          args: ['agent.sh'],
          format: 'text',
          prompt_via: 'stdin',
          env: { HOME: place },
        },
        watchdog: { stale_timeout_mins: 5 },
      }),
    });
    onTestFinished(() => rmSync(w.dir, { recursive: true, force: true }));
    writeFileSync(w.path('agent.sh'), AGENT_SCRIPT(marker));
    // No cgroup: a dead run's cgroup is swept by any start, which would end the daemon before the sweep here does.
    const env = { TMPDIR: tmp, AGENT_HARNESS_CGROUP: 'off' };

    const first = startHarness(w, [], env);
    await first.waitFor(() => w.exists('started') && marked(marker).length > 0);
    const name = USER_LINE.exec(first.stdout())![1]!;
    names.push(name);
    const ids = (await lookupUser(name))!;
    const daemons = marked(marker).map(remember);
    // Every process of the user now (its uid may be another run's user's by the end, once this one is gone).
    const agents = processesOf(ids.uid).map(remember);
    expect(agents.length).toBeGreaterThan(0);
    first.child.kill('SIGKILL');
    expect((await first.exit).signal).toBe('SIGKILL');

    // Everything is still there: the user and its daemon, the ACLs, the agent's files, the record.
    const records = isolationRecordDir(tmp, 0);
    const record = recordFile(records, name);
    expect(userLine(name)).toBe(true);
    expect(existsSync(join(tmp, name))).toBe(true);
    expect(daemons.filter(pidAlive).length).toBeGreaterThan(0);
    expect(acls(w.dir)).toContain(`user:${name}:`);
    expect(acls(place)).toContain(`user:${name}:`);
    expect(acls(closed, false)).toContain(`user:${name}:--x`);
    expect(statSync(w.path('agent-made.txt')).uid).toBe(ids.uid);
    expect(statSync(join(place, 'agent-home-file')).uid).toBe(ids.uid);
    expect(statSync(record).mode & 0o777).toBe(0o600);
    expect(statSync(records).mode & 0o777).toBe(0o700);
    const recorded = JSON.parse(readFileSync(record, 'utf8')) as IsolationRecord;
    expect(recorded).toMatchObject({
      user: { name, uid: ids.uid, gid: ids.gid, home: join(tmp, name) },
      harness: { pid: first.child.pid },
      privilege: 'root',
      owner: { uid: 0, gid: 0 },
    });
    expect(recorded.grants.map((grant) => grant.root)).toEqual([w.dir, place]);
    expect(recorded.grants[1]!.ancestors).toEqual([{ dir: closed, hadAcl: false }]);

    // The next start, with an agent that ends at once.
    writeFileSync(w.path('second-run'), '');
    const next = await runHarness(w, [], env);
    expect(next.code, next.stdout + next.stderr).toBe(0);
    const own = USER_LINE.exec(next.stdout)![1]!;
    names.push(own);
    expect(own).not.toBe(name);
    expect(next.stdout).toMatch(
      new RegExp(`\\[WARN\\] +isolation=swept agent_user=${name} uid=${ids.uid} .*trees=".*${w.dir}`),
    );
    expect(w.events().find((e) => e.event === 'isolation_swept')).toEqual({
      ts: expect.any(String),
      v: expect.any(Number),
      event: 'isolation_swept',
      user: name,
      uid: ids.uid,
      roots: [w.dir, place],
      processes: expect.any(Number),
      previous_pid: first.child.pid,
    });
    expect(Number(w.events().find((e) => e.event === 'isolation_swept')!.processes)).toBeGreaterThan(0);

    // Nothing of the killed run is left, nor of the second one.
    expect(marked(marker)).toEqual([]);
    expect(daemons.filter(pidAlive)).toEqual([]);
    expect(agents.filter(pidAlive)).toEqual([]);
    expect(userLine(name)).toBe(false);
    expect(userLine(own)).toBe(false);
    expect(existsSync(join(tmp, name))).toBe(false);
    expect(existsSync(join(tmp, own))).toBe(false);
    expect(acls(w.dir)).toBe('');
    expect(acls(place)).toBe('');
    expect(acls(closed, false)).toBe('');
    expect(notRoot(w.dir)).toBe('');
    expect(notRoot(place)).toBe('');
    expect(readFileSync(w.path('agent-dir/inner.txt'), 'utf8')).toBe('inner\n');
    expect(readdirSync(records)).toEqual([]);
  });
});
