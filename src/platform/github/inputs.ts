// The Action's inputs, validated like the config file: every problem names the input, the value found and
// what is expected. Raw values come in as strings (the runner passes INPUT_* variables).
import { EXIT, HarnessError } from '../../errors/exit-codes.js';
import { isAbsolute } from 'node:path';
import { z } from 'zod';
import { AGENT_ISOLATION, forbiddenPassName, type AgentIsolation } from '../../os/agent-env.js';
import { MAX_TIMER_MINS, MAX_TIMER_SECS, TIMER_LIMIT_REASON } from '../../config/index.js';

/** An input the Action cannot use: exit code 2 (EXIT.usage). */
export class InputError extends HarnessError {
  override readonly name = 'InputError';

  constructor(message: string) {
    super(message, EXIT.usage);
  }
}

/** '' means "not given" (null: the default applies), as with every input. */
const bool = (name: string) =>
  z.string().transform((value, ctx): boolean | null => {
    const v = value.trim().toLowerCase();
    if (v === '') return null;
    if (v === 'true') return true;
    if (v === 'false') return false;
    ctx.addIssue({
      code: 'custom',
      message: `${name}: expected true or false, found ${JSON.stringify(value)}`,
    });
    return z.NEVER;
  });

/** `max` bounds the durations a timer must hold (the config's durations share the limit and its reason). */
const optionalNumber = (name: string, opts: { integer: boolean; min: number; max?: number }) =>
  z.string().transform((value, ctx) => {
    const v = value.trim();
    if (v === '') return undefined;
    const n = Number(v);
    const tooBig = opts.max !== undefined && n > opts.max;
    if (!Number.isFinite(n) || (opts.integer && !Number.isInteger(n)) || n < opts.min || tooBig) {
      const what =
        (opts.integer ? `an integer >= ${opts.min}` : `a number >= ${opts.min}`) +
        (opts.max !== undefined ? ` and <= ${opts.max}` : '');
      const why = tooBig ? ` (${TIMER_LIMIT_REASON})` : '';
      ctx.addIssue({
        code: 'custom',
        message: `${name}: expected ${what}, found ${JSON.stringify(value)}${why}`,
      });
      return z.NEVER;
    }
    return n;
  });

const list = z.string().transform((value) =>
  value
    .split(/[\s,]+/)
    .map((item) => item.trim())
    .filter((item) => item !== ''),
);

const text = z.string().transform((value) => value.trim());

/** `loop`: the supervised loop (the default); `review`: plan → develop → review on the issue (docs/review.md). */
export const MODES = ['loop', 'review'] as const;
export type Mode = (typeof MODES)[number];

/** Where the loop's state is kept between runs (state/make.ts): the Actions cache, or a git branch of its own. */
export const STATE_STORES = ['cache', 'branch'] as const;
export type StateStoreKind = (typeof STATE_STORES)[number];

export const INPUT_NAMES = [
  'config',
  'prompt-file',
  'prompt',
  'max-iterations',
  'working-directory',
  'github-token',
  'state-key',
  'state-store',
  'state-branch',
  'state-branch-transcripts',
  'stop-label',
  'stop-label-poll-secs',
  'issue-number',
  'trigger-label',
  'allowed-actors',
  'time-budget-minutes',
  'upload-artifacts',
  'job-key',
  'artifact-retention-days',
  'commit-status',
  'status-context',
  'summary',
  'task-id',
  'worker-task',
  'worker-supervise',
  'worker-parallel',
  'worker-done-when',
  'mode',
  'agent-isolation',
  'agent-env',
] as const;
export type InputName = (typeof INPUT_NAMES)[number];

const agentEnvNames = list.superRefine((names, ctx) => {
  for (const name of names) {
    const why = /^[A-Za-z_][A-Za-z0-9_]*\*?$/.test(name)
      ? forbiddenPassName(name)
      : `${JSON.stringify(name)} is not a variable name (or a prefix ending in *)`;
    if (why !== null) ctx.addIssue({ code: 'custom', message: `agent-env: ${why}` });
  }
});

