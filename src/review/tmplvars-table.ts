// `agent-harness tmplvars`: the template variables as a plain-text table (name, phases, description), for a
// terminal. The registry is tmplvars.ts.
import { TEMPLATE_VARIABLES, type TemplateVariable } from './tmplvars.js';

export function tmplvarsTable(variables: readonly TemplateVariable[] = TEMPLATE_VARIABLES): string {
  const rows = [
    ['VARIABLE', 'PHASES', 'DESCRIPTION'],
    ...variables.map((v) => [`{{.${v.name}}}`, v.phases.join(','), `${v.description}${kindNote(v)}`]),
  ];
  const width = (col: number): number => Math.max(...rows.map((r) => (r[col] ?? '').length));
  const [w0, w1] = [width(0), width(1)];
  const lines = rows.map((r) => `${(r[0] ?? '').padEnd(w0)}  ${(r[1] ?? '').padEnd(w1)}  ${r[2] ?? ''}`);
  return [
    ...lines,
    '',
    'Conditionals and loops are Handlebars blocks: {{#if .LatestReview}}…{{else}}…{{/if}},',
    '{{#each .AcceptanceCriteria}}- {{.}}{{/each}}; $.Name reaches a variable from inside a loop.',
  ].join('\n');
}

const kindNote = (v: TemplateVariable): string =>
  v.kind === 'list' && !v.description.includes('list')
    ? ' (a list)'
    : v.kind === 'flag' && !v.description.toLowerCase().includes('true')
      ? ' (true/false)'
      : '';
