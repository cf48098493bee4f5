// What a killed run's isolation record may get done (os/isolation-sweep.ts), decided from the record and what the
// machine says, without the machine: a record naming a user the harness would not make, root's or the harness's
// own ids, a home elsewhere, a tree that is not a plain absolute path or an ancestor that is not its parent, is
// never acted on; a live harness's record is kept; a user whose uid is not the record's, or a gone user whose uid
// another user holds now, is left alone; a dead run's tree that a live run holds waits.
import { describe, expect, it } from 'vitest';
import type { IsolationRecord } from '../../../src/os/isolation-record.js';
import {
  judgeRecord,
  recordProblem,
  sharesTree,
  type RecordFacts,
  type Sweeper,
} from '../../../src/os/isolation-sweep.js';

const me: Sweeper = { uid: 1001, gid: 1001, baseDir: '/tmp' };
const NAME = 'agent-harness-0123abcd';
const PATH = `/tmp/agent-harness-isolation-1001/${NAME}.json`;

function record(
  over: Partial<IsolationRecord['user']> = {},
  rest: Partial<IsolationRecord> = {},
): IsolationRecord {
  return {
    version: 1,
    user: { name: NAME, uid: 990, gid: 990, home: `/tmp/${NAME}`, ...over },
    harness: { pid: 4242, start: '123', boot: 'b' },
    pidns: '4026531836',
    privilege: 'sudo',
    owner: { uid: 1001, gid: 1001 },
    grants: [
      { root: '/home/runner/work/repo', before: '', ancestors: [{ dir: '/home/runner', hadAcl: false }] },
    ],
    ...rest,
  };
}

const dead = (over: Partial<RecordFacts> = {}): RecordFacts => ({
  harnessAlive: false,
  ids: { uid: 990, gid: 990 },
  uidHolder: null,
  ...over,
});

describe('recordProblem: what a record may name', () => {
  it('passes a record the harness writes', () => {
    expect(recordProblem(record(), PATH, me)).toBeNull();
    expect(recordProblem(record({ uid: null, gid: null }), PATH, me)).toBeNull();
  });

  it.for([
    ['root', /user name "root" is not one the harness makes/],
    ['agent-harness-0123ABCD', /is not one the harness makes/],
    ['agent-harness-0123abcd0', /is not one the harness makes/],
    ['-r agent-harness-0123abcd', /is not one the harness makes/],
  ] as const)('refuses the user name %s', ([name, why]) => {
    expect(recordProblem(record({ name, home: `/tmp/${name}` }), PATH, me)).toMatch(why);
  });

  it("refuses root's ids and the harness's own", () => {
    expect(recordProblem(record({ uid: 0 }), PATH, me)).toMatch(/uid 0 is root's/);
    expect(recordProblem(record({ uid: 1001 }), PATH, me)).toMatch(/uid 1001 is root's or the harness's own/);
    expect(recordProblem(record({ gid: 0 }), PATH, me)).toMatch(/gid 0/);
    expect(recordProblem(record({ uid: -5 }), PATH, me)).toMatch(/uid -5/);
  });

  it('refuses a record of another harness user, another file name, a home elsewhere', () => {
    expect(recordProblem(record({}, { owner: { uid: 0, gid: 0 } }), PATH, me)).toMatch(/written for uid 0/);
    expect(recordProblem(record(), '/tmp/agent-harness-isolation-1001/other.json', me)).toMatch(/not named/);
    expect(recordProblem(record({ home: '/' }), PATH, me)).toMatch(/home \/ is not \/tmp\/agent-harness/);
    expect(recordProblem(record({ home: `/home/${NAME}` }), PATH, me)).toMatch(/home/);
  });

  it('refuses a tree that is not a plain absolute directory below /, an ancestor not its parent', () => {
    const grant = (root: string, dirs: string[] = []) =>
      record({}, { grants: [{ root, before: '', ancestors: dirs.map((dir) => ({ dir, hadAcl: false })) }] });
    expect(recordProblem(grant('/'), PATH, me)).toMatch(/tree "\/" is not/);
    expect(recordProblem(grant('work/repo'), PATH, me)).toMatch(/tree "work\/repo"/);
    expect(recordProblem(grant('/w/../etc'), PATH, me)).toMatch(/tree/);
    expect(recordProblem(grant('/w/repo/'), PATH, me)).toMatch(/tree/);
    expect(recordProblem(grant('/w/repo', ['/etc']), PATH, me)).toMatch(/"\/etc" is not a parent/);
    expect(recordProblem(grant('/w/repo', ['/w/repo']), PATH, me)).toMatch(/not a parent/);
    expect(recordProblem(grant('/w/repo', ['/w', '/']), PATH, me)).toBeNull();
  });
});

describe('judgeRecord: what the machine says', () => {
  it("keeps a live harness's record, whatever else", () => {
    expect(judgeRecord(record(), me, dead({ harnessAlive: true }))).toEqual({ act: 'keep' });
  });

  it("sweeps a dead harness's record whose user is the recorded one", () => {
    expect(judgeRecord(record(), me, dead())).toEqual({ act: 'sweep', uid: 990, gid: 990 });
  });

  it('takes the ids from the system when the harness died before recording them', () => {
    expect(judgeRecord(record({ uid: null, gid: null }), me, dead({ ids: { uid: 991, gid: 992 } }))).toEqual({
      act: 'sweep',
      uid: 991,
      gid: 992,
    });
    expect(
      judgeRecord(record({ uid: null, gid: null }), me, dead({ ids: { uid: 1001, gid: 1001 } })),
    ).toMatchObject({ act: 'ignore' });
    expect(judgeRecord(record({ uid: null, gid: null }), me, dead({ ids: null }))).toEqual({
      act: 'sweep',
      uid: null,
      gid: null,
    });
  });

  it('leaves a user whose uid or gid is not the recorded one', () => {
    expect(judgeRecord(record(), me, dead({ ids: { uid: 33, gid: 990 } }))).toEqual({
      act: 'ignore',
      why: `${NAME} is uid 33 gid 990 here, not 990 990 as recorded`,
    });
    expect(judgeRecord(record(), me, dead({ ids: { uid: 990, gid: 4 } }))).toMatchObject({ act: 'ignore' });
  });

  it('sweeps by the recorded uid a gone user, unless another user holds that uid now', () => {
    expect(judgeRecord(record(), me, dead({ ids: null }))).toEqual({ act: 'sweep', uid: 990, gid: 990 });
    expect(judgeRecord(record(), me, dead({ ids: null, uidHolder: 'postgres' }))).toEqual({
      act: 'ignore',
      why: `${NAME} is gone and its uid 990 now belongs to postgres`,
    });
  });
});

describe('sharesTree', () => {
  it('the same tree, one inside the other; not siblings or a common prefix', () => {
    expect(sharesTree(['/w/repo'], ['/w/repo'])).toBe(true);
    expect(sharesTree(['/w/repo'], ['/w'])).toBe(true);
    expect(sharesTree(['/w'], ['/w/repo/sub'])).toBe(true);
    expect(sharesTree(['/w/repo'], ['/w/repo2', '/x'])).toBe(false);
    expect(sharesTree(['/w/repo'], [])).toBe(false);
  });
});
