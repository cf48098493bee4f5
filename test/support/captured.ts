// A started process's stdout and stderr, collected as text, and a wait for a condition on what it printed (or on
// anything else the predicate looks at, such as a file the process writes): checked on every chunk as it arrives
// and every 25 ms besides, it returns as soon as the condition holds, and fails at once (with everything printed)
// when the process ends without it holding, instead of waiting out the deadline.
import type { ChildProcess } from 'node:child_process';

/**
 * How long a wait on a process lasts before it fails as hung. No test asserts a timing: this only ends a wait
 * that would otherwise last until the test's own timeout, with a message saying what was awaited. It is long enough
 * for a process to start and print on a machine loaded far past its cores (two suites at once start a Node process
 * in seconds, not milliseconds).
 */
export const HANG_MS = 60_000;

export interface Captured {
  stdout(): string;
  stderr(): string;
  waitFor(predicate: (stdout: string) => boolean, timeoutMs?: number): Promise<void>;
}

export function capture(child: ChildProcess, defaultTimeoutMs: number): Captured {
  let out = '';
  let err = '';
  let closed = false;
  child.stdout?.on('data', (chunk: Buffer) => (out += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (err += chunk.toString()));
  child.once('close', () => (closed = true));
  const printed = () => `stdout so far:\n${out}\nstderr:\n${err}`;
  return {
    stdout: () => out,
    stderr: () => err,
    waitFor(predicate, timeoutMs = defaultTimeoutMs) {
      return new Promise<void>((resolve, reject) => {
        if (predicate(out)) return resolve();
        if (closed)
          return reject(new Error(`the process ended without printing what was awaited; ${printed()}`));
        const check = () => {
          if (!predicate(out)) return;
          stop();
          resolve();
        };
        const ended = () => {
          stop();
          if (predicate(out)) resolve();
          else reject(new Error(`the process ended without printing what was awaited; ${printed()}`));
        };
        const timer = setTimeout(() => {
          stop();
          reject(new Error(`timed out after ${timeoutMs} ms waiting; ${printed()}`));
        }, timeoutMs);
        const poll = setInterval(check, 25);
        const stop = () => {
          clearTimeout(timer);
          clearInterval(poll);
          child.stdout?.off('data', check);
          child.off('close', ended);
        };
        child.stdout?.on('data', check);
        child.once('close', ended);
      });
    },
  };
}
