import { existsSync, constants } from 'node:fs';
import { mkdir, rm, lstat, readdir, readlink, symlink, open, chmod, rename } from 'node:fs/promises';
import { dirname, join, relative, posix, sep, resolve } from 'node:path';
import { H as HarnessError, E as EXIT } from './exit-codes-BkuRLrXJ.js';
import { r as readInputText, L as INPUT_MAX_BYTES, $ as ZodDefault, a0 as ZodOptional, a1 as ZodObject, a2 as ZodArray, I as InputFileError, n as newCookie, e as endCarriers } from './input-file-Cbt1w_j3.js';
import { m as mistakesFileSchema, r as reviewMistakesFileSchema, b as planfileSchema, c as planDir, e as emptyProgress, d as planProgressSchema, t as taskSpend, v as variablesOf, f as variableNamed, T as TEMPLATE_VARIABLES, h as harnessDir, g as techdebtPath, p as planfilePath, i as reviewMistakesPath, j as reviewPath, k as reviewsDir, l as logPath, n as mistakesPath, o as describeGateChanges, q as planSpend, s as taskOf, u as resumePoint, x as formatHumanReplies, y as withTry, z as tryOf, A as reviewGateNotice, B as idleTries, C as withTask, D as addPhaseSpend, E as answerEscalation, w as waitingTasks } from './tmplvars-BMvHh65V.js';
import { H as Handlebars, d as defaultsOf, r as runGate, g as gateRecordOf, t as takeGateBaseline, b as requireGateScripts } from './index-CES9_pm7.js';
import { N as NO_SPEND, a as addSpend, s as spendOf } from './spend-D-HHXpeX.js';
import 'node:os';
import './worker-agent-CEPc612X.js';
import 'node:child_process';
import 'node:readline';
import { h as harnessFiles, g as harnessGitView } from './harness-files-B0x0nX25.js';
import 'node:buffer';
import 'node:crypto';
import 'node:stream';
import 'node:stream/promises';
import 'node:zlib';
import 'node:worker_threads';
import { w as writeFileAtomic } from './process-group-v69azfoj.js';
import { f as formatKeyPath, v as valueAt, a as formatValue } from './errors-CNcu4SPE.js';
import { a as closestMatch } from './load-Bmhg6nfv.js';
import { i as isoSeconds } from './event-log-BGV3jqas.js';
import { a as acquireInstanceLock } from './instance-lock-BqpK38Bs.js';
import { a as repoPrefix, e as excludeLocally } from './run-harness-B87iUZYY.js';
import { r as resolvePaths } from './paths-CsbkJmHS.js';
import { w as within } from './holder-DYQPLy_j.js';
import { t as textTable } from './text-table-Kb3cLKic.js';
import { p as phaseConfig } from './phase-rxdaBFWl.js';

function formatPlanProblem(p) {
  const position = p.line === void 0 ? "" : `:${p.line}${p.column === void 0 ? "" : `:${p.column}`}`;
  return `${p.file}${position}: ${p.path ? `${p.path}: ` : ""}${p.message}`.replace(/\s*\n\s*/g, " ");
}
class PlanFileError extends HarnessError {
  constructor(kind, file, problems) {
    const count = problems.length === 1 ? "1 problem" : `${problems.length} problems`;
    super(
      [`${file} is not a valid ${kind} (${count}):`, ...problems.map(formatPlanProblem)].join("\n"),
      EXIT.planInvalid
    );
    this.kind = kind;
    this.file = file;
    this.problems = Object.freeze([...problems]);
  }
  kind;
  file;
  name = "PlanFileError";
  problems;
}
function parseJsonText(text, file) {
  try {
    return { ok: true, value: JSON.parse(text.replace(/^\uFEFF/, "")) };
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    const at = /at position (\d+)/.exec(message);
    const offset = at ? Number(at[1]) + (text.startsWith("\uFEFF") ? 1 : 0) : text.length;
    const before = text.slice(0, offset).split("\n");
    const reason = message.replace(/\s*(in JSON )?at position \d+.*$/, "").replace(/ JSON input$/, " input");
    return {
      ok: false,
      problem: {
        file,
        path: "",
        line: before.length,
        column: (before.at(-1)?.length ?? 0) + 1,
        message: text.trim() === "" ? "invalid JSON: the file is empty" : `invalid JSON: ${reason}`
      }
    };
  }
}
const TYPE_PHRASES = {
  string: "a string",
  number: "a number",
  int: "an integer",
  boolean: "true or false",
  array: "an array",
  object: "an object"
};
function expectation(issue) {
  switch (issue.code) {
    case "invalid_type":
      return TYPE_PHRASES[issue.expected] ?? issue.expected;
    case "too_small":
      if (issue.origin === "array") {
        const n = Number(issue.minimum);
        return `an array with at least ${n} ${n === 1 ? "item" : "items"}`;
      }
      if (issue.origin === "string") return "a non-empty string";
      return `a number >= ${String(issue.minimum)}`;
    case "invalid_value":
      return `one of ${issue.values.map((v) => formatValue(v)).join(", ")}`;
    default:
      return issue.message.replace(/^expected /, "");
  }
}
function issueProblems(issues, data, file, knownKeys) {
  return issues.flatMap((issue) => {
    if (issue.code === "unrecognized_keys") {
      const known = knownKeys(issue.path);
      return issue.keys.map((key) => {
        const suggestion2 = closestMatch(key, known);
        const hint = suggestion2 === void 0 ? `known fields: ${known.join(", ")}` : `did you mean "${suggestion2}"?`;
        return { file, path: formatKeyPath([...issue.path, key]), message: `unknown field (${hint})` };
      });
    }
    const value = valueAt(data, issue.path);
    let found = formatValue(value);
    if (value === void 0) found += " (the field is missing)";
    let suggestion = "";
    if (issue.code === "invalid_value" && typeof value === "string") {
      const close = closestMatch(
        value,
        issue.values.filter((v) => typeof v === "string")
      );
      if (close !== void 0) suggestion = ` (did you mean "${close}"?)`;
    }
    return [
      {
        file,
        path: formatKeyPath(issue.path),
        message: `expected ${expectation(issue)}, found ${found}${suggestion}`
      }
    ];
  });
}

function readRegularFile(path) {
  return readInputText(path, { noFollow: true });
}
function unreadableReason(code) {
  switch (code) {
    case "ENOENT":
      return "the file does not exist";
    case "ELOOP":
      return "it is a symbolic link: the harness reads only a regular file here";
    case "ENOTREG":
    case "EISDIR":
      return "it is not a regular file";
    case "EFBIG":
      return `it is larger than the ${INPUT_MAX_BYTES / 1024 / 1024} MiB the harness reads`;
    default:
      return `cannot read the file (${code ?? "unknown error"})`;
  }
}

function taskLinks(tasks) {
  if (!Array.isArray(tasks)) return [];
  return tasks.flatMap((task, index) => {
    if (typeof task !== "object" || task === null) return [];
    const { id, depends_on } = task;
    if (typeof id !== "string") return [];
    const deps = Array.isArray(depends_on) ? depends_on.filter((d) => typeof d === "string") : [];
    return [{ index, id, depends_on: deps }];
  });
}
function planProblems(tasks, file) {
  const problems = [];
  const at = (path, message) => problems.push({ file, path: formatKeyPath(path), message });
  const first = /* @__PURE__ */ new Map();
  for (const task of tasks) {
    const key = task.id.toLowerCase();
    const earlier = first.get(key);
    if (earlier === void 0) first.set(key, task);
    else {
      const same = earlier.id === task.id ? "the same id as" : "an id differing only in case from";
      at(
        ["tasks", task.index, "id"],
        `expected a unique task id, found ${formatValue(task.id)} (${same} tasks[${earlier.index}])`
      );
    }
  }
  const ids = tasks.map((task) => task.id);
  const known = new Set(ids);
  tasks.forEach((task) => {
    const seen = /* @__PURE__ */ new Set();
    task.depends_on.forEach((dep, d) => {
      const path = ["tasks", task.index, "depends_on", d];
      if (dep === task.id)
        at(path, `expected the id of another task, found ${formatValue(dep)} (the task itself)`);
      else if (!known.has(dep)) {
        const close = closestMatch(dep, ids);
        const hint = close === void 0 ? `task ids: ${ids.join(", ")}` : `did you mean "${close}"?`;
        at(path, `expected the id of a task of this plan, found ${formatValue(dep)} (${hint})`);
      } else if (seen.has(dep)) at(path, `expected each dependency once, found ${formatValue(dep)} again`);
      seen.add(dep);
    });
  });
  for (const cycle of dependencyCycles(tasks)) {
    const index = tasks.find((task) => task.id === cycle[0])?.index ?? 0;
    at(
      ["tasks", index, "depends_on"],
      `expected no dependency cycle, found ${cycle.join(" \u2192 ")} \u2192 ${cycle[0] ?? ""}`
    );
  }
  return problems;
}
function dependencyCycles(tasks) {
  const deps = /* @__PURE__ */ new Map();
  for (const task of tasks)
    if (!deps.has(task.id))
      deps.set(
        task.id,
        task.depends_on.filter((d) => d !== task.id)
      );
  const state = /* @__PURE__ */ new Map();
  const stack = [];
  const cycles = [];
  const visit = (id) => {
    state.set(id, "active");
    stack.push(id);
    for (const dep of deps.get(id) ?? []) {
      if (!deps.has(dep)) continue;
      const seen = state.get(dep);
      if (seen === "active") cycles.push(stack.slice(stack.indexOf(dep)));
      else if (seen === void 0) visit(dep);
    }
    stack.pop();
    state.set(id, "finished");
  };
  for (const task of tasks) if (!state.has(task.id)) visit(task.id);
  const order = /* @__PURE__ */ new Map();
  tasks.forEach((task, index) => order.set(task.id, order.get(task.id) ?? index));
  return cycles.map((cycle) => {
    let start = 0;
    cycle.forEach((id, i) => {
      if ((order.get(id) ?? 0) < (order.get(cycle[start] ?? "") ?? 0)) start = i;
    });
    return [...cycle.slice(start), ...cycle.slice(0, start)];
  });
}

