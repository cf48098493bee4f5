import { s as strictObject, g as array, h as string, _ as _enum, z as number, H as record, G as boolean, B as literal } from './input-file-Cbt1w_j3.js';
import 'node:os';
import { join } from 'node:path';
import 'node:fs';
import './worker-agent-CEPc612X.js';
import 'node:fs/promises';
import 'node:child_process';
import 'node:readline';
import './harness-files-B0x0nX25.js';
import 'node:buffer';
import { H as HarnessError, E as EXIT } from './exit-codes-BkuRLrXJ.js';
import 'node:crypto';
import 'node:stream';
import 'node:stream/promises';
import 'node:zlib';
import { a as addSpend, N as NO_SPEND } from './spend-D-HHXpeX.js';
import 'node:worker_threads';

var commonjsGlobal = typeof globalThis !== 'undefined' ? globalThis : typeof window !== 'undefined' ? window : typeof global !== 'undefined' ? global : typeof self !== 'undefined' ? self : {};

function getDefaultExportFromCjs (x) {
	return x && x.__esModule && Object.prototype.hasOwnProperty.call(x, 'default') ? x['default'] : x;
}

function getAugmentedNamespace(n) {
  if (Object.prototype.hasOwnProperty.call(n, '__esModule')) return n;
  var f = n.default;
	if (typeof f == "function") {
		var a = function a () {
			var isInstance = false;
      try {
        isInstance = this instanceof a;
      } catch (e) {}
			if (isInstance) {
        return Reflect.construct(f, arguments, this.constructor);
			}
			return f.apply(this, arguments);
		};
		a.prototype = f.prototype;
  } else a = {};
  Object.defineProperty(a, '__esModule', {value: true});
	Object.keys(n).forEach(function (k) {
		var d = Object.getOwnPropertyDescriptor(n, k);
		Object.defineProperty(a, k, d.get ? d : {
			enumerable: true,
			get: function () {
				return n[k];
			}
		});
	});
	return a;
}

const MAX_ID_LENGTH = 128;
function unsafeIdReason(id) {
  if (id === "") return "it is empty";
  if (id.length > MAX_ID_LENGTH) return `it is longer than ${MAX_ID_LENGTH} characters`;
  if (id.includes("/") || id.includes("\\")) return "it contains a path separator";
  if (/[\u0000-\u001f\u007f]/.test(id)) return "it contains a control character";
  if (id.startsWith(".")) return 'it starts with "."';
  if (id.startsWith("-")) return 'it starts with "-"';
  if (id.trim() !== id) return "it starts or ends with whitespace";
  return void 0;
}
const SAFE_ID_PATTERN = new RegExp(
  `^(?![.-])(?!\\s)[^/\\\\\\u0000-\\u001f\\u007f]{1,${MAX_ID_LENGTH}}(?<!\\s)$`
);
const SAFE_ID_EXPECTATION = `a safe file name (no "/", "\\\\", control characters or surrounding whitespace, not starting with "." or "-", 1 to ${MAX_ID_LENGTH} characters)`;

