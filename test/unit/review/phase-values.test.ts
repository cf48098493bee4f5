// What each phase's prompt is given, rendered with the default templates: the Go tool's injection table (mistakes
// formatted and the latest review in full from the second try on; techdebt.md and log.md by path only) and every
// variable of each phase set.
import { describe, expect, it } from 'vitest';
import { planValues, developValues, reviewValues } from '../../../src/review/phase-values.js';
import type { Mistake, Plan } from '../../../src/review/schemas.js';
import { renderPhasePrompt } from '../../../src/review/templates/templates-engine.js';
import { defaultsOf } from '../../../src/review/templates/templates-defaults.js';
import { variablesOf, type TemplatePhase, type TemplateValues } from '../../../src/review/tmplvars.js';

const ROOT = '/work/project';
const plan: Plan = {
  id: 'fix-csv-naming-20260326T1321',
  title: 'Fix CSV download naming convention',
  created: '2026-03-26 13:21:21Z',
  status: 'doing',
  context: 'Users cannot tell exports apart.',
  tasks: [
    {
      id: '1_update_csv_filename',
      title: 'Update CSV filename to use DDMMYY HH:MM format',
      status: 'doing',
      acceptance_criteria: ['Filename follows DDMMYY HH:MM {Name}', 'Filename uses sanitized input'],
      possibly_relevant_files: ['src/components/TableViewer.tsx'],
      depends_on: [],
    },
  ],
};
const task = plan.tasks[0]!;
const mistakes: Mistake[] = [
  {
    task_id: '0_setup',
    iteration: 1,
    attempted: 'Inline validation in the HTTP handler',
    problem: 'Violates separation of concerns',
    lesson: 'Put validation logic in domain types',
  },
];
const REVIEW =
  'Result: FAIL\n\n## Acceptance Criteria\n\nResult: FAIL\n\nThe name is missing from the filename.';

function render(phase: TemplatePhase, values: TemplateValues): string {
  const { prompt, persona } = defaultsOf(phase);
  return renderPhasePrompt(
    phase,
    { file: prompt.path, text: prompt.content },
    { file: persona.path, text: persona.content },
    values,
  );
}

const develop = (tryNumber: number, over: Partial<Parameters<typeof developValues>[0]> = {}) =>
  developValues({
    root: ROOT,
    plan,
    task,
    tryNumber,
    maxTries: 2,
    mistakes,
    latestReview: REVIEW,
    gateOutput: '',
    humanReply: '',
    ...over,
  });

describe('phase values', () => {
  it('set every variable of their phase (the persona is rendered in by renderPhasePrompt)', () => {
    const names = (phase: TemplatePhase) =>
      variablesOf(phase)
        .map((v) => v.name)
        .filter((n) => n !== 'Persona')
        .sort();
    const planned = planValues({
      root: ROOT,
      planId: plan.id,
      description: 'd',
      headless: true,
      created: plan.created,
    });
    expect(Object.keys(planned).sort()).toEqual(names('plan'));
    expect(Object.keys(develop(1)).sort()).toEqual(names('develop'));
    expect(Object.keys(reviewValues({ root: ROOT, plan, task, tryNumber: 1, maxTries: 2 })).sort()).toEqual(
      names('review'),
    );
  });

  it('give the develop prompt the formatted mistakes, and the latest review in full only from the second try', () => {
    const first = render('develop', develop(1));
    expect(first).toContain('Put validation logic in domain types');
    expect(first).not.toContain('The name is missing from the filename.');
    const second = render('develop', develop(2));
    expect(second).toContain(REVIEW);
    expect(second).toContain('Put validation logic in domain types');
  });

  it('give techdebt.md and log.md by path only, relative to the project', () => {
    const values = develop(2);
    expect(values['TechDebtFile']).toBe('.harness/techdebt.md');
    expect(values['LogFile']).toBe('.harness/log.md');
    const prompt = render('develop', values);
    expect(prompt).toContain('.harness/techdebt.md');
    expect(prompt).toContain('.harness/log.md');
  });

  it("carry the previous try's gate output into the next develop prompt, never into the first", () => {
    const gate = './verify.sh failed with exit code 1. The end of its output:\n2 tests failed';
    expect(render('develop', develop(2, { gateOutput: gate, latestReview: null }))).toContain(gate);
    expect(develop(1, { gateOutput: gate })['GateOutput']).toBe('');
  });

  it("tell the architect where this try's review and mistakes go", () => {
    const values = reviewValues({ root: ROOT, plan, task, tryNumber: 2, maxTries: 2 });
    const reviews = `.harness/plans/${plan.id}/reviews`;
    expect(values['ReviewFile']).toBe(`${reviews}/1_update_csv_filename-2-review.md`);
    expect(values['MistakesFile']).toBe(`${reviews}/1_update_csv_filename-2-mistakes.json`);
    const prompt = render('review', values);
    expect(prompt).toContain(`${reviews}/1_update_csv_filename-2-review.md`);
    expect(prompt).toContain('Result: PASS');
  });

  it('tell the planner its plan file, id and, headless, to state its assumptions', () => {
    const values = planValues({
      root: ROOT,
      planId: plan.id,
      description: 'I want a new navigation bar',
      headless: true,
      created: plan.created,
    });
    expect(values['PlanFile']).toBe(`.harness/plans/${plan.id}/planfile.json`);
    const prompt = render('plan', values);
    expect(prompt).toContain('I want a new navigation bar');
    expect(prompt).toContain(`.harness/plans/${plan.id}/planfile.json`);
    expect(prompt).toContain('"Assumption:"');
    const interactive = render('plan', { ...values, Headless: false });
    expect(interactive).not.toContain('"Assumption:"');
  });
});
