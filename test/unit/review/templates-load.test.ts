// The project's templates read from `.harness/`: a phase's prompt and persona, all six checked at once, problems
// named with the project-relative file and line; a missing one names how to restore it.
import { mkdtempSync, rmSync, unlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { attach } from '../../../src/review/templates/attach.js';
import { TemplateError } from '../../../src/review/templates/templates-engine.js';
import { checkProjectTemplates, loadPhaseTemplates } from '../../../src/review/templates/templates-load.js';
import { defaultsOf } from '../../../src/review/templates/templates-defaults.js';

const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});
async function attached(): Promise<string> {
  const dir = mkdtempSync(join(tmpdir(), 'ah-tmpl-'));
  dirs.push(dir);
  await attach({ cwd: dir, force: false, harnessVersion: 't' });
  return dir;
}

describe('project templates', () => {
  it('loads the prompt and persona of a phase', async () => {
    const dir = await attached();
    const { prompt, persona } = await loadPhaseTemplates(dir, 'review');
    expect(prompt).toEqual({
      file: join('.harness', 'prompts', 'review.md.tmpl'),
      text: defaultsOf('review').prompt.content,
    });
    expect(persona.text).toBe(defaultsOf('review').persona.content);
    expect(await checkProjectTemplates(dir)).toEqual([]);
  });

  it('names every problem in every template, and a missing one', async () => {
    const dir = await attached();
    writeFileSync(
      join(dir, '.harness', 'prompts', 'develop.md.tmpl'),
      'a\n{{.LatestReveiw}}\n{{range .DependsOn}}',
    );
    unlinkSync(join(dir, '.harness', 'personas', 'architect.md'));
    const problems = await checkProjectTemplates(dir);
    expect(problems).toEqual([
      {
        file: join('.harness', 'prompts', 'develop.md.tmpl'),
        line: 2,
        message: expect.stringContaining('did you mean {{.LatestReview}}'),
      },
      {
        file: join('.harness', 'prompts', 'develop.md.tmpl'),
        line: 3,
        message: expect.stringContaining('{{#each .X}}'),
      },
      {
        file: join('.harness', 'personas', 'architect.md'),
        message: expect.stringContaining('attach --force'),
      },
    ]);
    await expect(loadPhaseTemplates(dir, 'develop')).rejects.toThrow(TemplateError);
    await expect(loadPhaseTemplates(dir, 'review')).rejects.toThrow(/architect\.md: missing/);
    await expect(loadPhaseTemplates(dir, 'plan')).resolves.toBeDefined();
  });
});
