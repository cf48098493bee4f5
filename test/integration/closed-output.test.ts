// The CLI's output read by a reader that went away (`agent-harness metrics export | head`): no stack trace, exit 0,
// and nothing of the command's work lost. The reader is a FIFO whose read end is closed before the CLI starts, so
// every write the CLI makes fails with EPIPE, whatever the timing.
import { spawn, execFileSync } from 'node:child_process';
import { closeSync, constants, copyFileSync, openSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'vitest';
import { alive } from '../support/processes.js';
import { CLI, makeWorkdir, NODE, ROOT, runHarness, testConfig, type Workdir } from '../support/workdir.js';

const FIXTURE = join(ROOT, 'test', 'fixtures', 'transcripts', 'claude-success-tools.jsonl');
const FILES = 12;

let readers = 0;

/** Runs the CLI in `w` with its stdout on a pipe nobody reads any more. */
function withClosedStdout(w: Workdir, args: string[]): Promise<{ code: number | null; stderr: string }> {
  const fifo = w.path(`closed-reader-${(readers += 1)}`);
  execFileSync('mkfifo', [fifo]);
  const reader = openSync(fifo, constants.O_RDONLY | constants.O_NONBLOCK);
  const writer = openSync(fifo, constants.O_WRONLY);
  closeSync(reader);
  const child = spawn(NODE, [CLI, ...args], { cwd: w.dir, stdio: ['ignore', writer, 'pipe'] });
  closeSync(writer);
  let stderr = '';
  child.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  return new Promise((resolve) => child.once('close', (code) => resolve({ code, stderr })));
}

function transcripts(): { w: Workdir; names: string[] } {
  const w = makeWorkdir({});
  const names = Array.from({ length: FILES }, (_, n) => `claude-iteration-${n + 1}.jsonl`);
  for (const name of names) copyFileSync(FIXTURE, w.path(name));
  return { w, names };
}

describe.concurrent('output to a reader that went away', () => {
  it('metrics ingest: exit 0, no stack, every file still recorded', async ({ expect }) => {
    const { w, names } = transcripts();
    expect(await withClosedStdout(w, ['metrics', 'ingest', ...names])).toEqual({ code: 0, stderr: '' });
    const exported = await runHarness(w, ['metrics', 'export', '--format', 'json']);
    expect(exported.code).toBe(0);
    expect((JSON.parse(exported.stdout) as unknown[]).length).toBe(FILES);
  });

  it('the loop: goes on supervising, every session run and recorded, exit 0', async ({ expect }) => {
    const w = makeWorkdir({ plan: ['ok', 'ok'], config: testConfig({ session: { max_iterations: 2 } }) });
    expect(await withClosedStdout(w, [])).toEqual({ code: 0, stderr: '' });
    expect(w.counter()).toBe(2);
    expect(w.events().filter((e) => e.event === 'session_complete')).toHaveLength(2);
    expect(w.status()).toMatchObject({ state: 'stopped' });
    expect(alive(w.agentPids())).toEqual([]);
  });

  it('metrics export and --help: exit 0, no stack', async ({ expect }) => {
    const { w, names } = transcripts();
    expect((await runHarness(w, ['metrics', 'ingest', ...names])).code).toBe(0);
    expect(await withClosedStdout(w, ['metrics', 'export', '--format', 'csv'])).toEqual({
      code: 0,
      stderr: '',
    });
    expect(await withClosedStdout(w, ['--help'])).toEqual({ code: 0, stderr: '' });
  });
});
