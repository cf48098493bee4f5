// The entries of the current sources' bundle (built or reused once per run by global-build.ts): what every test
// that starts the CLI or the Action's steps as a process runs. The committed dist/ is tested by test/bundle/ only.
import { join } from 'node:path';
import { inject } from 'vitest';
import type { FixtureName } from './fixture-bundles.js';

export const BUILD = inject('build');
export const CLI = join(BUILD, 'cli.js');
export const MAIN = join(BUILD, 'main.js');
export const POST = join(BUILD, 'post.js');

/** A fixture that runs as a process, bundled with the sources it imports (fixture-bundles.ts): `node <this> args`. */
export const fixtureBundle = (name: FixtureName): string => join(inject('fixtures'), `${name}.mjs`);
