// The template engine: Go-style `{{.Name}}` placeholders, Handlebars conditionals and loops, and unknown
// variables named with file, line and the closest known one, both statically and at render time.
import { describe, expect, it } from 'vitest';
import { EXIT } from '../../../src/errors/exit-codes.js';
import {
  checkTemplate,
  renderPhasePrompt,
  renderTemplate,
  TemplateError,
  toHandlebars,
} from '../../../src/review/templates/templates-engine.js';
import { exampleValues } from '../../../src/review/tmplvars.js';

describe('the {{.Name}} syntax', () => {
  it('renders Go-style placeholders, unescaped', () => {
    expect(
      renderTemplate('t', 'Task {{.TaskID}}: {{ .TaskTitle }} <{{.Try}}>', 'develop', {
        TaskID: '1_a',
        TaskTitle: 'Use "quotes" & <tags>',
        Try: 2,
      }),
    ).toBe('Task 1_a: Use "quotes" & <tags> <2>');
  });

  it('rewrites only inside actions, keeping the line count', () => {
    const text = 'a .Name {{.X}}\n{{#each .L}}{{.}} {{$.Y}}{{/each}}\n{{- .Z -}}';
    const out = toHandlebars(text);
    expect(out).toBe('a .Name {{this.X}}\n{{#each this.L}}{{this}} {{@root.Y}}{{/each}}\n{{~ this.Z ~}}');
    expect(out.split('\n')).toHaveLength(3);
  });

  it("Go's trim markers trim", () => {
    expect(renderTemplate('t', 'a   {{- .TaskID -}}   b', 'develop', { TaskID: 'x' })).toBe('axb');
  });
});

describe('conditionals and loops', () => {
  const text = [
    '{{#if .LatestReview}}Review:\n{{.LatestReview}}\n{{else}}First try.\n{{/if}}',
    '{{#each .AcceptanceCriteria}}',
    '- {{.}} ({{$.TaskID}}{{#if @last}}, last{{/if}})',
    '{{/each}}',
  ].join('\n');

  it('takes the else branch for an empty value and loops over a list', () => {
    expect(
      renderTemplate('t', text, 'develop', { LatestReview: '', AcceptanceCriteria: ['a', 'b'], TaskID: 'T' }),
    ).toBe('First try.\n- a (T)\n- b (T, last)\n');
  });

  it('takes the if branch for a non-empty value and renders nothing for an empty list', () => {
    expect(
      renderTemplate('t', text, 'develop', {
        LatestReview: 'Result: FAIL',
        AcceptanceCriteria: [],
        TaskID: 'T',
      }),
    ).toBe('Review:\nResult: FAIL\n');
  });

  it('a flag drives {{#if}} / {{else}}', () => {
    const t = '{{#if .Headless}}assume{{else}}ask{{/if}}';
    expect(renderTemplate('t', t, 'plan', { Headless: true })).toBe('assume');
    expect(renderTemplate('t', t, 'plan', { Headless: false })).toBe('ask');
  });
});

describe('unknown variables', () => {
  it('names the file, the line and the closest variable, without rendering', () => {
    const problems = checkTemplate(
      '.harness/prompts/develop.md.tmpl',
      'one\ntwo\n{{.TaskTitel}}\n',
      'develop',
    );
    expect(problems).toEqual([
      {
        file: '.harness/prompts/develop.md.tmpl',
        line: 3,
        message: expect.stringContaining(
          'unknown template variable {{.TaskTitel}} (did you mean {{.TaskTitle}}?)',
        ),
      },
    ]);
  });

  it('finds all of them at once, in blocks and loops too', () => {
    const text =
      '{{.Nope}}\n{{#if .Tri}}\n{{#each .AcceptanceCriteria}}{{.Foo}}{{/each}}\n{{/if}}\n{{.Description}}';
    const lines = checkTemplate('f', text, 'develop').map((p) => [p.line, p.message]);
    expect(lines).toEqual([
      [1, expect.stringContaining('{{.Nope}}')],
      [2, expect.stringContaining('did you mean {{.Try}}')],
      [3, expect.stringContaining('the item is a string')],
      [5, '{{.Description}} is not set in the develop phase (only in plan)'],
    ]);
  });

  it('is an error at render time: a TemplateError with EXIT.usage and file:line in the message', () => {
    let caught: unknown;
    try {
      renderTemplate('my.tmpl', 'x\n{{.PlanTitel}}', 'review', exampleValues('review'));
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(TemplateError);
    expect((caught as TemplateError).exitCode).toBe(EXIT.usage);
    expect((caught as TemplateError).message).toMatch(/^my\.tmpl:2: .*did you mean \{\{\.PlanTitle\}\}/);
  });

  it('a syntax error names its line', () => {
    expect(checkTemplate('f', 'a\n{{#if .Try}}\nb', 'develop')).toEqual([
      { file: 'f', line: 3, message: expect.stringContaining('template syntax error') },
    ]);
  });

  it('each over a non-list, unknown helpers and partials are named', () => {
    const messages = checkTemplate(
      'f',
      '{{#each .TaskID}}{{/each}}{{shout .TaskID}}{{> other}}',
      'develop',
    ).map((p) => p.message);
    expect(messages).toEqual([
      expect.stringContaining('is not a list'),
      expect.stringContaining('unknown helper "shout"'),
      expect.stringContaining('partials'),
    ]);
  });
});

describe('renderPhasePrompt', () => {
  it('renders the persona with the phase variables and gives it to the prompt as {{.Persona}}', () => {
    const out = renderPhasePrompt(
      'develop',
      { file: 'p', text: '{{.Persona}}\n---\n{{.TaskID}}' },
      { file: 'r', text: 'I work on {{.TaskID}}.' },
      { TaskID: '2_b' },
    );
    expect(out).toBe('I work on 2_b.\n---\n2_b');
  });
});

describe("a Go template user's habits", () => {
  it('{{if}} / {{range}} / {{end}} are named with their form here', () => {
    const messages = checkTemplate(
      'f',
      '{{if .Try}}x{{end}}\n{{range .DependsOn}}{{.}}{{end}}',
      'develop',
    ).map((p) => [p.line, p.message]);
    expect(messages).toEqual([
      [1, expect.stringContaining('{{#if .X}}…{{else}}…{{/if}}')],
      [1, expect.stringContaining("Go's {{end}}")],
      [2, expect.stringContaining('{{#each .X}}…{{/each}}')],
      [2, expect.stringContaining("Go's {{end}}")],
    ]);
  });
});