const schema = z.object({
  config: text,
  'prompt-file': text,
  prompt: z.string(),
  'max-iterations': optionalNumber('max-iterations', { integer: true, min: 1 }),
  'working-directory': text,
  'github-token': text,
  'state-key': text,
  'state-store': z.string().transform((value, ctx): StateStoreKind => {
    const v = value.trim();
    if (v === '') return 'cache';
    if ((STATE_STORES as readonly string[]).includes(v)) return v as StateStoreKind;
    ctx.addIssue({
      code: 'custom',
      message: `state-store: expected ${STATE_STORES.join(' or ')}, found ${JSON.stringify(value)}`,
    });
    return z.NEVER;
  }),
  'state-branch': text.refine((v) => v === '' || /^(?!\/)(?!.*(\.\.|\/\/|\/$|\.lock$))[\w./-]+$/.test(v), {
    message: 'state-branch: expected a branch name (letters, digits, ".", "_", "-", "/")',
  }),
  'state-branch-transcripts': z.string().transform((value, ctx): { keep: number | null } | null => {
    const v = value.trim().toLowerCase();
    if (v === '' || v === 'false') return null;
    if (v === 'true') return { keep: null };
    if (/^\d+$/.test(v) && Number(v) >= 1) return { keep: Number(v) };
    ctx.addIssue({
      code: 'custom',
      message: `state-branch-transcripts: expected true, false or how many sessions' transcripts to keep (>= 1), found ${JSON.stringify(value)}`,
    });
    return z.NEVER;
  }),
  'stop-label': text,
  'stop-label-poll-secs': optionalNumber('stop-label-poll-secs', {
    integer: false,
    min: 1,
    max: MAX_TIMER_SECS,
  }),
  'issue-number': optionalNumber('issue-number', { integer: true, min: 1 }),
  'trigger-label': text,
  'allowed-actors': list,
  'time-budget-minutes': optionalNumber('time-budget-minutes', {
    integer: false,
    min: 1,
    max: MAX_TIMER_MINS,
  }),
  'upload-artifacts': bool('upload-artifacts'),
  'job-key': text,
  'artifact-retention-days': optionalNumber('artifact-retention-days', { integer: true, min: 1 }),
  'commit-status': bool('commit-status'),
  'status-context': text,
  summary: bool('summary'),
  'task-id': text.refine((v) => v === '' || /^task-\d{3,}$/.test(v), {
    message: 'task-id: expected a task id like task-001',
  }),
  'worker-task': text.refine((v) => v === '' || (!isAbsolute(v) && !v.split(/[\\/]/).includes('..')), {
    message: 'worker-task: expected a task directory relative to working-directory, without ".."',
  }),
  'worker-supervise': text.refine((v) => v === '' || (!isAbsolute(v) && !v.split(/[\\/]/).includes('..')), {
    message:
      'worker-supervise: expected a directory of worker tasks relative to working-directory, without ".."',
  }),
  'worker-parallel': optionalNumber('worker-parallel', { integer: true, min: 1 }),
  'worker-done-when': z.string(),
  'agent-isolation': z.string().transform((value, ctx): AgentIsolation | null => {
    const v = value.trim();
    if (v === '') return null;
    if ((AGENT_ISOLATION as readonly string[]).includes(v)) return v as AgentIsolation;
    ctx.addIssue({
      code: 'custom',
      message: `agent-isolation: expected ${AGENT_ISOLATION.join(', ')}, found ${JSON.stringify(value)}`,
    });
    return z.NEVER;
  }),
  'agent-env': agentEnvNames,
  mode: z.string().transform((value, ctx): Mode => {
    const v = value.trim();
    if (v === '') return 'loop';
    if ((MODES as readonly string[]).includes(v)) return v as Mode;
    ctx.addIssue({
      code: 'custom',
      message: `mode: expected ${MODES.join(' or ')}, found ${JSON.stringify(value)}`,
    });
    return z.NEVER;
  }),
});

