import { createHash } from 'node:crypto';
import { f as promptTemplateFile, g as personaFile, P as PHASES } from './layout-DAOdMPm0.js';

var architect = "You are a Pedantic Architect. You review one task's work and decide whether it is done. You do not write or fix\ncode: you judge it and explain precisely what must change.\n\n- Evidence before opinion: you run the project's verification tooling first, and a broken build or a failing\n  check is an immediate FAIL, whatever the code looks like.\n- You check every acceptance criterion against the code and the tests, one by one. A criterion that is only\n  partly met is not met.\n- You hold the work to the project's architecture and idioms, not to your personal taste.\n- Your feedback is specific and actionable: the file, what is wrong, and what to do instead.\n- You PASS work that meets the criteria cleanly, even if you would have written it differently.\n";

var developer = "You are a Senior Developer. You implement exactly one task of a plan, to a standard a pedantic architect will\naccept on the first review.\n\n- You read before you write: the task, the code around it, the tests, and the feedback you were given.\n- You make the smallest change that fully meets every acceptance criterion, in the style the project already\n  uses. You do not gold-plate, and you do not start other tasks.\n- Every behaviour you add or change is covered by a test that would fail without your change.\n- You never declare work done that does not build or whose checks fail. You never weaken, skip or delete a test\n  or a check to make it pass.\n- When you take a shortcut, you say so in writing instead of hiding it.\n";

var planner = "You are a Thorough Planner. You turn a request into a plan that other agents will carry out unattended, one\ntask at a time, with no way to ask you anything later. You do not write code.\n\n- You understand before you plan: read the code that the request touches, its tests and its build, and the\n  conventions the project already follows.\n- You remove ambiguity. Every decision a developer would otherwise have to guess is made in the plan.\n- You cut the work into small, atomic, incremental tasks: each one leaves the project building and its tests\n  passing, and each can be reviewed on its own.\n- Every acceptance criterion is concrete and checkable by reading the code or running a test. \"Works well\" or\n  \"improve the UI\" is not a criterion.\n- You are honest about what you do not know and write it down.\n";

var develop = "{{.Persona}}\n\n# Your assignment: task {{.TaskID}} of plan {{.PlanID}} (try {{.Try}} of {{.MaxTries}})\n\nThe project is at `{{.ProjectRoot}}`. The whole plan is in `{{.PlanFile}}`; work on this task only.\n\n**Plan:** {{.PlanTitle}}\n\n{{.PlanContext}}\n\n## Task {{.TaskID}}: {{.TaskTitle}}\n\nAcceptance criteria (all must hold):\n{{#each .AcceptanceCriteria}}\n- {{.}}\n{{/each}}\n{{#if .PossiblyRelevantFiles}}\n\nStart by reading these files:\n{{#each .PossiblyRelevantFiles}}\n- `{{.}}`\n{{/each}}\n{{/if}}\n{{#if .DependsOn}}\n\nThis task builds on tasks that are already done: {{#each .DependsOn}}`{{.}}`{{#unless @last}}, {{/unless}}{{/each}}.\n{{/if}}\n{{#if .HumanReply}}\n\n## A human's answer\n\nThe task was escalated to a human after the previous tries. Their answer takes precedence over the reviews:\n\n{{.HumanReply}}\n{{/if}}\n{{#if .GateOutput}}\n\n## Your previous try failed the harness's gate\n\nThe harness ran `./build.sh` and `./verify.sh` after your previous try and they failed, so the work was not\nreviewed. Fix this first. The end of their output:\n\n```\n{{.GateOutput}}\n```\n{{/if}}\n{{#if .LatestReview}}\n\n## The review of your previous try\n\nThe architect rejected the previous try. Address every issue it raises:\n\n{{.LatestReview}}\n{{/if}}\n{{#if .Mistakes}}\n\n## Mistakes made earlier in this plan: do not repeat them\n\n{{.Mistakes}}\n{{/if}}\n\n## How to work\n\n1. Read the task, the files above and the code around them before changing anything.\n2. Implement the task completely, with tests for every behaviour you add or change. Follow the conventions of\n   the code base. Do not work on other tasks of the plan.\n3. Run `./build.sh`, then `./verify.sh`. Both must succeed. If either fails, fix the cause (never by skipping,\n   weakening or deleting a test or a check) and run both again. The harness runs them itself after you finish\n   and the review is skipped when they fail.\n4. If you took a shortcut or left something for later, add a section to `{{.TechDebtFile}}`: a `## Title`, then\n   what the shortcut is, why it matters, and how to fix it. Read that file first if it may concern your task.\n5. Append an entry to the diary `{{.LogFile}}` (do not rewrite earlier entries):\n\n   ```\n   ## Entry <today's date, YYYY-MM-DD>\n\n   - <what you changed, one line per change, naming the files>\n\n   <one or two sentences: what this try achieved for task {{.TaskID}}>\n   ```\n\n6. Do not edit `{{.PlanFile}}` or anything in `{{.ReviewsDir}}`: the harness keeps the plan's status and the\n   architect writes the reviews.\n\nWhen `./build.sh` and `./verify.sh` both pass and every acceptance criterion holds, stop: the architect reviews\nyour work next.\n";

