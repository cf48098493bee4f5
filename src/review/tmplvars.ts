// Every variable the review mode's templates can use (`{{.Name}}`): its meaning, the phases that set it and an
// example value. One registry feeds `agent-harness tmplvars`, the template checker (unknown variable → the
// closest known one) and the tests that render every default template with every variable of its phase.

import { PHASES, type Phase } from './layout.js';

/** The phases a template belongs to: the layout's (plan, develop, review). */
export type TemplatePhase = Phase;
export const TEMPLATE_PHASES: readonly TemplatePhase[] = PHASES;

/** text: a string; number: an integer; flag: a boolean for `{{#if}}`; list: strings for `{{#each}}`. */
export type VariableKind = 'text' | 'number' | 'flag' | 'list';

export interface TemplateVariable {
  name: string;
  description: string;
  phases: readonly TemplatePhase[];
  kind: VariableKind;
  example: string | number | boolean | readonly string[];
}

const ALL: readonly TemplatePhase[] = TEMPLATE_PHASES;
const WORK: readonly TemplatePhase[] = ['develop', 'review'];

export const TEMPLATE_VARIABLES: readonly TemplateVariable[] = [
  {
    name: 'ProjectRoot',
    description: 'Absolute path of the project (the directory holding .harness/)',
    phases: ALL,
    kind: 'text',
    example: '/home/me/shop',
  },
  {
    name: 'Persona',
    description: "The phase's persona (.harness/personas/<role>.md), rendered",
    phases: ALL,
    kind: 'text',
    example: 'You are a Senior Developer…',
  },
  {
    name: 'Description',
    description: 'The user\'s description of what to build (agent-harness plan "…")',
    phases: ['plan'],
    kind: 'text',
    example: 'Name CSV downloads DDMMYY HH:MM {Name}',
  },
  {
    name: 'Headless',
    description: 'True when the planner runs unattended (--headless, the Action): it cannot ask questions',
    phases: ['plan'],
    kind: 'flag',
    example: true,
  },
  {
    name: 'Created',
    description: 'The time the plan is made, for its "created" field (YYYY-MM-DD HH:MM:SSZ)',
    phases: ['plan'],
    kind: 'text',
    example: '2026-03-26 13:21:21Z',
  },
  {
    name: 'PlanID',
    description: "The plan's id (its directory under .harness/plans/)",
    phases: ALL,
    kind: 'text',
    example: 'fix-csv-naming-20260326T1321',
  },
  {
    name: 'PlanTitle',
    description: "The plan's title",
    phases: WORK,
    kind: 'text',
    example: 'Fix CSV download naming convention',
  },
  {
    name: 'PlanContext',
    description: "The plan's context: why the work is needed (and, headless, the planner's assumptions)",
    phases: WORK,
    kind: 'text',
    example: 'Users cannot tell downloads apart.',
  },
  {
    name: 'PlanFile',
    description: 'Path of the planfile.json (the planner writes it; the others may read it)',
    phases: ALL,
    kind: 'text',
    example: '.harness/plans/fix-csv-naming-20260326T1321/planfile.json',
  },
  {
    name: 'TaskID',
    description: 'The current task’s id',
    phases: WORK,
    kind: 'text',
    example: '1_update_csv_filename',
  },
  {
    name: 'TaskTitle',
    description: 'The current task’s title',
    phases: WORK,
    kind: 'text',
    example: 'Update CSV filename to use DDMMYY HH:MM format',
  },
  {
    name: 'AcceptanceCriteria',
    description:
      'The current task’s acceptance criteria (a list: {{#each .AcceptanceCriteria}}{{.}}{{/each}})',
    phases: WORK,
    kind: 'list',
    example: ['Filename follows DDMMYY HH:MM {Name}', 'Filename uses sanitized user input'],
  },
  {
    name: 'PossiblyRelevantFiles',
    description: 'Files the planner thought relevant to the current task (a list)',
    phases: WORK,
    kind: 'list',
    example: ['src/components/TableViewer.tsx'],
  },
  {
    name: 'DependsOn',
    description: 'Ids of the tasks the current task depends on, all done (a list)',
    phases: WORK,
    kind: 'list',
    example: [],
  },
  {
    name: 'Try',
    description: 'This try of the current task, from 1',
    phases: WORK,
    kind: 'number',
    example: 2,
  },
  {
    name: 'MaxTries',
    description: 'The most tries a task gets (loop --max-tries)',
    phases: WORK,
    kind: 'number',
    example: 2,
  },
  {
    name: 'Mistakes',
    description: "The plan's mistakes.json, formatted (empty when there are none)",
    phases: ['develop'],
    kind: 'text',
    example: '- Attempted: Inline validation in the HTTP handler\n  Problem: …\n  Lesson: …',
  },
  {
    name: 'LatestReview',
    description: 'The previous try’s review, in full (empty on the first try)',
    phases: ['develop'],
    kind: 'text',
    example: 'Result: FAIL\n\nPlan: …',
  },
  {
    name: 'GateOutput',
    description: 'The tail of build.sh/verify.sh output when the previous try failed the gate (else empty)',
    phases: ['develop'],
    kind: 'text',
    example: '$ ./verify.sh\nFAIL src/csv.test.ts …\nexit code 1',
  },
  {
    name: 'HumanReply',
    description: 'What a human answered after the task was escalated to them (else empty)',
    phases: ['develop'],
    kind: 'text',
    example: 'Use the date-fns formatter, not a hand-written one.',
  },
  {
    name: 'TechDebtFile',
    description: 'Path of techdebt.md (by path only: read it when relevant)',
    phases: ALL,
    kind: 'text',
    example: '.harness/techdebt.md',
  },
  {
    name: 'LogFile',
    description: 'Path of log.md, the developer’s diary (by path only)',
    phases: WORK,
    kind: 'text',
    example: '.harness/log.md',
  },
  {
    name: 'ReviewsDir',
    description: "The plan's reviews directory",
    phases: WORK,
    kind: 'text',
    example: '.harness/plans/fix-csv-naming-20260326T1321/reviews',
  },
  {
    name: 'ReviewFile',
    description: 'Where the architect writes this try’s review (<task-id>-<try>-review.md)',
    phases: ['review'],
    kind: 'text',
    example: '.harness/plans/fix-csv-naming-20260326T1321/reviews/1_update_csv_filename-2-review.md',
  },
  {
    name: 'MistakesFile',
    description: 'Where the architect writes this try’s mistakes (<task-id>-<try>-mistakes.json)',
    phases: ['review'],
    kind: 'text',
    example: '.harness/plans/fix-csv-naming-20260326T1321/reviews/1_update_csv_filename-2-mistakes.json',
  },
];

const BY_NAME = new Map(TEMPLATE_VARIABLES.map((v) => [v.name, v]));

export const variableNamed = (name: string): TemplateVariable | undefined => BY_NAME.get(name);

export const variablesOf = (phase: TemplatePhase): TemplateVariable[] =>
  TEMPLATE_VARIABLES.filter((v) => v.phases.includes(phase));

/** A value for every variable of `phase`: the shape the harness fills in (values are strings, numbers,
 *  booleans or string lists, by the variable's kind). */
export type TemplateValues = Record<string, string | number | boolean | readonly string[]>;

/** Every variable of `phase` set to its example: what `tmplvars` documents and the tests render with. */
export function exampleValues(phase: TemplatePhase): TemplateValues {
  return Object.fromEntries(variablesOf(phase).map((v) => [v.name, v.example]));
}
