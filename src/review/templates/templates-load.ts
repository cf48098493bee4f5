// The project's own templates: `.harness/prompts/<phase>.md.tmpl` and `.harness/personas/<role>.md`, read for a
// phase, and all six checked at once before a plan or a loop spends anything (every problem named with file and
// line). A missing template is named with the way to get it back (`agent-harness attach --force`).
import { readInputText } from '../../os/input-file.js';
import { join, relative } from 'node:path';
import { harnessDir } from '../layout.js';
import { checkTemplate, TemplateError, type TemplateProblem } from './templates-engine.js';
import { DEFAULT_TEMPLATES, defaultsOf } from './templates-defaults.js';
import type { TemplatePhase } from '../tmplvars.js';

export interface TemplateSource {
  /** The path shown in messages: relative to the project (`.harness/prompts/develop.md.tmpl`). */
  file: string;
  text: string;
}

async function load(cwd: string, path: string): Promise<TemplateSource | TemplateProblem> {
  const full = join(harnessDir(cwd), path);
  const file = relative(cwd, full);
  // A FIFO or a device put in a template's place is refused (InputFileError, exit 18), never waited on.
  return readInputText(full, { what: 'template' }).then(
    (text) => ({ file, text }),
    (error: NodeJS.ErrnoException) => {
      if (error.code !== 'ENOENT') throw error;
      return { file, message: 'missing: agent-harness attach --force writes the default again' };
    },
  );
}

const isProblem = (x: TemplateSource | TemplateProblem): x is TemplateProblem => 'message' in x;

/** The prompt and persona of `phase`, checked; throws TemplateError naming every problem. */
export async function loadPhaseTemplates(
  cwd: string,
  phase: TemplatePhase,
): Promise<{ prompt: TemplateSource; persona: TemplateSource }> {
  const { prompt, persona } = defaultsOf(phase);
  const [p, r] = [await load(cwd, prompt.path), await load(cwd, persona.path)];
  const problems = [p, r].flatMap((x) => (isProblem(x) ? [x] : checkTemplate(x.file, x.text, phase)));
  if (problems.length > 0 || isProblem(p) || isProblem(r)) throw new TemplateError(problems);
  return { prompt: p, persona: r };
}

/** Every problem in the project's six templates (empty when all are usable). */
export async function checkProjectTemplates(cwd: string): Promise<TemplateProblem[]> {
  const problems: TemplateProblem[] = [];
  for (const t of DEFAULT_TEMPLATES) {
    const source = await load(cwd, t.path);
    problems.push(...(isProblem(source) ? [source] : checkTemplate(source.file, source.text, t.phase)));
  }
  return problems;
}
