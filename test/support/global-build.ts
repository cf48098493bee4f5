// The build of the current sources that the tests start: rollup.config.mjs's own bundle (the same entries, chunks,
// transforms and bundled dependencies as dist/), written under node_modules/.cache instead of dist/. It is keyed by
// a hash of everything the bundle is made from (src/, the rollup config and plugins, the lock file), so a run whose
// sources did not change since the last build reuses it and an edited line rebuilds it (about 10 s): a test can
// never start a stale bundle, and never the committed dist/ (test/bundle/ checks that one). Builds are written to
// a temporary directory and renamed into place, so two suites running at once (STRESS=1) never see half of one.
//
// Beside the bundle, `bundled-packages.json` lists every third-party package with code in its chunks, found from
// rollup's module graph (test/bundle/licenses.test.ts holds dist/licenses.txt against it).
//
// `node --import tsx test/support/global-build.ts` builds it ahead (`.ci/run` does, beside the bundle).
import { createHash } from 'node:crypto';
import {
  chmodSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import { join, relative } from 'node:path';
import { rollup, type RollupOutput } from 'rollup';
import { bundleConfig } from '../../rollup.config.mjs';

const ROOT = join(import.meta.dirname, '..', '..');
const BUILDS = join(ROOT, 'node_modules', '.cache', 'agent-harness-test');
/** Builds kept besides the current one (other branches' sources, a suite still running on an older edit). */
const KEEP = 4;

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => join(entry.parentPath, entry.name));
}

/** A hash of every input of the bundle: the sources, the build's configuration and plugins, the dependencies. */
export function sourcesHash(): string {
  const hash = createHash('sha256');
  const inputs = [
    ...filesUnder(join(ROOT, 'src')),
    join(ROOT, 'rollup.config.mjs'),
    join(ROOT, 'package-lock.json'),
    ...filesUnder(join(ROOT, 'scripts')).filter((file) => file.endsWith('.mjs')),
    import.meta.filename,
  ].sort();
  for (const file of inputs)
    hash
      .update(`${relative(ROOT, file)}\0`)
      .update(readFileSync(file))
      .update('\0');
  return hash.digest('hex').slice(0, 16);
}

/** The name of the list of bundled packages, beside the bundle: `["name version", ...]`, sorted. */
export const BUNDLED_PACKAGES = 'bundled-packages.json';

/** `name version` of every third-party package with code (rendered, not tree-shaken away) in an output chunk. */
function bundledPackages(output: RollupOutput['output']): string[] {
  const packages = new Set<string>();
  for (const chunk of output) {
    if (chunk.type !== 'chunk') continue;
    for (const [id, module] of Object.entries(chunk.modules)) {
      const dir = /^(.*\/node_modules\/(?:@[^/]+\/)?[^/]+)\//.exec(id.replace(/^\0/, ''))?.[1];
      if (!dir || module.renderedLength === 0) continue;
      const pkg = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as {
        name: string;
        version: string;
      };
      packages.add(`${pkg.name} ${pkg.version}`);
    }
  }
  return [...packages].sort();
}

async function bundle(dir: string): Promise<void> {
  const { output, ...input } = bundleConfig({ dir, dependencies: 'bundled' });
  const build = await rollup({ ...input, onwarn: input.onwarn });
  try {
    const written = await build.write(output);
    writeFileSync(
      join(dir, BUNDLED_PACKAGES),
      `${JSON.stringify(bundledPackages(written.output), null, 1)}\n`,
    );
  } finally {
    await build.close();
  }
}

function pruneOldBuilds(current: string): void {
  const builds = readdirSync(BUILDS)
    .filter((name) => name.startsWith('build-') && name !== current)
    .map((name) => ({ name, mtime: statSync(join(BUILDS, name)).mtimeMs }))
    .sort((a, b) => b.mtime - a.mtime);
  for (const { name } of builds.slice(KEEP)) rmSync(join(BUILDS, name), { recursive: true, force: true });
  // Temporary directories of builds that died half-way.
  for (const name of readdirSync(BUILDS))
    if (name.startsWith('tmp-') && Date.now() - statSync(join(BUILDS, name)).mtimeMs > 3_600_000)
      rmSync(join(BUILDS, name), { recursive: true, force: true });
}

/** The directory holding the bundle of the current sources (cli.js, main.js, post.js, chunks/), built if needed. */
export async function buildSources(): Promise<string> {
  mkdirSync(BUILDS, { recursive: true });
  const name = `build-${sourcesHash()}`;
  const dir = join(BUILDS, name);
  if (existsSync(join(dir, BUNDLED_PACKAGES))) {
    // Used now: the last to be pruned.
    const now = new Date();
    utimesSync(dir, now, now);
  } else {
    const tmp = mkdtempSync(join(BUILDS, 'tmp-'));
    try {
      await bundle(tmp);
      // Readable by every user: the Action's tests run steps as a hosted runner's unprivileged user too.
      chmodSync(tmp, 0o755);
      try {
        renameSync(tmp, dir);
      } catch (error) {
        // Another suite renamed the same build into place first: use that one.
        if (!existsSync(join(dir, BUNDLED_PACKAGES))) throw error;
      }
    } finally {
      rmSync(tmp, { recursive: true, force: true });
    }
  }
  pruneOldBuilds(name);
  return dir;
}

if (process.argv[1] === import.meta.filename) console.log(await buildSources());
