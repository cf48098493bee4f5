// The main step as the runner calls it, in the actions/typescript-action shape: `run()` with no side effect at
// import, so GitHub's own tooling (@github/local-action) can call it; the bundled entry (src/main.ts) calls it
// and exits. Every error becomes setFailed with its exit code (errors/exit-for-error.ts), and the exit code is
// returned for the entry to exit with, since the cache and Octokit clients can keep sockets open after their
// last request.
import * as core from '@actions/core';
import { exitForError } from '../../../errors/exit-for-error.js';
import { runMain } from './run.js';

export async function run(): Promise<number> {
  try {
    await runMain();
  } catch (error) {
    const verdict = exitForError(error);
    core.setFailed(`agent-harness: ${verdict.message} (exit code ${verdict.code})`);
  }
  return typeof process.exitCode === 'number' ? process.exitCode : 0;
}
