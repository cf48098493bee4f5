// Odd inputs and unwritable directories, as the agent or a user can make them, with the built CLI: a FIFO, a
// device or a huge file where the prompt or the config is (the agent can put one there itself between two
// sessions), a working directory on a read-only file system or a full disk. Each ends promptly with one clear
// `agent-harness:` line and its own exit code (18: an input refused unread; 8: nothing can be written), a stop
// request is never held up by a read, nothing already written is lost, and no process is left.
import { execFileSync } from 'node:child_process';
import {
  copyFileSync,
  existsSync,
  readdirSync,
  readFileSync,
  rmSync,
  symlinkSync,
  truncateSync,
  writeFileSync,
} from 'node:fs';
import { join } from 'node:path';
import { describe, it, type ExpectStatic, type TestContext } from 'vitest';
import { alive } from '../support/processes.js';
import { canMount, fillUp, readOnlyView, tinyFs } from '../support/tiny-fs.js';
import { HANG_MS } from '../support/captured.js';
import {
  makeWorkdir,
  startHarness,
  testConfig,
  waitUntil,
  workdirAt,
  type Run,
  type Workdir,
} from '../support/workdir.js';

const EXIT_WRITE_FAILED = 8;
const EXIT_INPUT_REFUSED = 18;
/**
 * How long a harness may take to end once it meets the odd input or the stop request: what tells a prompt end
 * from the hang these tests are about (a read of a FIFO that never returns). It never includes a start-up.
 */
const END_MS = 10_000;

type Ended = { code: number | null; stdout: string; stderr: string };

const loopEnd = (w: Workdir) => w.events().find((e) => e.event === 'loop_end');
const mkfifo = (path: string) => execFileSync('mkfifo', [path]);
const noStack = (expect: ExpectStatic, stderr: string) => expect(stderr).not.toMatch(/^\s+at /m);

/** Starts the harness; it is SIGKILLed when the test finishes if it is still running (a hang fails, never lingers). */
function start(context: Pick<TestContext, 'onTestFinished'>, w: Workdir, env: NodeJS.ProcessEnv = {}): Run {
  const run = startHarness(w, [], env);
  context.onTestFinished(async () => {
    if (run.child.exitCode === null && run.child.signalCode === null) {
      run.child.kill('SIGKILL');
      await run.exit;
    }
  });
  return run;
}

/**
 * The harness's end, or a failure naming `what` when it has not ended within `limitMs`: END_MS once it has printed
 * that it met the odd input (no start-up in the bound), HANG_MS for a whole run.
 */
async function ended(run: Run, what: string, limitMs = HANG_MS): Promise<Ended> {
  let timer: NodeJS.Timeout | undefined;
  const hung = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(
      () =>
        reject(
          new Error(
            `the harness did not end within ${limitMs} ms ${what}\nstdout:\n${run.stdout()}\nstderr:\n${run.stderr()}`,
          ),
        ),
      limitMs,
    );
  });
  try {
    const { code } = await Promise.race([run.exit, hung]);
    return { code, stdout: run.stdout(), stderr: run.stderr() };
  } finally {
    clearTimeout(timer);
  }
}

const fifoLine = (what: string, path: string) =>
  `agent-harness: ${what} ${path} is a FIFO (named pipe), not a regular file: the harness reads only regular ` +
  'files (a FIFO or a device could block it, or never end); replace it with a regular file\n';

/**
 * A loop of two sessions whose first one (the agent itself) replaces PROMPT.md by a FIFO. The second's prompt
 * command, the last step before the prompt file is read, touches `assembling`: a test that waits for it sends its
 * stop request while the harness reads the FIFO (or has refused it).
 */
function fifoByAgent(): Workdir {
  return makeWorkdir({
    plan: ['sh:rm PROMPT.md && mkfifo PROMPT.md', 'ok'],
    config: testConfig({
      session: { max_iterations: 2 },
      prompt: { prepend_commands: ['if [ "$HARNESS_ITERATION" = 1 ]; then touch assembling; fi'] },
    }),
  });
}

