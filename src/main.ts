import * as core from '@actions/core';
import { runMain } from './platform/github/run-main.js';

try {
  await runMain();
} catch (error) {
  core.setFailed(`agent-harness: ${(error as Error).message}`);
}
// The cache and Octokit clients can keep sockets open; nothing is left to wait for.
process.exit(process.exitCode ?? 0);
