// Suite-wide check (a vitest setup file): a test file that leaves any process carrying a session cookie of a
// harness it started fails, and the leftovers are killed so they cannot run on for hours after the suite.
import { randomBytes } from 'node:crypto';
import { afterAll } from 'vitest';
import { COOKIE_VAR } from '../../src/os/cookie.js';
import { findLeaks, MARK_VAR } from './leaks.js';

const mark = `${process.pid}-${randomBytes(6).toString('hex')}`;
const inheritedCookie = process.env[COOKIE_VAR];
process.env[MARK_VAR] = mark;

afterAll(async () => {
  // A process killed a moment ago may still be on its way out.
  let leaks = findLeaks(mark, inheritedCookie);
  for (let i = 0; i < 10 && leaks.length > 0; i++) {
    await new Promise((resolve) => setTimeout(resolve, 100));
    leaks = findLeaks(mark, inheritedCookie);
  }
  if (leaks.length === 0) return;
  for (const leak of leaks) {
    try {
      process.kill(leak.pid, 'SIGKILL');
    } catch {
      // gone
    }
  }
  throw new Error(
    `this test file left ${leaks.length} process(es) carrying a harness session cookie (killed now):\n` +
      leaks.map((l) => `  pid ${l.pid} cookie ${l.cookie}: ${l.command}`).join('\n'),
  );
});
