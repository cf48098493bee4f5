// The committed bundle, dist/: what the tests in this directory check, and only they. Every other test starts this
// run's build of src/ (test/support/build.ts). `.ci/run` rebuilds dist/ and fails when it differs from the commit
// before it runs the suite, so here dist/ is the sources' own bundle; after editing src/ locally, `npm run bundle`
// before running these.
import { join } from 'node:path';
import { ROOT } from '../support/workdir.js';

export const DIST = join(ROOT, 'dist');
export const DIST_CLI = join(DIST, 'cli.js');
export const DIST_MAIN = join(DIST, 'main.js');
export const DIST_POST = join(DIST, 'post.js');
