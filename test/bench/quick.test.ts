// Every benchmark in bench/ runs in its quick mode (BENCH_QUICK=1: sizes that take seconds) against this run's build
// of the current sources, so a change that breaks a benchmark fails the suite instead of rotting unseen until the
// next full run. Asserted: the benchmark exits 0 (its own checks passed: the soak's bookkeeping, the task graph's
// agreement with the naive walk, the watchdog's stalled verdict...), printed its summary, and every figure in it is
// a measurement (bench/lib.ts `insane`: finite, not negative, present). No timing is asserted: the suite runs
// beside other test files, and the figures of a quick run on a loaded machine mean nothing.
import { spawn } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ALL } from '../../bench/benchmarks.js';
import { BUILD } from '../support/build.js';
import { ROOT } from '../support/workdir.js';

function runBench(name: string): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', join(ROOT, 'bench', `${name}.ts`)], {
      cwd: ROOT,
      env: { ...process.env, BENCH_QUICK: '1', BENCH_DIST: BUILD, BENCH_RESULTS_JSON: '' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.once('error', reject);
    child.once('close', (code) => resolve({ code, output }));
  });
}

describe('the benchmarks, quick', () => {
  it('are every script in bench/ but the runner and its helpers', () => {
    const scripts = readdirSync(join(ROOT, 'bench'))
      .filter(
        (name) =>
          name.endsWith('.ts') &&
          // The runner, its library, and worker-iteration's child (one measured process per size).
          !['benchmarks.ts', 'lib.ts', 'run.ts', 'worker-reads.ts'].includes(name),
      )
      .map((name) => name.slice(0, -'.ts'.length));
    expect([...ALL].sort()).toEqual(scripts.sort());
  });

  it.each(ALL)(
    '%s runs, and every figure it reports is a measurement',
    { timeout: 180_000 },
    async (name) => {
      const { code, output } = await runBench(name);
      expect(output).toContain(`== ${name}: summary ==`);
      expect(output).not.toMatch(/^INSANE /m);
      expect(output).not.toMatch(/^FAIL /m);
      expect(code, output.slice(-3000)).toBe(0);
    },
  );
});
