import { S as StopController, a as repoPrefix, r as runHarness } from './run-harness-B87iUZYY.js';
import { u as untrustedReason, a as savePostState, I as InputError, c as withActionWaitLimit, w as withActionIsolation, d as startRunPorts } from './index-BIHlWNGi.js';
import { spawn } from 'node:child_process';
import { f as fetchBranch, e as sessionsFrom, r as readEvents, t as totalsOf, b as setOutput, i as info, n as notice, g as describeStop, c as setFailed, p as planOfIssue, h as rememberIssuePlan, j as summary, k as pushHead, l as captureRemote, m as createOctokit, o as issuePlansPath } from './make-BMWZx3w_.js';
import { r as readInputText } from './input-file-Cbt1w_j3.js';
import { E as EXIT } from './exit-codes-BkuRLrXJ.js';
import { mkdir, writeFile, mkdtemp, cp, rm, readFile } from 'node:fs/promises';
import { isAbsolute, join, dirname } from 'node:path';
import { l as loadConfig } from './load-Bmhg6nfv.js';
import { existsSync } from 'node:fs';
import { p as planfilePath, a as plansDir } from './tmplvars-BMvHh65V.js';
import { e as escapeCell, o as oneLine, f as progressMarkdown, r as runPlanning, c as readProgress, p as progressPath, a as runReviewCycle } from './review-cycle-BKvrMxF0.js';
import './index-CES9_pm7.js';
import 'node:crypto';
import 'node:os';
import './worker-agent-CEPc612X.js';
import 'node:readline';
import './harness-files-B0x0nX25.js';
import 'node:buffer';
import 'node:stream';
import 'node:stream/promises';
import 'node:zlib';
import { r as resolvePaths } from './paths-CsbkJmHS.js';
import 'node:worker_threads';
import { systemClock } from './system-clock-uwg5zo-s.js';
import { g as git, r as runGit, h as harnessIdentityArgs } from './spend-D-HHXpeX.js';
import { b as resumeNumbering } from './keep-work-B_dXZy8G.js';
import './store-jcKbTIeG.js';
import './store-B8ORO4c2.js';
import 'node:perf_hooks';
import './process-group-v69azfoj.js';
import './reconcile-DxxRVzih.js';
import './error-line-D30764DK.js';
import './chunk-reader-0BRVJma9.js';
import './tail-CzdcGSBg.js';
import './holder-DYQPLy_j.js';
import './shell-xIIC2Ow-.js';
import './late-signals-DLG8WlDk.js';
import './event-log-BGV3jqas.js';
import 'node:util';
import './reaper-ON8grmD8.js';
import './instance-lock-BqpK38Bs.js';
import './lock-YHFNiW80.js';
import './exit-for-error-p-r9cYNM.js';
import 'node:string_decoder';
import 'node:url';
import './task-driver-WpeUzbPL.js';
import 'os';
import 'fs';
import 'path';
import 'crypto';
import 'stream';
import 'buffer';
import 'events';
import 'fs/promises';
import 'constants';
import 'util';
import 'assert';
import 'node:events';
import 'zlib';
import 'http';
import 'https';
import './console-logger-CaTkBmJG.js';
import './status-display-BZ6W6Z0M.js';
import './merge-DwjizXMV.js';
import 'net';
import 'tls';
import 'node:assert';
import 'node:net';
import 'node:http';
import 'node:querystring';
import 'node:diagnostics_channel';
import 'node:tls';
import 'node:util/types';
import 'node:async_hooks';
import 'node:console';
import 'node:dns';
import 'string_decoder';
import 'child_process';
import 'timers';
import 'url';
import 'node:process';
import 'node:https';
import 'tty';
import 'process';
import './errors-CNcu4SPE.js';
import './version-R6LujQcV.js';
import './text-table-Kb3cLKic.js';
import './phase-rxdaBFWl.js';