export interface ActionInputs {
  configPath: string | null;
  promptFile: string | null;
  prompt: string | null;
  maxIterations: number | undefined;
  workingDirectory: string;
  token: string;
  stateKey: string | null;
  /** Where the state is kept between runs: the Actions cache (the default) or a git branch. */
  stateStore: StateStoreKind;
  /** With stateStore 'branch': the branch (default agent-harness/state). */
  stateBranch: string;
  /** Archive the transcripts on the state branch too (keep: the newest sessions' only; null: all); null: never. */
  stateBranchTranscripts: { keep: number | null } | null;
  stopLabel: string | null;
  stopLabelPollSecs: number;
  issueNumber: number | undefined;
  triggerLabel: string | null;
  allowedActors: string[];
  timeBudgetMinutes: number | undefined;
  uploadArtifacts: boolean;
  /** '' when not given: the artifact name falls back to GITHUB_JOB. */
  jobKey: string;
  artifactRetentionDays: number | undefined;
  commitStatus: boolean;
  statusContext: string;
  summary: boolean;
  taskId: string | null;
  /** A worker task directory, relative to the working directory: every session works on it (json-actions). */
  workerTask: string | null;
  /** A directory of worker tasks, relative to the working directory: `worker supervise` runs them in this job. */
  workerSupervise: string | null;
  /** With workerSupervise: tasks at once (undefined: worker.supervise_parallel, else the cores, at most 4). */
  workerParallel: number | undefined;
  /** With workerSupervise: the supervisor's --done-when (null: none). */
  workerDoneWhen: string | null;
  mode: Mode;
  /** null when not given: the config's agent.isolation, else "auto". */
  agentIsolation: AgentIsolation | null;
  /** More variables the agent gets (agent.pass_env). */
  agentEnv: string[];
}

/** Parses raw inputs (as `core.getInput` returns them: '' when absent). Throws InputError listing all problems. */
export function parseInputs(read: (name: InputName) => string): ActionInputs {
  const raw = Object.fromEntries(INPUT_NAMES.map((name) => [name, read(name)]));
  const parsed = schema.safeParse(raw);
  if (!parsed.success) {
    throw new InputError(parsed.error.issues.map((issue) => `input ${issue.message}`).join('\n'));
  }
  const v = parsed.data;
  if (v['task-id'] !== '' && v['worker-task'] !== '')
    throw new InputError('input task-id and worker-task cannot be used together: give one');
  if (v['worker-supervise'] !== '' && v['worker-task'] !== '')
    throw new InputError('input worker-task and worker-supervise cannot be used together: give one');
  if (v['worker-supervise'] !== '' && v['task-id'] !== '')
    throw new InputError('input task-id and worker-supervise cannot be used together: give one');
  if (v['worker-supervise'] !== '' && v.mode === 'review')
    throw new InputError('input worker-supervise runs worker tasks, not review mode: leave mode unset');
  if (v['state-branch-transcripts'] !== null && v['state-store'] !== 'branch')
    throw new InputError(
      'input state-branch-transcripts needs state-store: branch (the cache never holds transcripts)',
    );
  const orNull = (s: string) => (s === '' ? null : s);
  return {
    configPath: orNull(v.config),
    promptFile: orNull(v['prompt-file']),
    prompt: v.prompt.trim() === '' ? null : v.prompt,
    maxIterations: v['max-iterations'],
    workingDirectory: v['working-directory'] || '.',
    token: v['github-token'],
    stateKey: orNull(v['state-key']),
    stateStore: v['state-store'],
    stateBranch: v['state-branch'] || 'agent-harness/state',
    stateBranchTranscripts: v['state-branch-transcripts'],
    stopLabel: orNull(v['stop-label']),
    stopLabelPollSecs: v['stop-label-poll-secs'] ?? 60,
    issueNumber: v['issue-number'],
    triggerLabel: orNull(v['trigger-label']),
    allowedActors: v['allowed-actors'],
    timeBudgetMinutes: v['time-budget-minutes'],
    uploadArtifacts: v['upload-artifacts'] ?? true,
    jobKey: v['job-key'],
    artifactRetentionDays: v['artifact-retention-days'],
    commitStatus: v['commit-status'] ?? true,
    statusContext: v['status-context'] || 'agent-harness',
    summary: v.summary ?? true,
    taskId: orNull(v['task-id']),
    workerTask: orNull(v['worker-task']),
    workerSupervise: orNull(v['worker-supervise']),
    workerParallel: v['worker-parallel'],
    workerDoneWhen: v['worker-done-when'].trim() === '' ? null : v['worker-done-when'],
    mode: v.mode,
    agentIsolation: v['agent-isolation'],
    agentEnv: v['agent-env'],
  };
}
