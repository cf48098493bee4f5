// A session leaves no timer of its own running once its result is in: the watch loop's nap between two polls ends
// when the agent's exit wakes it, so a run whose last session has ended exits at once instead of when the nap
// would have (up to the poll interval; 200-odd ms after every instant run). A real agent process, the real clock.
import { mkdtempSync, rmSync } from 'node:fs';
import { spawn } from 'node:child_process';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { openTranscript, startSession } from '../../../src/loop/session.js';
import { systemClock } from '../../../src/os/system-clock.js';
import { alive } from '../../support/processes.js';

const timers = () => process.getActiveResourcesInfo().filter((kind) => kind === 'Timeout').length;
const quiet = { log: () => undefined, summary: () => undefined };

describe('a session', () => {
  it('leaves no timer running once its result is in', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'ah-session-timers-'));
    try {
      const transcript = join(dir, 'out.jsonl');
      const before = timers();
      let pid = 0;
      const control = startSession(
        {
          command: '/bin/sh',
          args: ['-c', 'echo \'{"type":"result","subtype":"success","is_error":false,"result":"done"}\''],
          env: { PATH: process.env.PATH ?? '/usr/bin:/bin' },
          cwd: dir,
          stdinText: null,
          transcriptPath: transcript,
          // A long poll: a nap left running would be seen below for seconds.
          limits: { staleTimeoutMs: 600_000, warnIntervalMs: 60_000, resultGraceMs: 300_000 },
          killGraceMs: 500,
          hasFinalResult: () => false,
        },
        openTranscript(transcript),
        { clock: systemClock, spawn, logger: quiet },
        { onSpawn: (pgid) => (pid = pgid) },
      );
      const result = await control.result;
      expect(result).toMatchObject({ endReason: 'exited', exitCode: 0 });
      // At most as many as before: a timer of the worker's own (not the session's) may have ended meanwhile on a
      // busy machine; one the session left running would make one more.
      expect(timers()).toBeLessThanOrEqual(before);
      expect(alive([pid])).toEqual([]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