const planBranch = (planId) => `agent-harness/${planId}`;
async function branchNow(cwd) {
  const result = await runGit(cwd, ["symbolic-ref", "-q", "--short", "HEAD"]);
  return result.code === 0 ? result.stdout.trim() || null : null;
}
async function switchToBranch(cwd, branch, keep, remote, scratch, log) {
  if ((await runGit(cwd, ["check-ref-format", `refs/heads/${branch}`])).code !== 0 || branch.startsWith("-"))
    throw new Error(`not a valid branch name: ${JSON.stringify(branch)}`);
  const fetched = remote !== null && await fetchBranch(cwd, remote, branch, scratch);
  if (!fetched) {
    log(`No branch ${branch} on origin yet: starting it here.`);
    await git(cwd, ["checkout", "-q", "-B", branch]);
    return "started";
  }
  const aside = await mkdtemp(join(scratch, "keep-"));
  try {
    const kept = keep.filter((path) => existsSync(path));
    for (const [i, path] of kept.entries()) await cp(path, join(aside, String(i)), { recursive: true });
    await git(cwd, ["checkout", "-q", "-f", "-B", branch, `refs/remotes/origin/${branch}`]);
    for (const [i, path] of kept.entries())
      await cp(join(aside, String(i)), path, { recursive: true, force: true });
  } finally {
    await rm(aside, { recursive: true, force: true });
  }
  log(`Continuing branch ${branch} from origin.`);
  return "continued";
}
async function commitLeftovers(cwd, message) {
  const status = await git(cwd, ["status", "--porcelain"]);
  if (status.trim() === "") return false;
  await git(cwd, ["add", "-A"]);
  const staged = await runGit(cwd, ["diff", "--cached", "--quiet"]);
  if (staged.code === 0) return false;
  await git(cwd, [...await harnessIdentityArgs(cwd), "commit", "-q", "-m", message]);
  return true;
}
async function excludeFromGit(cwd, pattern) {
  const where = (await git(cwd, ["rev-parse", "--git-path", "info/exclude"])).trim();
  const path = isAbsolute(where) ? where : join(cwd, where);
  const current = await readInputText(path, { what: "git exclude file" }).catch(
    (error) => {
      if (error.code === "ENOENT") return "";
      throw error;
    }
  );
  if (current.split("\n").includes(pattern)) return;
  await mkdir(dirname(path), { recursive: true });
  await writeFile(path, `${current}${current === "" || current.endsWith("\n") ? "" : "\n"}${pattern}
`);
}

