// docs/review.md shows the review workflow people copy: it must be the example file, as it is.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { workflowSnippets } from '../../support/workflow-check.js';
import { ROOT } from '../../support/workdir.js';

const read = (path: string) => readFileSync(join(ROOT, path), 'utf8');

describe('docs/review.md', () => {
  it('walks through examples/workflows/review-issue.yml, as it is (its comments aside)', () => {
    const snippets = workflowSnippets('docs/review.md', read('docs/review.md'));
    expect(snippets).toHaveLength(1);
    const example = read('examples/workflows/review-issue.yml').replace(/^(#[^\n]*\n)+/, '');
    expect(snippets[0]!.content).toBe(example);
  });

  it('documents every command of review mode and its exit codes', () => {
    const docs = read('docs/review.md');
    for (const text of [
      'agent-harness attach',
      'agent-harness plan "',
      '--headless',
      'agent-harness loop',
      'plan status',
      '--reply',
      'exit code 12',
      'code 13',
    ])
      expect(docs, text).toContain(text);
  });
});
