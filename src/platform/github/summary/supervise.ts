// The job summary of a `worker-supervise` run: the supervisor's final table (task, result, status, iterations,
// reason, restarts, tokens, why) as Markdown, with the counts above it, and the commit status it gives. Pure.
import { counted, escapeMarkdown, formatCount } from './format.js';

/** One row of the supervisor's final table (worker/supervisor/progress.ts finalTable), as main hands it over. */
export interface SupervisedRow {
  task: string;
  result: string;
  status: string;
  iteration: number;
  max_iterations: number;
  reason: string | null;
  restarts: number;
  tokens: number;
  why: string | null;
}

const MAX_ROWS = 200;

export function superviseSummaryMarkdown(input: {
  dir: string;
  tasks: number;
  rows: readonly SupervisedRow[] | null;
  cancelled: boolean;
}): string {
  const lines = ['## agent-harness: worker supervise', ''];
  if (input.rows === null) {
    lines.push(
      `The supervisor of ${escapeMarkdown(input.dir)} did not finish (${counted(input.tasks, 'task')}): ` +
        'the next run resumes the tasks from the cached state.',
    );
    return lines.join('\n');
  }
  const completed = input.rows.filter((row) => row.result === 'completed').length;
  lines.push(
    `${completed} of ${counted(input.rows.length, 'task')} under ${escapeMarkdown(input.dir)} completed` +
      (input.cancelled ? '; the run was cancelled and stopped the rest (the next run resumes them).' : '.'),
    '',
    '| Task | Result | Status | Iterations | Reason | Restarts | Tokens | Why |',
    '| --- | --- | --- | ---: | --- | ---: | ---: | --- |',
  );
  for (const row of input.rows.slice(0, MAX_ROWS))
    lines.push(
      `| ${escapeMarkdown(row.task)} | ${escapeMarkdown(row.result)} | ${escapeMarkdown(row.status)} | ` +
        `${row.iteration}/${row.max_iterations} | ${escapeMarkdown(row.reason ?? '—')} | ${row.restarts} | ${formatCount(row.tokens)} | ${escapeMarkdown(row.why ?? '', 200)} |`,
    );
  if (input.rows.length > MAX_ROWS)
    lines.push('', `… ${counted(input.rows.length - MAX_ROWS, 'more task')} (see the artifact)`);
  return lines.join('\n');
}

/** The commit status of a supervised run: success when every task completed. */
export function superviseCommitStatus(
  rows: readonly SupervisedRow[] | null,
  cancelled: boolean,
): { state: 'success' | 'failure' | 'error'; description: string } {
  if (rows === null || cancelled)
    return { state: 'error', description: 'worker supervise cancelled: the next run resumes the tasks' };
  const completed = rows.filter((row) => row.result === 'completed').length;
  const description = `${completed}/${rows.length} worker tasks completed`;
  return { state: completed === rows.length ? 'success' : 'failure', description };
}
