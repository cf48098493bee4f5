// The name of a job's artifact. Artifact names are immutable within a workflow run, and every job of a run
// shares GITHUB_RUN_ID and GITHUB_RUN_ATTEMPT; GITHUB_JOB is the job's key in the workflow, the same for every
// leg of a matrix. What tells the legs apart is the `job-key` input, whose default the runner evaluates per job
// (`${{ github.job }}-${{ strategy.job-index }}`): the name is built from the run, the attempt and that key, so
// no two legs of one run can ask for the same name.

/** Characters an artifact name may not contain (the artifact client refuses them), and whitespace. */
const FORBIDDEN = /["':<>|*?\\/\s]+/g;
const KEY_MAX = 80;

export interface ArtifactNameInput {
  runId: string;
  runAttempt: string;
  /** The `job-key` input ('' when not given). */
  jobKey: string;
  /** GITHUB_JOB: the fallback when no job key was given. */
  job: string;
  /** A fan-out job's task: part of the name so a person can tell the artifacts apart. */
  taskId: string | null;
}

function clean(part: string): string {
  return part
    .replace(FORBIDDEN, '_')
    .replace(/^[_.-]+|[_.-]+$/g, '')
    .slice(0, KEY_MAX);
}

/** `agent-harness-<run>-<attempt>-<job-key>[-<task-id>]`; the merge job downloads `agent-harness-<run>-*`. */
export function artifactName(input: ArtifactNameInput): string {
  const key = clean(input.jobKey) || clean(input.job) || 'job';
  const parts = ['agent-harness', clean(input.runId) || '0', clean(input.runAttempt) || '1', key];
  if (input.taskId && !key.includes(input.taskId)) parts.push(clean(input.taskId));
  return parts.join('-');
}

/** A name for a second try after a collision: the original plus a random suffix, so nothing is lost. */
export function collisionName(name: string, random: () => string): string {
  return `${name}-${random()}`;
}

/** Whether the artifact service refused the name because the run already has an artifact by that name. */
export function isNameCollision(error: unknown): boolean {
  const message = error instanceof Error ? error.message : String(error);
  return /\(409\)|already exists/i.test(message);
}
