// One action of the model's answer, run: the tool looked up, its args checked by the tool's strict schema, the
// tool run inside the sandbox. Whatever goes wrong short of a fatal file-system error (disk full, permission)
// comes back as a failed result the model reads next iteration; a refused path is flagged as a violation.
import type { z } from 'zod';
import type { Sandbox } from './sandbox.js';
import { createFile } from './create-file.js';
import { findFiles } from './find-files.js';
import { toolFailureFor } from './fs-errors.js';
import { listDirectory } from './list-directory.js';
import { readFile } from './read-file.js';
import {
  isToolName,
  TOOL_NAMES,
  TOOL_SCHEMAS,
  type ToolLimits,
  type ToolName,
  type ToolResult,
} from './tool-schemas.js';
import { writeFile } from './write-file.js';

export { TOOL_NAMES, TOOL_SCHEMAS, type ToolLimits, type ToolName, type ToolResult } from './tool-schemas.js';
export { ToolFatalError } from './fs-errors.js';

export interface ActionContext {
  sandbox: Sandbox;
  limits: ToolLimits;
}

type Outcome = { result: unknown; note?: string };

const RUN: {
  [K in ToolName]: (args: z.output<(typeof TOOL_SCHEMAS)[K]>, ctx: ActionContext) => Promise<Outcome>;
} = {
  read_file: async (args, ctx) => ({ result: await readFile(ctx.sandbox, args, ctx.limits) }),
  write_file: async (args, ctx) => ({ result: await writeFile(ctx.sandbox, args, ctx.limits) }),
  create_file: async (args, ctx) => ({ result: await createFile(ctx.sandbox, args, ctx.limits) }),
  list_directory: (args, ctx) => listDirectory(ctx.sandbox, args, ctx.limits),
  find_files: (args, ctx) => findFiles(ctx.sandbox, args, ctx.limits),
};

/** Runs one action; throws only a ToolFatalError (ENOSPC, EDQUOT, EROFS, EACCES, EPERM) or a bug. */
export async function runAction(
  action: { tool: string; args: Record<string, unknown> },
  ctx: ActionContext,
): Promise<ToolResult> {
  const tool = action.tool;
  if (!isToolName(tool))
    return {
      tool,
      ok: false,
      error: `unknown tool ${JSON.stringify(tool)}: the tools are ${TOOL_NAMES.join(', ')}`,
    };
  const parsed = TOOL_SCHEMAS[tool].safeParse(action.args);
  if (!parsed.success)
    return {
      tool,
      ok: false,
      error: `${tool}: bad args: ${describeIssues(parsed.error.issues, action.args)}`,
    };
  try {
    const run = RUN[tool] as (args: unknown, ctx: ActionContext) => Promise<Outcome>;
    const outcome = await run(parsed.data, ctx);
    return outcome.note === undefined
      ? { tool, ok: true, result: outcome.result }
      : { tool, ok: true, result: outcome.result, note: outcome.note };
  } catch (error) {
    const refused = toolFailureFor(error, tool, givenPath(parsed.data));
    const message = `${tool}: ${refused.message}`;
    return refused.violation
      ? { tool, ok: false, error: message, violation: true }
      : { tool, ok: false, error: message };
  }
}

/** zod's issues in plain words: `path: expected string, received number; content: required`. */
export function describeIssues(issues: readonly z.core.$ZodIssue[], args: Record<string, unknown>): string {
  return issues
    .map((issue) => {
      const where = issue.path.length > 0 ? issue.path.join('.') : 'args';
      if (issue.code === 'unrecognized_keys')
        return `unknown key${issue.keys.length > 1 ? 's' : ''} ${issue.keys.map((k) => JSON.stringify(k)).join(', ')} (allowed: the tool's own keys only)`;
      const key = issue.path[0];
      if (issue.code === 'invalid_type' && typeof key === 'string' && !Object.hasOwn(args, key))
        return `${where}: required`;
      return `${where}: ${issue.message}`;
    })
    .join('; ');
}

function givenPath(args: unknown): string {
  const record = args as { path?: unknown; start_path?: unknown };
  const path = typeof record.path === 'string' ? record.path : record.start_path;
  return typeof path === 'string' ? path : '(no path)';
}