function knownKeysIn(schema) {
  return (path) => {
    let node = schema;
    for (const segment of path) {
      while (node instanceof ZodDefault || node instanceof ZodOptional) node = node.unwrap();
      if (node instanceof ZodObject && typeof segment === "string") node = node.shape[segment];
      else if (node instanceof ZodArray && typeof segment === "number") node = node.element;
      else return [];
    }
    while (node instanceof ZodDefault || node instanceof ZodOptional) node = node.unwrap();
    return node instanceof ZodObject ? Object.keys(node.shape) : [];
  };
}
function check$1(schema, kind, text, file, more) {
  const fail = (problems2) => ({
    ok: false,
    error: new PlanFileError(kind, file, problems2)
  });
  const json = parseJsonText(text, file);
  if (!json.ok) return fail([json.problem]);
  const result = schema.safeParse(json.value);
  const problems = result.success ? [] : issueProblems(result.error.issues, json.value, file, knownKeysIn(schema));
  const reported = new Set(problems.map((p) => p.path));
  problems.push(...(more?.(json.value) ?? []).filter((p) => !reported.has(p.path)));
  if (problems.length || !result.success) return fail(problems);
  return { ok: true, value: result.data };
}
function checkPlanfile(text, file, expectedId) {
  return check$1(planfileSchema, "planfile", text, file, (json) => {
    const raw = typeof json === "object" && json !== null ? json : {};
    const problems = planProblems(taskLinks(raw.tasks), file);
    if (expectedId !== void 0 && typeof raw.id === "string" && raw.id !== expectedId)
      problems.unshift({
        file,
        path: "id",
        message: `expected ${JSON.stringify(expectedId)} (the name of the plan's directory), found ${JSON.stringify(raw.id)}`
      });
    return problems;
  });
}
const checkMistakesFile = (text, file) => check$1(mistakesFileSchema, "mistakes file", text, file);
const checkReviewMistakesFile = (text, file) => check$1(reviewMistakesFileSchema, "review mistakes file", text, file);

async function readChecked(path, kind, display, check, missing) {
  let text;
  try {
    text = await readRegularFile(path);
  } catch (error) {
    const code = error.code;
    if (code === "ENOENT" && missing) return missing();
    throw new PlanFileError(kind, display, [{ file: display, path: "", message: unreadableReason(code) }]);
  }
  const checked = check(text);
  if (!checked.ok) throw checked.error;
  return checked.value;
}
const readPlanfile = (path, options = {}) => {
  const display = options.display ?? path;
  return readChecked(path, "planfile", display, (text) => checkPlanfile(text, display, options.expectedId));
};
const readMistakes = (path, options = {}) => {
  const display = options.display ?? path;
  return readChecked(
    path,
    "mistakes file",
    display,
    (text) => checkMistakesFile(text, display),
    () => ({ mistakes: [] })
  );
};
const readReviewMistakes = (path, options = {}) => {
  const display = options.display ?? path;
  return readChecked(path, "review mistakes file", display, (text) => checkReviewMistakesFile(text, display));
};
const jsonText = (value) => `${JSON.stringify(value, null, 2)}
`;
async function writeJson(path, value) {
  await mkdir(dirname(path), { recursive: true });
  await writeFileAtomic(path, jsonText(value), { durable: true });
}
async function writePlanfile(path, plan) {
  await writeJson(path, planfileSchema.parse(plan));
}
async function writeMistakes(path, file) {
  await writeJson(path, mistakesFileSchema.parse(file));
}

const PROGRESS_FILE = "progress.json";
const progressPath = (cwd, planId) => join(planDir(cwd, planId), PROGRESS_FILE);
async function readProgress(path, planId, display = path) {
  let text;
  try {
    text = await readRegularFile(path);
  } catch (error) {
    const code = error.code;
    if (code === "ENOENT") return emptyProgress(planId);
    throw new PlanFileError("progress file", display, [
      { file: display, path: "", message: unreadableReason(code) }
    ]);
  }
  const parsed = parseJsonText(text, display);
  if (!parsed.ok) throw new PlanFileError("progress file", display, [parsed.problem]);
  const checked = planProgressSchema.safeParse(parsed.value);
  if (!checked.success)
    throw new PlanFileError(
      "progress file",
      display,
      issueProblems(checked.error.issues, parsed.value, display, () => [])
    );
  if (checked.data.plan_id !== planId) {
    throw new PlanFileError("progress file", display, [
      {
        file: display,
        path: "plan_id",
        message: `expected ${JSON.stringify(planId)} (the plan's directory), found ${JSON.stringify(checked.data.plan_id)}`
      }
    ]);
  }
  return checked.data;
}
async function writeProgress(path, progress) {
  await mkdir(dirname(path), { recursive: true });
  await writeFileAtomic(path, jsonText(planProgressSchema.parse(progress)), { durable: true });
}

function taskOrder(plan) {
  const ids = new Set(plan.tasks.map((task) => task.id));
  const placed = /* @__PURE__ */ new Set();
  const order = [];
  for (; ; ) {
    const ready = plan.tasks.find(
      (task) => !placed.has(task.id) && task.depends_on.every((dep) => placed.has(dep) || !ids.has(dep))
    );
    if (!ready) break;
    placed.add(ready.id);
    order.push(ready);
  }
  return [...order, ...plan.tasks.filter((task) => !placed.has(task.id))];
}
function nextTask(plan, skip = /* @__PURE__ */ new Set()) {
  const byId = new Map(plan.tasks.map((task2) => [task2.id, task2]));
  const waitingOn = (task2) => task2.depends_on.flatMap((id) => {
    if (id === task2.id) return [{ id, why: "itself" }];
    const dep = byId.get(id);
    if (dep === void 0) return [{ id, why: "unknown task" }];
    if (skip.has(id)) return [{ id, why: "skipped" }];
    return dep.status === "done" ? [] : [{ id, why: "not done" }];
  });
  const open = taskOrder(plan).filter((task2) => task2.status !== "done" && !skip.has(task2.id));
  if (open.length === 0) return { kind: "done" };
  const ready = open.filter((task2) => waitingOn(task2).length === 0);
  const task = ready.find((t) => t.status === "doing") ?? ready[0];
  if (task) return { kind: "task", task };
  return { kind: "blocked", blocked: open.map((t) => ({ task: t, waitingOn: waitingOn(t) })) };
}
const WHY = {
  "not done": "is not done",
  "unknown task": "is not a task of this plan",
  skipped: "exhausted its tries",
  itself: "is the task itself"
};
function describeBlocked(next) {
  return next.blocked.map(
    ({ task, waitingOn }) => `task ${task.id} waits for ${waitingOn.map((w) => `${w.id} (which ${WHY[w.why]})`).join(", ")}`
  ).join("\n");
}

