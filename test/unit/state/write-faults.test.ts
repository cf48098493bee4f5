// A status write made in passing (from a session callback) must never become an unhandled rejection: it
// reaches the fault latch, naming the file and the cause, while an awaited write still rejects.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { FaultLatch } from '../../../src/loop/faults.js';
import { StatusTracker } from '../../../src/loop/status-tracker.js';
import { FileEventLog } from '../../../src/state/event-log.js';
import { HarnessFileError, describeCause } from '../../../src/state/write-error.js';

const clock = { now: () => 1_700_000_000_000, monotonic: () => 0, sleep: async () => true };
const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe('the fault latch', () => {
  it('tells a listener that comes after the fault, once, unless it stopped listening first', async () => {
    const faults = new FaultLatch();
    faults.report(new Error('disk full'));
    faults.report(new Error('second'));
    const seen: string[] = [];
    faults.onFault((fault) => seen.push(fault.message));
    const off = faults.onFault((fault) => seen.push(`late ${fault.message}`));
    off();
    await Promise.resolve();
    expect(seen).toEqual(['disk full']);
  });
});

describe('harness file writes that fail', () => {
  it('an awaited status write rejects with the file and the cause; one made in passing only reports', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'ah-faults-'));
    dirs.push(dir);
    const path = join(dir, 'gone', 'harness.status');
    const faults = new FaultLatch();
    const seen: Error[] = [];
    faults.onFault((fault) => seen.push(fault));
    const status = new StatusTracker(path, clock, {}, faults);

    status.post({ state: 'session_running' });
    status.postThrottled({ output_bytes: 10 });
    const awaited = await status.set({ state: 'stopped' }).catch((error: unknown) => error);

    expect(awaited).toBeInstanceOf(HarnessFileError);
    expect((awaited as HarnessFileError).message).toBe(
      `cannot write ${path}: its directory does not exist (ENOENT)`,
    );
    expect(seen).toHaveLength(1); // the first fault only, told once
    expect(faults.first?.message).toBe(`cannot write ${path}: its directory does not exist (ENOENT)`);
    expect(() => faults.throwIfFaulted()).toThrow(HarnessFileError);
  });

  it('the event log on a full device names it and the cause', async () => {
    const log = new FileEventLog('/dev/full', clock.now);
    const error = await log
      .emit({ event: 'loop_start', max_iterations: 1, global: 0, pid: 1 })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(HarnessFileError);
    expect((error as HarnessFileError).message).toBe(
      'cannot write /dev/full: no space left on the device (ENOSPC)',
    );
    expect((error as HarnessFileError).code).toBe('ENOSPC');
    expect(describeCause(Object.assign(new Error('x'), { code: 'ENOSPC' }))).toBe(
      'no space left on the device (ENOSPC)',
    );
    expect(describeCause(new Error('something odd'))).toBe('something odd');
  });
});
