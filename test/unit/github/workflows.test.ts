// Every workflow a user may copy (examples/, this repository's own .github/, the README's and docs' snippets) read
// by GitHub's own parser, and held to action.yml: the inputs they give the Action and the outputs they read exist.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  checkWorkflow,
  readActionManifest,
  workflowSnippets,
  type WorkflowFile,
} from '../../support/workflow-check.js';
import { ROOT } from '../../support/workdir.js';

const read = (path: string): WorkflowFile => ({
  name: path,
  content: readFileSync(join(ROOT, path), 'utf8'),
});
const action = readActionManifest(read('action.yml'));

const files = (dir: string) =>
  readdirSync(join(ROOT, dir))
    .filter((f) => /\.ya?ml$/.test(f))
    .map((f) => read(`${dir}/${f}`));
const markdown = ['README.md', ...readdirSync(join(ROOT, 'docs')).map((f) => `docs/${f}`)].filter((f) =>
  f.endsWith('.md'),
);
const workflows: WorkflowFile[] = [
  ...files('examples/workflows'),
  ...files('.github/workflows'),
  ...markdown.flatMap((path) => workflowSnippets(path, read(path).content)),
];

describe('action.yml', () => {
  it("is valid for GitHub's parser, input defaults included", () => {
    expect(action.errors).toEqual([]);
    expect(action.inputs.has('job-key')).toBe(true);
    expect(action.outputs.has('committed')).toBe(true);
  });
});

describe('the workflows users copy', () => {
  it('include every example, this repository own workflows and the README snippet', () => {
    const names = workflows.map((w) => w.name);
    for (const example of ['nightly', 'issue-label', 'dispatch', 'fan-out', 'worker-fan-out'])
      expect(names).toContain(`examples/workflows/${example}.yml`);
    expect(names).toContain('.github/workflows/ci.yml');
    expect(names.some((n) => n.startsWith('README.md:'))).toBe(true);
  });

  it('name the Action and its repository with the one placeholder, OWNER, which the README and action.md explain', () => {
    const named = workflows.flatMap((w) =>
      [...w.content.matchAll(/(?:uses|repository): ([^\s@]+)\/agent-harness\b/g)].map((m) => [w.name, m[1]]),
    );
    expect(named.length).toBeGreaterThan(10);
    expect(named.filter(([, owner]) => owner !== 'OWNER')).toEqual([]);
    for (const doc of ['README.md', 'docs/action.md'])
      expect(read(doc).content).toMatch(/`OWNER`[^.]* stands for the GitHub account that holds the\s+copy/);
  });

  it.each(workflows.map((w) => [w.name, w] as const))(
    '%s parses and uses only inputs and outputs action.yml declares',
    async (_name, workflow) => {
      expect(await checkWorkflow(workflow, action)).toEqual([]);
    },
  );

  it.each(workflows.map((w) => [w.name, w] as const))(
    '%s keeps the agent work: a git identity and a push after the Action (or by the Action, in review mode)',
    (_name, workflow) => {
      // The smoke test in ci.yml runs the stand-in agent on this repository and deliberately keeps nothing.
      if (workflow.name === '.github/workflows/ci.yml' || !/agent-harness@|uses: \.\//.test(workflow.content))
        return;
      expect(workflow.content).toMatch(/git config (--global )?user\.name/);
      expect(workflow.content).toMatch(/git config (--global )?user\.email/);
      // In review mode the Action pushes the plan's branch itself, with its github-token input: the checkout
      // leaves no token in .git/config. Elsewhere a step after the Action pushes, with the checkout's token.
      if (/^\s*mode: review\s*$/m.test(workflow.content))
        expect(workflow.content).toMatch(/^\s*persist-credentials: false\s*$/m);
      else expect(workflow.content).toMatch(/\bgit push\b/);
      expect(workflow.content).toMatch(/contents: write/);
    },
  );
});

describe('the workflow checker', () => {
  const nightly = read('examples/workflows/nightly.yml');
  const fanOut = read('examples/workflows/fan-out.yml');
  const plant = (file: WorkflowFile, from: string, to: string): WorkflowFile => {
    expect(file.content).toContain(from);
    return { name: `${file.name} (planted)`, content: file.content.replace(from, to) };
  };

  it('finds an input action.yml does not declare, with its line', async () => {
    const problems = await checkWorkflow(plant(nightly, 'max-iterations:', 'max-iteration:'), action);
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatch(
      /nightly\.yml \(planted\) \(line \d+\): job agent gives this Action the input "max-iteration", which action.yml does not declare/,
    );
  });

  it("finds an output of the Action's step that action.yml does not declare", async () => {
    const problems = await checkWorkflow(
      plant(nightly, 'steps.loop.outputs.committed', 'steps.loop.outputs.commited'),
      action,
    );
    expect(problems).toEqual([expect.stringMatching(/reads steps\.loop\.outputs\.commited, which action/)]);
  });

  it("reports what GitHub's parser rejects", async () => {
    const problems = await checkWorkflow(
      plant(nightly, 'runs-on: ubuntu-latest', 'runs-onn: ubuntu-latest'),
      action,
    );
    expect(problems.join('\n')).toMatch(/runs-onn/);
    const noTrigger = await checkWorkflow(
      { name: 'snippet', content: 'jobs:\n  a:\n    runs-on: x\n    steps:\n      - run: true\n' },
      action,
    );
    expect(noTrigger.join('\n')).toMatch(/'on' is required|Required property is missing: on/);
  });

  it('refuses the CLI from a package registry, and a CLI checkout at another ref than the Action', async () => {
    const npx = await checkWorkflow(
      plant(
        fanOut,
        'node .agent-harness/dist/cli.js tasks ready --json',
        'npx --yes agent-harness tasks ready --json',
      ),
      action,
    );
    expect(npx).toEqual([expect.stringMatching(/job plan runs agent-harness from a package registry/)]);
    const ref = await checkWorkflow(plant(fanOut, 'ref: v1', 'ref: main'), action);
    expect(ref).toEqual([
      expect.stringMatching(
        /job plan checks out OWNER\/agent-harness at main, but the workflow uses the Action at v1/,
      ),
    ]);
    const path = await checkWorkflow(plant(fanOut, 'path: .agent-harness', 'path: harness'), action);
    expect(path).toEqual([
      expect.stringMatching(/job plan runs \.agent-harness\/dist\/cli\.js, but no earlier step/),
    ]);
  });

  it('finds the workflow snippets of a Markdown file, and only those', () => {
    const md =
      '# x\n\n```yaml\non: push\njobs:\n  a:\n    runs-on: x\n```\n\n```yaml\nsession:\n  max: 1\n```\n';
    expect(workflowSnippets('doc.md', md)).toEqual([
      { name: 'doc.md:4', content: 'on: push\njobs:\n  a:\n    runs-on: x\n' },
    ]);
  });
});
