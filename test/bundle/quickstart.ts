// The quickstart, and what it left behind, for the tests to assert on: run from an installed agent-harness outside
// the clone (a copy of examples/quickstart/ whose run.mjs runs the installed executable, AGENT_HARNESS_BIN), or as
// the README's first command, `npm run quickstart`, in a copy of the repository; either way its scratch git
// repository is made under `root`.
import { execFile, execFileSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { ROOT } from '../support/workdir.js';

const run = promisify(execFile);

export interface QuickstartRun {
  exitCode: number;
  output: string;
  /** The scratch repository run.mjs made and ran the loop in. */
  repo: string;
  transcripts: string[];
  counter: string;
  commits: string[];
  events: Array<{ event: string } & Record<string, unknown>>;
}

export async function runQuickstart(
  bin: string,
  root: string,
  env: NodeJS.ProcessEnv,
): Promise<QuickstartRun> {
  const copy = join(root, 'quickstart');
  cpSync(join(ROOT, 'examples', 'quickstart'), copy, { recursive: true });
  return quickstart(process.execPath, [join(copy, 'run.mjs')], root, root, {
    ...env,
    AGENT_HARNESS_BIN: bin,
  });
}

/** `command args` in `cwd` (`npm run quickstart` in a copy of the repository, say), its scratch repository in `root`. */
export async function quickstart(
  command: string,
  args: string[],
  cwd: string,
  root: string,
  env: NodeJS.ProcessEnv,
): Promise<QuickstartRun> {
  // run.mjs makes its scratch repository in the system temporary directory: here, one of this test's own.
  const tmp = join(root, 'tmp');
  mkdirSync(tmp);
  const result = await run(command, args, {
    cwd,
    env: { ...env, TMPDIR: tmp },
    encoding: 'utf8',
  }).then(
    ({ stdout, stderr }) => ({ exitCode: 0, output: stdout + stderr }),
    (error: { code?: number; stdout?: string; stderr?: string }) => ({
      exitCode: typeof error.code === 'number' ? error.code : -1,
      output: `${error.stdout ?? ''}${error.stderr ?? ''}`,
    }),
  );
  const [scratch] = readdirSync(tmp).filter((name) => name.startsWith('agent-harness-quickstart-'));
  if (!scratch) throw new Error(`run.mjs made no scratch repository in ${tmp}:\n${result.output}`);
  const repo = join(tmp, scratch);
  const counterFile = join(repo, '.iteration_counter');
  const eventLog = join(repo, 'harness-events.jsonl');
  return {
    ...result,
    repo,
    transcripts: readdirSync(repo)
      .filter((name) => /^claude-iteration-\d+\.jsonl$/.test(name))
      .sort(),
    counter: existsSync(counterFile) ? readFileSync(counterFile, 'utf8').trim() : '',
    commits: execFileSync('git', ['log', '--format=%s'], { cwd: repo, encoding: 'utf8', env })
      .trim()
      .split('\n'),
    events: existsSync(eventLog)
      ? readFileSync(eventLog, 'utf8')
          .trim()
          .split('\n')
          .map((line) => JSON.parse(line) as { event: string } & Record<string, unknown>)
      : [],
  };
}