describe.concurrent('a prompt or config file that is not a regular file', () => {
  it.for<[string, (path: string) => void, string]>([
    ['a FIFO', mkfifo, 'is a FIFO (named pipe), not a regular file: the harness reads only regular files'],
    [
      'a device (/dev/zero)',
      (path) => symlinkSync('/dev/zero', path),
      'is a character device, not a regular file: the harness reads only regular files',
    ],
    [
      'a 1 GiB file',
      (path) => (writeFileSync(path, ''), truncateSync(path, 1 << 30)),
      'is larger than the 4 MiB the harness reads of it (1073741824 bytes): shorten it',
    ],
  ])(
    '%s as the prompt file at start: refused unread, exit 18, nothing written',
    async ([, make, words], context) => {
      const { expect } = context;
      const w = makeWorkdir({ plan: ['ok'], config: testConfig({ agent: { prompt_via: 'stdin' } }) });
      rmSync(w.path('PROMPT.md'));
      make(w.path('PROMPT.md'));
      const before = readdirSync(w.dir).sort();
      const run = await ended(start(context, w), 'with an odd prompt file');
      expect(run.code).toBe(EXIT_INPUT_REFUSED);
      expect(run.stderr).toMatch(new RegExp(`^agent-harness: prompt file ${w.path('PROMPT.md')} [^\n]*\n$`));
      expect(run.stderr).toContain(words);
      expect(readdirSync(w.dir).sort()).toEqual(before);
      expect(w.agentPids()).toEqual([]);
    },
  );

  it('a FIFO as the config file: refused unread with exit 18, never taken for no config', async (context) => {
    const { expect } = context;
    const w = makeWorkdir({ plan: ['ok'] });
    mkfifo(w.path('harness.yml'));
    const run = await ended(start(context, w), 'with a FIFO as its config file');
    expect(run.code).toBe(EXIT_INPUT_REFUSED);
    expect(run.stderr).toBe(fifoLine('config file', w.path('harness.yml')));
    expect(w.agentPids()).toEqual([]);
  });

  it('the agent replaces PROMPT.md by a FIFO: the next session is refused, the end recorded', async (context) => {
    const { expect } = context;
    const w = fifoByAgent();
    const run = start(context, w);
    await run.waitFor((out) => /iteration=1 .*status=starting/.test(out));
    const end = await ended(run, 'once the agent left a FIFO as the prompt file', END_MS);
    expect(end.code).toBe(EXIT_INPUT_REFUSED);
    expect(end.stderr).toBe(fifoLine('prompt file', w.path('PROMPT.md')));
    noStack(expect, end.stderr);
    expect(loopEnd(w)).toMatchObject({
      reason: 'input_refused',
      exit_code: EXIT_INPUT_REFUSED,
      productive: 1,
    });
    expect(w.status()).toMatchObject({ state: 'stopped', stop_reason: 'input_refused' });
    expect(end.stdout.trim().split('\n').at(-1)).toMatch(/^Loop completed: 1 productive iterations/);
    expect(w.agentPids()).toHaveLength(1);
    expect(alive(w.agentPids())).toEqual([]);
  });

  it.for<[string, (run: Run, w: Workdir) => void]>([
    ['the STOP file', (_run, w) => writeFileSync(w.path('STOP'), '')],
    ['SIGTERM', (run) => run.child.kill('SIGTERM')],
    ['a double SIGINT', (run) => (run.child.kill('SIGINT'), run.child.kill('SIGINT'))],
  ])('a FIFO as the prompt file does not hold up %s', async ([, stop], context) => {
    const { expect } = context;
    const w = fifoByAgent();
    const run = start(context, w);
    // The second session's prompt is being put together: its prompt file, the agent's FIFO, is read next.
    await waitUntil(() => existsSync(w.path('assembling')), 'the second prompt to be put together');
    stop(run, w);
    const end = await ended(run, 'after a stop request, with a FIFO as the prompt file', END_MS);
    // Refused before the request arrived, or stopped by it: either way at once, and said.
    if (end.code === EXIT_INPUT_REFUSED)
      expect(end.stderr).toBe(fifoLine('prompt file', w.path('PROMPT.md')));
    else expect([0, 130]).toContain(end.code);
    noStack(expect, end.stderr);
    expect(w.status()).toMatchObject({ state: 'stopped' });
    expect(w.agentPids()).toHaveLength(1);
    expect(alive(w.agentPids())).toEqual([]);
  });
});

/** A working directory on a tiny tmpfs of its own (`sizeKb`), holding the prompt and config of `w`. */
function onTinyFs(context: TestContext, w: Workdir, sizeKb: number): Workdir {
  const dir = tinyFs(context, sizeKb, w.path('disk'));
  copyFileSync(w.path('PROMPT.md'), join(dir, 'PROMPT.md'));
  copyFileSync(w.path('harness.yml'), join(dir, 'harness.yml'));
  return workdirAt(dir, w.plan);
}

