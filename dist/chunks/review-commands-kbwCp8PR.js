import { parseArgs } from 'node:util';
import { H as HarnessError, E as EXIT } from './exit-codes-BIDj-cBV.js';
import { h as harnessDir } from './layout-DAOdMPm0.js';
import { readdir, mkdir, stat } from 'node:fs/promises';
import { r as readInputText } from './write-error-Du9mN06c.js';
import { join } from 'node:path';
import { w as writeFileAtomic } from './atomic-BcKaoj99.js';
import { c as contentHash, D as DEFAULT_TEMPLATES, T as TEMPLATE_VERSION, a as TEMPLATE_VARIABLES } from './tmplvars-Wm8iq7W6.js';
import { d as looseObject, r as record, n as number, s as string } from './proc-BHgIj9ip.js';
import { V as VERSION } from './version-DxYW7N98.js';
import { U as UsageError } from './main-x4-1Qt_A.js';
export { R as REVIEW_COMMANDS } from './main-x4-1Qt_A.js';
import 'node:fs';
import 'node:crypto';
import './exit-for-error-C4RMT-3J.js';

function classify(template, existing) {
  const content = existing.contents[template.path];
  if (content === void 0) return "missing";
  const now = contentHash(content);
  const latest = contentHash(template.content);
  if (now === latest) return "current";
  const recorded = existing.recorded[template.path];
  if (recorded !== void 0 && now === recorded) return "outdated";
  return recorded === latest ? "edited" : "edited-outdated";
}
const ACTION = {
  missing: "write",
  current: "keep",
  outdated: "write",
  edited: "keep",
  "edited-outdated": "write-new"
};
function decide(templates, existing) {
  return templates.map((t) => {
    const state = classify(t, existing);
    return { path: t.path, state, action: ACTION[state] };
  });
}
function nextMeta(templates, templateVersion, harnessVersion, now) {
  return {
    template_version: templateVersion,
    harness_version: harnessVersion,
    attached: now.toISOString().replace("T", " ").replace(/\.\d+Z$/, "Z"),
    templates: Object.fromEntries(templates.map((t) => [t.path, contentHash(t.content)]))
  };
}

const TECHDEBT_START = `# Technical debt

<!-- Shortcuts taken to fix later: a "## Title" per item, then what it is, why it matters, how to fix it. -->
`;
const LOG_START = `# Diary

<!-- One "## Entry YYYY-MM-DD" per develop session: what changed, then a sentence on what it achieved. -->
`;
class HarnessExistsError extends HarnessError {
  constructor(message, decisions) {
    super(message, EXIT.usage);
    this.decisions = decisions;
  }
  decisions;
  name = "HarnessExistsError";
}
const metaSchema = looseObject({
  template_version: number().int(),
  templates: record(string(), string()).optional()
});
async function exists(path) {
  return stat(path).then(
    () => true,
    (error) => {
      if (error.code === "ENOENT") return false;
      throw error;
    }
  );
}
async function readOptional(path) {
  return readInputText(path, { what: "template" }).catch((error) => {
    if (error.code === "ENOENT") return void 0;
    throw error;
  });
}
async function readExisting(dir) {
  const contents = {};
  for (const t of DEFAULT_TEMPLATES) {
    const text = await readOptional(join(dir, t.path));
    if (text !== void 0) contents[t.path] = text;
  }
  const metaText = await readOptional(join(dir, "meta.json"));
  let meta;
  try {
    meta = metaText === void 0 ? void 0 : metaSchema.parse(JSON.parse(metaText));
  } catch {
    meta = void 0;
  }
  return {
    ...meta !== void 0 ? { templateVersion: meta.template_version } : {},
    recorded: meta?.templates ?? {},
    contents
  };
}
const STATE_TEXT = {
  missing: "missing",
  current: "current",
  outdated: "outdated (untouched)",
  edited: "edited by you (kept)",
  "edited-outdated": "outdated and edited by you"
};
async function attach(options) {
  const dir = harnessDir(options.cwd);
  const present = await exists(dir);
  const existing = present ? await readExisting(dir) : { recorded: {}, contents: {} };
  const decisions = decide(DEFAULT_TEMPLATES, existing);
  if (present && !options.force) {
    const entries = (await readdir(dir, { withFileTypes: true })).map((e) => e.isDirectory() ? `${e.name}/` : e.name).sort();
    throw new HarnessExistsError(refusal(dir, entries, existing, decisions), decisions);
  }
  const written = [];
  const report = [];
  const write = async (path, content) => {
    const full = join(dir, path);
    await mkdir(join(full, ".."), { recursive: true });
    await writeFileAtomic(full, content);
    written.push(path);
  };
  await mkdir(join(dir, "plans"), { recursive: true });
  for (const d of decisions) {
    const template = DEFAULT_TEMPLATES.find((t) => t.path === d.path);
    if (template === void 0) continue;
    if (d.action === "write") {
      await write(d.path, template.content);
      if (present)
        report.push(`${d.path}: ${d.state === "missing" ? "created" : "updated to the new default"}`);
    } else if (d.action === "write-new") {
      await write(`${d.path}.new`, template.content);
      report.push(
        `${d.path}: edited by you, kept; the new default is in ${d.path}.new \u2014 merge it and delete the .new file`
      );
    }
  }
  for (const [path, start] of [
    ["techdebt.md", TECHDEBT_START],
    ["log.md", LOG_START]
  ]) {
    if (!await exists(join(dir, path))) await write(path, start);
  }
  await write(
    "meta.json",
    `${JSON.stringify(nextMeta(DEFAULT_TEMPLATES, TEMPLATE_VERSION, options.harnessVersion, options.now ?? /* @__PURE__ */ new Date()), null, 2)}
`
  );
  if (!present)
    report.push(`Created ${dir} (template version ${TEMPLATE_VERSION}): ${written.join(", ")}, plans/`);
  else report.push(`Updated ${dir} to template version ${TEMPLATE_VERSION}.`);
  return { created: !present, decisions, written, report };
}
function refusal(dir, entries, existing, decisions) {
  const lines = [`${dir} already exists (it holds ${entries.join(", ") || "nothing"}); nothing was written.`];
  const version = existing.templateVersion;
  if (version !== void 0 && version < TEMPLATE_VERSION)
    lines.push(`Its templates are version ${version}; this agent-harness ships version ${TEMPLATE_VERSION}.`);
  else if (version === void 0) lines.push("Its meta.json is missing or unreadable.");
  const notable = decisions.filter((d) => d.state !== "current" && d.state !== "edited");
  for (const d of notable) lines.push(`  ${d.path}: ${STATE_TEXT[d.state]}`);
  const edited = decisions.filter((d) => d.state === "edited");
  for (const d of edited) lines.push(`  ${d.path}: ${STATE_TEXT[d.state]}`);
  if (notable.length === 0)
    lines.push("Every template is current; techdebt.md, log.md and plans/ are never overwritten.");
  else
    lines.push(
      "agent-harness attach --force creates missing files, replaces untouched outdated templates and writes the new default beside each edited one as <name>.new; it never overwrites an edited template, techdebt.md, log.md or plans/."
    );
  return lines.join("\n");
}

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