const text = (description) => string().regex(/\S/, { message: "expected a non-empty string" }).describe(description);
const safeId = (description) => string().regex(SAFE_ID_PATTERN, { message: `expected ${SAFE_ID_EXPECTATION}` }).describe(description);
const STATUSES = ["todo", "doing", "done"];
const statusSchema = _enum(STATUSES).describe("`todo` (not started), `doing` (being developed or reviewed) or `done` (passed its review)");
const CREATED_PATTERN = /^\d{4}-\d{2}-\d{2}[ T]\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})$/;
const planTaskSchema = strictObject({
  id: safeId(
    "Unique within the plan (case-insensitively); names the task\u2019s review files, so it must be a safe file name. Example: `1_update_csv_filename`."
  ),
  title: text("What the task does, in one line."),
  status: statusSchema,
  acceptance_criteria: array(text("One criterion the architect can check.")).min(1).describe("What must hold for the task to pass its review; at least one."),
  possibly_relevant_files: array(text("A path relative to the project root.")).default([]).describe("Files the developer should look at first (a hint, not a limit)."),
  depends_on: array(string().describe("The id of another task of this plan.")).default([]).describe("Ids of tasks that must be done before this one starts; no cycles.")
}).describe("One atomic, incremental task.");
const planfileSchema = strictObject({
  id: safeId(
    "The plan id: a slug of the title and the UTC time it was made, e.g. `fix-csv-naming-20260326T1321`; equal to the name of the plan\u2019s directory under `.harness/plans/`."
  ),
  title: text("What the plan builds, in one line."),
  created: string().regex(CREATED_PATTERN, { message: 'expected a UTC time such as "2026-03-26 13:21:21Z"' }).describe("When the plan was made, e.g. `2026-03-26 13:21:21Z`."),
  status: statusSchema,
  context: text(
    "Why the work is needed and any relevant background; a plan made unattended states its assumptions here."
  ),
  tasks: array(planTaskSchema).min(1).describe("The tasks, at least one; developed in dependency order, file order among equals.")
}).describe("`.harness/plans/<plan_id>/planfile.json`: the plan the planner wrote, and its progress.");
const mistakeFields = {
  attempted: text("What the developer tried."),
  problem: text("Why it was wrong."),
  lesson: text("What to do instead, as an instruction.")
};
const reviewMistakeSchema = strictObject(mistakeFields).describe("One mistake found by a review.");
const reviewMistakesFileSchema = strictObject({
  mistakes: array(reviewMistakeSchema).describe("The mistakes of this try; empty when there were none.")
}).describe(
  "`.harness/plans/<plan_id>/reviews/<task-id>-<n>-mistakes.json`: written by the architect after reviewing try n."
);
const mistakeSchema = strictObject({
  task_id: safeId("The task whose review found the mistake (the first one, when several did)."),
  iteration: number().int().min(1).describe("The try (1-based) whose review found it."),
  ...mistakeFields
}).describe("One mistake, with the task and try it was found in.");
const mistakesFileSchema = strictObject({
  mistakes: array(mistakeSchema).describe("Every distinct mistake found by the plan\u2019s reviews, oldest first.")
}).describe(
  "`.harness/plans/<plan_id>/mistakes.json`: merged by the harness from the reviews\u2019 mistakes files; its formatted content is given to the developer."
);
strictObject({
  template_version: number().int().min(1).describe("The version of the default templates `attach` copied (increases when they change)."),
  harness_version: string().describe("The agent-harness version that ran `attach`."),
  attached: string().describe("When `attach` ran, e.g. `2026-03-26 13:21:21Z`."),
  templates: record(string(), string().regex(/^[0-9a-f]{64}$/)).optional().describe(
    "SHA-256 of each template as `attach` wrote it, by path relative to `.harness/`: a file whose hash differs was edited by the user, so a newer `attach` reports it instead of overwriting it."
  )
}).describe("`.harness/meta.json`: what `attach` set up.");

const PHASES = ["plan", "develop", "review"];
const ROLE_OF_PHASE = {
  plan: "planner",
  develop: "developer",
  review: "architect"
};
PHASES.map((phase) => ROLE_OF_PHASE[phase]);
class UnsafeIdError extends HarnessError {
  constructor(kind, id, reason) {
    super(`${kind} ${JSON.stringify(id)} cannot be used as a file name: ${reason}`, EXIT.planInvalid);
    this.kind = kind;
    this.id = id;
    this.reason = reason;
  }
  kind;
  id;
  reason;
  name = "UnsafeIdError";
}
function segment(kind, id) {
  const reason = unsafeIdReason(id);
  if (reason !== void 0) throw new UnsafeIdError(kind, id, reason);
  return id;
}
const harnessDir = (cwd) => join(cwd, ".harness");
const promptTemplateFile = (phase) => `prompts/${phase}.md.tmpl`;
const personaFile = (role) => `personas/${role}.md`;
const techdebtPath = (cwd) => join(harnessDir(cwd), "techdebt.md");
const logPath = (cwd) => join(harnessDir(cwd), "log.md");
const plansDir = (cwd) => join(harnessDir(cwd), "plans");
const planDir = (cwd, id) => join(plansDir(cwd), segment("plan id", id));
const planfilePath = (cwd, id) => join(planDir(cwd, id), "planfile.json");
const mistakesPath = (cwd, id) => join(planDir(cwd, id), "mistakes.json");
const reviewsDir = (cwd, id) => join(planDir(cwd, id), "reviews");
function reviewStem(cwd, id, taskId, n) {
  if (!Number.isSafeInteger(n) || n < 1)
    throw new RangeError(`review number must be an integer >= 1, got ${n}`);
  return join(reviewsDir(cwd, id), `${segment("task id", taskId)}-${n}`);
}
const reviewPath = (cwd, id, taskId, n) => `${reviewStem(cwd, id, taskId, n)}-review.md`;
const reviewMistakesPath = (cwd, id, taskId, n) => `${reviewStem(cwd, id, taskId, n)}-mistakes.json`;

