// The variable registry and the `tmplvars` table: every variable documented once, with phases and an example
// of its kind, and the table lists them all.
import { describe, expect, it } from 'vitest';
import { tmplvarsTable } from '../../../src/review/tmplvars-table.js';
import { TEMPLATE_PHASES, TEMPLATE_VARIABLES, variablesOf } from '../../../src/review/tmplvars.js';

describe('template variables', () => {
  it('are named once, in a phase at least, with an example of their kind', () => {
    const names = TEMPLATE_VARIABLES.map((v) => v.name);
    expect(new Set(names).size).toBe(names.length);
    for (const v of TEMPLATE_VARIABLES) {
      expect(v.name).toMatch(/^[A-Z][A-Za-z]+$/);
      expect(v.phases.length, v.name).toBeGreaterThan(0);
      expect(v.description.length, v.name).toBeGreaterThan(10);
      const kind = Array.isArray(v.example) ? 'list' : typeof v.example;
      expect(kind, v.name).toBe({ text: 'string', number: 'number', flag: 'boolean', list: 'list' }[v.kind]);
    }
  });

  it('cover what the seed injects in each phase', () => {
    const names = (phase: (typeof TEMPLATE_PHASES)[number]) => variablesOf(phase).map((v) => v.name);
    expect(names('plan')).toEqual(expect.arrayContaining(['Description', 'Headless', 'PlanFile', 'Persona']));
    expect(names('develop')).toEqual(
      expect.arrayContaining(['Mistakes', 'LatestReview', 'GateOutput', 'TechDebtFile', 'LogFile', 'Try']),
    );
    expect(names('review')).toEqual(
      expect.arrayContaining(['ReviewFile', 'MistakesFile', 'AcceptanceCriteria']),
    );
    expect(names('review')).not.toContain('LatestReview');
  });

  it('the table has a row per variable with its phases', () => {
    const lines = tmplvarsTable().split('\n');
    expect(lines[0]).toMatch(/^VARIABLE\s+PHASES\s+DESCRIPTION$/);
    for (const v of TEMPLATE_VARIABLES)
      expect(lines.some((l) => l.startsWith(`{{.${v.name}}} `) && l.includes(v.phases.join(',')))).toBe(true);
  });
});
