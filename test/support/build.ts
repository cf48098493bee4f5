// The entries of this run's build of the current sources (made once per run by global-build.ts): what every test
// that starts the CLI or the Action's steps as a process runs. The committed dist/ is tested by test/bundle/ only.
import { join } from 'node:path';
import { inject } from 'vitest';

export const BUILD = inject('build');
export const CLI = join(BUILD, 'cli.js');
export const MAIN = join(BUILD, 'main.js');
export const POST = join(BUILD, 'post.js');
