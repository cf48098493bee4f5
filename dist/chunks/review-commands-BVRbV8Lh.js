import { parseArgs } from 'node:util';
import { E as EXIT } from './exit-codes-B1e2_Xbp.js';
import { a as attach } from './index-BCVRbtbN.js';
import './input-file-6q8ve5AP.js';
import 'node:fs/promises';
import 'node:path';
import { T as TEMPLATE_VARIABLES } from './tmplvars-mnUeNSH9.js';
import 'node:crypto';
import 'node:fs';
import 'node:stream';
import 'node:stream/promises';
import 'node:zlib';
import './harness-files-Dukz__AL.js';
import 'node:child_process';
import { V as VERSION } from './version-DxYW7N98.js';
import { U as UsageError } from './index-C2Ydfofy.js';
export { R as REVIEW_COMMANDS } from './index-C2Ydfofy.js';
import './atomic-DSIYmMaW.js';
import 'fs';
import 'process';
import 'buffer';
import 'node:os';
import './worker-agent-BT4DhLb9.js';
import 'node:readline';
import 'node:buffer';
import './spend-DFao0eB-.js';
import 'node:worker_threads';
import './relaunch-J2eiQfvI.js';
import 'node:module';
import './exit-for-error-CQQW6d7f.js';

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
        help: { type: "boolean", short: "h" },
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