/** Every file of `dir` and its bytes. */
const contents = (dir: string) =>
  Object.fromEntries(
    readdirSync(dir)
      .sort()
      .map((name) => [name, readFileSync(join(dir, name), 'latin1')]),
  );

const cannotWrite = (dir: string, cause: string, fix: string) =>
  `agent-harness: cannot write in ${dir}: ${cause}, so the instance lock ${dir}/harness.status.lock cannot be ` +
  `taken and nothing was started (nothing there was changed): ${fix}, or set session.status_file (with ` +
  'session.counter_file, session.output_dir and output.event_log) to a writable place\n';

// The history database is left out (metrics.enabled: false): how it gives way on a full disk is metrics.md's.
const config = (sessions = 1) =>
  testConfig({ session: { max_iterations: sessions }, metrics: { enabled: false } });

describe.skipIf(!canMount)(
  'a directory nothing can be written to (needs root to mount)',
  { concurrent: true },
  () => {
    it('a read-only working directory: exit 8 at start, naming the directory and the fix', async (context) => {
      const { expect } = context;
      const w = makeWorkdir({ plan: ['ok'], config: config() });
      const view = workdirAt(readOnlyView(context, w.dir), w.plan);
      const before = contents(w.dir);
      const run = await ended(start(context, view), 'in a read-only directory');
      expect(run.code).toBe(EXIT_WRITE_FAILED);
      expect(run.stderr).toBe(
        cannotWrite(
          view.dir,
          'read-only file system (EROFS)',
          'make it writable (remount a read-only file system read-write, or fix its owner and mode)',
        ),
      );
      expect(contents(w.dir)).toEqual(before);
      expect(w.agentPids()).toEqual([]);
    });

    it('a full disk at start: exit 8, and what an earlier run wrote is kept', async (context) => {
      const { expect } = context;
      const w = onTinyFs(context, makeWorkdir({ plan: ['ok'], config: config() }), 256);
      expect((await ended(start(context, w), 'with room on its disk')).code).toBe(0);
      fillUp(expect, w.dir);
      const before = contents(w.dir);
      const run = await ended(start(context, w), 'on a full disk');
      expect(run.code).toBe(EXIT_WRITE_FAILED);
      expect(run.stderr).toBe(
        cannotWrite(w.dir, 'no space left on the device (ENOSPC)', 'free space on its disk'),
      );
      expect(contents(w.dir)).toEqual(before);
      expect(w.agentPids()).toHaveLength(1);
    });

    it('the disk fills during a session: the status says so, the next start exits 8, then recovers', async (context) => {
      const { expect } = context;
      const w = onTinyFs(context, makeWorkdir({ plan: ['fill', 'ok'], config: config() }), 512);
      const first = await ended(
        start(context, w, { AGENT_FILL: join(w.dir, 'ballast') }),
        'once its disk filled',
      );
      expect(first.code).toBe(EXIT_WRITE_FAILED);
      // The transcript or a status write in passing, whichever meets the full disk first.
      expect(first.stderr).toMatch(
        /^agent-harness: cannot (record the agent's output in|write) \S+: no space left on the device \(ENOSPC\)\n$/,
      );
      // Not `session_running`: the last word was written over the old status in place.
      expect(w.status()).toMatchObject({ state: 'stopped', stop_reason: 'write_failed', agent_pgid: null });
      expect(alive(w.agentPids())).toEqual([]);

      fillUp(expect, w.dir);
      const full = await ended(start(context, w), 'on a disk still full');
      expect(full.code).toBe(EXIT_WRITE_FAILED);
      expect(full.stderr).toBe(
        cannotWrite(w.dir, 'no space left on the device (ENOSPC)', 'free space on its disk'),
      );
      expect(w.status()).toMatchObject({ state: 'stopped', stop_reason: 'write_failed' });

      rmSync(join(w.dir, 'ballast'));
      const freed = await ended(start(context, w), 'once its disk has room again');
      expect(freed.code).toBe(0);
      expect(w.status()).toMatchObject({ state: 'stopped', stop_reason: 'completed', productive: 1 });
      expect(w.agentPids()).toHaveLength(2);
      expect(alive(w.agentPids())).toEqual([]);
    });
  },
);
