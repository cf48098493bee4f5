// `improvement list|search`: improvements as a table, newest last.
import { textTable } from '../os/text-table.js';

export interface ImprovementRow {
  readonly ref: string;
  readonly created: string;
  readonly category: string;
  readonly severity: string;
  readonly status: string;
  readonly title: string;
  readonly impact: string | null;
}

/** Severities `improvement add` accepts (the bash loop's tool's, plus critical). */
export const SEVERITIES = ['low', 'medium', 'high', 'critical'] as const;
/** Statuses in use (the store keeps any text; the CLI suggests these). */
export const STATUSES = ['open', 'fixed', 'promoted', 'dismissed', 'revisit', 'validated'] as const;

export function renderImprovements(rows: readonly ImprovementRow[]): string {
  return textTable(
    ['Ref', 'Status', 'Severity', 'Category', 'Created', 'Title'],
    rows.map((r) => [
      r.ref,
      r.status,
      r.severity,
      r.category,
      r.created.slice(0, 10),
      r.impact === null || r.impact === '' ? r.title : `${r.title} (impact: ${r.impact})`,
    ]),
    6,
  ).join('\n');
}