const GATE_SCRIPTS = ["build.sh", "verify.sh"];
const scriptStateSchema = strictObject({
  /** What is at the path (lstat): a file, a symlink (followed for the content), nothing, or something else. */
  kind: _enum(["file", "symlink", "missing", "other"]),
  /** SHA-256 (hex) of the content read through the path; null when it cannot be read. */
  sha256: string().nullable(),
  /** Whether the file the path leads to has an exec bit. */
  executable: boolean(),
  /** A symlink's target; null otherwise. */
  target: string().nullable()
});
const gateBaselineSchema = strictObject({
  /**
   * HEAD when the baseline was taken, if both scripts were committed there unchanged: the commit `git diff` and
   * `git checkout` hints name. Null outside git, or when the scripts were not committed as they were.
   */
  commit: string().nullable(),
  scripts: strictObject({ "build.sh": scriptStateSchema, "verify.sh": scriptStateSchema })
});
const SCRIPT_CHANGES = ["content", "exec bit", "deleted", "replaced"];
const gateChangeSchema = strictObject({
  script: _enum(GATE_SCRIPTS),
  what: array(_enum(SCRIPT_CHANGES))
});
function scriptChanges(before, now) {
  if (before.kind === now.kind && before.sha256 === now.sha256 && before.executable === now.executable) {
    return before.target === now.target ? [] : ["replaced"];
  }
  if (now.kind === "missing") return before.kind === "missing" ? [] : ["deleted"];
  const changes = [];
  if (before.kind !== now.kind || before.target !== now.target) changes.push("replaced");
  if (before.sha256 !== now.sha256) changes.push("content");
  if (before.executable !== now.executable) changes.push("exec bit");
  return changes;
}
function gateChanges(baseline, now) {
  return GATE_SCRIPTS.flatMap((script) => {
    const what = scriptChanges(baseline.scripts[script], now[script]);
    return what.length > 0 ? [{ script, what }] : [];
  });
}
function mergeGateChanges(a, b) {
  return GATE_SCRIPTS.flatMap((script) => {
    const what = SCRIPT_CHANGES.filter(
      (change) => [...a, ...b].some((c) => c.script === script && c.what.includes(change))
    );
    return what.length > 0 ? [{ script, what }] : [];
  });
}
const names = (changes) => changes.map((c) => c.script).join(" ");
function describeGateChanges(changes) {
  const which = changes.map((c) => c.script).join(" and ");
  const how = changes.map((c) => `${c.script}: ${c.what.join(", ")}`).join("; ");
  return `${which} changed since the gate accepted them (${how})`;
}
function refusalText(changes, baseline) {
  const restore = baseline.commit !== null ? `Put them back as they were: git checkout ${baseline.commit} -- ${names(changes)}` : "Put them back as they were.";
  return `The gate did not run: ${describeGateChanges(changes)}. The harness runs the gate scripts only as they were when the plan's loop began (or as a task that passed left them), and a try that changes them fails (review.allow_gate_changes permits it, for a task whose work is the build itself).
${restore}
`;
}
function allowedChangeLine(changes) {
  return `Note: ${describeGateChanges(changes)}; review.allow_gate_changes let the gate run them as they are now.
`;
}
function reviewGateNotice(changes, baseline) {
  const read = baseline?.commit != null ? `Read the change (\`git diff ${baseline.commit} -- ${names(changes)}\`)` : "Read the change";
  return `## The harness: the gate scripts changed

${describeGateChanges(changes)}. review.allow_gate_changes is on, so the gate ran them as the developer left them: that they pass proves only what the changed scripts check. ${read} and FAIL the review if it weakens, skips or removes a check the task did not ask to change.
`;
}

