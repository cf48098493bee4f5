// The post step as the runner calls it: it never fails the job (main already reported how the loop ended);
// every error is a warning, and the artifact and cache clients' open sockets must not keep it alive.
import * as core from '@actions/core';
import { runPost } from './run-post.js';

export async function postStep(): Promise<number> {
  try {
    await runPost();
  } catch (error) {
    core.warning(`agent-harness post: ${(error as Error).message}`);
  }
  return 0;
}