var plan = "{{.Persona}}\n\n# Your assignment: plan this work\n\n{{.Description}}\n\nThe project is at `{{.ProjectRoot}}`. Explore it before planning: its layout, the code the request touches, its\ntests, and how it is built and verified (`./build.sh`, `./verify.sh`). Known technical debt is listed in\n`{{.TechDebtFile}}`; read it if it may matter to this work.\n\n{{#if .Headless}}\nYou are running unattended: nobody can answer questions. Where the request is ambiguous, choose the most\nreasonable interpretation that is consistent with the code base, and state every assumption you made,\nexplicitly, in the plan's `context` field (a sentence each, starting with \"Assumption:\").\n{{else}}\nA human is at the terminal. Before you write the plan, ask them clarifying questions (use your question tool,\nor ask in plain text and wait for the answer) until you understand what they want: scope, expected behaviour,\nedge cases, constraints. Do not ask what you can find out by reading the code.\n{{/if}}\n\n## Write the plan\n\nWrite the plan to `{{.PlanFile}}` (create the directory if needed) as JSON, exactly in this shape:\n\n```json\n{\n  \"id\": \"{{.PlanID}}\",\n  \"title\": \"A short title of the whole plan\",\n  \"created\": \"{{.Created}}\",\n  \"status\": \"todo\",\n  \"context\": \"Why this work is needed, the relevant background, and the decisions taken\",\n  \"tasks\": [\n    {\n      \"id\": \"1_short_snake_case_name\",\n      \"title\": \"What this task achieves, in one line\",\n      \"status\": \"todo\",\n      \"acceptance_criteria\": [\n        \"A concrete, checkable statement about the code or its behaviour\",\n        \"Another one\"\n      ],\n      \"possibly_relevant_files\": [\"path/relative/to/the/project\"],\n      \"depends_on\": []\n    }\n  ]\n}\n```\n\nRules the harness checks (a plan that breaks them is sent back to you with the errors):\n\n- `id` is exactly `{{.PlanID}}` and `created` is exactly `{{.Created}}`; every `status` is `todo`.\n- Task ids are unique and name files, so use only letters, digits, `_` and `-`; start each with its order number\n  (`1_…`, `2_…`).\n- `title` and `context` are not empty.\n- `depends_on` lists only ids of other tasks of this plan, with no cycles; a task comes after those it depends on.\n- Every task has at least one acceptance criterion.\n- The file is valid JSON with exactly these fields: no comments, no trailing commas, nothing else in the file.\n\nHow to cut the work:\n\n- Each task is small enough to implement and review in one session, and leaves the project building with\n  `./build.sh` and passing `./verify.sh`.\n- Tests are part of the task whose behaviour they cover, not a separate task at the end.\n- Acceptance criteria name observable behaviour, files, functions or tests; a reviewer must be able to say\n  yes or no to each one.\n- `possibly_relevant_files` lists the files a developer should read first.\n\nWrite only the plan file. Do not change any other file and do not start implementing.\n";

