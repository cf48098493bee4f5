// The review mode's setup subcommands: `agent-harness attach [--force]` scaffolds `.harness/`, `agent-harness
// tmplvars` lists the template variables. Dispatched from cliMain before the loop's flags are parsed.
import { parseArgs } from 'node:util';
import { EXIT } from '../errors/exit-codes.js';
import { attach } from '../review/templates/index.js';
import { tmplvarsTable } from '../review/index.js';
import { VERSION } from '../version.js';
import { GLOBAL_OPTIONS, UsageError } from './args.js';
import { REVIEW_COMMANDS } from './command-names.js';

export { REVIEW_COMMANDS };

export const ATTACH_USAGE = `Usage: agent-harness attach [--force]

Scaffolds .harness/ here: prompts/{plan,develop,review}.md.tmpl, personas/{planner,developer,architect}.md,
plans/, meta.json, techdebt.md and log.md. If .harness/ exists, reports what is there and which templates are
outdated or edited, and writes nothing.

Options:
      --force   Create missing files, replace untouched outdated templates, and write the new default beside
                each edited template as <name>.new. Never overwrites an edited template, techdebt.md, log.md
                or plans/.
  -h, --help    This text`;

export const TMPLVARS_USAGE = `Usage: agent-harness tmplvars

Prints every variable the templates in .harness/prompts and .harness/personas can use, with the phases that set it.`;

export interface ReviewCommandIo {
  cwd: string;
  out: (text: string) => void;
}

function parse(argv: readonly string[], withForce: boolean) {
  try {
    return parseArgs({
      args: [...argv],
      allowPositionals: false,
      strict: true,
      options: {
        ...GLOBAL_OPTIONS,
        ...(withForce ? { force: { type: 'boolean' as const } } : {}),
      },
    }).values as { help?: boolean; force?: boolean };
  } catch (error) {
    throw new UsageError(error instanceof Error ? error.message : String(error));
  }
}

export async function reviewCommand(
  command: (typeof REVIEW_COMMANDS)[number],
  argv: readonly string[],
  io: ReviewCommandIo,
): Promise<number> {
  if (command === 'tmplvars') {
    const values = parse(argv, false);
    io.out(values.help === true ? TMPLVARS_USAGE : tmplvarsTable());
    return EXIT.ok;
  }
  const values = parse(argv, true);
  if (values.help === true) return (io.out(ATTACH_USAGE), EXIT.ok);
  const result = await attach({ cwd: io.cwd, force: values.force === true, harnessVersion: VERSION });
  for (const line of result.report) io.out(line);
  return EXIT.ok;
}