function fenced(text, info = "text") {
  const longest = Math.max(0, ...Array.from(text.matchAll(/`+/g), (m) => m[0].length));
  const fence = "`".repeat(Math.max(3, longest + 1));
  const body = text.endsWith("\n") ? text : `${text}
`;
  return `${fence}${info}
${body}${fence}`;
}
function head(text, max) {
  const chars = Array.from(text);
  if (chars.length <= max) return text;
  return `${chars.slice(0, max).join("")}
\u2026 (${chars.length - max} more characters not shown)`;
}
function tail(text, max) {
  const chars = Array.from(text);
  if (chars.length <= max) return text;
  return `\u2026 (${chars.length - max} earlier characters not shown)
${chars.slice(-max).join("")}`;
}

const MARKER = "agent-harness:escalation";
const escalationMarker = (ref) => `<!-- ${MARKER} plan=${encodeURIComponent(ref.planId)} task=${encodeURIComponent(ref.taskId)} try=${ref.try} -->`;
const MARKER_LINE = new RegExp(`^<!-- ${MARKER} plan=(\\S+) task=(\\S+) try=(\\d+) -->(?:\\r?\\n|$)`);
function parseEscalationMarker(body) {
  const m = MARKER_LINE.exec(body);
  if (!m) return null;
  try {
    return { planId: decodeURIComponent(m[1]), taskId: decodeURIComponent(m[2]), try: Number(m[3]) };
  } catch {
    return null;
  }
}
const MAX_REVIEW_CHARS = 4e4;
const MAX_GATE_CHARS = 16e3;
function escalationComment(input) {
  const parts = [
    escalationMarker(input),
    `### agent-harness needs a human: task ${escapeCell(input.taskId)}`,
    "",
    `Task **${escapeCell(input.taskId)}** (${escapeCell(input.taskTitle)}) of plan ${escapeCell(input.planId)} used all its tries (the last was try ${input.try}) without passing its review. [This run](${input.runUrl}).`,
    "",
    `**Why:** ${escapeCell(input.why, 1e3)}`
  ];
  if (input.review !== null) {
    const file = input.reviewFile ? ` (${escapeCell(input.reviewFile)})` : "";
    parts.push(
      "",
      `**The last review**${file}:`,
      "",
      fenced(head(input.review, MAX_REVIEW_CHARS), "markdown")
    );
  }
  if (input.gateOutput.trim() !== "") {
    parts.push(
      "",
      "**The gate\u2019s output** (the end of build.sh / verify.sh):",
      "",
      fenced(tail(input.gateOutput, MAX_GATE_CHARS))
    );
  }
  parts.push(
    "",
    `**To resume**, an owner, member or collaborator either replies here (the first such comment is given to the developer with the task's next try) or removes the \`${escapeCell(input.label)}\` label (the task tries again as it is); then run the workflow again.`
  );
  return parts.join("\n");
}
function planFailureComment(input) {
  return [
    "### agent-harness could not make a plan from this issue",
    "",
    `Planning ended with exit code ${input.exitCode}; [this run](${input.runUrl}) has the sessions. Why:`,
    "",
    fenced(head(input.why, MAX_REVIEW_CHARS)),
    "",
    "Make the issue clearer (or the planner persona in `.harness/personas/planner.md`), then add the trigger label again to plan afresh."
  ].join("\n");
}

const status = (error) => error.status;
class ReviewForge {
  constructor(octokit, owner, repo) {
    this.octokit = octokit;
    this.owner = owner;
    this.repo = repo;
  }
  octokit;
  owner;
  repo;
  get where() {
    return { owner: this.owner, repo: this.repo };
  }
  /** The open pull request from `branch` (of this repository), if there is one. */
  async openPull(branch) {
    const { data } = await this.octokit.rest.pulls.list({
      ...this.where,
      state: "open",
      head: `${this.owner}:${branch}`,
      per_page: 100
    });
    const pull = data.find((p) => p.head.ref === branch);
    return pull ? pullFacts(pull) : null;
  }
  async createPull(input) {
    const { data } = await this.octokit.rest.pulls.create({
      ...this.where,
      head: input.branch,
      base: input.base,
      title: input.title,
      body: input.body
    });
    return pullFacts(data);
  }
  async updatePull(number, input) {
    const { data } = await this.octokit.rest.pulls.update({
      ...this.where,
      pull_number: number,
      title: input.title,
      body: input.body
    });
    return pullFacts(data);
  }
  /** Every comment on the issue, oldest first. */
  async comments(issue) {
    const data = await this.octokit.paginate(this.octokit.rest.issues.listComments, {
      ...this.where,
      issue_number: issue,
      per_page: 100
    });
    return data.map((c) => ({
      id: Number(c.id),
      author: String(c.user?.login ?? ""),
      authorType: String(c.user?.type ?? ""),
      association: String(c.author_association ?? "NONE"),
      body: String(c.body ?? ""),
      createdAt: String(c.created_at),
      htmlUrl: String(c.html_url ?? "")
    }));
  }
  /** The issue's `labeled` and `unlabeled` events, oldest first. */
  async labelChanges(issue) {
    const data = await this.octokit.paginate(this.octokit.rest.issues.listEvents, {
      ...this.where,
      issue_number: issue,
      per_page: 100
    });
    return data.flatMap((e) => {
      const label = e.label?.name;
      if (e.event !== "labeled" && e.event !== "unlabeled" || typeof label !== "string") return [];
      return [
        { event: e.event, label, actor: String(e.actor?.login ?? ""), createdAt: String(e.created_at) }
      ];
    });
  }
  /** Posts a comment; returns its id and address. */
  async comment(issue, body) {
    const { data } = await this.octokit.rest.issues.createComment({
      ...this.where,
      issue_number: issue,
      body
    });
    return { id: Number(data.id), htmlUrl: String(data.html_url ?? "") };
  }
  /** Removes the label from the issue when it is there (asking first: the client logs every 404 as a warning). */
  async removeLabelIfPresent(issue, name) {
    const { data } = await this.octokit.rest.issues.listLabelsOnIssue({
      ...this.where,
      issue_number: issue,
      per_page: 100
    });
    const found = data.find((l) => String(l.name).toLowerCase() === name.toLowerCase());
    if (!found) return false;
    await this.octokit.rest.issues.removeLabel({
      ...this.where,
      issue_number: issue,
      name: String(found.name)
    });
    return true;
  }
  /**
   * Creates the repository label when it does not exist yet (with a colour and a description saying what it
   * means), then adds it to the issue. Adding alone would create it too, but grey and unexplained. The labels
   * are listed rather than the one asked for, since the client logs every 404 as a warning.
   */
  async addLabel(issue, name, description) {
    const labels = await this.octokit.paginate(this.octokit.rest.issues.listLabelsForRepo, {
      ...this.where,
      per_page: 100
    });
    if (!labels.some((l) => String(l.name).toLowerCase() === name.toLowerCase())) {
      try {
        await this.octokit.rest.issues.createLabel({ ...this.where, name, color: "d93f0b", description });
      } catch (created) {
        if (status(created) !== 422) throw created;
      }
    }
    await this.octokit.rest.issues.addLabels({ ...this.where, issue_number: issue, labels: [name] });
  }
}
function pullFacts(p) {
  return {
    number: p.number,
    htmlUrl: String(p.html_url),
    title: String(p.title),
    body: String(p.body ?? ""),
    head: String(p.head.ref),
    base: String(p.base.ref)
  };
}

const PULL_MARKER = "<!-- agent-harness:plan -->";
const MAX_TITLE_CHARS = 200;
const MAX_CONTEXT_CHARS = 2e4;
const pullTitle = (plan) => `agent-harness: ${oneLine(plan.title, MAX_TITLE_CHARS)}`;
function pullBody(input) {
  const { plan, progress } = input;
  const parts = [
    PULL_MARKER,
    `## ${escapeCell(plan.title)}`,
    "",
    `Plan \`${oneLine(plan.id).replace(/`/g, "")}\`` + (input.issue !== null ? `, made from #${input.issue}` : "") + `; last updated by [this run](${input.runUrl}).`,
    "",
    "### Context",
    "",
    fenced(head(plan.context, MAX_CONTEXT_CHARS)),
    "",
    "### Progress",
    "",
    progressMarkdown(plan, progress, input.maxTries === void 0 ? {} : { maxTries: input.maxTries })
  ];
  const reviews = reviewLinks(input);
  if (reviews.length > 0) parts.push("", "### Reviews", "", ...reviews);
  return parts.join("\n");
}
function reviewLinks(input) {
  return input.plan.tasks.flatMap(
    (task) => (input.progress.tasks[task.id]?.tries ?? []).flatMap((t) => {
      if (!t.review_file) return [];
      const url = input.fileUrl(t.review_file);
      const name = escapeCell(t.review_file);
      const link = url ? `[${name}](${url})` : name;
      return [`- ${escapeCell(task.id)}, try ${t.n}: ${t.verdict ?? "\u2014"} (${link})`];
    })
  );
}
function blobUrl(repoUrl, branch, dir, path) {
  const segments = [...branch.split("/"), ...dir.split("/"), ...path.split("/")].filter(
    (s) => s !== "" && s !== "."
  );
  return `${repoUrl}/blob/${segments.map(encodeURIComponent).join("/")}`;
}

const isApp = (comment) => comment.authorType === "Bot";
const isAppLogin = (login) => login.endsWith("[bot]");
const isMarkerFor = (comment, planId, taskId) => {
  const ref = parseEscalationMarker(comment.body);
  return ref !== null && ref.planId === planId && ref.taskId === taskId;
};
const sameLabel = (label) => (c) => c.label.toLowerCase() === label.toLowerCase();
const ignoredComment = (kind, c) => ({
  kind,
  by: c.author,
  association: c.association,
  at: c.createdAt,
  why: isApp(c) ? "app" : "untrusted"
});
function loginsToJudge(input) {
  const byId = [...input.comments].sort((a, b) => a.id - b.id);
  const first = byId.findIndex((c) => isMarkerFor(c, input.planId, input.taskId));
  if (first < 0) return [];
  const since = Date.parse(byId[first].createdAt);
  const authors = byId.slice(first).filter((c) => !isApp(c)).map((c) => c.author);
  const removers = input.labelChanges.filter((c) => sameLabel(input.label)(c) && c.event === "unlabeled" && Date.parse(c.createdAt) >= since).map((c) => c.actor);
  const logins = new Map([...authors, ...removers].map((login) => [login.toLowerCase(), login]));
  return [...logins.values()].filter((login) => login !== "" && !isAppLogin(login));
}
function findHumanReply(input) {
  const { planId, taskId, label } = input;
  const trusted = new Set([...input.trusted].map((login) => login.toLowerCase()));
  const isTrusted = (login) => !isAppLogin(login) && trusted.has(login.toLowerCase());
  const byId = [...input.comments].sort((a, b) => a.id - b.id);
  const markers = byId.filter((c) => isMarkerFor(c, planId, taskId));
  const escalation = markers.findLast((c) => isApp(c) || isTrusted(c.author));
  if (!escalation)
    return { reply: null, escalationId: null, ignored: markers.map((c) => ignoredComment("marker", c)) };
  const ignored = [];
  for (const comment of byId.filter((c) => c.id > escalation.id)) {
    if (isMarkerFor(comment, planId, taskId)) {
      ignored.push(ignoredComment("marker", comment));
      continue;
    }
    if (parseEscalationMarker(comment.body) !== null) continue;
    if (!isApp(comment) && isTrusted(comment.author)) {
      return {
        reply: { taskId, at: comment.createdAt, by: comment.author, text: comment.body },
        escalationId: escalation.id,
        ignored
      };
    }
    ignored.push(ignoredComment("comment", comment));
  }
  for (const removal of labelRemovalsAfter(input.labelChanges, label, escalation.createdAt)) {
    if (!isTrusted(removal.actor)) {
      const why = isAppLogin(removal.actor) ? "app" : "untrusted";
      ignored.push({ kind: "label removal", by: removal.actor, association: "", at: removal.createdAt, why });
      continue;
    }
    return {
      reply: {
        taskId,
        at: removal.createdAt,
        by: removal.actor,
        text: `(the ${label} label was removed by @${removal.actor}, without a comment: try again)`
      },
      escalationId: escalation.id,
      ignored
    };
  }
  return { reply: null, escalationId: escalation.id, ignored };
}
function labelRemovalsAfter(changes, label, since) {
  const later = changes.filter((c) => sameLabel(label)(c) && Date.parse(c.createdAt) >= Date.parse(since));
  const added = later.findIndex((c) => c.event === "labeled");
  const after = added < 0 ? later : later.slice(added + 1);
  return after.filter((c) => c.event === "unlabeled");
}

async function openOrUpdatePull(forge, input) {
  const open = await forge.openPull(input.branch);
  if (open) {
    if (open.title === input.title && open.body === input.body) return { pull: open, created: false };
    return { pull: await forge.updatePull(open.number, input), created: false };
  }
  return { pull: await forge.createPull(input), created: true };
}
async function postEscalation(forge, issue, input) {
  const { htmlUrl } = await forge.comment(issue, escalationComment(input));
  await forge.addLabel(
    issue,
    input.label,
    "agent-harness: a task used all its tries; reply on the issue or remove this label to resume"
  );
  return htmlUrl;
}
async function humanReplies(forge, issue, progress, label, trust, log) {
  const waiting = Object.entries(progress.tasks).filter(([, task]) => task.escalated !== null);
  if (waiting.length === 0) return [];
  const [comments, labelChanges] = await Promise.all([forge.comments(issue), forge.labelChanges(issue)]);
  const searches = waiting.map(([taskId, task]) => ({
    taskId,
    task,
    input: { planId: progress.plan_id, taskId, comments, labelChanges, label }
  }));
  const logins = [...new Set(searches.flatMap((s) => loginsToJudge(s.input)))];
  const verdicts = await Promise.all(
    logins.map(async (login) => [login, await trust.trusts(login)])
  );
  const trusted = new Set(verdicts.filter(([, yes]) => yes).map(([login]) => login));
  return searches.flatMap(({ taskId, task, input }) => {
    const found = findHumanReply({ ...input, trusted });
    for (const skip of found.ignored)
      log(
        `Issue #${issue}: ${describeIgnored(skip)} is not an answer for task ${taskId}: ${reasonOf(skip)}.`
      );
    if (found.escalationId === null)
      log(`Issue #${issue}: no escalation comment for task ${taskId} of plan ${progress.plan_id} was found.`);
    const reply = found.reply;
    if (!reply) return [];
    const seen = task.human_replies.some((r) => r.at === reply.at && r.by === reply.by);
    return seen ? [] : [reply];
  });
}
function describeIgnored(skip) {
  if (skip.kind === "label removal") return `the removal of the label by @${skip.by} (${skip.at})`;
  const what = skip.kind === "marker" ? "the escalation marker in the comment" : "the comment";
  return `${what} by @${skip.by} (${skip.association}, ${skip.at})`;
}
function reasonOf(skip) {
  if (skip.why === "app") return "it was written by an app, not a person";
  const why = untrustedReason(skip.by);
  return skip.kind === "marker" ? `${why}, and only the Action writes escalations` : why;
}

async function finishReview(input) {
  const { setup, config, paths, post, firstGlobal, issue, ended, queue } = input;
  const sessions = sessionsFrom(paths.eventLog ? await readEvents(paths.eventLog) : [], firstGlobal);
  const totals = totalsOf(sessions);
  const { next: global } = await resumeNumbering(paths, config.session.output_prefix);
  post.end = {
    stopReason: ended.reason,
    exitCode: ended.exitCode,
    productive: totals.productive,
    iteration: totals.sessions,
    global
  };
  savePostState(post);
  setOutput("stop-reason", ended.reason);
  setOutput("iterations", totals.productive);
  setOutput("global-iteration", global);
  setOutput("committed", totals.committed);
  setOutput("rate-limited", totals.rateLimited);
  setOutput("cost-usd", totals.costUsd.toFixed(4));
  setOutput("tokens", totals.tokens);
  if (ended.reason === "cancelled") return;
  await queue.drain(12e4);
  if (ended.message) info(setup.redact(ended.message));
  if (ended.exitCode === EXIT.needsHuman) {
    notice(`agent-harness: ${describeStop(ended.reason)}: see the comment on issue #${issue}`);
    return;
  }
  if (ended.exitCode !== EXIT.ok) {
    const why = ended.message ?? describeStop(ended.reason);
    setFailed(`agent-harness: ${setup.redact(why)} (exit code ${ended.exitCode})`);
  }
}

async function planFor(setup, trigger, issue, ports) {
  const { cwd } = setup;
  const known = await planOfIssue(cwd, issue);
  if (known !== null && existsSync(planfilePath(cwd, known))) {
    info(`Issue #${issue} has plan ${known}: resuming it.`);
    return { kind: "plan", planId: known };
  }
  if (known !== null)
    setup.warn(`Issue #${issue}'s plan ${known} is gone from the cached state: planning again.`);
  if (trigger.issue === null || trigger.promptFile === null)
    throw new InputError(
      `mode: review: issue #${issue} has no plan yet, and only the trigger label can make one (set trigger-label and add it to the issue)`
    );
  const description = `GitHub issue #${issue}

${await readFile(trigger.promptFile, "utf8")}`;
  const planning = await runPlanning({ ...ports, description, headless: true });
  if (planning.exitCode === EXIT.ok && planning.plan === null) {
    return { kind: "stopped", reason: ports.stop.reason ?? "stopped", exitCode: EXIT.ok };
  }
  if (planning.exitCode !== EXIT.ok || planning.plan === null) {
    const message = `planning issue #${issue} failed: ${planning.message ?? planning.problems.join("\n")}`;
    if (planning.exitCode === EXIT.planInvalid)
      return { kind: "failed", reason: "plan_invalid", exitCode: planning.exitCode, message };
    return { kind: "failed", reason: "failed", exitCode: planning.exitCode, message };
  }
  await rememberIssuePlan(cwd, issue, planning.planId);
  return { kind: "plan", planId: planning.planId };
}

async function publishReview(input) {
  const { setup, config, forge, issue, cycle, branch, base, label, remote } = input;
  const { cwd, gh, warn } = setup;
  const { plan, progress } = cycle;
  const options = { maxTries: config.review.max_tries };
  if (setup.inputs.summary) {
    await summary.addRaw(
      setup.redact(
        `### Plan ${escapeCell(plan.id)}: ${escapeCell(plan.title)}

${progressMarkdown(plan, progress, options)}

${describeStop(cycle.reason)} (exit code ${cycle.exitCode})
`
      )
    ).write().catch((error) => warn(`writing the job summary failed: ${error.message}`));
  }
  let pushed = false;
  try {
    await commitLeftovers(cwd, `agent-harness: plan ${plan.id}`);
    if (remote === null) throw new Error("the work tree has no remote named origin");
    await pushHead(cwd, remote, branch, setup.workDir);
    pushed = true;
  } catch (error) {
    warn(`pushing ${branch} failed: ${error.message}`);
  }
  if (!forge) return;
  if (pushed) {
    const repoUrl = `${gh.serverUrl}/${gh.owner}/${gh.repo}`;
    const dir = setup.inputs.workingDirectory;
    try {
      const { pull, created } = await openOrUpdatePull(forge, {
        branch,
        base,
        title: pullTitle(plan),
        body: setup.redact(
          pullBody({
            plan,
            progress,
            ...options,
            issue,
            runUrl: gh.runUrl,
            fileUrl: (path) => blobUrl(repoUrl, branch, dir, path)
          })
        )
      });
      setOutput("pull-request", pull.htmlUrl);
      info(`${created ? "Opened" : "Updated"} pull request #${pull.number}: ${pull.htmlUrl}`);
    } catch (error) {
      warn(`opening the pull request for ${branch} failed: ${error.message}`);
    }
  }
  if (cycle.escalated.length === 0) return;
  const comments = await forge.comments(issue).catch(() => []);
  for (const escalated of cycle.escalated) {
    const task = progress.tasks[escalated.taskId];
    const ref = { planId: plan.id, taskId: escalated.taskId, try: task?.tries.at(-1)?.n ?? 0 };
    const marker = escalationMarker(ref);
    if (comments.some((c) => c.body.startsWith(marker))) {
      info(`Task ${escalated.taskId} still waits for an answer on issue #${issue}.`);
      continue;
    }
    try {
      const url = await postEscalation(forge, issue, {
        ...ref,
        taskTitle: plan.tasks.find((t) => t.id === escalated.taskId)?.title ?? escalated.taskId,
        why: escalated.why,
        review: escalated.review === null ? null : setup.redact(escalated.review),
        reviewFile: escalated.reviewFile,
        gateOutput: setup.redact(escalated.gateOutput),
        label,
        runUrl: gh.runUrl
      });
      info(`Task ${escalated.taskId} needs a human: ${url}`);
    } catch (error) {
      warn(`escalating task ${escalated.taskId} on issue #${issue} failed: ${error.message}`);
    }
  }
}

async function runReviewMain(setup, trigger, env) {
  const { inputs, cwd, gh, warn } = setup;
  const issue = trigger.issue ?? setup.issue;
  if (issue === null)
    throw new InputError(
      "mode: review works on an issue: set trigger-label (the labelled issue becomes the plan) or issue-number"
    );
  const loaded = await loadConfig({
    cwd,
    ...inputs.configPath ? { configPath: inputs.configPath } : {},
    overrides: {}
  });
  const config = withActionWaitLimit(withActionIsolation(loaded.config, inputs));
  const paths = resolvePaths(config, cwd);
  const stop = new StopController();
  const remote = await captureRemote(cwd, gh.serverUrl, inputs.token, process.env);
  const { restored, post, sink, logger, stopSources, uninstall } = await startRunPorts(
    setup,
    config,
    paths,
    stop,
    env
  );
  const ports = {
    config,
    cwd,
    env: process.env,
    clock: systemClock,
    spawn,
    stop,
    logger,
    events: sink.events,
    stopSources,
    runHarness
  };
  const forge = inputs.token ? new ReviewForge(createOctokit({ token: inputs.token, baseUrl: gh.apiUrl, warn }), gh.owner, gh.repo) : null;
  let ended;
  try {
    await repoPrefix(cwd).then((prefix) => excludeFromGit(cwd, `/${prefix}.harness/issue-plans.json`)).catch((error) => warn(`could not keep .harness/issue-plans.json out of git: ${error.message}`));
    const planned = await planFor(setup, trigger, issue, ports);
    if (planned.kind !== "plan") {
      ended = planned;
      if (planned.kind === "failed" && forge && stop.forcedBy !== "cancelled")
        await forge.comment(
          issue,
          planFailureComment({
            issue,
            why: setup.redact(planned.message ?? planned.reason),
            exitCode: planned.exitCode,
            runUrl: gh.runUrl
          })
        ).catch((error) => warn(`commenting on issue #${issue} failed: ${error.message}`));
    } else {
      const planId = planned.planId;
      setOutput("plan-id", planId);
      const base = await branchNow(cwd) ?? gh.refName;
      const branch = planBranch(planId);
      await switchToBranch(
        cwd,
        branch,
        [plansDir(cwd), issuePlansPath(cwd)],
        remote,
        setup.workDir,
        (m) => info(m)
      );
      const progress = await readProgress(progressPath(cwd, planId), planId);
      const label = config.review.needs_human_label;
      const log = (m) => info(setup.redact(m));
      const replies = forge && setup.trust ? await humanReplies(forge, issue, progress, label, setup.trust, log).catch((error) => {
        warn(`reading the answers on issue #${issue} failed: ${error.message}`);
        return [];
      }) : [];
      if (forge && replies.length > 0)
        await forge.removeLabelIfPresent(issue, label).catch((error) => warn(`removing the ${label} label failed: ${error.message}`));
      const cycle = await runReviewCycle({
        ...ports,
        planId,
        maxTries: config.review.max_tries,
        replies,
        configFile: loaded.file
      });
      ended = {
        reason: cycle.reason,
        exitCode: cycle.exitCode,
        ...cycle.message !== void 0 ? { message: cycle.message } : {}
      };
      if (stop.forcedBy !== "cancelled")
        await publishReview({ setup, config, forge, issue, cycle, branch, base, label, remote });
    }
  } finally {
    uninstall();
  }
  await finishReview({
    setup,
    config,
    paths,
    post,
    firstGlobal: restored.firstGlobal,
    issue,
    ended,
    queue: sink.queue
  });
}

export { runReviewMain };
