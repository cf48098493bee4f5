// Checks a workflow the way GitHub reads it: GitHub's own parser (@actions/workflow-parser) validates it against
// the workflow schema, then every step that uses this Action may only pass inputs action.yml declares, and every
// `steps.<id>.outputs.<name>` naming such a step may only read outputs action.yml declares. It also keeps the
// harness's CLI off package registries: no `npx agent-harness` (the name is not ours on npm), and a run step
// that runs `<dir>/dist/cli.js` needs the Action's repository checked out into <dir> at the ref `uses:` names.
import {
  convertWorkflowTemplate,
  isBasicExpression,
  isMapping,
  isSequence,
  isString,
  NoOperationTraceWriter,
  parseWorkflow,
} from '@actions/workflow-parser';
import type { TemplateToken } from '@actions/workflow-parser/templates/tokens/index';
import { convertActionTemplate, parseAction } from '@actions/workflow-parser/actions/index';
import { parse } from 'yaml';

export interface ActionManifest {
  inputs: Set<string>;
  outputs: Set<string>;
  /** Problems GitHub's parser finds in action.yml itself. */
  errors: string[];
}

export interface WorkflowFile {
  /** Where it comes from, for messages (a path, or a path and line for a snippet). */
  name: string;
  content: string;
}

/** This Action as a workflow refers to it: `./` in its own repository, `<owner>/agent-harness@<ref>` elsewhere. */
export function isThisAction(uses: string): boolean {
  return uses === './' || /^[^/\s]+\/agent-harness@\S+$/.test(uses);
}

export function readActionManifest(file: WorkflowFile): ActionManifest {
  const parsed = parseAction(file, new NoOperationTraceWriter());
  const errors = parsed.context.errors.getErrors().map((e) => e.message);
  if (!parsed.value) return { inputs: new Set(), outputs: new Set(), errors };
  const action = convertActionTemplate(parsed.context, parsed.value);
  errors.push(
    ...parsed.context.errors
      .getErrors()
      .map((e) => e.message)
      .filter((e) => !errors.includes(e)),
  );
  return {
    inputs: new Set((action.inputs ?? []).map((i) => i.id)),
    outputs: new Set((action.outputs ?? []).map((o) => o.id)),
    errors,
  };
}

/** The fenced YAML blocks of a Markdown file that are workflows (they have top-level `jobs`). */
export function workflowSnippets(name: string, markdown: string): WorkflowFile[] {
  const snippets: WorkflowFile[] = [];
  const fence = /^```ya?ml[^\n]*\n([\s\S]*?)^```/gm;
  for (let match = fence.exec(markdown); match; match = fence.exec(markdown)) {
    const content = match[1]!;
    let value: unknown;
    try {
      value = parse(content);
    } catch {
      value = null;
    }
    const isWorkflow =
      (value !== null && typeof value === 'object' && 'jobs' in value) || /^jobs:/m.test(content);
    if (!isWorkflow) continue;
    const line = markdown.slice(0, match.index).split('\n').length + 1;
    snippets.push({ name: `${name}:${line}`, content });
  }
  return snippets;
}

function entries(token: TemplateToken | undefined): Array<[string, TemplateToken, TemplateToken]> {
  if (!token || !isMapping(token)) return [];
  return [...token].map((pair) => [String(pair.key), pair.value, pair.key]);
}

function text(token: TemplateToken | undefined): string | undefined {
  if (!token) return undefined;
  if (isString(token)) return token.value;
  if (isBasicExpression(token)) return token.source ?? `\${{ ${token.expression} }}`;
  return undefined;
}

const where = (file: WorkflowFile, token: TemplateToken | undefined) =>
  token?.line !== undefined ? `${file.name} (line ${token.line})` : file.name;

