// Runs the Action the way the GitHub Actions runner does: `node main.js` (this run's build, build.ts) with INPUT_* and GITHUB_*
// variables and the file-command files, then `node post.js` with the main step's saved state as STATE_*.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parse } from 'yaml';
import { capture, HANG_MS, type Captured } from './captured.js';
import { NODE, ROOT } from './workdir.js';

import { MAIN, POST } from './build.js';

export { MAIN, POST };

export interface StepRun extends Captured {
  child: ChildProcess;
  exit: Promise<{ code: number | null; signal: NodeJS.Signals | null; ms: number }>;
}

export interface JobFiles {
  dir: string;
  output: string;
  state: string;
  summary: string;
  event: string;
  runnerTemp: string;
}

/** The runner's file-command format: `name<<DELIM\nvalue\nDELIM` (or legacy `name=value`). */
export function parseFileCommands(text: string): Record<string, string> {
  const values: Record<string, string> = {};
  const lines = text.split('\n');
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    const heredoc = /^([^=<]+)<<(.+)$/.exec(line);
    if (heredoc) {
      const [, name, delimiter] = heredoc;
      const body: string[] = [];
      for (i++; i < lines.length && lines[i] !== delimiter; i++) body.push(lines[i]!);
      values[name!] = body.join('\n');
    } else if (line.includes('=')) {
      values[line.slice(0, line.indexOf('='))] = line.slice(line.indexOf('=') + 1);
    }
  }
  return values;
}

export function jobFiles(event: Record<string, unknown> = {}): JobFiles {
  const dir = mkdtempSync(join(tmpdir(), 'ah-job-'));
  const files = {
    dir,
    output: join(dir, 'output.txt'),
    state: join(dir, 'state.txt'),
    summary: join(dir, 'summary.md'),
    event: join(dir, 'event.json'),
    runnerTemp: mkdtempSync(join(tmpdir(), 'ah-runner-temp-')),
  };
  for (const file of [files.output, files.state, files.summary]) writeFileSync(file, '');
  writeFileSync(files.event, JSON.stringify(event));
  return files;
}

/**
 * The inputs' defaults from action.yml, which the runner passes for every input a workflow leaves out. The runner
 * evaluates a default's expressions per job; the ones given in `context` (e.g. `github.job`) are evaluated here,
 * a default using any other (such as ${{ github.token }}) is left out for the test to pass explicitly.
 */
export function actionDefaults(context: Record<string, string> = {}): Record<string, string> {
  const action = parse(readFileSync(join(ROOT, 'action.yml'), 'utf8')) as {
    inputs: Record<string, { default?: string }>;
  };
  const defaults: Record<string, string> = {};
  for (const [name, input] of Object.entries(action.inputs)) {
    if (input.default === undefined) continue;
    let unknown = false;
    const value = input.default.replace(/\$\{\{\s*([\w.-]+)\s*\}\}/g, (_, expression: string) => {
      if (expression in context) return context[expression]!;
      unknown = true;
      return '';
    });
    if (!unknown && !value.includes('${{')) defaults[name] = value;
  }
  return defaults;
}

export function inputEnv(
  inputs: Record<string, string>,
  context: Record<string, string> = {},
): Record<string, string> {
  const env: Record<string, string> = {};
  // The stand-in agents of the Action's tests write what they saw to the test's own (root-only) directories and
  // read their scripts from variables the allow-list withholds: they run as the step's user unless the test asks
  // for isolation. test/action/isolation.test.ts runs the Action with its real default.
  const isolation = { 'agent-isolation': 'none' };
  for (const [name, value] of Object.entries({ ...actionDefaults(context), ...isolation, ...inputs })) {
    env[`INPUT_${name.replace(/ /g, '_').toUpperCase()}`] = value;
  }
  return env;
}

/** A clean environment: nothing of this process's own Actions or runner context leaks in. */
export function baseEnv(): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {};
  for (const [key, value] of Object.entries(process.env)) {
    if (/^(ACTIONS_|GITHUB_|RUNNER_|INPUT_|STATE_|CI$)/.test(key)) continue;
    env[key] = value;
  }
  return env;
}

export function startStep(
  script: string,
  env: NodeJS.ProcessEnv,
  cwd: string,
  as?: { uid: number; gid: number },
): StepRun {
  const started = Date.now();
  const child = spawn(NODE, [script], { cwd, env, stdio: ['ignore', 'pipe', 'pipe'], ...as });
  const exit = new Promise<{ code: number | null; signal: NodeJS.Signals | null; ms: number }>((resolve) =>
    child.once('close', (code, signal) => resolve({ code, signal, ms: Date.now() - started })),
  );
  return { child, exit, ...capture(child, HANG_MS) };
}

export interface JobEnvInput {
  files: JobFiles;
  workspace: string;
  inputs: Record<string, string>;
  env?: Record<string, string>;
  runId?: string;
  attempt?: string;
  eventName?: string;
  /** GITHUB_JOB, the job's key in the workflow (default `agent`). */
  job?: string;
  /** The job's index in its matrix (`strategy.job-index`, default 0). */
  jobIndex?: number;
  /** The steps' user (a hosted runner's `runner`), when not this process's. */
  uid?: number;
  gid?: number;
}

export function jobEnv(input: JobEnvInput): NodeJS.ProcessEnv {
  return {
    ...baseEnv(),
    ...input.env,
    ...inputEnv(input.inputs, {
      'github.job': input.job ?? 'agent',
      'strategy.job-index': String(input.jobIndex ?? 0),
    }),
    GITHUB_ACTIONS: 'true',
    CI: 'true',
    GITHUB_WORKSPACE: input.workspace,
    GITHUB_OUTPUT: input.files.output,
    GITHUB_STATE: input.files.state,
    GITHUB_STEP_SUMMARY: input.files.summary,
    GITHUB_EVENT_PATH: input.files.event,
    GITHUB_EVENT_NAME: input.eventName ?? 'schedule',
    GITHUB_RUN_ID: input.runId ?? '1001',
    GITHUB_RUN_ATTEMPT: input.attempt ?? '1',
    GITHUB_JOB: input.job ?? 'agent',
    GITHUB_SHA: 'a'.repeat(40),
    GITHUB_WORKFLOW: 'nightly agent',
    GITHUB_REF_NAME: 'main',
    GITHUB_ACTOR: 'octocat',
    RUNNER_TEMP: input.files.runnerTemp,
  };
}

/** The post step sees the main step's saved state as STATE_<name>. */
export function postEnv(mainEnv: NodeJS.ProcessEnv, files: JobFiles): NodeJS.ProcessEnv {
  const state = existsSync(files.state) ? parseFileCommands(readFileSync(files.state, 'utf8')) : {};
  const env: NodeJS.ProcessEnv = { ...mainEnv };
  for (const [name, value] of Object.entries(state)) env[`STATE_${name}`] = value;
  return env;
}

export async function runJob(input: JobEnvInput) {
  const env = jobEnv(input);
  const as = input.uid !== undefined ? { uid: input.uid, gid: input.gid ?? input.uid } : undefined;
  const main = startStep(MAIN, env, input.workspace, as);
  const mainExit = await main.exit;
  const post = startStep(POST, postEnv(env, input.files), input.workspace, as);
  const postExit = await post.exit;
  return {
    main: { ...mainExit, stdout: main.stdout(), stderr: main.stderr() },
    post: { ...postExit, stdout: post.stdout(), stderr: post.stderr() },
    outputs: parseFileCommands(readFileSync(input.files.output, 'utf8')),
    summary: readFileSync(input.files.summary, 'utf8'),
  };
}
