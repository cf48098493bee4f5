// The worker's find_files on a large tree (issue 12): a generated tree of 100,000 files in directories 8 levels
// deep, searched in process through runAction (the sandbox's handle-anchored walk: every directory opened from its
// verified parent, links never followed, denied paths skipped, results sorted) against `find <dir> -name PATTERN`
// over the same tree in the same script. max_depth reaches every file and max_find_results holds every match, so
// both do the whole walk and return the same paths (checked before anything is timed).
import { spawnSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { openSandbox } from '../src/worker/tools/sandbox.js';
import { runAction } from '../src/worker/tools/run-action.js';
import { fmt, header, knob, median, report, scratchDir, type ResultRow } from './lib.js';

const FILES = knob('BENCH_WORKER_FIND_FILES', 100_000, 2_000);
const RUNS = knob('BENCH_WORKER_FIND_RUNS', 5, 1);
const DEPTH = knob('BENCH_WORKER_FIND_DEPTH', 8, 5);
const FANOUT = 3;

header('worker-find: find_files on a large tree against find -name', [
  `${FILES} files in ${FANOUT}-way directories ${DEPTH} levels deep; median of ${RUNS}, runs alternating`,
]);

// --- the tree ----------------------------------------------------------------------------------------------------

const root = scratchDir('worker-find');
const workspace = join(root, 'ws');
const dirs: string[] = [];
const grow = (dir: string, level: number): void => {
  mkdirSync(dir, { recursive: true });
  dirs.push(dir);
  if (level === DEPTH) return;
  for (let i = 0; i < FANOUT; i++) grow(join(dir, `d${level}${i}`), level + 1);
};
grow(workspace, 0);
const generated = performance.now();
for (let n = 0; n < FILES; n++) {
  const name = n % 2 === 0 ? `f${n}.ts` : `f${n}.txt`;
  writeFileSync(join(dirs[n % dirs.length]!, name), '');
}
console.log(
  `${dirs.length} directories, ${FILES} files (${fmt((performance.now() - generated) / 1000, 1)} s to write)`,
);

const sandbox = await openSandbox({ allowed: [workspace], denied: [join(workspace, '.git')] });
const limits = { max_read_bytes: 1, max_write_bytes: 1, max_find_results: FILES * 2, max_list_entries: 1 };

async function harness(pattern: string): Promise<string[]> {
  const result = await runAction(
    { tool: 'find_files', args: { pattern, start_path: '.', max_depth: 20 } },
    { sandbox, limits },
  );
  if (!result.ok) throw new Error(`find_files failed: ${result.error}`);
  return result.result as string[];
}

function baseline(pattern: string): string[] {
  const run = spawnSync('find', [workspace, '-name', pattern], { maxBuffer: 1 << 30, encoding: 'utf8' });
  if (run.status !== 0) throw new Error(`find failed: ${run.stderr}`);
  return run.stdout
    .split('\n')
    .filter(Boolean)
    .map((path) => relative(workspace, path));
}

const rows: ResultRow[] = [];
for (const pattern of ['*.ts', 'f7*.txt']) {
  const ours = await harness(pattern);
  const theirs = baseline(pattern).sort();
  if (ours.length !== theirs.length || ours.some((path, i) => path !== theirs[i]))
    throw new Error(
      `find_files and find disagree on ${pattern}: ${ours.length} against ${theirs.length} paths`,
    );
  const harnessTimes: number[] = [];
  const baselineTimes: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    let start = performance.now();
    baseline(pattern);
    baselineTimes.push(performance.now() - start);
    start = performance.now();
    await harness(pattern);
    harnessTimes.push(performance.now() - start);
  }
  const ms = median(harnessTimes);
  const base = median(baselineTimes);
  console.log(`${pattern}: ${ours.length} matches; find ${fmt(base, 0)} ms, find_files ${fmt(ms, 0)} ms`);
  rows.push({
    metric: `find_files "${pattern}" over ${FILES} files, ${ours.length} matches (ms; baseline find -name)`,
    baseline: fmt(base, 0),
    harness: fmt(ms, 0),
    ratio: fmt(ms / base, 2),
    goal: '-',
  });
}

report('worker-find', rows, [
  `tree: ${dirs.length} directories ${DEPTH} levels deep, ${FILES} empty files, in the page cache for both`,
  'find_files in process (runAction: schema, sandbox, a walk opening each directory from its verified parent, sorted results); find as a child process (its start-up included, its output unsorted)',
]);
