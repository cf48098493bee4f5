// The template engine of review mode: the seed's Go-style `{{.Name}}` placeholders, with conditionals and loops
// from Handlebars.
//
// Why Handlebars: no maintained JavaScript implementation of Go's text/template exists on npm (the one
// candidate, gotemplate-node, transpiles to JavaScript for eval and pins esbuild 0.14 / TypeScript 4.7).
// Handlebars is the closest well-kept engine: the same `{{ }}` delimiters and `{{else}}`, `{{#if}}` /
// `{{#each}}` / `{{#with}}` blocks, a parser that exposes a typed AST with line numbers (so every unknown
// variable is found statically, before anything renders), no runtime I/O, and it is bundled into dist/ by rollup.
// LiquidJS and Nunjucks use `{% %}` for blocks, further from what a Go-template user writes.
//
// Handlebars does not parse `{{.Name}}`, so a thin pre-pass rewrites, inside each `{{ … }}` only and without
// changing line numbers: `.Name` → `this.Name`, a lone `.` → `this`, `$.Name` → `@root.Name` (Go's root),
// and Go's trim markers `{{- ` / ` -}}` → `{{~` / `~}}`. Everything else is Handlebars: `{{#if .Headless}}…
// {{else}}…{{/if}}`, `{{#each .AcceptanceCriteria}}- {{.}}{{/each}}`. Output is not HTML-escaped.
import Handlebars from 'handlebars';
import { closestMatch } from '../../config/index.js';
import { EXIT, HarnessError } from '../../errors/exit-codes.js';
import {
  TEMPLATE_VARIABLES,
  variableNamed,
  variablesOf,
  type TemplatePhase,
  type TemplateValues,
} from '../tmplvars.js';

/** One thing wrong in a template, at a line of a file. */
export interface TemplateProblem {
  file: string;
  /** 1-based; absent for a problem with the whole file (a missing template). */
  line?: number;
  message: string;
}

export const formatProblem = (p: TemplateProblem): string =>
  p.line === undefined ? `${p.file}: ${p.message}` : `${p.file}:${p.line}: ${p.message}`;

/** A template that cannot be rendered (unknown variable, syntax error): exit code 2 (EXIT.usage). */
export class TemplateError extends HarnessError {
  override readonly name = 'TemplateError';

  constructor(readonly problems: readonly TemplateProblem[]) {
    super(problems.map(formatProblem).join('\n'), EXIT.usage);
  }
}

const ACTION = /\{\{(\{?)([\s\S]*?)(\}?)\}\}/g;

