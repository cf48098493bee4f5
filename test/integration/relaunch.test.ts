// The CLI replaces itself once at start-up with a small young generation (src/cli/relaunch.ts): the same PID, the
// same stdio, the flag on its command line, and the run goes on as usual. The rest of the suite runs the CLI with
// AGENT_HARNESS_NO_RELAUNCH=1 (test/support/global-setup.ts), which this file checks too.
import { describe, it } from 'vitest';
import { makeWorkdir, startHarness, testConfig } from '../support/workdir.js';

// The agent is a shell the harness starts itself: its parent is the harness process, as it runs after the relaunch.
const AGENT = `tr '\\0' ' ' < /proc/$PPID/cmdline > parent-cmdline; echo $PPID > parent-pid; printf '%s\\n' '${JSON.stringify(
  {
    type: 'result',
    subtype: 'success',
    is_error: false,
    result: 'Done: this line is long enough to count as real output for the harness, not an empty session.',
  },
)}'`;

describe.concurrent('the relaunch', () => {
  for (const relaunch of [true, false]) {
    it(`${relaunch ? 'on' : 'off'}: ${relaunch ? 'the same PID runs with --max-semi-space-size=1' : 'no flag'}, and the session completes`, async ({
      expect,
    }) => {
      const w = makeWorkdir({ config: testConfig({ agent: { command: '/bin/sh', args: ['-c', AGENT] } }) });
      const started = startHarness(w, [], { AGENT_HARNESS_NO_RELAUNCH: relaunch ? '' : '1' });
      const pid = started.child.pid;
      const { code } = await started.exit;
      expect(code, started.stderr()).toBe(0);
      expect(Number(w.read('parent-pid'))).toBe(pid);
      const cmdline = w.read('parent-cmdline');
      expect(cmdline).toContain('cli.js');
      if (relaunch) expect(cmdline).toMatch(/ --max-semi-space-size=1 /);
      else expect(cmdline).not.toContain('--max-semi-space-size');
      expect(w.events().filter((e) => e.event === 'session_complete')).toMatchObject([
        { outcome: 'productive' },
      ]);
    });
  }
  it('is off in the rest of the suite', ({ expect }) => {
    expect(process.env.AGENT_HARNESS_NO_RELAUNCH).toBe('1');
  });
});
