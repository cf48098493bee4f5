// Recovery of a task found `in_progress` at session start: the previous session was interrupted. The facts
// come from git (uncommitted changes, commits since `started_at_commit` whose message names the task id) and
// from the task's checkpoints; the task protocol's decision matrix turns them into an action:
//
//   uncommitted | task commits | checkpoints | action
//   no          | no           | none        | fail_no_progress          [SESSION_TIMEOUT] No progress detected
//   no          | no           | some        | resume_from_checkpoint    when the files reflect checkpoint progress
//               |              |             | fail_work_lost            otherwise
//   no          | yes          | any         | validate                  pass: completed; fail: rollback, failed
//   yes         | no           | any         | validate_with_uncommitted pass: commit, completed; fail: rollback
//   yes         | yes          | any         | commit_then_validate      commit; pass: completed; fail: rollback
//
// "The files reflect checkpoint progress" (row 2) is checked conservatively: with no uncommitted changes and no
// commit naming the task, any progress can only be in commits that forgot the id, so the working tree must
// differ from `started_at_commit` (`git diff --name-only <base>` is non-empty). When the checkpoint
// descriptions name files that exist (on disk or among the changed paths), at least one of them must be among
// the changed paths; names that match nothing (`Node.js`, prose) are ignored. Anything less is lost work.
//
// The harness's own files (transcripts, counter, status, logs, the task file) are not "uncommitted changes" and
// are never committed, rewound or cleaned here (git.ts). When the task recorded the branch it started on and
// the agent left it, HEAD goes back to that branch first (working tree kept), so the facts are read, and the
// commit or rollback made, on the task's own branch.
//
// A rollback does to the user's files what `git reset --hard <started_at_commit>` plus `git clean -fd` would
// (rollback.ts; the log line keeps the protocol's wording). In task mode (`touch`: the claim's record) every row
// follows touched.ts: only the task's changes count, are committed, or are removed. A `started_at_commit` that
// is not recorded or no longer exists cannot be rolled back to: the task is failed at max_attempts, as the
// protocol's TASK_EXEC rule says, and the working tree is left alone.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { Checkpoint, ErrorCategory, Task } from './schema.js';
import {
  changedFilesSince,
  commitAll,
  commitExists,
  hasUncommittedChanges,
  NO_HARNESS_FILES,
  returnToBranch,
  stashList,
  taskCommitsSince,
} from './git.js';
import type { ClaimRecord } from './claim.js';
import { rollback } from './rollback.js';
import { commitTask, rollbackLine, rollbackTask, taskHasChanges, type TaskTree } from './touched.js';
import { runValidation, type ValidationOutcome } from './validation.js';
import type { HarnessGitView } from '../state/index.js';

export interface RecoveryFacts {
  uncommitted: boolean;
  /** Commits since started_at_commit whose message mentions the task id. */
  taskCommits: number;
  checkpoints: number;
  /** Whether the files reflect the checkpoints' progress; null when not checked (row 2 only needs it). */
  checkpointFilesPresent: boolean | null;
}

export type RecoveryAction =
  | { kind: 'fail_no_progress' }
  | { kind: 'resume_from_checkpoint' }
  | { kind: 'fail_work_lost' }
  | { kind: 'validate' }
  | { kind: 'validate_with_uncommitted' }
  | { kind: 'commit_then_validate' };

/** The decision matrix. In row 2 an unchecked file state (null) is treated as lost work: fail safe. */
export function decideRecovery(facts: RecoveryFacts): RecoveryAction {
  if (facts.uncommitted && facts.taskCommits > 0) return { kind: 'commit_then_validate' };
  if (facts.uncommitted) return { kind: 'validate_with_uncommitted' };
  if (facts.taskCommits > 0) return { kind: 'validate' };
  if (facts.checkpoints === 0) return { kind: 'fail_no_progress' };
  return facts.checkpointFilesPresent === true
    ? { kind: 'resume_from_checkpoint' }
    : { kind: 'fail_work_lost' };
}

export type RecoveryLogType = 'RECOVERY' | 'ROLLBACK' | 'ERROR' | 'WARN';

/** One progress-log line; `message` is everything after the type, starting with `[task-id]`. */
export interface RecoveryLogLine {
  type: RecoveryLogType;
  message: string;
  category?: ErrorCategory;
}