const PROGRESS_VERSION = 1;
const money = number().finite().nonnegative();
const count = number().int().nonnegative();
const spendSchema = strictObject({
  /** Sessions run (empty retries and rate-limited ones included: each may cost). */
  sessions: count,
  cost_usd: money,
  input_tokens: count,
  output_tokens: count,
  /** Sessions whose agent reported no cost (a format without one): the cost is then a lower bound. */
  unpriced_sessions: count
});
const gateRecordSchema = strictObject({
  passed: boolean(),
  failed_at: _enum(GATE_SCRIPTS).nullable(),
  steps: array(
    strictObject({
      script: _enum(GATE_SCRIPTS),
      exit_code: number().int(),
      timed_out: boolean(),
      duration_ms: count
    })
  ),
  /** The scripts not as the gate accepted them: it refused them, or ran them (review.allow_gate_changes). */
  changed: array(gateChangeSchema).optional()
});
const VERDICT_RECORDS = ["PASS", "FAIL", "invalid", "missing"];
const TRY_DECISIONS = ["done", "retry", "escalate"];
const tryRecordSchema = strictObject({
  n: number().int().positive(),
  develop: spendSchema.optional(),
  gate: gateRecordSchema.optional(),
  review: spendSchema.optional(),
  verdict: _enum(VERDICT_RECORDS).optional(),
  /** The review file, relative to the project root. */
  review_file: string().optional(),
  decision: _enum(TRY_DECISIONS).optional(),
  /** Why the try failed, in words. */
  why: string().optional(),
  /**
   * Whether the try's develop session committed or changed a file of the user's (progress.max_idle_sessions);
   * absent when that could not be told (outside git) or the session did not complete.
   */
  develop_changed: boolean().optional()
});
const PHASE_STEPS = ["develop", "gate", "review"];
const escalationSchema = strictObject({
  at: string(),
  why: string(),
  /** The last review (relative path), when the architect wrote one. */
  review_file: string().nullable(),
  /** The gate's output of the last try, when the gate failed. */
  gate_output: string(),
  /** How many tries the task had when it was escalated: a reply grants that many more. */
  tries: count
});
const taskProgressSchema = strictObject({
  tries: array(tryRecordSchema),
  /** What runs next for this task; null before it starts and once it is done or waits for a human. */
  next: strictObject({ try: number().int().positive(), step: _enum(PHASE_STEPS) }).nullable(),
  /** The tail of the gate's output from the last failed gate, for the next develop prompt ('' otherwise). */
  gate_output: string(),
  /** The last try allowed: --max-tries, plus as many again after each human reply. */
  max_try: number().int().positive(),
  /** Set while the task waits for a human. */
  escalated: escalationSchema.nullable(),
  /** Every human answer so far, oldest first; the develop prompt gets them all. */
  human_replies: array(strictObject({ at: string(), by: string(), text: string() }))
});
const planProgressSchema = strictObject({
  version: literal(PROGRESS_VERSION),
  plan_id: string(),
  /** The planner's sessions (the plan and its corrective session). */
  planning: spendSchema,
  tasks: record(string(), taskProgressSchema),
  /**
   * The tasks the planfile marked done when the plan's first `loop` began: with the tasks a try passed, the only
   * ones the loop takes as done (absent in a file from before it: set at the next loop).
   */
  done_before_loop: array(string()).optional(),
  /**
   * build.sh and verify.sh as the gate accepts them: as they were when the plan's first loop began, moved on only
   * when a task whose try changed them (review.allow_gate_changes) passed its review.
   */
  gate_baseline: gateBaselineSchema.optional()
});
const emptyProgress = (planId) => ({
  version: PROGRESS_VERSION,
  plan_id: planId,
  planning: NO_SPEND,
  tasks: {}
});
const newTaskProgress = (maxTries) => ({
  tries: [],
  next: null,
  gate_output: "",
  max_try: maxTries,
  escalated: null,
  human_replies: []
});
function taskSpend(task) {
  return task.tries.reduce(
    (sum, t) => addSpend(addSpend(sum, t.develop ?? NO_SPEND), t.review ?? NO_SPEND),
    NO_SPEND
  );
}
function planSpend(progress) {
  return Object.values(progress.tasks).reduce((sum, t) => addSpend(sum, taskSpend(t)), progress.planning);
}
const waitingTasks = (progress) => Object.entries(progress.tasks).flatMap(([id, task]) => task.escalated ? [id] : []);
function taskOf(progress, taskId, maxTries) {
  return progress.tasks[taskId] ?? newTaskProgress(maxTries);
}
function withTask(progress, taskId, task) {
  return { ...progress, tasks: { ...progress.tasks, [taskId]: task } };
}
function tryOf(task, n) {
  return task.tries.find((t) => t.n === n) ?? { n };
}
function withTry(task, record) {
  const others = task.tries.filter((t) => t.n !== record.n);
  return { ...task, tries: [...others, record].sort((a, b) => a.n - b.n) };
}
function idleTries(task, n) {
  let idle = 0;
  for (const t of task.tries.filter((x) => x.n <= n).reverse()) {
    if (t.n < n && t.decision === "escalate") break;
    if (t.develop_changed !== false) break;
    idle += 1;
  }
  return idle;
}
function addPhaseSpend(task, n, phase, spend) {
  const record = tryOf(task, n);
  return withTry(task, { ...record, [phase]: addSpend(record[phase] ?? NO_SPEND, spend) });
}
function resumePoint(task) {
  if (task.escalated) return null;
  if (task.next) return task.next;
  const last = task.tries.at(-1);
  return { try: last ? last.n + 1 : 1, step: "develop" };
}
function answerEscalation(task, reply, maxTries) {
  const last = task.tries.at(-1)?.n ?? 0;
  const { at, by, text } = reply;
  return {
    ...task,
    escalated: null,
    next: { try: last + 1, step: "develop" },
    max_try: last + maxTries,
    human_replies: [...task.human_replies, { at, by, text }]
  };
}
function formatHumanReplies(task) {
  return task.human_replies.map((r) => `${r.by} (${r.at}):
${r.text.trim()}`).join("\n\n");
}

