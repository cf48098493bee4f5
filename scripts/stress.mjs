// `npm run test:stress`: the whole suite several times at once (STRESS_SUITES, default 2) on this machine, each
// with its own workers, its own Azurite and its own scratch directories, the build of the sources shared. Every
// test asserts what it controls and never a timing, so each suite must pass exactly as it does alone, on a machine
// loaded far past its cores; a test that fails only here depends on timing luck. Arguments go to every
// `vitest run` (a file filter, `--maxWorkers 6`). Prints each suite's tally and wall time; exits 1 if any failed.
// STRESS=1 also raises the rounds of the race tests (instance-lock, worker-state-mutex) to four and three times
// the suite's.
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';

const root = dirname(dirname(fileURLToPath(import.meta.url)));
const suites = Number(process.env.STRESS_SUITES ?? 2);
if (!Number.isInteger(suites) || suites < 1) {
  console.error(`STRESS_SUITES=${process.env.STRESS_SUITES}: expected a whole number of suites, 1 or more`);
  process.exit(2);
}
const vitest = join(root, 'node_modules', 'vitest', 'vitest.mjs');
const out = mkdtempSync(join(tmpdir(), 'ah-stress-'));

function runSuite(n) {
  const report = join(out, `suite-${n}.json`);
  const started = performance.now();
  return new Promise((resolve) => {
    const child = spawn(
      process.execPath,
      [
        vitest,
        'run',
        '--reporter=dot',
        '--reporter=json',
        `--outputFile.json=${report}`,
        ...process.argv.slice(2),
      ],
      { cwd: root, env: { ...process.env, STRESS: '1' }, stdio: ['ignore', 'pipe', 'pipe'] },
    );
    let text = '';
    child.stdout.on('data', (chunk) => (text += chunk));
    child.stderr.on('data', (chunk) => (text += chunk));
    child.once('close', (code) => {
      const seconds = (performance.now() - started) / 1000;
      let tally = null;
      try {
        tally = JSON.parse(readFileSync(report, 'utf8'));
      } catch {
        // no report: the run itself failed; its output says why
      }
      resolve({ n, code, seconds, tally, text });
    });
  });
}

console.log(`stress: ${suites} suites at once (${process.argv.slice(2).join(' ') || 'every test file'})`);
const results = await Promise.all(Array.from({ length: suites }, (_, i) => runSuite(i + 1)));
let failed = false;
for (const { n, code, seconds, tally, text } of results) {
  const line = tally
    ? `${tally.numPassedTests} passed, ${tally.numFailedTests} failed, ${tally.numPendingTests} skipped ` +
      `of ${tally.numTotalTests} tests in ${tally.testResults.length} files`
    : 'no report';
  console.log(`suite ${n}: exit ${code}, ${seconds.toFixed(0)} s: ${line}`);
  if (code !== 0) {
    failed = true;
    // Only the failures: the summary vitest printed at the end.
    const failures = text.slice(Math.max(0, text.lastIndexOf('Failed Tests') - 200));
    console.log(failures.length < text.length ? failures : text.slice(-20_000));
  }
}
// A failed run's JSON reports (every test's start, duration and state) stay, to tell what ran beside a failure.
if (failed) console.log(`the suites' JSON reports: ${out}`);
else rmSync(out, { recursive: true, force: true });
process.exit(failed ? 1 : 0);
