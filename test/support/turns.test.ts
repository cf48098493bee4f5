import { describe, expect, it } from 'vitest';
import { Turns } from './turns.js';

/** A turn that lasts until released, recording when it began. */
function turn(log: string[], name: string) {
  let release = (): void => undefined;
  const done = new Promise<void>((resolve) => (release = resolve));
  return {
    release,
    run: async () => {
      log.push(name);
      await done;
    },
  };
}

const settle = () => new Promise((resolve) => setImmediate(resolve));

describe('Turns', () => {
  it('runs one turn at a time, in the order they were asked for', async () => {
    const turns = new Turns();
    const log: string[] = [];
    const [a, b, c] = ['a', 'b', 'c'].map((name) => turn(log, name)) as [
      ReturnType<typeof turn>,
      ReturnType<typeof turn>,
      ReturnType<typeof turn>,
    ];
    const runs = [turns.take(a.run), turns.take(b.run), turns.take(c.run)];
    await settle();
    expect(log).toEqual(['a']);
    a.release();
    await settle();
    expect(log).toEqual(['a', 'b']);
    b.release();
    await settle();
    expect(log).toEqual(['a', 'b', 'c']);
    c.release();
    await Promise.all(runs);
  });

  it('hands the turn on when one throws', async () => {
    const turns = new Turns();
    await expect(turns.take(() => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    await expect(turns.take(() => Promise.resolve(1))).resolves.toBe(1);
  });

  it('drops a waiting turn whose test ends, and serves the ones behind it', async () => {
    const turns = new Turns();
    const log: string[] = [];
    const first = turn(log, 'first');
    const running = turns.take(first.run);
    const abort = new AbortController();
    const dropped = turns.take(() => Promise.resolve(log.push('dropped')), abort.signal);
    const behind = turns.take(() => Promise.resolve(log.push('behind')));
    await settle();
    abort.abort(new Error('timed out'));
    await expect(dropped).rejects.toThrow('the test ended before its turn came');
    expect(log).toEqual(['first']);
    first.release();
    await Promise.all([running, behind]);
    expect(log).toEqual(['first', 'behind']);
  });

  it('hands the turn on when the test that has it ends', async () => {
    const turns = new Turns();
    const log: string[] = [];
    const stuck = turn(log, 'stuck');
    const abort = new AbortController();
    const held = turns.take(stuck.run, abort.signal);
    const next = turns.take(() => Promise.resolve(log.push('next')));
    await settle();
    expect(log).toEqual(['stuck']);
    abort.abort(new Error('timed out'));
    await expect(held).rejects.toThrow('the test ended during its turn');
    await next;
    expect(log).toEqual(['stuck', 'next']);
    stuck.release();
  });
});
