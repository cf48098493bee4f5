// docs/action.md held to the code: its outputs table lists every output action.yml declares (and no other), its
// stop-reason table every stop reason src/ can produce (and no other), its first workflow is the nightly example;
// and no page tells a user to fetch the CLI with `npx agent-harness` (the name is not this project on npm).
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readActionManifest, workflowSnippets } from '../../support/workflow-check.js';
import { ROOT } from '../../support/workdir.js';
import { KNOWN_STOP_REASONS } from '../../../src/state/events/enums.js';
import { stopReasonsInSource } from './stop-reasons.js';

const read = (path: string) => readFileSync(join(ROOT, path), 'utf8');
const actionDocs = read('docs/action.md');

/** The first cells (`name`) of the table under a `## heading` of a Markdown page. */
function tableKeys(markdown: string, heading: string): string[] {
  const start = markdown.indexOf(`\n## ${heading}\n`);
  if (start < 0) throw new Error(`no "## ${heading}" section`);
  const end = markdown.indexOf('\n## ', start + 1);
  const section = markdown.slice(start, end < 0 ? undefined : end);
  return [...section.matchAll(/^\| `([^`]+)` +\|/gm)].map((m) => m[1]!);
}

/**
 * Review mode's stop reasons, known to the event log ahead of the review cycle (src/review/cycle) that writes them. The
 * test below fails once the code writes one, so this list only shrinks.
 */

describe('docs/action.md', () => {
  it('lists every output of action.yml in its outputs table, and only those', () => {
    const action = readActionManifest({ name: 'action.yml', content: read('action.yml') });
    const documented = tableKeys(actionDocs, 'Inputs and outputs');
    expect(documented.sort()).toEqual([...action.outputs].sort());
  });

  it('lists every stop reason the code can produce in its stop-reason table, and only those', () => {
    const inSource = stopReasonsInSource();
    // The scan itself still finds the reasons of every home (the loop, signals, the Action, the task list).
    for (const known of [
      'completed',
      'sighup',
      'stop_label',
      'not_triggered',
      'env_setup',
      'agent_not_started',
    ])
      expect([...inSource.keys()]).toContain(known);
    const documented = tableKeys(actionDocs, 'Stop reasons');
    expect(new Set(documented).size).toBe(documented.length);
    const missing = [...inSource.keys()].filter((r) => !documented.includes(r));
    expect(
      missing.map((r) => `${r} (from ${inSource.get(r)!.join(', ')})`),
      'stop reasons the code produces that docs/action.md does not list',
    ).toEqual([]);
    expect(
      documented.filter((r) => !inSource.has(r)),
      'stop reasons docs/action.md lists that the code never produces',
    ).toEqual([]);
  });

  it("agrees with the event log's list of stop reasons (every one the loop writes) and the Action's own two", () => {
    const inSource = stopReasonsInSource();
    const loop = [...KNOWN_STOP_REASONS].sort();
    expect([...inSource.keys()].sort()).toEqual([...loop, 'not_triggered', 'refused'].sort());
  });

  it('walks through examples/workflows/nightly.yml, as it is (its comments aside)', () => {
    const [first] = workflowSnippets('docs/action.md', actionDocs);
    const nightly = read('examples/workflows/nightly.yml').replace(/^(#[^\n]*\n)+/, '');
    expect(first?.content).toBe(nightly);
  });

  it('finds the tables it checks, and only their first column', () => {
    const md =
      '# x\n\n## A\n\n| Key | Meaning |\n| --- | --- |\n| `one` | `two` |\n\n## B\n\n| `three` | x |\n';
    expect(tableKeys(md, 'A')).toEqual(['one']);
    expect(tableKeys(md, 'B')).toEqual(['three']);
  });
});

describe('the pages a user reads', () => {
  const pages = [
    'README.md',
    ...readdirSync(join(ROOT, 'docs'))
      .filter((f) => f.endsWith('.md'))
      .map((f) => `docs/${f}`),
    ...readdirSync(join(ROOT, 'examples'), { recursive: true, encoding: 'utf8' })
      .filter((f) => /\.(md|ya?ml|mjs)$/.test(f))
      .map((f) => `examples/${f}`),
  ];

  it.each(pages)(
    '%s never runs the CLI with npx (agent-harness is not this project on the npm registry)',
    (page) => {
      expect(read(page)).not.toMatch(
        /\b(npx|npm\s+exec|pnpm\s+dlx|yarn\s+dlx|bunx)\s+(--yes\s+)?agent-harness\b/,
      );
    },
  );
});
