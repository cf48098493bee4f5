// The session cookie with real processes: found in /proc/<pid>/environ by its exact entry, and ended even when
// a carrier ignores SIGTERM and keeps forking.
import { execFileSync, spawn } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import {
  COOKIE_VAR,
  endCarriers,
  endCarriersSaying,
  environHas,
  isCookie,
  newCookie,
  processesCarrying,
} from '../../../src/os/cookie.js';
import { strongerEnd } from '../../../src/os/process-group.js';
import { systemClock } from '../../../src/os/system-clock.js';

describe('isCookie', () => {
  it('accepts only what newCookie makes: a status file cannot turn it into another variable', () => {
    expect(isCookie(newCookie())).toBe(true);
    expect(isCookie('PATH=/usr/bin')).toBe(false);
    expect(isCookie('')).toBe(false);
    expect(isCookie(null)).toBe(false);
  });
});

describe('environHas', () => {
  it('matches a whole NAME=value entry only, first, middle or last, with or without the final NUL', () => {
    const env = Buffer.from('A=1\0AGENT_HARNESS_COOKIE=abc\0B=2\0');
    expect(environHas(env, 'AGENT_HARNESS_COOKIE=abc')).toBe(true);
    expect(environHas(env, 'A=1')).toBe(true);
    expect(environHas(env, 'B=2')).toBe(true);
    expect(environHas(Buffer.from('A=1\0B=2'), 'B=2')).toBe(true);
    expect(environHas(env, 'AGENT_HARNESS_COOKIE=ab')).toBe(false);
    expect(environHas(env, 'HARNESS_COOKIE=abc')).toBe(false);
    expect(environHas(Buffer.from('X=AGENT_HARNESS_COOKIE=abc\0'), 'AGENT_HARNESS_COOKIE=abc')).toBe(false);
  });
});

describe('carriers of a cookie', () => {
  it('finds every process carrying the cookie and ends them all, a forking SIGTERM-proof one included', async () => {
    const cookie = newCookie();
    // Each shell ignores SIGTERM and forks a `sleep` every 50 ms, so it forks while being killed.
    const script = "trap '' TERM; while :; do sleep 0.05; done";
    const children = [0, 1].map(() =>
      spawn('setsid', ['/bin/sh', '-c', script], {
        stdio: 'ignore',
        env: { ...process.env, [COOKIE_VAR]: cookie },
      }),
    );
    const other = spawn('sleep', ['30'], {
      stdio: 'ignore',
      env: { ...process.env, [COOKIE_VAR]: `${cookie}0` },
    });
    while (processesCarrying(cookie).length < 2) await systemClock.sleep(20);
    expect(processesCarrying(cookie)).toEqual(expect.arrayContaining(children.map((c) => c.pid)));
    expect(processesCarrying(cookie)).not.toContain(other.pid);

    expect(await endCarriers(cookie, 100, systemClock)).toBeGreaterThanOrEqual(2);
    expect(processesCarrying(cookie)).toEqual([]);
    expect(processesCarrying(`${cookie}0`)).toEqual([other.pid]);
    other.kill('SIGKILL');
  });

  it('says what ending them took: nothing found, SIGTERM enough, SIGKILL needed', async () => {
    const run = (args: string[], cookie: string) =>
      spawn(args[0]!, args.slice(1), { stdio: 'ignore', env: { ...process.env, [COOKIE_VAR]: cookie } });
    const none = newCookie();
    expect(await endCarriersSaying(none, 100, systemClock)).toEqual({ count: 0, how: 'gone' });

    const polite = newCookie();
    run(['sleep', '30'], polite);
    while (processesCarrying(polite).length < 1) await systemClock.sleep(20);
    expect(await endCarriersSaying(polite, 5000, systemClock)).toEqual({ count: 1, how: 'term' });

    // Signalled only once its trap is set (it says so): a SIGTERM before the trap would end it.
    const stubborn = newCookie();
    const shell = spawn('/bin/sh', ['-c', "trap '' TERM; echo ready; while :; do sleep 0.05; done"], {
      stdio: ['ignore', 'pipe', 'ignore'],
      env: { ...process.env, [COOKIE_VAR]: stubborn },
    });
    await new Promise((resolve) => shell.stdout.once('data', resolve));
    const ended = await endCarriersSaying(stubborn, 100, systemClock);
    expect(ended.how).toBe('kill');
    expect(processesCarrying(stubborn)).toEqual([]);
  });

  it('the stronger of two ends of the same processes is the one reported', () => {
    expect(strongerEnd('gone', 'kill')).toBe('kill');
    expect(strongerEnd('term', 'gone')).toBe('term');
    expect(strongerEnd('kill', 'term')).toBe('kill');
    expect(strongerEnd('gone', 'gone')).toBe('gone');
  });

  it('never counts the scanning process or its ancestors (a harness run under a harness)', () => {
    const cookie = newCookie();
    const module = new URL('../../../src/os/cookie.ts', import.meta.url).href;
    const script =
      `import { processesCarrying } from '${module}';` +
      `console.log(JSON.stringify({ self: process.pid, parent: process.ppid, ` +
      `found: processesCarrying(process.env.${COOKIE_VAR}) }));`;
    // A shell carrying the cookie starts the scanner, which carries it too.
    const out = execFileSync(
      '/bin/sh',
      ['-c', `"${process.execPath}" --import tsx --input-type=module -e "$SCRIPT"; true`],
      { env: { ...process.env, [COOKIE_VAR]: cookie, SCRIPT: script }, encoding: 'utf8' },
    );
    const seen = JSON.parse(out) as { self: number; parent: number; found: number[] };
    expect(seen.found).not.toContain(seen.self);
    expect(seen.found).not.toContain(seen.parent);
  });
});
