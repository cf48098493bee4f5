// The default templates shipped in the bundle: every one renders with every variable of its phase, uses no
// unknown variable, and says what the seed's workflow needs (schema, gates, the verdict line).
import { describe, expect, it } from 'vitest';
import {
  checkTemplate,
  renderPhasePrompt,
  renderTemplate,
} from '../../../src/review/templates/templates-engine.js';
import {
  contentHash,
  DEFAULT_TEMPLATES,
  defaultsOf,
  TEMPLATE_VERSION,
} from '../../../src/review/templates/templates-defaults.js';
import { exampleValues, TEMPLATE_PHASES, variablesOf } from '../../../src/review/tmplvars.js';

describe('default templates', () => {
  it('are the six files attach scaffolds, with a version and a hash each', () => {
    expect(DEFAULT_TEMPLATES.map((t) => t.path)).toEqual([
      'prompts/plan.md.tmpl',
      'prompts/develop.md.tmpl',
      'prompts/review.md.tmpl',
      'personas/planner.md',
      'personas/developer.md',
      'personas/architect.md',
    ]);
    expect(Number.isInteger(TEMPLATE_VERSION)).toBe(true);
    for (const t of DEFAULT_TEMPLATES) {
      expect(t.content.length).toBeGreaterThan(200);
      expect(contentHash(t.content)).toMatch(/^[0-9a-f]{64}$/);
    }
  });

  it.each(DEFAULT_TEMPLATES.map((t) => [t.path, t] as const))('%s has no problem', (_, t) => {
    expect(checkTemplate(t.path, t.content, t.phase)).toEqual([]);
  });

  it.each(TEMPLATE_PHASES.map((p) => [p]))('the %s prompt uses every variable of its phase', (phase) => {
    const { prompt, persona } = defaultsOf(phase);
    const values = Object.fromEntries(
      variablesOf(phase).map((v) => [
        v.name,
        v.kind === 'list' ? [`<${v.name}-item>`] : v.kind === 'flag' ? true : `<${v.name}>`,
      ]),
    );
    const out = renderPhasePrompt(
      phase,
      { file: prompt.path, text: prompt.content },
      { file: persona.path, text: persona.content },
      values,
    );
    expect(out).not.toContain('{{');
    expect(out.startsWith(persona.content.trimEnd())).toBe(true);
    for (const v of variablesOf(phase)) {
      if (v.name === 'Persona') continue;
      if (v.kind === 'flag') continue;
      expect(out, v.name).toContain(v.kind === 'list' ? `<${v.name}-item>` : `<${v.name}>`);
    }
  });

  it.each(TEMPLATE_PHASES.map((p) => [p]))('the %s prompt renders with the documented examples', (phase) => {
    const { prompt } = defaultsOf(phase);
    expect(() => renderTemplate(prompt.path, prompt.content, phase, exampleValues(phase))).not.toThrow();
  });

  it('the planner is told the schema, and headless to state assumptions in context', () => {
    const { prompt } = defaultsOf('plan');
    const values = { ...exampleValues('plan'), PlanID: 'p-1', Created: '2026-01-01 00:00:00Z' };
    const headless = renderTemplate('p', prompt.content, 'plan', { ...values, Headless: true });
    const attended = renderTemplate('p', prompt.content, 'plan', { ...values, Headless: false });
    for (const key of ['"acceptance_criteria"', '"possibly_relevant_files"', '"depends_on"', '"id": "p-1"'])
      expect(headless).toContain(key);
    expect(headless).toMatch(/assumption/i);
    expect(headless).toContain('`context`');
    expect(attended).not.toMatch(/Assumption:/);
    expect(attended).toMatch(/ask them clarifying questions/);
  });

  it('the developer runs build.sh and verify.sh, writes log and techdebt, and sees feedback only when there is some', () => {
    const { prompt } = defaultsOf('develop');
    const first = renderTemplate('d', prompt.content, 'develop', {
      ...exampleValues('develop'),
      LatestReview: '',
      GateOutput: '',
      Mistakes: '',
      HumanReply: '',
    });
    expect(first).toContain('./build.sh');
    expect(first).toContain('./verify.sh');
    expect(first).toContain('.harness/log.md');
    expect(first).toContain('.harness/techdebt.md');
    expect(first).not.toContain('review of your previous try');
    expect(first).not.toContain('failed the harness');
    const second = renderTemplate('d', prompt.content, 'develop', {
      ...exampleValues('develop'),
      LatestReview: 'Result: FAIL\nfix X',
      GateOutput: 'exit 1',
      Mistakes: '- lesson',
    });
    expect(second).toContain('Result: FAIL\nfix X');
    expect(second).toContain('exit 1');
    expect(second).toContain('- lesson');
  });

  it('the architect verifies first and writes the strict verdict line and the mistakes file', () => {
    const { prompt } = defaultsOf('review');
    const out = renderTemplate('r', prompt.content, 'review', exampleValues('review'));
    expect(out).toContain('`Result: PASS` or `Result: FAIL`');
    expect(out.indexOf('./verify.sh')).toBeLessThan(out.indexOf('Acceptance criteria.'));
    expect(out).toContain(String(exampleValues('review').ReviewFile));
    expect(out).toContain(String(exampleValues('review').MistakesFile));
    expect(out).toContain('"lesson"');
    // The directory the review goes in is named, and is there already: the harness made it with the plan.
    expect(out).toContain(
      `Write the review to \`${String(exampleValues('review').ReviewFile)}\` (its directory, \`${String(exampleValues('review').ReviewsDir)}\`, is there: the harness made it with the\nplan).`,
    );
  });

  it('a change to a default template comes with a new TEMPLATE_VERSION', () => {
    // attach tells projects their templates are outdated by the version: when this fails, raise TEMPLATE_VERSION
    // in src/review/templates/templates-defaults.ts (unless the version was never released) and update the hashes here.
    const PINNED: Record<number, Record<string, string>> = {
      1: {
        'prompts/plan.md.tmpl': '4213e200688639bf2950e03dfcf88666e3de8df6105677aebb5944b5df010108',
        'prompts/develop.md.tmpl': '717db506b3c69e0d3ddbab667ee83e56a7f4599dddfb9bd34d51a83191fbd968',
        'prompts/review.md.tmpl': '0199b13cfdc320ce3f6c7b25f9611a91979bd69b1042ce103c429c58f92f958a',
        'personas/planner.md': 'ced9b0b31b45ae9335bc8d445a68091c4cb0af4b06f18cde1da53be71560fd33',
        'personas/developer.md': 'f28342fbf32fb4a3b8e99210169db45f363888e1531334696085edd1fc8833d6',
        'personas/architect.md': '48c97e848131cb925fe82d036d0fa40b2a841603c3d3508783c48d9253bc7957',
      },
    };
    expect(Object.fromEntries(DEFAULT_TEMPLATES.map((t) => [t.path, contentHash(t.content)]))).toEqual(
      PINNED[TEMPLATE_VERSION],
    );
  });
});
