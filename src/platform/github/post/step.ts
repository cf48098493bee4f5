// The post step as the runner calls it, in the actions/typescript-action shape: `run()` with no side effect at
// import (for @github/local-action); the bundled entry (src/post.ts) calls it and exits. It never fails the job
// (main already reported how the loop ended): every error is a warning, and the artifact and cache clients' open
// sockets must not keep it alive.
import * as core from '@actions/core';
import { runPost } from './run.js';

export async function run(): Promise<number> {
  try {
    await runPost();
  } catch (error) {
    core.warning(`agent-harness post: ${(error as Error).message}`);
  }
  return 0;
}
