import { parseArgs } from 'node:util';
import { E as EXIT } from './exit-codes-BkuRLrXJ.js';
import { a as attach } from './index-CES9_pm7.js';
import './input-file-Cbt1w_j3.js';
import { V as VERSION } from './version-R6LujQcV.js';
import 'node:fs/promises';
import 'node:path';
import { T as TEMPLATE_VARIABLES } from './tmplvars-BMvHh65V.js';
import 'node:crypto';
import 'node:fs';
import 'node:stream';
import 'node:stream/promises';
import 'node:zlib';
import './harness-files-B0x0nX25.js';
import 'node:child_process';
import { G as GLOBAL_OPTIONS, U as UsageError } from './relaunch-BurLyM5A.js';
export { a as REVIEW_COMMANDS } from './relaunch-BurLyM5A.js';
import './spend-D-HHXpeX.js';
import './shell-xIIC2Ow-.js';
import './process-group-v69azfoj.js';
import 'fs';
import 'process';
import 'buffer';
import 'node:os';
import './worker-agent-CEPc612X.js';
import 'node:readline';
import 'node:buffer';
import 'node:worker_threads';
import 'node:module';

function tmplvarsTable(variables = TEMPLATE_VARIABLES) {
  const rows = [
    ["VARIABLE", "PHASES", "DESCRIPTION"],
    ...variables.map((v) => [`{{.${v.name}}}`, v.phases.join(","), `${v.description}${kindNote(v)}`])
  ];
  const width = (col) => Math.max(...rows.map((r) => (r[col] ?? "").length));
  const [w0, w1] = [width(0), width(1)];
  const lines = rows.map((r) => `${(r[0] ?? "").padEnd(w0)}  ${(r[1] ?? "").padEnd(w1)}  ${r[2] ?? ""}`);
  return [
    ...lines,
    "",
    "Conditionals and loops are Handlebars blocks: {{#if .LatestReview}}\u2026{{else}}\u2026{{/if}},",
    "{{#each .AcceptanceCriteria}}- {{.}}{{/each}}; $.Name reaches a variable from inside a loop."
  ].join("\n");
}
const kindNote = (v) => v.kind === "list" && !v.description.includes("list") ? " (a list)" : v.kind === "flag" && !v.description.toLowerCase().includes("true") ? " (true/false)" : "";

const ATTACH_USAGE = `Usage: agent-harness attach [--force]

Scaffolds .harness/ here: prompts/{plan,develop,review}.md.tmpl, personas/{planner,developer,architect}.md,
plans/, meta.json, techdebt.md and log.md. If .harness/ exists, reports what is there and which templates are
outdated or edited, and writes nothing.

Options:
      --force   Create missing files, replace untouched outdated templates, and write the new default beside
                each edited template as <name>.new. Never overwrites an edited template, techdebt.md, log.md
                or plans/.
  -h, --help    This text`;
const TMPLVARS_USAGE = `Usage: agent-harness tmplvars

Prints every variable the templates in .harness/prompts and .harness/personas can use, with the phases that set it.`;
function parse(argv, withForce) {
  try {
    return parseArgs({
      args: [...argv],
      allowPositionals: false,
      strict: true,
      options: {
        ...GLOBAL_OPTIONS,
        ...withForce ? { force: { type: "boolean" } } : {}
      }
    }).values;
  } catch (error) {
    throw new UsageError(error instanceof Error ? error.message : String(error));
  }
}
async function reviewCommand(command, argv, io) {
  if (command === "tmplvars") {
    const values2 = parse(argv, false);
    io.out(values2.help === true ? TMPLVARS_USAGE : tmplvarsTable());
    return EXIT.ok;
  }
  const values = parse(argv, true);
  if (values.help === true) return io.out(ATTACH_USAGE), EXIT.ok;
  const result = await attach({ cwd: io.cwd, force: values.force === true, harnessVersion: VERSION });
  for (const line of result.report) io.out(line);
  return EXIT.ok;
}

export { ATTACH_USAGE, TMPLVARS_USAGE, reviewCommand };