const TEMPLATE_PHASES = PHASES;
const ALL = TEMPLATE_PHASES;
const WORK = ["develop", "review"];
const TEMPLATE_VARIABLES = [
  {
    name: "ProjectRoot",
    description: "Absolute path of the project (the directory holding .harness/)",
    phases: ALL,
    kind: "text",
    example: "/home/me/shop"
  },
  {
    name: "Persona",
    description: "The phase's persona (.harness/personas/<role>.md), rendered",
    phases: ALL,
    kind: "text",
    example: "You are a Senior Developer\u2026"
  },
  {
    name: "Description",
    description: `The user's description of what to build (agent-harness plan "\u2026")`,
    phases: ["plan"],
    kind: "text",
    example: "Name CSV downloads DDMMYY HH:MM {Name}"
  },
  {
    name: "Headless",
    description: "True when the planner runs unattended (--headless, the Action): it cannot ask questions",
    phases: ["plan"],
    kind: "flag",
    example: true
  },
  {
    name: "Created",
    description: 'The time the plan is made, for its "created" field (YYYY-MM-DD HH:MM:SSZ)',
    phases: ["plan"],
    kind: "text",
    example: "2026-03-26 13:21:21Z"
  },
  {
    name: "PlanID",
    description: "The plan's id (its directory under .harness/plans/)",
    phases: ALL,
    kind: "text",
    example: "fix-csv-naming-20260326T1321"
  },
  {
    name: "PlanTitle",
    description: "The plan's title",
    phases: WORK,
    kind: "text",
    example: "Fix CSV download naming convention"
  },
  {
    name: "PlanContext",
    description: "The plan's context: why the work is needed (and, headless, the planner's assumptions)",
    phases: WORK,
    kind: "text",
    example: "Users cannot tell downloads apart."
  },
  {
    name: "PlanFile",
    description: "Path of the planfile.json (the planner writes it; the others may read it)",
    phases: ALL,
    kind: "text",
    example: ".harness/plans/fix-csv-naming-20260326T1321/planfile.json"
  },
  {
    name: "TaskID",
    description: "The current task\u2019s id",
    phases: WORK,
    kind: "text",
    example: "1_update_csv_filename"
  },
  {
    name: "TaskTitle",
    description: "The current task\u2019s title",
    phases: WORK,
    kind: "text",
    example: "Update CSV filename to use DDMMYY HH:MM format"
  },
  {
    name: "AcceptanceCriteria",
    description: "The current task\u2019s acceptance criteria (a list: {{#each .AcceptanceCriteria}}{{.}}{{/each}})",
    phases: WORK,
    kind: "list",
    example: ["Filename follows DDMMYY HH:MM {Name}", "Filename uses sanitized user input"]
  },
  {
    name: "PossiblyRelevantFiles",
    description: "Files the planner thought relevant to the current task (a list)",
    phases: WORK,
    kind: "list",
    example: ["src/components/TableViewer.tsx"]
  },
  {
    name: "DependsOn",
    description: "Ids of the tasks the current task depends on, all done (a list)",
    phases: WORK,
    kind: "list",
    example: []
  },
  {
    name: "Try",
    description: "This try of the current task, from 1",
    phases: WORK,
    kind: "number",
    example: 2
  },
  {
    name: "MaxTries",
    description: "The most tries a task gets (loop --max-tries)",
    phases: WORK,
    kind: "number",
    example: 2
  },
  {
    name: "Mistakes",
    description: "The plan's mistakes.json, formatted (empty when there are none)",
    phases: ["develop"],
    kind: "text",
    example: "- Attempted: Inline validation in the HTTP handler\n  Problem: \u2026\n  Lesson: \u2026"
  },
  {
    name: "LatestReview",
    description: "The previous try\u2019s review, in full (empty on the first try)",
    phases: ["develop"],
    kind: "text",
    example: "Result: FAIL\n\nPlan: \u2026"
  },
  {
    name: "GateOutput",
    description: "The tail of build.sh/verify.sh output when the previous try failed the gate (else empty)",
    phases: ["develop"],
    kind: "text",
    example: "$ ./verify.sh\nFAIL src/csv.test.ts \u2026\nexit code 1"
  },
  {
    name: "HumanReply",
    description: "What a human answered after the task was escalated to them (else empty)",
    phases: ["develop"],
    kind: "text",
    example: "Use the date-fns formatter, not a hand-written one."
  },
  {
    name: "TechDebtFile",
    description: "Path of techdebt.md (by path only: read it when relevant)",
    phases: ALL,
    kind: "text",
    example: ".harness/techdebt.md"
  },
  {
    name: "LogFile",
    description: "Path of log.md, the developer\u2019s diary (by path only)",
    phases: WORK,
    kind: "text",
    example: ".harness/log.md"
  },
  {
    name: "ReviewsDir",
    description: "The plan's reviews directory",
    phases: WORK,
    kind: "text",
    example: ".harness/plans/fix-csv-naming-20260326T1321/reviews"
  },
  {
    name: "ReviewFile",
    description: "Where the architect writes this try\u2019s review (<task-id>-<try>-review.md)",
    phases: ["review"],
    kind: "text",
    example: ".harness/plans/fix-csv-naming-20260326T1321/reviews/1_update_csv_filename-2-review.md"
  },
  {
    name: "MistakesFile",
    description: "Where the architect writes this try\u2019s mistakes (<task-id>-<try>-mistakes.json)",
    phases: ["review"],
    kind: "text",
    example: ".harness/plans/fix-csv-naming-20260326T1321/reviews/1_update_csv_filename-2-mistakes.json"
  }
];
const BY_NAME = new Map(TEMPLATE_VARIABLES.map((v) => [v.name, v]));
const variableNamed = (name) => BY_NAME.get(name);
const variablesOf = (phase) => TEMPLATE_VARIABLES.filter((v) => v.phases.includes(phase));

export { reviewGateNotice as A, idleTries as B, withTask as C, addPhaseSpend as D, answerEscalation as E, allowedChangeLine as F, GATE_SCRIPTS as G, gateChanges as H, mergeGateChanges as I, refusalText as J, promptTemplateFile as K, personaFile as L, getDefaultExportFromCjs as M, commonjsGlobal as N, getAugmentedNamespace as O, TEMPLATE_VARIABLES as T, plansDir as a, planfileSchema as b, planDir as c, planProgressSchema as d, emptyProgress as e, variableNamed as f, techdebtPath as g, harnessDir as h, reviewMistakesPath as i, reviewPath as j, reviewsDir as k, logPath as l, mistakesFileSchema as m, mistakesPath as n, describeGateChanges as o, planfilePath as p, planSpend as q, reviewMistakesFileSchema as r, taskOf as s, taskSpend as t, resumePoint as u, variablesOf as v, waitingTasks as w, formatHumanReplies as x, withTry as y, tryOf as z };
