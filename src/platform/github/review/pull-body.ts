// The pull request of a plan's branch: its title (the plan's, on one line) and its body — the plan's context
// fenced (the planner may have copied an untrusted issue into it), the progress table, and a link to each review
// the architect wrote. Rewritten whole on every run, so it always shows where the plan stands. Pure.
import { escapeCell, oneLine, progressMarkdown } from '../../../review/index.js';
import type { PlanProgress } from '../../../review/index.js';
import type { Plan } from '../../../review/index.js';
import { fenced, head } from '../fence.js';

/** A marker GitHub does not render, saying who keeps this body up to date. */
export const PULL_MARKER = '<!-- agent-harness:plan -->';

const MAX_TITLE_CHARS = 200;
const MAX_CONTEXT_CHARS = 20_000;

export const pullTitle = (plan: Plan): string => `agent-harness: ${oneLine(plan.title, MAX_TITLE_CHARS)}`;

export interface PullBodyInput {
  plan: Plan;
  progress: PlanProgress;
  maxTries?: number;
  /** The issue the plan came from. */
  issue: number | null;
  /** This run's page. */
  runUrl: string;
  /** The web address of a file of the branch (a path relative to the project root), or null when unknown. */
  fileUrl: (path: string) => string | null;
}

export function pullBody(input: PullBodyInput): string {
  const { plan, progress } = input;
  const parts = [
    PULL_MARKER,
    `## ${escapeCell(plan.title)}`,
    '',
    `Plan \`${oneLine(plan.id).replace(/`/g, '')}\`` +
      (input.issue !== null ? `, made from #${input.issue}` : '') +
      `; last updated by [this run](${input.runUrl}).`,
    '',
    '### Context',
    '',
    fenced(head(plan.context, MAX_CONTEXT_CHARS)),
    '',
    '### Progress',
    '',
    progressMarkdown(plan, progress, input.maxTries === undefined ? {} : { maxTries: input.maxTries }),
  ];
  const reviews = reviewLinks(input);
  if (reviews.length > 0) parts.push('', '### Reviews', '', ...reviews);
  return parts.join('\n');
}

/** `- a, try 1: FAIL ([review](…))`, one per try that has a review file, in the table's order. */
function reviewLinks(input: PullBodyInput): string[] {
  return input.plan.tasks.flatMap((task) =>
    (input.progress.tasks[task.id]?.tries ?? []).flatMap((t) => {
      if (!t.review_file) return [];
      const url = input.fileUrl(t.review_file);
      const name = escapeCell(t.review_file);
      const link = url ? `[${name}](${url})` : name;
      return [`- ${escapeCell(task.id)}, try ${t.n}: ${t.verdict ?? '—'} (${link})`];
    }),
  );
}

/** `https://github.com/o/r/blob/<branch>/<dir>/<path>`, each segment encoded. */
export function blobUrl(repoUrl: string, branch: string, dir: string, path: string): string {
  const segments = [...branch.split('/'), ...dir.split('/'), ...path.split('/')].filter(
    (s) => s !== '' && s !== '.',
  );
  return `${repoUrl}/blob/${segments.map(encodeURIComponent).join('/')}`;
}
