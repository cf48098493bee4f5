// The example workflows are meant to be copied: every input they give the Action must exist in action.yml.
import { readFileSync, readdirSync } from 'node:fs';
import { parse } from 'yaml';
import { describe, expect, it } from 'vitest';

const root = new URL('../../../', import.meta.url);
const action = parse(readFileSync(new URL('action.yml', root), 'utf8')) as {
  inputs: Record<string, unknown>;
};
const workflows = [
  ...readdirSync(new URL('examples/workflows/', root)).map((f) => `examples/workflows/${f}`),
  '.github/workflows/ci.yml',
];

interface Step {
  uses?: string;
  with?: Record<string, unknown>;
}

describe.each(workflows)('%s', (path) => {
  it('gives the Action only inputs that action.yml declares', () => {
    const workflow = parse(readFileSync(new URL(path, root), 'utf8')) as {
      jobs: Record<string, { steps: Step[] }>;
    };
    const uses = Object.values(workflow.jobs)
      .flatMap((job) => job.steps)
      .filter((step) => step.uses === './' || step.uses?.startsWith('org/agent-harness@'));
    expect(uses.length).toBeGreaterThan(0);
    for (const step of uses) {
      for (const name of Object.keys(step.with ?? {})) expect(Object.keys(action.inputs)).toContain(name);
    }
  });
});