function gateCell(record) {
  const gate = record.gate;
  if (!gate) return "not run";
  const changed = gate.changed?.map((c) => c.script).join(" and ");
  if (gate.passed) return changed ? `pass (${changed} changed)` : "pass";
  if (gate.failed_at === null) return "not run";
  const failedStep = gate.steps.some(
    (s) => s.script === gate.failed_at && (s.exit_code !== 0 || s.timed_out)
  );
  if (changed && !failedStep) return `refused (${changed} changed)`;
  const timedOut = gate.steps.some((s) => s.script === gate.failed_at && s.timed_out);
  return timedOut ? `failed at ${gate.failed_at} (timed out)` : `failed at ${gate.failed_at}`;
}
function progressTable(plan, progress, options = {}) {
  const rows = taskOrder(plan).map((task) => {
    const record = progress.tasks[task.id];
    const tries = (record?.tries ?? []).map((t) => ({
      n: t.n,
      gate: gateCell(t),
      verdict: t.verdict ?? "\u2014"
    }));
    const status = record?.escalated ? "needs human" : task.status;
    return {
      id: task.id,
      title: task.title,
      status,
      triesUsed: tries.length,
      maxTries: record?.max_try ?? options.maxTries ?? null,
      tries,
      spend: record ? taskSpend(record) : NO_SPEND
    };
  });
  const tasks = rows.reduce((sum, row) => addSpend(sum, row.spend), NO_SPEND);
  return {
    planId: plan.id,
    rows,
    planning: progress.planning,
    tasks,
    total: addSpend(progress.planning, tasks)
  };
}
function formatSpendCost(spend) {
  const cost = `$${spend.cost_usd.toFixed(4)}`;
  return spend.unpriced_sessions > 0 ? `\u2265 ${cost}` : cost;
}
const count = (n) => String(Math.trunc(n)).replace(/\B(?=(\d{3})+(?!\d))/g, ",");
const formatSpendTokens = (spend) => `${count(spend.input_tokens)} in / ${count(spend.output_tokens)} out`;
const triesCell = (row) => row.maxTries === null ? String(row.triesUsed) : `${row.triesUsed}/${row.maxTries}`;
const BIDI_AND_CONTROL = (
  // eslint-disable-next-line no-control-regex -- matching control characters is the point
  /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f\u200e\u200f\u202a-\u202e\u2066-\u2069]/g
);
const MAX_TITLE_CHARS = 200;
function oneLine$1(text, maxChars = MAX_TITLE_CHARS) {
  const clean = text.replace(/\r\n|[\r\n\u2028\u2029\u0085]/g, " ").replace(/\t/g, " ").replace(BIDI_AND_CONTROL, "");
  const chars = Array.from(clean);
  return chars.length > maxChars ? `${chars.slice(0, maxChars - 1).join("")}\u2026` : clean;
}
function escapeCell(text, maxChars = MAX_TITLE_CHARS) {
  return oneLine$1(text, maxChars).replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/[\\`*_[\]|~#!()]/g, (c) => `\\${c}`);
}
const perTry = (row, pick, separator) => row.tries.length === 0 ? "\u2014" : row.tries.map((t) => `#${t.n} ${pick(t)}`).join(separator);
const HEADER = ["Task", "Title", "Status", "Tries", "Gate", "Verdict", "Cost", "Tokens"];
function progressMarkdown(plan, progress, options = {}) {
  const table = progressTable(plan, progress, options);
  const cells = (values) => `| ${values.join(" | ")} |`;
  const lines = [
    cells(HEADER),
    cells(["---", "---", "---", "---:", "---", "---", "---:", "---:"]),
    ...table.rows.map(
      (row) => cells([
        escapeCell(row.id),
        escapeCell(row.title),
        row.status,
        triesCell(row),
        perTry(row, (t) => t.gate, "<br>"),
        perTry(row, (t) => t.verdict, "<br>"),
        formatSpendCost(row.spend),
        formatSpendTokens(row.spend)
      ])
    ),
    cells([
      "planning",
      "",
      "",
      "",
      "",
      "",
      formatSpendCost(table.planning),
      formatSpendTokens(table.planning)
    ]),
    cells([
      "**total**",
      "",
      `${doneCount(table)}/${table.rows.length} done`,
      "",
      "",
      "",
      `**${formatSpendCost(table.total)}**`,
      `**${formatSpendTokens(table.total)}**`
    ])
  ];
  return lines.join("\n");
}
const doneCount = (table) => table.rows.filter((r) => r.status === "done").length;
const TEXT_ALIGN = ["left", "left", "left", "right", "left", "left", "right", "right"];
function taskLines(row) {
  const [first, ...later] = row.tries;
  const tryCells = (t) => t === void 0 ? ["\u2014", "\u2014"] : [`#${t.n} ${t.gate}`, `#${t.n} ${t.verdict}`];
  return [
    [
      oneLine$1(row.id),
      oneLine$1(row.title, 60),
      row.status,
      triesCell(row),
      ...tryCells(first),
      formatSpendCost(row.spend),
      formatSpendTokens(row.spend)
    ],
    ...later.map((t) => ["", "", "", "", ...tryCells(t), "", ""])
  ];
}
function progressText(plan, progress, options = {}) {
  const table = progressTable(plan, progress, options);
  const rows = [
    ...table.rows.flatMap(taskLines),
    ["planning", "", "", "", "", "", formatSpendCost(table.planning), formatSpendTokens(table.planning)],
    [
      "total",
      "",
      `${doneCount(table)}/${table.rows.length} done`,
      "",
      "",
      "",
      formatSpendCost(table.total),
      formatSpendTokens(table.total)
    ]
  ];
  return textTable(
    HEADER.map((h) => h.toUpperCase()),
    rows,
    TEXT_ALIGN
  ).join("\n");
}

const formatProblem = (p) => p.line === void 0 ? `${p.file}: ${p.message}` : `${p.file}:${p.line}: ${p.message}`;
class TemplateError extends HarnessError {
  constructor(problems) {
    super(problems.map(formatProblem).join("\n"), EXIT.usage);
    this.problems = problems;
  }
  problems;
  name = "TemplateError";
}
const ACTION = /\{\{(\{?)([\s\S]*?)(\}?)\}\}/g;
function toHandlebars(text) {
  return text.replace(ACTION, (whole, open, body, close) => {
    if (body.startsWith("!")) return whole;
    let inner = body.replace(/^-(\s)/, "~$1").replace(/(\s)-$/, "$1~").replace(/(^|[\s(~#/])\$\.(?=[A-Za-z_])/g, "$1@root.").replace(/(^|[\s(~#/])\.(?=[A-Za-z_])/g, "$1this.").replace(/(^|[\s(~])\.(?=[\s)~]|$)/g, "$1this");
    if (inner.startsWith("~") && body.startsWith("-")) inner = `~${inner.slice(1)}`;
    return `{{${open}${inner}${close}}}`;
  });
}
const BLOCK_HELPERS = /* @__PURE__ */ new Set(["if", "unless", "each", "with"]);
const INLINE_HELPERS = /* @__PURE__ */ new Set(["lookup", "log"]);
const DATA_NAMES = /* @__PURE__ */ new Set(["root", "index", "first", "last", "key"]);
const shown = (name) => `.${name}`;
const GO_ACTIONS = {
  if: "Go's {{if .X}}\u2026{{else}}\u2026{{end}} is written {{#if .X}}\u2026{{else}}\u2026{{/if}} here",
  range: "Go's {{range .X}}\u2026{{end}} is written {{#each .X}}\u2026{{/each}} here",
  with: "Go's {{with .X}}\u2026{{end}} is written {{#with .X}}\u2026{{/with}} here",
  end: "Go's {{end}} is written {{/if}}, {{/each}} or {{/with}} here, after the block it closes"
};
function checkTemplate(file, text, phase) {
  let ast;
  try {
    ast = Handlebars.parse(toHandlebars(text));
  } catch (error) {
    return [syntaxProblem(file, error)];
  }
  const problems = [];
  const known = variablesOf(phase).map((v) => v.name);
  const report = (node, message) => {
    problems.push({ file, line: node.loc.start.line, message });
  };
  const checkRootName = (node, name, rest, asList) => {
    const variable = variableNamed(name);
    if (variable === void 0) {
      const near = closestMatch(name, known) ?? closestMatch(
        name,
        TEMPLATE_VARIABLES.map((v) => v.name)
      );
      const hint = near !== void 0 ? ` (did you mean {{${shown(near)}}}?)` : "";
      report(node, `unknown template variable {{${shown(name)}}}${hint}; agent-harness tmplvars lists them`);
      return;
    }
    if (!variable.phases.includes(phase)) {
      report(
        node,
        `{{${shown(name)}}} is not set in the ${phase} phase (only in ${variable.phases.join(", ")})`
      );
      return;
    }
    if (rest.length > 0) report(node, `{{${shown(name)}}} has no field ${JSON.stringify(rest.join("."))}`);
    else if (asList && variable.kind !== "list")
      report(node, `{{${shown(name)}}} is not a list: {{#each}} needs one of the list variables`);
  };
  const checkPath = (path, scopes, asList = false) => {
    if (path.data) {
      const [head2, ...rest2] = path.parts;
      if (head2 === "root" && rest2.length > 0) {
        const [name, ...more] = rest2;
        if (name !== void 0) checkRootName(path, name, more, asList);
      } else if (head2 === void 0 || !DATA_NAMES.has(head2))
        report(path, `unknown data variable @${path.parts.join(".")}`);
      return;
    }
    const scope = scopes[scopes.length - 1 - path.depth];
    if (scope === void 0) {
      report(path, `${path.original} climbs above the template's root`);
      return;
    }
    const [head, ...rest] = path.parts;
    if (head === void 0) return;
    if (scope.kind === "item") {
      if (scope.params.includes(head)) return;
      report(
        path,
        `inside {{#each ${shown(scope.of)}}} the item is a string: write {{.}}, or $.${head} for a variable`
      );
      return;
    }
    checkRootName(path, head, rest, asList);
  };
  const checkExpr = (expr, scopes) => {
    if (expr.type === "PathExpression") checkPath(expr, scopes);
    else if (expr.type === "SubExpression") {
      const sub = expr;
      checkHelperName(sub.path, INLINE_HELPERS);
      sub.params.forEach((p) => checkExpr(p, scopes));
    }
  };
  const checkHelperName = (path, allowed) => {
    const name = path.original;
    if (allowed.has(name)) return true;
    const go = GO_ACTIONS[name];
    if (go !== void 0 && allowed === INLINE_HELPERS) report(path, go);
    else report(path, `unknown helper ${JSON.stringify(name)} (known: ${[...allowed].join(", ")})`);
    return false;
  };
  const walk = (program, scopes) => {
    for (const statement of program?.body ?? []) {
      switch (statement.type) {
        case "MustacheStatement": {
          const m = statement;
          if (m.path.type !== "PathExpression") break;
          const path = m.path;
          if (m.params.length > 0) {
            checkHelperName(path, INLINE_HELPERS);
            m.params.forEach((p) => checkExpr(p, scopes));
          } else if (path.original === "end") {
            report(path, GO_ACTIONS.end);
          } else checkPath(path, scopes);
          break;
        }
        case "BlockStatement": {
          const b = statement;
          if (!checkHelperName(b.path, BLOCK_HELPERS)) break;
          const helper = b.path.original;
          const [first] = b.params;
          if (first === void 0 || b.params.length !== 1) {
            report(b, `{{#${helper}}} takes exactly one argument`);
            break;
          }
          if (helper === "each" && first.type === "PathExpression") {
            const path = first;
            checkPath(path, scopes, true);
            const of = path.parts[path.parts.length - 1] ?? path.original;
            walk(b.program, [...scopes, { kind: "item", of, params: b.program.blockParams ?? [] }]);
          } else {
            checkExpr(first, scopes);
            walk(b.program, scopes);
          }
          walk(b.inverse, scopes);
          break;
        }
        case "PartialStatement":
        case "PartialBlockStatement":
        case "DecoratorBlock":
        case "Decorator":
          report(statement, "partials and decorators are not supported in harness templates");
          break;
      }
    }
  };
  walk(ast, [{ kind: "root" }]);
  return problems;
}
function syntaxProblem(file, error) {
  const text = error instanceof Error ? error.message : String(error);
  const line = /on line (\d+)/.exec(text)?.[1] ?? /- (\d+):\d+$/m.exec(text)?.[1];
  return { file, line: line !== void 0 ? Number(line) : 1, message: `template syntax error: ${text}` };
}
function renderTemplate(file, text, phase, values) {
  const problems = checkTemplate(file, text, phase);
  if (problems.length > 0) throw new TemplateError(problems);
  const render = Handlebars.compile(toHandlebars(text), {
    noEscape: true,
    strict: false,
    knownHelpersOnly: false
  });
  return render({ ...values }, { allowedProtoProperties: {}, allowedProtoMethods: {} });
}
function renderPhasePrompt(phase, prompt, persona, values) {
  const personaText = renderTemplate(persona.file, persona.text, phase, { ...values, Persona: "" });
  return renderTemplate(prompt.file, prompt.text, phase, { ...values, Persona: personaText });
}

async function load(cwd, path) {
  const full = join(harnessDir(cwd), path);
  const file = relative(cwd, full);
  return readInputText(full, { what: "template" }).then(
    (text) => ({ file, text }),
    (error) => {
      if (error.code !== "ENOENT") throw error;
      return { file, message: "missing: agent-harness attach --force writes the default again" };
    }
  );
}
const isProblem = (x) => "message" in x;
async function loadPhaseTemplates(cwd, phase) {
  const { prompt, persona } = defaultsOf(phase);
  const [p, r] = [await load(cwd, prompt.path), await load(cwd, persona.path)];
  const problems = [p, r].flatMap((x) => isProblem(x) ? [x] : checkTemplate(x.file, x.text, phase));
  if (problems.length > 0 || isProblem(p) || isProblem(r)) throw new TemplateError(problems);
  return { prompt: p, persona: r };
}

const normalise = (text) => text.replace(/\s+/g, " ").trim().toLowerCase();
const mistakeKey = (m) => JSON.stringify([normalise(m.attempted), normalise(m.problem), normalise(m.lesson)]);
function mergeMistakes(existing, reviewMistakes, taskId, iteration) {
  const seen = new Set(existing.map(mistakeKey));
  const merged = [...existing];
  for (const m of reviewMistakes) {
    const key = mistakeKey(m);
    if (seen.has(key)) continue;
    seen.add(key);
    merged.push({ task_id: taskId, iteration, attempted: m.attempted, problem: m.problem, lesson: m.lesson });
  }
  return merged;
}
const oneLine = (text) => text.replace(/\s+/g, " ").trim();
function formatMistakes(mistakes) {
  const byTask = /* @__PURE__ */ new Map();
  for (const m of mistakes) byTask.set(m.task_id, [...byTask.get(m.task_id) ?? [], m]);
  return [...byTask].map(
    ([taskId, list]) => [
      `### Task ${taskId}`,
      ...list.map(
        (m) => `- Attempted (try ${m.iteration}): ${oneLine(m.attempted)}
  Problem: ${oneLine(m.problem)}
  Lesson: ${oneLine(m.lesson)}`
      )
    ].join("\n")
  ).join("\n\n");
}

function planValues(input) {
  const { root, planId } = input;
  return {
    ProjectRoot: root,
    PlanID: planId,
    PlanFile: relative(root, planfilePath(root, planId)),
    TechDebtFile: relative(root, techdebtPath(root)),
    Description: input.description,
    Headless: input.headless,
    Created: input.created
  };
}
function taskValues(input) {
  const { root, plan, task } = input;
  return {
    ProjectRoot: root,
    PlanID: plan.id,
    PlanTitle: plan.title,
    PlanContext: plan.context,
    PlanFile: relative(root, planfilePath(root, plan.id)),
    TaskID: task.id,
    TaskTitle: task.title,
    AcceptanceCriteria: task.acceptance_criteria,
    PossiblyRelevantFiles: task.possibly_relevant_files,
    DependsOn: task.depends_on,
    Try: input.tryNumber,
    MaxTries: input.maxTries,
    TechDebtFile: relative(root, techdebtPath(root)),
    LogFile: relative(root, logPath(root)),
    ReviewsDir: relative(root, reviewsDir(root, plan.id))
  };
}
function developValues(input) {
  return {
    ...taskValues(input),
    Mistakes: formatMistakes(input.mistakes),
    LatestReview: input.tryNumber >= 2 ? input.latestReview ?? "" : "",
    GateOutput: input.tryNumber >= 2 ? input.gateOutput : "",
    HumanReply: input.humanReply
  };
}
function reviewValues(input) {
  const { root, plan, task, tryNumber } = input;
  return {
    ...taskValues(input),
    ReviewFile: relative(root, reviewPath(root, plan.id, task.id, tryNumber)),
    MistakesFile: relative(root, reviewMistakesPath(root, plan.id, task.id, tryNumber))
  };
}

const MAX_SLUG_LENGTH = 48;
function slugify(title, max = MAX_SLUG_LENGTH) {
  const words = title.normalize("NFKD").replace(new RegExp("([A-Za-z])\\p{M}+", "gu"), "$1").normalize("NFC").toLowerCase().split(/[^\p{L}\p{N}]+/u).filter(Boolean);
  let slug = "";
  for (const word of words) {
    const next = slug ? `${slug}-${word}` : word;
    if ([...next].length <= max) slug = next;
    else {
      if (!slug) slug = [...word].slice(0, max).join("");
      break;
    }
  }
  return slug || "plan";
}
const pad = (n) => String(n).padStart(2, "0");
const compactUtc = (now) => `${now.getUTCFullYear()}${pad(now.getUTCMonth() + 1)}${pad(now.getUTCDate())}T${pad(now.getUTCHours())}${pad(now.getUTCMinutes())}`;
const createdUtc = (now) => `${now.getUTCFullYear()}-${pad(now.getUTCMonth() + 1)}-${pad(now.getUTCDate())} ${pad(now.getUTCHours())}:${pad(now.getUTCMinutes())}:${pad(now.getUTCSeconds())}Z`;
const planId = (title, now) => `${slugify(title)}-${compactUtc(now)}`;
function uniquePlanId(id, taken) {
  if (!taken(id)) return id;
  for (let n = 2; ; n++) if (!taken(`${id}-${n}`)) return `${id}-${n}`;
}

class PhaseDriver {
  constructor(promptText, fields) {
    this.promptText = promptText;
    this.fields = fields;
  }
  promptText;
  fields;
  finished = false;
  /** The cycle ends with a line of its own (cycleEndLine), not one `Loop completed` per phase. */
  ownEndLine = true;
  begun = false;
  begin() {
    if (this.finished) return Promise.resolve({ stop: "phase_done" });
    this.begun = true;
    const { plan_id, phase, task_id } = this.fields;
    return Promise.resolve({
      promptText: this.promptText,
      prompt: (assembled) => assembled,
      eventFields: { plan_id, phase, ...task_id !== void 0 ? { task_id } : {} },
      logFields: { plan: plan_id, phase, ...task_id !== void 0 ? { task: task_id } : {} },
      env: {
        HARNESS_PLAN_ID: plan_id,
        HARNESS_PHASE: phase,
        ...task_id !== void 0 ? { HARNESS_TASK_ID: task_id } : {}
      }
    });
  }
  finish() {
    if (this.begun) this.finished = true;
    return Promise.resolve({ stop: "phase_done" });
  }
  close() {
    return Promise.resolve();
  }
}

async function runPhase(ports, fields, prompt) {
  const driver = new PhaseDriver(prompt, fields);
  let spend = NO_SPEND;
  let lastOutcome = null;
  let changed = null;
  const events = {
    emit: async (event) => {
      if (event.event === "session_complete") {
        spend = addSpend(spend, spendOf(event));
        lastOutcome = event.outcome;
        changed = event.changed ?? null;
      }
      await ports.events.emit(event);
    }
  };
  const base = phaseConfig(ports.config, fields.phase);
  const config = {
    ...base,
    session: { ...base.session, max_iterations: 1 },
    progress: { ...base.progress, max_idle_sessions: 0 }
  };
  const summary = await ports.runHarness({
    config,
    cwd: ports.cwd,
    env: ports.env,
    clock: ports.clock,
    spawn: ports.spawn,
    stop: ports.stop,
    driver,
    start: () => Promise.resolve({
      logger: ports.logger,
      events,
      ...ports.stopSources ? { stopSources: ports.stopSources } : {}
    })
  });
  return { ran: driver.finished, summary, spend, lastOutcome, changed };
}

const titleOf = (description) => description.trim().split("\n")[0]?.trim().slice(0, 120) ?? "";
async function runPlanning(options) {
  const { cwd, description } = options;
  if (description.trim() === "")
    throw new Error("runPlanning: the description is empty (the command checks it first)");
  const templates = await loadPhaseTemplates(cwd, "plan");
  const now = new Date(options.clock.now());
  const planId$1 = uniquePlanId(planId(titleOf(description), now), (id) => existsSync(planDir(cwd, id)));
  const file = planfilePath(cwd, planId$1);
  const shown = relative(cwd, file);
  const render = (headless) => renderPhasePrompt(
    "plan",
    templates.prompt,
    templates.persona,
    planValues({ root: cwd, planId: planId$1, description, headless, created: createdUtc(now) })
  );
  let spend = NO_SPEND;
  const fields = { plan_id: planId$1, phase: "plan" };
  const record = async () => {
    const path = progressPath(cwd, planId$1);
    if (!existsSync(planDir(cwd, planId$1))) return;
    const progress = await readProgress(path, planId$1);
    await writeProgress(path, { ...progress, planning: addSpend(progress.planning, spend) });
  };
  const headlessSession = async (prompt) => {
    const outcome = await runPhase(options, fields, prompt);
    spend = addSpend(spend, outcome.spend);
    if (outcome.ran && outcome.summary.exitCode === EXIT.ok) return null;
    return {
      exitCode: outcome.summary.exitCode,
      planId: planId$1,
      plan: null,
      problems: [],
      spend,
      message: outcome.summary.error ?? `the planner's session ended: ${outcome.summary.stopReason}`
    };
  };
  options.logger.summary(`Planning ${planId$1}${options.headless ? " (headless)" : ""}\u2026`);
  if (options.headless) {
    const ended = await headlessSession(render(true));
    if (ended) return ended;
  } else {
    if (!options.interactive) throw new Error("runPlanning: interactive planning needs a terminal runner");
    const code = await options.interactive(render(false), { HARNESS_PLAN_ID: planId$1, HARNESS_PHASE: "plan" });
    if (code !== 0) options.logger.log("warn", { planner: `exited with code ${code}` });
  }
  let checked = await check(file, shown, planId$1);
  if (!checked.ok) {
    options.logger.summary(
      `The plan is not valid (${checked.problems.length} problem${checked.problems.length === 1 ? "" : "s"}); one corrective session follows.`
    );
    const ended = await headlessSession(correctivePrompt(render(true), shown, checked.problems));
    if (ended) {
      await record();
      return { ...ended, problems: checked.problems };
    }
    checked = await check(file, shown, planId$1);
  }
  await record();
  if (!checked.ok) {
    return {
      exitCode: EXIT.planInvalid,
      planId: planId$1,
      plan: null,
      problems: checked.problems,
      spend,
      message: `${shown} is still not a valid plan after the corrective session:
${checked.problems.join("\n")}`
    };
  }
  await mkdir(reviewsDir(cwd, planId$1), { recursive: true });
  options.logger.summary(`Plan ${planId$1}: ${checked.plan.tasks.length} tasks in ${shown}.`);
  return { exitCode: EXIT.ok, planId: planId$1, plan: checked.plan, problems: [], spend };
}
async function check(file, shown, planId) {
  let text;
  try {
    text = await readInputText(file, { what: "plan file" });
  } catch (error) {
    if (error instanceof InputFileError) return { ok: false, problems: [error.message] };
    return { ok: false, problems: [`${shown}: the planner did not write the file`] };
  }
  const checked = checkPlanfile(text, shown, planId);
  if (checked.ok) return { ok: true, plan: checked.value };
  return { ok: false, problems: checked.error.problems.map(formatPlanProblem) };
}
function correctivePrompt(prompt, file, problems) {
  return [
    prompt,
    "---",
    `The plan written to ${file} is not valid. Each problem below names the field, what was found and what is`,
    "expected:",
    "",
    ...problems.map((p) => `- ${p}`),
    "",
    `Rewrite ${file} so that it is valid: keep the plan's id and its tasks' intent, fix every problem listed, and`,
    "do not ask questions (no one is there to answer)."
  ].join("\n");
}

const planLockPath = (progressFile) => `${progressFile}.lock`;
async function protectCycleFiles(config, cwd, progressFile, logger) {
  let prefix;
  try {
    prefix = await repoPrefix(cwd);
  } catch {
    return;
  }
  const files = harnessFiles(resolvePaths(config, cwd), {
    stateFiles: [progressFile],
    locks: [planLockPath(progressFile)]
  });
  await excludeLocally(cwd, harnessGitView(files, cwd, prefix).ignorePatterns).catch(
    (error) => logger.log("warn", { git_exclude: `could not update the local exclude file: ${error.message}` })
  );
}

const VERDICT = /^[ \t]*Result:[ \t]+(PASS|FAIL)[ \t]*$/;
const LOOSE = /result\W*[:=]?\W*(pass|fail)\w*/i;
const HEADING = /^[ \t]{0,3}#{1,6}[ \t]+(.*?)[ \t#]*$/;
const EXPECTED = 'expected the first non-empty line to be "Result: PASS" or "Result: FAIL"';
const MAX_FOUND = 80;
function quoted(line) {
  const trimmed = line.trim();
  return JSON.stringify(trimmed.length > MAX_FOUND ? `${trimmed.slice(0, MAX_FOUND - 1)}\u2026` : trimmed);
}
function parseVerdict(text, file) {
  const lines = text.replace(/^\uFEFF/, "").split(/\r?\n/);
  const first = lines.findIndex((line) => line.trim() !== "");
  if (first === -1) return { ok: false, error: `${file}: ${EXPECTED}, found an empty review` };
  const firstLine = lines[first] ?? "";
  const match = VERDICT.exec(firstLine);
  if (!match) {
    const hint = LOOSE.test(firstLine) ? " (exactly that: uppercase, nothing before or after it)" : "";
    return {
      ok: false,
      line: first + 1,
      error: `${file}:${first + 1}: ${EXPECTED}, found ${quoted(firstLine)}${hint}`
    };
  }
  const verdict = match[1];
  const sections = [];
  let heading;
  for (let i = first + 1; i < lines.length; i++) {
    const line = lines[i] ?? "";
    const head = HEADING.exec(line);
    if (head) {
      heading = head[1] ?? "";
      continue;
    }
    const strict = VERDICT.exec(line);
    if (heading === void 0) {
      if (strict ? strict[1] !== verdict : LOOSE.test(line) && /^\s*result/i.test(line))
        return {
          ok: false,
          line: i + 1,
          error: `${file}:${i + 1}: expected one top-level verdict, found ${quoted(line)} after "Result: ${verdict}" on line ${first + 1}`
        };
    } else if (strict) sections.push({ heading, verdict: strict[1], line: i + 1 });
  }
  return { ok: true, verdict, line: first + 1, sections };
}

function reviewText(ctx, taskId, n) {
  return readRegularFile(reviewPath(ctx.cwd, ctx.planId, taskId, n)).catch(() => null);
}
async function clearReviewPaths(ctx, taskId, n) {
  await mkdir(reviewsDir(ctx.cwd, ctx.planId), { recursive: true });
  const paths = [
    reviewPath(ctx.cwd, ctx.planId, taskId, n),
    reviewMistakesPath(ctx.cwd, ctx.planId, taskId, n)
  ];
  for (const path of paths) await rm(path, { recursive: true, force: true });
  return paths.map((p) => relative(ctx.cwd, p));
}
async function readReview(ctx, taskId, n) {
  const file = reviewPath(ctx.cwd, ctx.planId, taskId, n);
  const shown = relative(ctx.cwd, file);
  let end;
  let error;
  try {
    end = { kind: "review", file, verdict: parseVerdict(await readRegularFile(file), shown) };
    if (!end.verdict.ok) error = end.verdict.error;
  } catch (failure) {
    const code = failure.code;
    end = { kind: "no_review", file };
    error = code === "ENOENT" ? "the architect wrote no review" : `the architect wrote no review: at ${shown} ${unreadableReason(code)}`;
  }
  await ctx.events.emit({
    event: "review_verdict",
    plan_id: ctx.planId,
    task_id: taskId,
    try: n,
    verdict: reviewVerdict(end),
    file: shown,
    ...error !== void 0 ? { error } : {}
  });
  if (end.kind === "review" && !end.verdict.ok)
    ctx.logger.log("warn", { task: taskId, try: n, review: end.verdict.error });
  return end;
}
function reviewVerdict(end) {
  if (end.kind === "no_review") return "missing";
  return end.verdict.ok ? end.verdict.verdict : "invalid";
}
async function mergeReviewMistakes(ctx, taskId, n) {
  const { cwd, planId } = ctx;
  const file = reviewMistakesPath(cwd, planId, taskId, n);
  let found;
  try {
    found = await readReviewMistakes(file, { display: relative(cwd, file) });
  } catch (error) {
    if (!(error instanceof PlanFileError)) throw error;
    if (!error.problems.some((p) => p.message === "the file does not exist"))
      ctx.logger.log("warn", { task: taskId, try: n, mistakes: error.message });
    return;
  }
  const target = mistakesPath(cwd, planId);
  const existing = (await readMistakes(target, { display: relative(cwd, target) })).mistakes;
  const merged = mergeMistakes(existing, found.mistakes, taskId, n);
  if (merged.length !== existing.length) await writeMistakes(target, { mistakes: merged });
}

const DEVELOPER_FILES = [".harness/techdebt.md", ".harness/log.md"];
function sameEntry(a, b) {
  switch (a.kind) {
    case "dir":
      return b.kind === "dir" && a.mode === b.mode;
    case "file":
      return b.kind === "file" && a.mode === b.mode && a.size === b.size && a.content !== null && b.content !== null && a.content.equals(b.content);
    case "symlink":
      return b.kind === "symlink" && a.target === b.target;
    case "other":
      return b.kind === "other";
  }
}
function diffOwned(before, after, allowed = []) {
  const ok = (path) => allowed.some((a) => path === a || path.startsWith(`${a}/`));
  const changes = [];
  for (const [path, entry] of after) {
    if (ok(path)) continue;
    const old = before.get(path);
    if (old === void 0 && entry.kind === "dir" && allowed.some((a) => a.startsWith(`${path}/`))) continue;
    if (old === void 0) changes.push({ path, change: "created" });
    else if (!sameEntry(old, entry)) changes.push({ path, change: "changed" });
  }
  for (const path of before.keys())
    if (!after.has(path) && !ok(path)) changes.push({ path, change: "deleted" });
  return changes.sort((a, b) => a.path < b.path ? -1 : a.path > b.path ? 1 : 0);
}
function leafChanges(changes) {
  return changes.filter(
    (c) => !changes.some((child) => child.change === c.change && child.path.startsWith(`${c.path}/`))
  );
}
function ownerOf(path) {
  const parts = path.split("/");
  if (parts[0] !== ".harness") return "it is the harness's configuration";
  if (parts[1] === "plans" && parts[3] === "reviews") return "only the architect writes the reviews";
  if (parts[1] === "plans") return "only the harness writes the plan's state";
  return "it is the harness's (templates, personas and settings)";
}
const MAX_LISTED = 6;
function listed(changes) {
  const top = leafChanges(changes);
  const shown = top.slice(0, MAX_LISTED).map((c) => `${c.path} (${c.change}: ${ownerOf(c.path)})`).join("; ");
  return top.length > MAX_LISTED ? `${shown}; and ${top.length - MAX_LISTED} more` : shown;
}
function tampering(changes) {
  const list = listed(changes);
  return {
    why: `the developer's session touched files it may not write: ${list}. The harness put them back`,
    notice: `The harness failed your previous try before its gate: your session touched files the developer may not write: ${list}. The harness put them back. In .harness/ only ${DEVELOPER_FILES.map((f) => posix.basename(f)).join(" and ")} are yours: the harness keeps the plan's state and settings, and the architect writes the reviews.
`
  };
}
function architectTampering(changes) {
  return `the architect's session touched files it may not write: ${listed(changes)}. The harness put them back`;
}

const abs = (cwd, path) => join(cwd, ...path.split("/"));
async function snapshotOwned(walk, before) {
  const entries = /* @__PURE__ */ new Map();
  const visit = async (path) => {
    if (walk.skip(path)) return;
    const full = abs(walk.cwd, path);
    let info;
    try {
      info = await lstat(full);
    } catch {
      return;
    }
    const mode = info.mode & 4095;
    if (info.isDirectory()) {
      entries.set(path, { kind: "dir", mode });
      const names = await readdir(full).catch(() => []);
      for (const name of names.sort()) await visit(`${path}/${name}`);
    } else if (info.isSymbolicLink()) {
      entries.set(path, { kind: "symlink", target: await readlink(full).catch(() => "") });
    } else if (info.isFile()) {
      const old = before?.get(path);
      const read = before === void 0 || old?.kind === "file" && old.size === info.size;
      entries.set(path, {
        kind: "file",
        mode,
        size: info.size,
        content: read ? await readRegular(full) : null
      });
    } else {
      entries.set(path, { kind: "other" });
    }
  };
  for (const root of walk.roots) await visit(root);
  return entries;
}
async function readRegular(path) {
  const handle = await open(path, constants.O_RDONLY | constants.O_NOFOLLOW | constants.O_NONBLOCK).catch(
    () => null
  );
  if (!handle) return null;
  try {
    return (await handle.stat()).isFile() ? await handle.readFile() : null;
  } finally {
    await handle.close();
  }
}
async function restoreOwned(cwd, before, changes) {
  for (const c of changes)
    if (c.change === "created") await rm(abs(cwd, c.path), { recursive: true, force: true });
  const restore = changes.filter((c) => c.change !== "created").map((c) => c.path);
  for (const path of [...restore].sort()) {
    const entry = before.get(path);
    if (entry) await put(cwd, path, entry);
  }
}
async function put(cwd, path, entry) {
  const full = abs(cwd, path);
  const now = await lstat(full).catch(() => null);
  switch (entry.kind) {
    case "dir":
      if (now && !now.isDirectory()) await rm(full, { force: true });
      if (!now?.isDirectory()) await mkdir(full, { recursive: true });
      await chmod(full, entry.mode);
      return;
    case "file": {
      if (entry.content === null) return;
      if (now && !now.isFile()) await rm(full, { recursive: true, force: true });
      await mkdir(dirname(full), { recursive: true });
      const temp = `${dirname(full)}${sep}.${path.split("/").at(-1) ?? "file"}.${process.pid}.restore.tmp`;
      const handle = await open(temp, "w", entry.mode);
      try {
        await handle.writeFile(entry.content);
      } finally {
        await handle.close();
      }
      await chmod(temp, entry.mode);
      await rename(temp, full);
      return;
    }
    case "symlink":
      if (now) await rm(full, { recursive: true, force: true });
      await mkdir(dirname(full), { recursive: true });
      await symlink(entry.target, full);
      return;
    case "other":
      return;
  }
}

const projectPath = (cwd, path) => relative(cwd, path).split(sep).join("/");
function isHarnessFile(files, path) {
  if (files.files.some((f) => resolve(f) === path)) return true;
  if (files.dirs.some((d) => within(resolve(d), path))) return true;
  return files.families.some((family) => {
    const dir = resolve(family.dir);
    if (!path.startsWith(`${dir}${sep}`)) return false;
    const name = path.slice(dir.length + 1);
    return !name.includes(sep) && name.startsWith(family.before) && name.endsWith(family.after) && name.length >= family.before.length + family.after.length;
  });
}
function ownedWalk(setup) {
  const { cwd } = setup;
  const files = harnessFiles(resolvePaths(setup.config, cwd), { locks: [setup.planLock] });
  const developer = new Set(DEVELOPER_FILES);
  const roots = [projectPath(cwd, harnessDir(cwd))];
  if (setup.configFile) roots.push(projectPath(cwd, resolve(cwd, setup.configFile)));
  return {
    cwd,
    roots,
    skip: (path) => developer.has(path) || isHarnessFile(files, resolve(cwd, path))
  };
}
class SessionGuard {
  walk;
  constructor(setup) {
    this.walk = ownedWalk(setup);
  }
  /** The owned files before a session. */
  before() {
    return snapshotOwned(this.walk);
  }
  /**
   * After the session: what it did to the owned files, `allowed` paths aside (the architect's review and mistakes
   * of its try), every change already put back.
   */
  async after(before, allowed = []) {
    const now = await snapshotOwned(this.walk, before);
    const changes = diffOwned(before, now, allowed);
    if (changes.length > 0) await restoreOwned(this.walk.cwd, before, changes);
    return changes;
  }
}

const CONTINUE = { kind: "continue" };
function phaseStopped(stop, outcome) {
  const { summary } = outcome;
  if (outcome.ran && summary.exitCode === EXIT.ok) return null;
  if (summary.exitCode === EXIT.ok) return stopRequested(stop, summary.stopReason);
  return {
    kind: "stop",
    reason: summary.stopReason,
    exitCode: summary.exitCode,
    ...summary.error !== void 0 ? { message: summary.error } : {}
  };
}
function stopRequested(stop, reason) {
  return { kind: "stop", reason: stop.reason ?? reason ?? "stopped", exitCode: EXIT.ok };
}
function blocked(message) {
  return { kind: "stop", reason: "blocked", exitCode: EXIT.planInvalid, message };
}
function needsHuman(waiting) {
  return {
    kind: "stop",
    reason: "needs_human",
    exitCode: EXIT.needsHuman,
    message: `${waiting.size === 1 ? "a task waits" : `${waiting.size} tasks wait`} for a human: ${[...waiting].join(", ")}`
  };
}
function cycleEndLine(end) {
  const sessions = `${end.spend.sessions} session${end.spend.sessions === 1 ? "" : "s"}`;
  return `Review loop ended (${end.reason}): ${end.done}/${end.total} tasks done, ${sessions}, ${formatSpendCost(end.spend)}, plan ${end.planId}`;
}

function derivePlanStatus(tasks) {
  if (tasks.length > 0 && tasks.every((task) => task.status === "done")) return "done";
  if (tasks.every((task) => task.status === "todo")) return "todo";
  return "doing";
}
const ALLOWED = {
  todo: ["doing"],
  doing: ["doing", "done"],
  done: []
};
const canTransition = (from, to) => ALLOWED[from].includes(to);
function setTaskStatus(plan, taskId, to) {
  const task = plan.tasks.find((t) => t.id === taskId);
  if (!task) throw new Error(`plan ${plan.id} has no task ${JSON.stringify(taskId)}`);
  if (!canTransition(task.status, to))
    throw new Error(`task ${taskId} cannot go from ${task.status} to ${to}`);
  const tasks = plan.tasks.map((t) => t.id === taskId ? { ...t, status: to } : t);
  return { ...plan, tasks, status: derivePlanStatus(tasks) };
}
const startTask = (plan, taskId) => setTaskStatus(plan, taskId, "doing");
const completeTask = (plan, taskId) => setTaskStatus(plan, taskId, "done");

function decideTry(end, tryNumber, maxTries, idle = { count: 0, max: 0 }) {
  if (end.kind === "gate" && end.gate.interrupted) return { next: "interrupted" };
  if (end.kind === "review" && end.verdict.ok && end.verdict.verdict === "PASS") return { next: "done" };
  const { why, gateOutput } = failure(end);
  if (tryNumber >= maxTries)
    return { next: "escalate", why: `${why} (try ${tryNumber} of ${maxTries})`, gateOutput };
  if (idle.max > 0 && idle.count >= idle.max)
    return {
      next: "escalate",
      why: `${why}; no progress: ${idle.count === 1 ? "its develop session" : `${idle.count} develop sessions in a row`} changed nothing (no commit, no file of the project; progress.max_idle_sessions = ${idle.max})`,
      gateOutput
    };
  return { next: "retry", why, gateOutput };
}
function failure(end) {
  switch (end.kind) {
    case "tampered":
      return { why: end.why, gateOutput: end.notice };
    case "gate":
      return {
        why: end.gate.refused ? `the gate refused the try: ${describeGateChanges(end.gate.changes)}; the review was skipped` : `the gate failed at ${end.gate.failedAt ?? "a script"}: the review was skipped`,
        gateOutput: end.gate.output
      };
    case "no_review":
      return { why: `the architect wrote no review (${end.file}): a failed review`, gateOutput: "" };
    case "review":
      return end.verdict.ok ? { why: `the architect's verdict is FAIL (${end.file})`, gateOutput: "" } : { why: `the review has no valid verdict: ${end.verdict.error}; a failed review`, gateOutput: "" };
  }
}

async function phaseSession(run, at, values, extra, recordSpend) {
  const { options, guard } = run;
  const { taskId, n, phase } = at;
  const over = overBudget(run);
  if (over) return { stopped: over, touched: [], changed: null };
  const { prompt, persona } = run.templates[phase];
  const rendered = renderPhasePrompt(phase, prompt, persona, values);
  const text = extra.notice ? `${rendered.trimEnd()}

${extra.notice}` : rendered;
  const before = await guard.before();
  const outcome = await runPhase(options, { plan_id: options.planId, phase, task_id: taskId }, text).catch(
    async (error) => {
      await guard.after(before, extra.allowed);
      throw error;
    }
  );
  const touched = await guard.after(before, extra.allowed);
  await recordSpend(outcome.spend);
  if (touched.length > 0) {
    options.logger.log("warn", {
      task: taskId,
      try: n,
      touched: phase === "develop" ? tampering(touched).why : architectTampering(touched)
    });
    await options.events.emit({
      event: "review_tampered",
      plan_id: options.planId,
      task_id: taskId,
      try: n,
      phase,
      files: touched.map(({ path, change }) => ({ path, change }))
    });
  }
  return { stopped: phaseStopped(options.stop, outcome), touched, changed: outcome.changed };
}
function overBudget(run) {
  const { options } = run;
  const max = options.config.review.max_cost_usd;
  if (max === void 0) return null;
  const spent = planSpend(run.progress).cost_usd;
  if (spent < max) return null;
  const message = `the plan has spent $${spent.toFixed(2)} of review.max_cost_usd = $${max.toFixed(2)}: no further session starts (raise the budget to go on)`;
  options.logger.summary(message);
  return { kind: "stop", reason: "cost_budget", exitCode: EXIT.costBudget, message };
}

async function runTask(run, task) {
  const { options, cookie, reviews } = run;
  const { cwd, planId } = options;
  let state = taskOf(run.progress, task.id, options.maxTries);
  if (task.status === "todo") await run.savePlan(startTask(run.plan, task.id));
  const at = resumePoint(state);
  if (at === null) return CONTINUE;
  let { step } = at;
  const n = at.try;
  const put = async (next) => {
    state = next;
    await run.save(withTask(run.progress, task.id, next));
  };
  await put({ ...state, next: { try: n, step } });
  const fresh = () => run.plan.tasks.find((t) => t.id === task.id) ?? task;
  const session = (phase, values, extra = {}) => phaseSession(
    run,
    { taskId: task.id, n, phase },
    values,
    extra,
    (spend) => put(addPhaseSpend(state, n, phase, spend))
  );
  let tryEnd = null;
  if (step === "develop") {
    const mistakes = (await readMistakes(mistakesPath(cwd, planId))).mistakes;
    const { stopped, touched, changed } = await session(
      "develop",
      developValues({
        root: cwd,
        plan: run.plan,
        task: fresh(),
        tryNumber: n,
        maxTries: state.max_try,
        mistakes,
        latestReview: await latestReview(reviews, task.id, state, n),
        gateOutput: state.gate_output,
        humanReply: formatHumanReplies(state)
      })
    );
    if (stopped) return stopped;
    if (changed !== null) await put(withTry(state, { ...tryOf(state, n), develop_changed: changed }));
    if (touched.length > 0) tryEnd = { kind: "tampered", ...tampering(touched) };
    else {
      step = "gate";
      await put({ ...state, next: { try: n, step } });
    }
  }
  if (step === "gate" && tryEnd === null) {
    const gate = await runGate({
      root: cwd,
      env: options.env,
      timeoutMs: options.config.review.gate_timeout_mins * 6e4,
      clock: options.clock,
      spawn: options.spawn,
      cookie,
      signal: options.stop.interrupt,
      baseline: run.progress.gate_baseline ?? null,
      allowChanges: options.config.review.allow_gate_changes
    });
    if (gate.interrupted) return stopRequested(options.stop);
    const record2 = gateRecordOf(gate);
    await put(withTry(state, { ...tryOf(state, n), gate: record2 }));
    await options.events.emit({
      event: "review_gate",
      plan_id: planId,
      task_id: task.id,
      try: n,
      passed: gate.passed,
      failed_at: gate.failedAt,
      steps: record2.steps,
      ...record2.changed ? { changed: record2.changed } : {}
    });
    options.logger.log(gate.passed && gate.changes.length === 0 ? "info" : "warn", {
      task: task.id,
      try: n,
      gate: gate.refused ? "refused" : gate.passed ? "passed" : `failed at ${gate.failedAt ?? "?"}`,
      ...gate.changes.length > 0 ? { changed: describeGateChanges(gate.changes) } : {}
    });
    if (gate.passed) {
      step = "review";
      await put({ ...state, next: { try: n, step } });
    } else tryEnd = { kind: "gate", gate };
  }
  if (step === "review" && tryEnd === null) {
    const own = await clearReviewPaths(reviews, task.id, n);
    const changed = tryOf(state, n).gate?.changed ?? [];
    const { stopped } = await session(
      "review",
      reviewValues({ root: cwd, plan: run.plan, task: fresh(), tryNumber: n, maxTries: state.max_try }),
      {
        allowed: own.map((path) => projectPath(cwd, path)),
        ...changed.length > 0 ? { notice: reviewGateNotice(changed, run.progress.gate_baseline ?? null) } : {}
      }
    );
    if (stopped) return stopped;
    tryEnd = await readReview(reviews, task.id, n);
    await mergeReviewMistakes(reviews, task.id, n);
  }
  if (tryEnd === null) return CONTINUE;
  const decision = decideTry(tryEnd, n, state.max_try, {
    count: idleTries(state, n),
    max: options.config.progress.max_idle_sessions
  });
  if (decision.next === "interrupted") return stopRequested(options.stop);
  const verdict = verdictOf(tryEnd);
  const reviewFile = "file" in tryEnd ? relative(cwd, tryEnd.file) : null;
  const record = {
    ...tryOf(state, n),
    ...verdict !== null ? { verdict } : {},
    ...reviewFile !== null ? { review_file: reviewFile } : {},
    decision: decision.next,
    ...decision.next !== "done" ? { why: decision.why } : {}
  };
  state = withTry(state, record);
  if (decision.next === "done") {
    await put({ ...state, next: null, gate_output: "" });
    await run.savePlan(completeTask(run.plan, task.id));
    if (tryOf(state, n).gate?.changed)
      await run.save({ ...run.progress, gate_baseline: await takeGateBaseline(cwd) });
    options.logger.summary(`Task ${task.id}: PASS on try ${n}.`);
  } else if (decision.next === "retry") {
    await put({ ...state, next: { try: n + 1, step: "develop" }, gate_output: decision.gateOutput });
    options.logger.summary(`Task ${task.id}: try ${n} failed: ${decision.why}.`);
  } else {
    await put({
      ...state,
      next: null,
      gate_output: decision.gateOutput,
      escalated: {
        at: run.now(),
        why: decision.why,
        review_file: reviewFile,
        gate_output: decision.gateOutput,
        tries: n
      }
    });
    await options.events.emit({
      event: "review_escalated",
      plan_id: planId,
      task_id: task.id,
      tries: n,
      why: decision.why
    });
    options.logger.summary(`Task ${task.id}: ${decision.why}; it waits for a human.`);
  }
  await options.events.emit({
    event: "review_try_end",
    plan_id: planId,
    task_id: task.id,
    try: n,
    decision: decision.next,
    ...decision.next !== "done" ? { why: decision.why } : {},
    task_cost_usd: taskSpend(state).cost_usd,
    plan_cost_usd: planSpend(run.progress).cost_usd
  });
  return CONTINUE;
}
async function latestReview(reviews, taskId, state, n) {
  const previous = state.tries.filter((t) => t.n < n && t.review_file !== void 0).at(-1);
  return previous ? reviewText(reviews, taskId, previous.n) : null;
}
const verdictOf = (end) => end.kind === "review" || end.kind === "no_review" ? reviewVerdict(end) : null;

const passed = (progress, taskId) => progress.tasks[taskId]?.tries.some((t) => t.decision === "done") ?? false;
const doneBeforeLoop = (plan, progress) => plan.tasks.filter((t) => t.status === "done" && !passed(progress, t.id)).map((t) => t.id);
function unearnedDone(plan, progress) {
  const before = new Set(progress.done_before_loop ?? doneBeforeLoop(plan, progress));
  return plan.tasks.filter((t) => t.status === "done" && !before.has(t.id) && !passed(progress, t.id)).map((t) => t.id);
}
function reopenTasks(plan, ids, progress) {
  const reopen = new Set(ids);
  const tasks = plan.tasks.map(
    (t) => reopen.has(t.id) ? {
      ...t,
      status: progress.tasks[t.id] !== void 0 ? "doing" : "todo"
    } : t
  );
  return { ...plan, tasks, status: derivePlanStatus(tasks) };
}

async function trustPlan(input) {
  const { cwd, planPath } = input;
  let { plan, progress } = input;
  if (progress.done_before_loop === void 0) {
    progress = { ...progress, done_before_loop: doneBeforeLoop(plan, progress) };
    await writeProgress(input.progressPath, progress);
  }
  const unearned = unearnedDone(plan, progress);
  if (unearned.length === 0) return { plan, progress };
  plan = reopenTasks(plan, unearned, progress);
  await writePlanfile(planPath, plan);
  input.logger.summary(
    `${unearned.length === 1 ? "Task" : "Tasks"} ${unearned.join(", ")}: marked done in ${relative(cwd, planPath)}, but no try of it passed the gate and the architect's review (${relative(cwd, input.progressPath)}): opened again.`
  );
  await input.events.emit({
    event: "review_tampered",
    plan_id: plan.id,
    phase: "loop",
    files: [{ path: projectPath(cwd, planPath), change: "changed" }],
    reopened: unearned
  });
  return { plan, progress };
}

async function runReviewCycle(options) {
  const { cwd, planId } = options;
  requireGateScripts(cwd);
  const templates = {
    develop: await loadPhaseTemplates(cwd, "develop"),
    review: await loadPhaseTemplates(cwd, "review")
  };
  const planPath = planfilePath(cwd, planId);
  const display = relative(cwd, planPath);
  let plan = await readPlanfile(planPath, { expectedId: planId, display });
  const progressFile = progressPath(cwd, planId);
  const cookie = newCookie();
  const lock = await acquireInstanceLock(planLockPath(progressFile), { cookie, workDir: cwd });
  try {
    await protectCycleFiles(options.config, cwd, progressFile, options.logger);
    let progress = await readProgress(progressFile, planId, relative(cwd, progressFile));
    const save = async (next) => {
      progress = next;
      await writeProgress(progressFile, next);
    };
    const savePlan = async (next) => {
      plan = next;
      await writePlanfile(planPath, next);
    };
    const now = () => isoSeconds(options.clock.now());
    const guard = new SessionGuard({
      cwd,
      config: options.config,
      configFile: options.configFile ?? null,
      planLock: planLockPath(progressFile)
    });
    const reviews = { cwd, planId, logger: options.logger, events: options.events };
    const run = {
      options,
      cookie,
      templates,
      guard,
      reviews,
      get plan() {
        return plan;
      },
      get progress() {
        return progress;
      },
      save,
      savePlan,
      now
    };
    ({ plan, progress } = await trustPlan({
      cwd,
      plan,
      planPath,
      progress,
      progressPath: progressFile,
      logger: options.logger,
      events: options.events
    }));
    if (!progress.gate_baseline) await save({ ...progress, gate_baseline: await takeGateBaseline(cwd) });
    for (const reply of options.replies ?? []) {
      const task = progress.tasks[reply.taskId];
      if (!task?.escalated) continue;
      await save(withTask(progress, reply.taskId, answerEscalation(task, reply, options.maxTries)));
      await options.events.emit({
        event: "review_answered",
        plan_id: planId,
        task_id: reply.taskId,
        by: reply.by
      });
      options.logger.summary(
        `Task ${reply.taskId}: answered by ${reply.by}; it resumes with the answer in its develop prompt.`
      );
    }
    let end = null;
    while (end === null) {
      const waiting = new Set(waitingTasks(progress));
      const next = nextTask(plan, waiting);
      if (next.kind === "done") {
        end = waiting.size > 0 ? needsHuman(waiting) : { kind: "stop", reason: "plan_done", exitCode: EXIT.ok };
        break;
      }
      if (next.kind === "blocked") {
        end = waiting.size > 0 ? needsHuman(waiting) : blocked(describeBlocked(next));
        if (waiting.size > 0) options.logger.summary(describeBlocked(next));
        break;
      }
      const step = await runTask(run, next.task);
      if (step.kind === "stop") end = step;
    }
    const escalated = [];
    for (const [taskId, t] of Object.entries(progress.tasks)) {
      if (!t.escalated) continue;
      const reviewFile = t.escalated.review_file ? relative(cwd, reviewPath(cwd, planId, taskId, t.escalated.tries)) : null;
      const review = reviewFile !== null ? await reviewText(reviews, taskId, t.escalated.tries) : null;
      escalated.push({
        taskId,
        why: t.escalated.why,
        reviewFile,
        review,
        gateOutput: t.escalated.gate_output
      });
    }
    const spend = planSpend(progress);
    const done = plan.tasks.filter((t) => t.status === "done").length;
    await options.events.emit({
      event: "review_end",
      plan_id: planId,
      reason: end.reason,
      exit_code: end.exitCode,
      tasks_done: done,
      tasks_total: plan.tasks.length,
      cost_usd: spend.cost_usd,
      input_tokens: spend.input_tokens,
      output_tokens: spend.output_tokens
    });
    options.logger.summary(
      cycleEndLine({ planId, reason: end.reason, done, total: plan.tasks.length, spend })
    );
    return {
      exitCode: end.exitCode,
      reason: end.reason,
      plan,
      progress,
      spend,
      escalated,
      ...end.message !== void 0 ? { message: end.message } : {}
    };
  } finally {
    await endCarriers(cookie, 0, options.clock);
    await lock.release();
  }
}

export { runReviewCycle as a, readPlanfile as b, readProgress as c, progressText as d, escapeCell as e, progressMarkdown as f, oneLine$1 as o, progressPath as p, runPlanning as r };
