// The run's GitHub context, read once from the runner's environment and the event payload. Nothing here calls
// the network.
import { EXIT, HarnessError } from '../../errors/exit-codes.js';
import { readFileSync } from 'node:fs';

export interface GitHubContext {
  owner: string;
  repo: string;
  runId: string;
  runAttempt: string;
  /** GITHUB_JOB: the job's key in the workflow (the same for every leg of a matrix). */
  job: string;
  sha: string;
  serverUrl: string;
  apiUrl: string;
  eventName: string;
  workflow: string;
  refName: string;
  actor: string;
  workspace: string;
  runnerTemp: string;
  payload: Record<string, unknown>;
  runUrl: string;
}

/** Not a GitHub Actions job as the runner sets one up: exit code 2 (EXIT.usage). */
export class ContextError extends HarnessError {
  override readonly name = 'ContextError';

  constructor(message: string) {
    super(message, EXIT.usage);
  }
}

export function readGitHubContext(env: NodeJS.ProcessEnv = process.env): GitHubContext {
  const repository = env.GITHUB_REPOSITORY ?? '';
  const [owner, repo] = repository.split('/');
  if (!owner || !repo) {
    throw new ContextError(
      `GITHUB_REPOSITORY must be "owner/repo", found ${JSON.stringify(repository)}: is this a GitHub Actions job?`,
    );
  }
  let payload: Record<string, unknown> = {};
  if (env.GITHUB_EVENT_PATH) {
    try {
      payload = JSON.parse(readFileSync(env.GITHUB_EVENT_PATH, 'utf8')) as Record<string, unknown>;
    } catch (error) {
      throw new ContextError(
        `cannot read the event payload ${env.GITHUB_EVENT_PATH}: ${(error as Error).message}`,
      );
    }
  }
  const serverUrl = (env.GITHUB_SERVER_URL ?? 'https://github.com').replace(/\/$/, '');
  const runId = env.GITHUB_RUN_ID ?? '0';
  const runAttempt = env.GITHUB_RUN_ATTEMPT ?? '1';
  return {
    owner,
    repo,
    runId,
    runAttempt,
    job: env.GITHUB_JOB ?? '',
    sha: env.GITHUB_SHA ?? '',
    serverUrl,
    apiUrl: (env.GITHUB_API_URL ?? 'https://api.github.com').replace(/\/$/, ''),
    eventName: env.GITHUB_EVENT_NAME ?? '',
    workflow: env.GITHUB_WORKFLOW ?? 'workflow',
    refName: env.GITHUB_REF_NAME ?? '',
    actor: env.GITHUB_ACTOR ?? '',
    workspace: env.GITHUB_WORKSPACE ?? process.cwd(),
    runnerTemp: env.RUNNER_TEMP ?? env.TMPDIR ?? '/tmp',
    payload,
    runUrl: `${serverUrl}/${owner}/${repo}/actions/runs/${runId}${runAttempt !== '1' ? `/attempts/${runAttempt}` : ''}`,
  };
}

/** The issue this run belongs to: the input, else the event's issue or pull request. */
export function issueNumberFrom(ctx: GitHubContext, input: number | undefined): number | null {
  if (input !== undefined) return input;
  const issue = ctx.payload.issue as { number?: unknown } | undefined;
  if (typeof issue?.number === 'number') return issue.number;
  const pr = ctx.payload.pull_request as { number?: unknown } | undefined;
  if (typeof pr?.number === 'number') return pr.number;
  return null;
}

/** The default scope of cached state: one per workflow and branch. */
export function defaultStateKey(ctx: GitHubContext): string {
  const clean = (s: string) => s.replace(/[^A-Za-z0-9._-]+/g, '_').slice(0, 80);
  return `agent-harness-${clean(ctx.workflow)}-${clean(ctx.refName || 'default')}`;
}
