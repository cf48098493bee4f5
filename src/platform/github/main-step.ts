// The main step as the runner calls it: every error becomes setFailed, and the exit code is returned for the
// entry to exit with, since the cache and Octokit clients can keep sockets open after their last request.
import * as core from '@actions/core';
import { runMain } from './run-main.js';

export async function mainStep(): Promise<number> {
  try {
    await runMain();
  } catch (error) {
    core.setFailed(`agent-harness: ${(error as Error).message}`);
  }
  return typeof process.exitCode === 'number' ? process.exitCode : 0;
}