/** Every problem found, as `<file> (line N): <what>`; an empty list when the workflow is sound. */
export async function checkWorkflow(file: WorkflowFile, action: ActionManifest): Promise<string[]> {
  const problems: string[] = [];
  const parsed = parseWorkflow(file, new NoOperationTraceWriter());
  // The parser's messages name the file themselves.
  for (const error of parsed.context.errors.getErrors()) problems.push(error.message);
  if (!parsed.value) return problems;
  const template = await convertWorkflowTemplate(parsed.context, parsed.value);
  for (const error of template.errors ?? []) {
    if (!problems.includes(error.Message)) problems.push(error.Message);
  }

  const jobs = entries(parsed.value).find(([key]) => key === 'jobs')?.[1];
  // The refs this workflow uses the Action at (`OWNER/agent-harness@v1` -> repository and ref).
  const actionRefs = new Map<string, string>();
  for (const [, job] of entries(jobs)) {
    for (const step of stepsOf(job)) {
      const uses = text(field(step, 'uses'));
      if (uses && isThisAction(uses) && uses !== './') {
        const [repository, ref] = uses.split('@') as [string, string];
        actionRefs.set(repository, ref);
      }
    }
  }

  for (const [jobId, job] of entries(jobs)) {
    const actionSteps = new Set<string>();
    const checkouts = new Map<string, { repository: string; ref: string | undefined }>();
    for (const step of stepsOf(job)) {
      const usesToken = field(step, 'uses');
      const uses = text(usesToken);
      const withs = entries(field(step, 'with'));
      if (uses && isThisAction(uses)) {
        const id = text(field(step, 'id'));
        if (id) actionSteps.add(id);
        for (const [name, , key] of withs) {
          if (!action.inputs.has(name))
            problems.push(
              `${where(file, key)}: job ${jobId} gives this Action the input "${name}", which action.yml does not declare`,
            );
        }
      }
      if (uses?.startsWith('actions/checkout@')) {
        const repository = text(withs.find(([k]) => k === 'repository')?.[1]);
        if (repository && /\/agent-harness$/.test(repository)) {
          const path = text(withs.find(([k]) => k === 'path')?.[1]) ?? '.';
          const ref = text(withs.find(([k]) => k === 'ref')?.[1]);
          checkouts.set(path.replace(/\/+$/, ''), { repository, ref });
          const used = actionRefs.get(repository);
          if (used !== undefined && ref !== used)
            problems.push(
              `${where(file, usesToken)}: job ${jobId} checks out ${repository} at ${ref ?? 'its default branch'}, ` +
                `but the workflow uses the Action at ${used}: the CLI and the Action must be the same ref`,
            );
        }
      }
      const runToken = field(step, 'run');
      const run = text(runToken);
      if (run) {
        if (/\b(npx|npm\s+exec|pnpm\s+dlx|yarn\s+dlx|bunx)\b[^\n]*\bagent-harness\b/.test(run))
          problems.push(
            `${where(file, runToken)}: job ${jobId} runs agent-harness from a package registry, where that ` +
              `name is not this project's; run dist/cli.js from a checkout of the Action instead`,
          );
        for (const match of run.matchAll(/(?:^|[\s"'=(])((?:\.?[\w.-]+\/)*)dist\/cli\.js\b/g)) {
          const dir = (match[1] ?? '').replace(/\/+$/, '') || '.';
          if (!checkouts.has(dir))
            problems.push(
              `${where(file, runToken)}: job ${jobId} runs ${dir}/dist/cli.js, but no earlier step of the job ` +
                `checks the Action's repository out into ${dir}`,
            );
        }
      }
    }
    // Every expression of the job that reads an output of this Action's step.
    for (const token of walk(job)) {
      const source = isBasicExpression(token) ? token.expression : isString(token) ? token.value : null;
      if (!source) continue;
      for (const match of source.matchAll(/\bsteps\.([A-Za-z_][\w-]*)\.outputs\.([A-Za-z_][\w-]*)/g)) {
        const [, id, output] = match as unknown as [string, string, string];
        if (actionSteps.has(id) && !action.outputs.has(output))
          problems.push(
            `${where(file, token)}: job ${jobId} reads steps.${id}.outputs.${output}, which action.yml does not declare`,
          );
      }
    }
  }
  return problems;
}

function field(step: TemplateToken, name: string): TemplateToken | undefined {
  return entries(step).find(([key]) => key === name)?.[1];
}

function stepsOf(job: TemplateToken): TemplateToken[] {
  const steps = field(job, 'steps');
  return steps && isSequence(steps) ? [...steps] : [];
}

/** Every token under (and including) this one, mapping keys left out. */
function* walk(token: TemplateToken): Generator<TemplateToken> {
  yield token;
  if (isMapping(token)) for (const pair of token) yield* walk(pair.value);
  else if (isSequence(token)) for (const item of token) yield* walk(item);
}