export interface RecoveryOptions {
  cwd: string;
  env: NodeJS.ProcessEnv;
  log: (line: RecoveryLogLine) => void;
  /** The current time as an ISO string (completed_at, failed_at, last_validation.at). */
  now: () => string;
  /** The harness's own files, which git operations leave alone; none when not given. */
  harness?: HarnessGitView;
  /** The run's containment cookie and stop signal, for the validation (loop/shell.ts). */
  cookie?: string;
  signal?: AbortSignal;
  /** Task mode: the tree and the task's claim record (null when there is none): touched.ts's rule applies. */
  touch?: { tree: TaskTree; claim: ClaimRecord | null };
}

export interface RecoveryResult {
  task: Task;
  /**
   * `resume`: the task stays in_progress for the next session to continue from its last checkpoint.
   * `interrupted`: a stop request ended the validation; the task stays in_progress for the next start.
   */
  outcome: 'completed' | 'failed' | 'resume' | 'interrupted';
  /** The working tree was rolled back to started_at_commit. */
  rolledBack?: boolean;
}

const PATH_EXTENSION = /^[\w.-]*[\w-]\.[A-Za-z][A-Za-z0-9]{0,9}$/;

/** Words of checkpoint descriptions that look like file paths (`src/a.ts`, `README.md`, `lib/`). */
export function namedPaths(descriptions: readonly string[]): string[] {
  const names = new Set<string>();
  for (const description of descriptions) {
    for (const raw of description.split(/\s+/)) {
      const word = raw.replace(/^[`'"([{<]+/, '').replace(/[`'")\]}>,;:!?.]+$/, '');
      if (word === '' || /^[a-z]+:\/\//i.test(word)) continue;
      if (/^[\w.-]+(\/[\w.-]+)+\/?$/.test(word) || PATH_EXTENSION.test(word)) {
        names.add(word.replace(/^\.\//, '').replace(/\/$/, ''));
      }
    }
  }
  return [...names];
}

function matchesPath(name: string, path: string): boolean {
  return path === name || path.endsWith(`/${name}`) || path.startsWith(`${name}/`);
}

/** Whether the working tree reflects the checkpoints' progress (see the header for the rule). */
export async function checkpointProgressPresent(
  cwd: string,
  base: string,
  checkpoints: readonly Checkpoint[],
  harness: HarnessGitView = NO_HARNESS_FILES,
): Promise<boolean> {
  const changed = await changedFilesSince(cwd, base, harness);
  if (changed.length === 0) return false;
  const relevant = namedPaths(checkpoints.map((c) => c.description)).filter(
    (name) => existsSync(join(cwd, name)) || changed.some((path) => matchesPath(name, path)),
  );
  if (relevant.length === 0) return true;
  return relevant.some((name) => changed.some((path) => matchesPath(name, path)));
}

function quote(text: string): string {
  return text.replace(/"/g, "'").replace(/\s+/g, ' ').trim();
}

function describeFacts(facts: RecoveryFacts): string {
  const parts = [
    facts.uncommitted ? 'uncommitted changes' : 'no uncommitted changes',
    facts.taskCommits > 0 ? `${facts.taskCommits} task commit(s)` : 'no task commits',
    facts.checkpoints > 0 ? `${facts.checkpoints} checkpoint(s)` : 'no checkpoints',
  ];
  if (facts.checkpointFilesPresent !== null) {
    parts.push(
      facts.checkpointFilesPresent ? 'files reflect checkpoints' : 'files do not reflect checkpoints',
    );
  }
  return parts.join(', ');
}

export async function recoverInterruptedTask(task: Task, options: RecoveryOptions): Promise<RecoveryResult> {
  const { cwd, log, now } = options;
  const harness = options.harness ?? NO_HARNESS_FILES;
  const id = task.id;
  const recovery = (action: string, reason: string) =>
    log({ type: 'RECOVERY', message: `[${id}] action="${quote(action)}" reason="${quote(reason)}"` });
  const error = (category: ErrorCategory, message: string) =>
    log({ type: 'ERROR', message: `[${id}] [${category}] ${message}`, category });

  const failed = (category: ErrorCategory, message: string, attempts: number): RecoveryResult => ({
    task: {
      ...structuredClone(task),
      status: 'failed',
      attempts,
      error_log: [...task.error_log, `[${category}] ${message}`],
      failed_at: now(),
    },
    outcome: 'failed',
  });

  const base = task.started_at_commit;
  if (base === null || !(await commitExists(cwd, base))) {
    const message =
      base === null
        ? 'started_at_commit is not recorded; cannot roll back'
        : `started_at_commit ${base} does not exist; cannot roll back`;
    recovery('mark_failed_at_max_attempts', message);
    error('TASK_EXEC', message);
    return failed('TASK_EXEC', message, Math.max(task.attempts, task.max_attempts));
  }

  if (task.started_on_branch) {
    const moved = await returnToBranch(cwd, task.started_on_branch, base).catch(
      (e: Error) => `could not return to branch ${task.started_on_branch}: ${e.message}`,
    );
    if (moved !== null) log({ type: 'WARN', message: `[${id}] ${moved}` });
  }

  const touch = options.touch;
  const uncommitted = touch
    ? await taskHasChanges(touch.tree, touch.claim)
    : await hasUncommittedChanges(cwd, harness);
  const commitWork = (message: string) =>
    touch ? commitTask(touch.tree, message, touch.claim) : commitAll(cwd, message, harness);
  const taskCommits = (await taskCommitsSince(cwd, base, id)).length;
  const checkpoints = task.checkpoints.length;
  const checkpointFilesPresent =
    !uncommitted && taskCommits === 0 && checkpoints > 0
      ? await checkpointProgressPresent(cwd, base, task.checkpoints, harness)
      : null;
  const facts: RecoveryFacts = { uncommitted, taskCommits, checkpoints, checkpointFilesPresent };
  const stashes = await stashList(cwd);
  const reason =
    describeFacts(facts) + (stashes.length > 0 ? `; ${stashes.length} stash entr(ies) left untouched` : '');
  const action = decideRecovery(facts);
  const attempts = task.attempts + 1;

  switch (action.kind) {
    case 'fail_no_progress': {
      recovery('mark_failed', reason);
      error('SESSION_TIMEOUT', 'No progress detected');
      return failed('SESSION_TIMEOUT', 'No progress detected', attempts);
    }
    case 'fail_work_lost': {
      const last = task.checkpoints[task.checkpoints.length - 1];
      const message = `Work lost: checkpoint step=${last?.step ?? '?'}/${last?.total ?? '?'} not reflected in the files`;
      recovery('mark_failed', reason);
      error('SESSION_TIMEOUT', message);
      return failed('SESSION_TIMEOUT', message, attempts);
    }
    case 'resume_from_checkpoint': {
      const last = task.checkpoints[task.checkpoints.length - 1];
      recovery('resume_from_checkpoint', `${reason}; last step=${last?.step ?? '?'}/${last?.total ?? '?'}`);
      return { task: structuredClone(task), outcome: 'resume' };
    }
    case 'validate':
    case 'validate_with_uncommitted':
    case 'commit_then_validate': {
      recovery(action.kind, reason);
      const commitMessage = `[${id}] ${task.title} (recovered after an interrupted session)`;
      if (action.kind === 'commit_then_validate') await commitWork(commitMessage);
      const outcome = await runValidation(task, {
        cwd,
        env: options.env,
        ...(options.cookie !== undefined ? { cookie: options.cookie } : {}),
        ...(options.signal !== undefined ? { signal: options.signal } : {}),
      });
      if (outcome.result === 'interrupted') {
        recovery('none', 'validation interrupted by a stop request; the next start recovers the task');
        return { task: structuredClone(task), outcome: 'interrupted' };
      }
      const lastValidation = recordValidation(outcome, now);
      if (outcome.result === 'pass' || outcome.result === 'skipped') {
        const commit = action.kind === 'validate_with_uncommitted' ? await commitWork(commitMessage) : null;
        const at = now();
        recovery(
          'mark_completed',
          `validation ${outcome.result}${commit === null ? '' : `; commit ${commit}`}`,
        );
        return {
          task: {
            ...structuredClone(task),
            status: 'completed',
            completed_at: at,
            ...(lastValidation === undefined ? {} : { last_validation: lastValidation }),
          },
          outcome: 'completed',
        };
      }
      const category = outcome.category ?? 'TEST_FAIL';
      error(category, outcome.message);
      if (touch) {
        const report = await rollbackTask(touch.tree, base, touch.claim, { task: id, number: attempts });
        log({ type: 'ROLLBACK', message: `[${id}] ${rollbackLine(base, report)}` });
      } else {
        await rollback(cwd, base, harness);
        log({ type: 'ROLLBACK', message: `[${id}] git reset --hard ${base} && git clean -fd` });
      }
      recovery('mark_failed', `validation ${outcome.result}; rolled back to ${base}`);
      const result = { ...failed(category, outcome.message, attempts), rolledBack: true };
      if (lastValidation !== undefined) result.task.last_validation = lastValidation;
      return result;
    }
  }
}

function recordValidation(
  outcome: ValidationOutcome,
  now: () => string,
): Task['last_validation'] | undefined {
  if (outcome.result === 'skipped' || outcome.result === 'interrupted') return undefined;
  return { result: outcome.result, at: now(), exit_code: outcome.exitCode };
}
