// `metrics query <kind> [--last N] [--aggregate avg|trend]`: the values of one event kind, one line per session,
// or their average, or their trend.
import { when } from './format.js';
import { textTable } from '../os/text-table.js';
import { sparkline } from './trends.js';

export interface QueryPoint {
  readonly session: string;
  readonly global: number | null;
  readonly ended_at: string;
  readonly value: unknown;
}

export type Aggregate = 'avg' | 'trend';

const show = (value: unknown): string =>
  value === null || value === undefined ? '-' : typeof value === 'string' ? value : JSON.stringify(value);

const numeric = (value: unknown): number | null =>
  typeof value === 'number' ? value : typeof value === 'boolean' ? (value ? 1 : 0) : null;

const name = (p: QueryPoint) =>
  p.global !== null ? `#${p.global}` : p.session.replace(/^sha256:/, '').slice(0, 8);

export function renderQuery(kind: string, points: readonly QueryPoint[], aggregate?: Aggregate): string {
  if (points.length === 0) return `No values of ${kind} recorded.`;
  const values = points.map((p) => numeric(p.value));
  const present = values.filter((v): v is number => v !== null);
  if (aggregate === 'avg') {
    if (present.length === 0) return `${kind}: no numeric values in ${points.length} sessions`;
    const avg = present.reduce((a, b) => a + b, 0) / present.length;
    return `${kind}: avg ${Number(avg.toFixed(4))} over ${present.length} of ${points.length} sessions`;
  }
  if (aggregate === 'trend') {
    if (present.length === 0) return `${kind}: no numeric values in ${points.length} sessions`;
    return (
      `${kind}: ${sparkline(values)}  ${show(present[0])} -> ${show(present[present.length - 1])} ` +
      `(min ${Math.min(...present)}, max ${Math.max(...present)}, ${points.length} sessions)`
    );
  }
  return textTable(
    ['Session', 'When (UTC)', 'Value'],
    points.map((p) => [name(p), when(p.ended_at), show(p.value)]),
    2,
  ).join('\n');
}
