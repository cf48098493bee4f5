// Real, tiny or read-only file systems for the tests of full disks and unwritable directories: a tmpfs of a few
// KiB, filled up by a ballast file, or a read-only bind mount. Mounting needs root (CAP_SYS_ADMIN); elsewhere
// `canMount` is false and the tests that need one are skipped. Every mount is undone when its test finishes.
import { execFileSync } from 'node:child_process';
import { appendFileSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ExpectStatic, TestContext } from 'vitest';

/** Whether this process may mount a tmpfs. */
export const canMount = (() => {
  const probe = mkdtempSync(join(tmpdir(), 'ah-mount-probe-'));
  try {
    execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=16k', 'tmpfs', probe], { stdio: 'ignore' });
    execFileSync('umount', [probe]);
    return true;
  } catch {
    return false;
  } finally {
    rmSync(probe, { recursive: true, force: true });
  }
})();

/** A real, tiny file system (gone once the test is finished) at `at`, or at a new directory. */
export function tinyFs(
  { onTestFinished }: Pick<TestContext, 'onTestFinished'>,
  sizeKb: number,
  at?: string,
): string {
  const dir = at ?? mkdtempSync(join(tmpdir(), 'ah-tinyfs-'));
  mkdirSync(dir, { recursive: true });
  let mounted = false;
  onTestFinished(() => {
    if (mounted) execFileSync('umount', ['-l', dir]);
    rmSync(dir, { recursive: true, force: true });
  });
  execFileSync('mount', ['-t', 'tmpfs', '-o', `size=${sizeKb}k`, 'tmpfs', dir]);
  mounted = true;
  return dir;
}

/** Fills the file system holding `dir` to the last byte with `dir/ballast`. */
export function fillUp(expect: ExpectStatic, dir: string): void {
  const chunk = Buffer.alloc(4096, 'x');
  try {
    for (;;) appendFileSync(join(dir, 'ballast'), chunk);
  } catch (error) {
    expect((error as NodeJS.ErrnoException).code).toBe('ENOSPC');
  }
  // The last partial block: a file system can still hold a few bytes after the last whole chunk.
  try {
    for (;;) appendFileSync(join(dir, 'ballast'), 'x');
  } catch (error) {
    expect((error as NodeJS.ErrnoException).code).toBe('ENOSPC');
  }
}

/** `source` seen read-only at a new directory (a bind mount remounted ro), unmounted when the test finishes. */
export function readOnlyView(
  { onTestFinished }: Pick<TestContext, 'onTestFinished'>,
  source: string,
): string {
  const dir = mkdtempSync(join(tmpdir(), 'ah-readonly-'));
  let mounted = false;
  onTestFinished(() => {
    if (mounted) execFileSync('umount', ['-l', dir]);
    rmSync(dir, { recursive: true, force: true });
  });
  execFileSync('mount', ['--bind', source, dir]);
  mounted = true;
  execFileSync('mount', ['-o', 'remount,ro,bind', dir]);
  return dir;
}