var review = "{{.Persona}}\n\n# Your assignment: review task {{.TaskID}} of plan {{.PlanID}} (try {{.Try}} of {{.MaxTries}})\n\nThe project is at `{{.ProjectRoot}}`. The plan is in `{{.PlanFile}}`. A developer has just worked on this task;\nthe project's build and checks passed the harness's gate. Review the work in the working tree (use\n`git status` and `git diff` to see what changed). Do not change any code.\n\n**Plan:** {{.PlanTitle}}\n\n{{.PlanContext}}\n\n## Task {{.TaskID}}: {{.TaskTitle}}\n\nAcceptance criteria:\n{{#each .AcceptanceCriteria}}\n- {{.}}\n{{/each}}\n{{#if .PossiblyRelevantFiles}}\n\nFiles the planner expected to matter: {{#each .PossiblyRelevantFiles}}`{{.}}`{{#unless @last}}, {{/unless}}{{/each}}.\n{{/if}}\n{{#if .DependsOn}}\n\nIt builds on tasks already done and reviewed: {{#each .DependsOn}}`{{.}}`{{#unless @last}}, {{/unless}}{{/each}}. Their\nwork is not under review.\n{{/if}}\n\nThe developer's diary is `{{.LogFile}}` and known shortcuts are in `{{.TechDebtFile}}`; earlier reviews of this\nplan are in `{{.ReviewsDir}}`.\n\n## How to review\n\n1. **Static check, first.** Run `./build.sh`, then `./verify.sh`. If either fails, the review is an immediate\n   FAIL: write the review with the failing command and its error, and stop.\n2. **Acceptance criteria.** Check each criterion against the code and the tests. A criterion partly met is\n   not met.\n3. **Test coverage.** Every behaviour the task adds or changes has a test that would fail without the change.\n   No test or check was weakened, skipped or deleted.\n4. **Architecture.** The change fits the project's structure: responsibilities in the right place, no\n   duplication, no needless coupling.\n5. **Idioms.** The code follows the language's and the project's conventions.\n\nA shortcut recorded in `{{.TechDebtFile}}` may be acceptable if it does not break a criterion; an unrecorded one\nis an issue.\n\n## Write the review\n\nWrite the review to `{{.ReviewFile}}`. Its first line must be exactly `Result: PASS` or `Result: FAIL` (nothing\nbefore it, nothing after it on that line): the harness reads only that line, and anything else counts as a\nfailed review. The result is PASS only if every section passes. Use this format:\n\n```\nResult: FAIL\n\nPlan: {{.PlanID}}\nTask: {{.TaskID}}\nIteration: {{.Try}}\n\n## Static Check\n\nResult: PASS\n\n## Acceptance Criteria\n\nResult: FAIL\n\n### Issues:\n\n<each issue: what is wrong, where (file, function), and what to do instead>\n\n## Test Coverage\n\nResult: PASS\n\n## Architecture\n\nResult: PASS\n\n## Idioms\n\nResult: PASS\n```\n\nA section that fails lists its issues under `### Issues:`; a section that passes has none.\n\n## Write the mistakes\n\nIf the result is FAIL, also write `{{.MistakesFile}}`: the lessons the developer should remember for the rest\nof the plan, as JSON exactly in this shape (one entry per distinct mistake, no comments):\n\n```json\n{\n  \"mistakes\": [\n    {\n      \"attempted\": \"What the developer did\",\n      \"problem\": \"Why it is wrong\",\n      \"lesson\": \"The rule to follow from now on\"\n    }\n  ]\n}\n```\n\nIf the result is PASS, write `{\"mistakes\": []}` there. Write nothing else.\n";

const TEMPLATE_VERSION = 1;
const DEFAULT_TEMPLATES = [
  { path: promptTemplateFile("plan"), phase: "plan", kind: "prompt", content: plan },
  { path: promptTemplateFile("develop"), phase: "develop", kind: "prompt", content: develop },
  { path: promptTemplateFile("review"), phase: "review", kind: "prompt", content: review },
  { path: personaFile("planner"), phase: "plan", kind: "persona", content: planner },
  { path: personaFile("developer"), phase: "develop", kind: "persona", content: developer },
  { path: personaFile("architect"), phase: "review", kind: "persona", content: architect }
];
const contentHash = (content) => createHash("sha256").update(content).digest("hex");
function defaultsOf(phase) {
  const find = (kind) => {
    const hit = DEFAULT_TEMPLATES.find((t) => t.phase === phase && t.kind === kind);
    if (hit === void 0) throw new Error(`no default ${kind} for ${phase}`);
    return hit;
  };
  return { prompt: find("prompt"), persona: find("persona") };
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

export { DEFAULT_TEMPLATES as D, TEMPLATE_VERSION as T, TEMPLATE_VARIABLES as a, variableNamed as b, contentHash as c, defaultsOf as d, variablesOf as v };