/** Go-style placeholders → Handlebars paths, inside `{{ … }}` only; line numbers are kept. */
export function toHandlebars(text: string): string {
  return text.replace(ACTION, (whole, open: string, body: string, close: string) => {
    if (body.startsWith('!')) return whole;
    let inner = body
      .replace(/^-(\s)/, '~$1')
      .replace(/(\s)-$/, '$1~')
      .replace(/(^|[\s(~#/])\$\.(?=[A-Za-z_])/g, '$1@root.')
      .replace(/(^|[\s(~#/])\.(?=[A-Za-z_])/g, '$1this.')
      .replace(/(^|[\s(~])\.(?=[\s)~]|$)/g, '$1this');
    if (inner.startsWith('~') && body.startsWith('-')) inner = `~${inner.slice(1)}`;
    return `{{${open}${inner}${close}}}`;
  });
}

type AST = hbs.AST.Program;
type Node = hbs.AST.Node;
type PathExpr = hbs.AST.PathExpression;

/** What `this` is where a path is read: the root variables, a list item (a string) or an object. */
type Scope = { kind: 'root' } | { kind: 'item'; of: string; params: readonly string[] };

const BLOCK_HELPERS = new Set(['if', 'unless', 'each', 'with']);
const INLINE_HELPERS = new Set(['lookup', 'log']);
const DATA_NAMES = new Set(['root', 'index', 'first', 'last', 'key']);

const shown = (name: string): string => `.${name}`;

/** Go's text/template actions, as a user of the Go tool writes them, and their form here. */
const GO_ACTIONS: Record<string, string> = {
  if: "Go's {{if .X}}…{{else}}…{{end}} is written {{#if .X}}…{{else}}…{{/if}} here",
  range: "Go's {{range .X}}…{{end}} is written {{#each .X}}…{{/each}} here",
  with: "Go's {{with .X}}…{{end}} is written {{#with .X}}…{{/with}} here",
  end: "Go's {{end}} is written {{/if}}, {{/each}} or {{/with}} here, after the block it closes",
};

/** Every problem in `text` for `phase`, without rendering it: syntax errors, unknown variables (with the closest
 *  known one), variables another phase sets, and lists used as text or text used as a list. */
export function checkTemplate(file: string, text: string, phase: TemplatePhase): TemplateProblem[] {
  let ast: AST;
  try {
    ast = Handlebars.parse(toHandlebars(text));
  } catch (error) {
    return [syntaxProblem(file, error)];
  }
  const problems: TemplateProblem[] = [];
  const known = variablesOf(phase).map((v) => v.name);
  const report = (node: Node, message: string): void => {
    problems.push({ file, line: node.loc.start.line, message });
  };

  const checkRootName = (node: Node, name: string, rest: readonly string[], asList: boolean): void => {
    const variable = variableNamed(name);
    if (variable === undefined) {
      const near =
        closestMatch(name, known) ??
        closestMatch(
          name,
          TEMPLATE_VARIABLES.map((v) => v.name),
        );
      const hint = near !== undefined ? ` (did you mean {{${shown(near)}}}?)` : '';
      report(node, `unknown template variable {{${shown(name)}}}${hint}; agent-harness tmplvars lists them`);
      return;
    }
    if (!variable.phases.includes(phase)) {
      report(
        node,
        `{{${shown(name)}}} is not set in the ${phase} phase (only in ${variable.phases.join(', ')})`,
      );
      return;
    }
    if (rest.length > 0) report(node, `{{${shown(name)}}} has no field ${JSON.stringify(rest.join('.'))}`);
    else if (asList && variable.kind !== 'list')
      report(node, `{{${shown(name)}}} is not a list: {{#each}} needs one of the list variables`);
  };

  const checkPath = (path: PathExpr, scopes: readonly Scope[], asList = false): void => {
    if (path.data) {
      const [head, ...rest] = path.parts;
      if (head === 'root' && rest.length > 0) {
        const [name, ...more] = rest;
        if (name !== undefined) checkRootName(path, name, more, asList);
      } else if (head === undefined || !DATA_NAMES.has(head))
        report(path, `unknown data variable @${path.parts.join('.')}`);
      return;
    }
    const scope = scopes[scopes.length - 1 - path.depth];
    if (scope === undefined) {
      report(path, `${path.original} climbs above the template's root`);
      return;
    }
    const [head, ...rest] = path.parts;
    if (head === undefined) return; // `this` / `.`
    if (scope.kind === 'item') {
      if (scope.params.includes(head)) return;
      report(
        path,
        `inside {{#each ${shown(scope.of)}}} the item is a string: write {{.}}, or $.${head} for a variable`,
      );
      return;
    }
    checkRootName(path, head, rest, asList);
  };

  const checkExpr = (expr: hbs.AST.Expression, scopes: readonly Scope[]): void => {
    if (expr.type === 'PathExpression') checkPath(expr as PathExpr, scopes);
    else if (expr.type === 'SubExpression') {
      const sub = expr as hbs.AST.SubExpression;
      checkHelperName(sub.path, INLINE_HELPERS);
      sub.params.forEach((p) => checkExpr(p, scopes));
    }
  };

  const checkHelperName = (path: PathExpr, allowed: ReadonlySet<string>): boolean => {
    const name = path.original;
    if (allowed.has(name)) return true;
    const go = GO_ACTIONS[name];
    if (go !== undefined && allowed === INLINE_HELPERS) report(path, go);
    else report(path, `unknown helper ${JSON.stringify(name)} (known: ${[...allowed].join(', ')})`);
    return false;
  };

  const walk = (program: AST | undefined, scopes: readonly Scope[]): void => {
    for (const statement of program?.body ?? []) {
      switch (statement.type) {
        case 'MustacheStatement': {
          const m = statement as hbs.AST.MustacheStatement;
          if (m.path.type !== 'PathExpression') break;
          const path = m.path as PathExpr;
          if (m.params.length > 0) {
            checkHelperName(path, INLINE_HELPERS);
            m.params.forEach((p) => checkExpr(p, scopes));
          } else if (path.original === 'end') {
            report(path, GO_ACTIONS.end ?? '');
          } else checkPath(path, scopes);
          break;
        }
        case 'BlockStatement': {
          const b = statement as hbs.AST.BlockStatement;
          if (!checkHelperName(b.path, BLOCK_HELPERS)) break;
          const helper = b.path.original;
          const [first] = b.params;
          if (first === undefined || b.params.length !== 1) {
            report(b, `{{#${helper}}} takes exactly one argument`);
            break;
          }
          if (helper === 'each' && first.type === 'PathExpression') {
            const path = first as PathExpr;
            checkPath(path, scopes, true);
            const of = path.parts[path.parts.length - 1] ?? path.original;
            walk(b.program, [...scopes, { kind: 'item', of, params: b.program.blockParams ?? [] }]);
          } else {
            checkExpr(first, scopes);
            walk(b.program, scopes);
          }
          walk(b.inverse, scopes);
          break;
        }
        case 'PartialStatement':
        case 'PartialBlockStatement':
        case 'DecoratorBlock':
        case 'Decorator':
          report(statement, 'partials and decorators are not supported in harness templates');
          break;
        default:
          break;
      }
    }
  };

  walk(ast, [{ kind: 'root' }]);
  return problems;
}

function syntaxProblem(file: string, error: unknown): TemplateProblem {
  const text = error instanceof Error ? error.message : String(error);
  const line = /on line (\d+)/.exec(text)?.[1] ?? /- (\d+):\d+$/m.exec(text)?.[1];
  return { file, line: line !== undefined ? Number(line) : 1, message: `template syntax error: ${text}` };
}

/** Renders `text` with `values` after checking it; throws TemplateError naming every problem first. Values not
 *  given render empty (a list: no items, a flag: false). */
export function renderTemplate(
  file: string,
  text: string,
  phase: TemplatePhase,
  values: TemplateValues,
): string {
  const problems = checkTemplate(file, text, phase);
  if (problems.length > 0) throw new TemplateError(problems);
  const render = Handlebars.compile(toHandlebars(text), {
    noEscape: true,
    strict: false,
    knownHelpersOnly: false,
  });
  return render({ ...values }, { allowedProtoProperties: {}, allowedProtoMethods: {} });
}

/** The prompt of one phase: the persona is rendered first (it may use the phase's variables too) and given to
 *  the prompt as {{.Persona}}. */
export function renderPhasePrompt(
  phase: TemplatePhase,
  prompt: { file: string; text: string },
  persona: { file: string; text: string },
  values: TemplateValues,
): string {
  const personaText = renderTemplate(persona.file, persona.text, phase, { ...values, Persona: '' });
  return renderTemplate(prompt.file, prompt.text, phase, { ...values, Persona: personaText });
}
