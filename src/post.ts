import * as core from '@actions/core';
import { runPost } from './platform/github/run-post.js';

try {
  await runPost();
} catch (error) {
  core.warning(`agent-harness post: ${(error as Error).message}`);
}
// The cache and artifact clients keep sockets alive after their last request.
process.exit(0);
