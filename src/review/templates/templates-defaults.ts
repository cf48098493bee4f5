// The default prompt templates and personas `attach` writes into `.harness/`, shipped inside the bundle. They are
// plain files in src/review/templates/defaults/ (edit them there), imported as strings with `?raw`. TEMPLATE_VERSION goes
// up whenever one of them changes, so `attach` can tell a project that it has older templates; each file's hash
// tells an untouched file (replaceable) from one the user edited (never overwritten silently).
import { createHash } from 'node:crypto';
import architect from './defaults/personas/architect.md?raw';
import developer from './defaults/personas/developer.md?raw';
import planner from './defaults/personas/planner.md?raw';
import develop from './defaults/prompts/develop.md.tmpl?raw';
import plan from './defaults/prompts/plan.md.tmpl?raw';
import review from './defaults/prompts/review.md.tmpl?raw';
import { personaFile, promptTemplateFile } from '../layout.js';
import type { TemplatePhase } from '../tmplvars.js';

/** Raise it with every change to a file in defaults/. */
export const TEMPLATE_VERSION = 1;

export interface DefaultTemplate {
  /** Path under `.harness/`, with `/` separators. */
  path: string;
  /** The phase whose variables it may use. */
  phase: TemplatePhase;
  kind: 'prompt' | 'persona';
  content: string;
}

export const DEFAULT_TEMPLATES: readonly DefaultTemplate[] = [
  { path: promptTemplateFile('plan'), phase: 'plan', kind: 'prompt', content: plan },
  { path: promptTemplateFile('develop'), phase: 'develop', kind: 'prompt', content: develop },
  { path: promptTemplateFile('review'), phase: 'review', kind: 'prompt', content: review },
  { path: personaFile('planner'), phase: 'plan', kind: 'persona', content: planner },
  { path: personaFile('developer'), phase: 'develop', kind: 'persona', content: developer },
  { path: personaFile('architect'), phase: 'review', kind: 'persona', content: architect },
];

/** The SHA-256 (hex) of a file's content, as meta.json's `templates` records it. */
export const contentHash = (content: string): string => createHash('sha256').update(content).digest('hex');

/** The template and persona of a phase, by phase. */
export function defaultsOf(phase: TemplatePhase): { prompt: DefaultTemplate; persona: DefaultTemplate } {
  const find = (kind: DefaultTemplate['kind']): DefaultTemplate => {
    const hit = DEFAULT_TEMPLATES.find((t) => t.phase === phase && t.kind === kind);
    if (hit === undefined) throw new Error(`no default ${kind} for ${phase}`);
    return hit;
  };
  return { prompt: find('prompt'), persona: find('persona') };
}
