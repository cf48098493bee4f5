import { q as isNameCollision, u as collisionName, v as createChunkRedactor, x as formatCost, y as formatCount, z as counted, A as escapeMarkdown, B as mermaidLabel, C as formatDuration, D as formatBytes, E as outcomeLabel, O as OUTCOME_ORDER, F as safeUrl, G as stopHeadline, H as renderChart, I as chartLegend, J as sweepKilledIsolations, K as recoverJobCredentials, L as error, M as decodePostState, N as getState, i as info, P as readGitHubContext, Q as getInput, R as collectSecrets, S as setSecret, T as createRedactor, a as stateFiles, U as actionStateStore, e as sessionsFrom, V as artifactName, W as workerTaskArtifactFiles, b as setOutput, X as isSession, Y as Forge, m as createOctokit, Z as finalCommitStatus, _ as POST_STATE_NAME, w as warning, $ as DefaultArtifactClient } from './make-BMWZx3w_.js';
export { a0 as encodePostState } from './make-BMWZx3w_.js';
import { rm, mkdir, readdir, copyFile, mkdtemp, writeFile, appendFile } from 'node:fs/promises';
import { join, basename, relative, dirname } from 'node:path';
import { tmpdir } from 'node:os';
import { existsSync, statSync, createReadStream, createWriteStream } from 'node:fs';
import './worker-agent-CEPc612X.js';
import 'node:child_process';
import { W as WIP_REF_PREFIX, r as readStatus, b as resumeNumbering } from './keep-work-B_dXZy8G.js';
import './exit-codes-BkuRLrXJ.js';
import './input-file-Cbt1w_j3.js';
import { randomBytes } from 'node:crypto';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import 'node:zlib';
import { T as TASK_FILE, P as PROGRESS_FILE, I as INIT_LOG } from './harness-files-B0x0nX25.js';
import { a as asString, b as asNumber, M as MetricsStore, r as readEventLog } from './store-jcKbTIeG.js';
import 'node:buffer';
import 'node:worker_threads';
import { StringDecoder } from 'node:string_decoder';
import { r as runGit, b as gitFailure } from './spend-D-HHXpeX.js';
import { s as sparkline$1 } from './trends-CsI7jxWr.js';
import 'node:readline';
import { l as loadTasksForRead, i as isPermanentlyFailed, f as formatStats, t as taskStats } from './store-B8ORO4c2.js';
import 'node:perf_hooks';
import 'os';
import 'fs';
import 'path';
import 'crypto';
import 'stream';
import 'buffer';
import 'events';
import 'node:util';
import 'fs/promises';
import './tmplvars-BMvHh65V.js';
import 'constants';
import 'util';
import 'assert';
import 'node:url';
import 'node:events';
import 'zlib';
import 'http';
import 'https';
import './system-clock-uwg5zo-s.js';
import './console-logger-CaTkBmJG.js';
import './event-log-BGV3jqas.js';
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
import './holder-DYQPLy_j.js';
import './tail-CzdcGSBg.js';
import './chunk-reader-0BRVJma9.js';
import './process-group-v69azfoj.js';
import './paths-CsbkJmHS.js';
import './instance-lock-BqpK38Bs.js';
import 'process';
import './errors-CNcu4SPE.js';

function redactingTransform(secrets) {
  const redactor = createChunkRedactor(secrets);
  const decoder = new StringDecoder("utf8");
  return new Transform({
    transform(chunk, _encoding, done) {
      done(null, redactor.push(decoder.write(chunk)));
    },
    flush(done) {
      done(null, redactor.push(decoder.end()) + redactor.flush());
    }
  });
}
async function uploadRunArtifact(input) {
  await rm(input.stageDir, { recursive: true, force: true });
  await mkdir(input.stageDir, { recursive: true });
  const staged = [];
  for (const file of input.files) {
    if (!existsSync(file)) continue;
    const sources = statSync(file).isDirectory() ? (await readdir(file, { recursive: true, withFileTypes: true })).filter((entry) => entry.isFile()).map((entry) => join(entry.parentPath, entry.name)) : [file];
    for (const source of sources) {
      const target = join(input.stageDir, basename(file), relative(file, source));
      await mkdir(dirname(target), { recursive: true });
      await pipeline(createReadStream(source), redactingTransform(input.secrets), createWriteStream(target));
      staged.push(target);
    }
  }
  for (const file of input.rawFiles ?? []) {
    const target = join(input.stageDir, basename(file));
    await copyFile(file, target);
    staged.push(target);
  }
  if (staged.length === 0) return { id: null, size: null, files: 0, name: input.name };
  const options = input.retentionDays !== null ? { retentionDays: input.retentionDays } : {};
  const upload = (name2) => input.client.uploadArtifact(name2, staged, input.stageDir, options);
  let name = input.name;
  try {
    let response;
    try {
      response = await upload(name);
    } catch (error) {
      if (!isNameCollision(error)) throw error;
      name = collisionName(input.name, input.random ?? (() => randomBytes(4).toString("hex")));
      response = await upload(name);
      input.error(
        `agent-harness: this run already has an artifact named ${input.name} (another job or step of the run uploaded one, and artifact names cannot be reused in a run); this job's files were uploaded as ${name} instead. Give each use of the Action in a run its own job-key input (the default, \${{ github.job }}-\${{ strategy.job-index }}, is unique per job and matrix leg, not per step).`
      );
    }
    return { id: response.id ?? null, size: response.size ?? null, files: staged.length, name };
  } catch (error) {
    input.warn(
      `uploading the artifact ${name} failed: ${error.message}; the files stay on the runner`
    );
    return { id: null, size: null, files: staged.length, name };
  }
}

const WIP_BUNDLE = "agent-harness-wip.bundle";
const MIN_SECRET_LINE = 6;
async function keptRefs(cwd) {
  const result = await runGit(cwd, ["for-each-ref", "--format=%(refname)", WIP_REF_PREFIX]);
  if (result.code !== 0) return [];
  return result.stdout.split("\n").filter((ref) => ref !== "");
}
async function isCommit(cwd, rev) {
  return (await runGit(cwd, ["cat-file", "-e", `${rev}^{commit}`])).code === 0;
}
async function commitsWithSecrets(cwd, tips, secrets) {
  const lines = [...new Set(secrets.flatMap((s) => s.split(/\r?\n/)).map((l) => l.trim()))].filter(
    (l) => l.length >= MIN_SECRET_LINE
  );
  if (lines.length === 0) return [];
  const listed = await runGit(cwd, ["rev-list", ...tips]);
  if (listed.code !== 0) throw gitFailure(cwd, ["rev-list", ...tips], listed);
  const commits = listed.stdout.split("\n").filter((c) => c !== "");
  const dir = await mkdtemp(join(tmpdir(), "agent-harness-grep-"));
  const patterns = join(dir, "patterns");
  try {
    await writeFile(patterns, `${lines.join("\n")}
`, { mode: 384 });
    const found = [];
    for (const commit of commits) {
      const args = ["grep", "-q", "-F", "-a", "-f", patterns, commit, "--"];
      const grep = await runGit(cwd, args);
      if (grep.code === 0) found.push(commit);
      else if (grep.code !== 1) throw gitFailure(cwd, args, grep);
    }
    return found;
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
async function bundleKeptWork(input) {
  const { cwd } = input;
  const refs = await keptRefs(cwd);
  if (refs.length === 0) return null;
  try {
    const exclude = input.base !== null && await isCommit(cwd, input.base) ? [`^${input.base}`] : [];
    const tips = [...refs, ...exclude];
    const leaking = await commitsWithSecrets(cwd, tips, input.secrets);
    if (leaking.length > 0) {
      input.warn(
        `the kept work (${refs.join(", ")}) was not put in the artifact: a secret of the job is in a file of ${leaking.length} of its commit(s), and a git bundle cannot be redacted; the refs stay on the runner`
      );
      return null;
    }
    await mkdir(input.dir, { recursive: true });
    const file = join(input.dir, WIP_BUNDLE);
    const args = ["bundle", "create", "-q", file, ...tips];
    const created = await runGit(cwd, args);
    if (created.code !== 0) throw gitFailure(cwd, args, created);
    return { file, refs };
  } catch (error) {
    input.warn(`bundling the kept work (${refs.join(", ")}) failed: ${error.message}`);
    return null;
  }
}

const ROW_FIELDS = [
  "iteration",
  "global",
  "output_bytes",
  "exit_code",
  "duration_secs",
  "committed",
  "retries",
  "rate_limited",
  "outcome",
  "end_reason",
  "turns",
  "tool_calls",
  "input_tokens",
  "output_tokens",
  "cost_usd",
  "commit_evidence",
  "failure_kind",
  "failure_reason",
  "ts"
];

function sessionRow(event) {
  return Object.fromEntries(ROW_FIELDS.map((field) => [field, event[field] ?? null]));
}
function lastFailureFrom(events) {
  for (let i = events.length - 1; i >= 0; i--) {
    const e = events[i];
    if (e?.event !== "session_failed") continue;
    return {
      global: asNumber(e.global),
      kind: asString(e.kind) ?? "error",
      reason: asString(e.reason) ?? "unknown",
      detail: asString(e.detail),
      fix: asString(e.fix)
    };
  }
  return null;
}

const HISTORY_TREND_SESSIONS = 30;
const SPARK_GAP = "\xB7";
const sparkline = (values) => sparkline$1(values, SPARK_GAP);
function niceTop(x) {
  if (!(x > 0)) return 1;
  const step = 10 ** (Math.floor(Math.log10(x)) - 1);
  return Number((Math.ceil(x / step - 1e-9) * step).toPrecision(2));
}
function dateOf(iso) {
  if (iso === null) return "-";
  const ms = Date.parse(iso);
  if (!Number.isFinite(ms)) return escapeMarkdown(iso, 40);
  return `${new Date(ms).toISOString().slice(0, 16).replace("T", " ")} UTC`;
}
const percent = (part, whole) => `${Math.round(part / whole * 100)}%`;
function statCell(stat, sessions, format) {
  if (stat.count === 0 || stat.sum === null || stat.avg === null) return "not reported";
  const partial = stat.count < sessions ? ` (${formatCount(stat.count)} of ${formatCount(sessions)} report it)` : "";
  return `${format(stat.sum)} in all, ${format(stat.avg)} per session${partial}`;
}
function totalsTable(input) {
  const t = input.totals;
  const runs = input.runs === null ? "" : ` in ${counted(input.runs, "run")}`;
  const commits = t.commit_known === 0 ? "not known" : `${percent(t.committed, t.commit_known)} (${formatCount(t.committed)} of ${counted(t.commit_known, "session")} committed)`;
  const whole = (n) => formatCount(Math.round(n));
  return [
    "| All runs | |",
    "| --- | --- |",
    `| Sessions | ${formatCount(t.sessions)}${runs} |`,
    `| First session | ${dateOf(t.first_ended_at)} |`,
    `| Last session | ${dateOf(t.last_ended_at)} |`,
    `| Commit rate | ${commits} |`,
    `| Cost | ${statCell(t.cost_usd, t.sessions, formatCost)} |`,
    `| Tokens (input + output) | ${statCell(t.tokens, t.sessions, whole)} |`,
    `| Turns | ${statCell(t.turns, t.sessions, whole)} |`
  ];
}
function categories(rows) {
  const globals = rows.map((r) => r.global);
  const usable = globals.every((g) => g !== null) && new Set(globals).size === globals.length;
  return rows.map((r, i) => usable ? String(r.global) : `n${i + 1}`);
}
function trendChart(trend, labels) {
  const points = trend.values.flatMap((v, i) => v === null ? [] : [{ label: labels[i] ?? "", value: v }]);
  if (points.length < 2) return null;
  const values = points.map((p) => trend.round(p.value));
  const top = trend.whole ? Math.ceil(niceTop(Math.max(...values) * 1.1)) : niceTop(Math.max(...values) * 1.1);
  return [
    "```mermaid",
    "xychart-beta",
    `  title "${mermaidLabel(`${trend.title}, last ${counted(trend.values.length, "session")}`)}"`,
    `  x-axis "${mermaidLabel("Global session number")}" [${points.map((p) => `"${mermaidLabel(p.label)}"`).join(", ")}]`,
    `  y-axis "${mermaidLabel(trend.axis)}" 0 --> ${top}`,
    `  line [${values.join(", ")}]`,
    "```"
  ].join("\n");
}
function trendText(trend) {
  const known = trend.values.filter((v) => v !== null);
  const gaps = trend.values.length - known.length;
  const min = Math.min(...known);
  const max = Math.max(...known);
  const avg = known.reduce((sum, v) => sum + v, 0) / known.length;
  const gapNote = gaps === 0 ? "" : ` \xB7 ${formatCount(gaps)} of ${counted(trend.values.length, "session")} report no ${trend.noun} (\`${SPARK_GAP}\`, left out of the chart)`;
  return `\`${sparkline(trend.values)}\` min ${trend.format(min)} \xB7 avg ${trend.format(avg)} \xB7 max ${trend.format(max)}${gapNote}`;
}
function trendLines(trend, labels, charts) {
  const heading = `#### ${trend.title}, last ${counted(trend.values.length, "session")}`;
  if (trend.values.every((v) => v === null))
    return [heading, "", `No session among them reports a ${trend.noun}.`, ""];
  const chart = charts ? trendChart(trend, labels) : null;
  return [heading, "", ...chart === null ? [] : [chart, ""], trendText(trend), ""];
}
function renderHistory(input, options = {}) {
  if (input.totals.sessions === 0) return "";
  const charts = options.charts ?? true;
  const recent = input.recent.slice(-HISTORY_TREND_SESSIONS);
  const labels = categories(recent);
  const trends = [
    {
      title: "Cost per session",
      axis: "Cost (USD)",
      noun: "cost",
      format: formatCost,
      round: (v) => Math.round(v * 1e4) / 1e4,
      whole: false,
      values: recent.map((r) => r.cost_usd)
    },
    {
      title: "Turns per session",
      axis: "Turns",
      noun: "turn count",
      format: (v) => Number.isInteger(v) ? formatCount(v) : v.toFixed(1),
      round: (v) => Math.round(v),
      whole: true,
      values: recent.map((r) => r.turns)
    }
  ];
  const lines = ["### History across runs", "", ...totalsTable(input), ""];
  if (recent.length > 0) for (const trend of trends) lines.push(...trendLines(trend, labels, charts));
  return lines.join("\n");
}

const add = (sum, value) => value === null ? sum : (sum ?? 0) + value;
function totalsOf(rows) {
  const totals = {
    sessions: rows.length,
    byOutcome: /* @__PURE__ */ new Map(),
    durationSecs: null,
    outputBytes: null,
    turns: null,
    toolCalls: null,
    costUsd: null,
    costPartial: false,
    committed: 0
  };
  for (const row of rows) {
    const key = row.outcome ?? "unknown";
    totals.byOutcome.set(key, (totals.byOutcome.get(key) ?? 0) + 1);
    totals.durationSecs = add(totals.durationSecs, row.duration_secs);
    totals.outputBytes = add(totals.outputBytes, row.output_bytes);
    totals.turns = add(totals.turns, row.turns);
    totals.toolCalls = add(totals.toolCalls, row.tool_calls);
    totals.costUsd = add(totals.costUsd, row.cost_usd);
    if (row.cost_usd === null) totals.costPartial = true;
    if (row.committed === true) totals.committed++;
  }
  if (totals.costUsd === null) totals.costPartial = false;
  return totals;
}
function outcomeBreakdown(byOutcome) {
  const keys = [...byOutcome.keys()].sort((a, b) => {
    const ia = OUTCOME_ORDER.indexOf(a);
    const ib = OUTCOME_ORDER.indexOf(b);
    return (ia < 0 ? 99 : ia) - (ib < 0 ? 99 : ib) || a.localeCompare(b);
  });
  const parts = keys.slice(0, 6).map((k) => `${formatCount(byOutcome.get(k) ?? 0)} ${outcomeLabel({ outcome: k, end_reason: null })}`);
  if (keys.length > 6) parts.push("...");
  return parts.join(", ") || "-";
}
const TABLE_HEADER = [
  "| Session | Outcome | Duration | Output | Turns | Tool calls | Cost | Committed |",
  "| ---: | --- | ---: | ---: | ---: | ---: | ---: | --- |"
].join("\n");
const intCell = (n) => n === null ? "-" : formatCount(n);
function sessionRowMarkdown(row) {
  const committed = row.committed === null ? "-" : row.committed ? "yes" : "no";
  return `| ${row.global === null ? "-" : formatCount(row.global)} | ${outcomeLabel(row)} | ${formatDuration(
    row.duration_secs
  )} | ${formatBytes(row.output_bytes)} | ${intCell(row.turns)} | ${intCell(row.tool_calls)} | ${formatCost(
    row.cost_usd
  )} | ${committed} |`;
}
function totalsRowMarkdown(t) {
  const cost = t.costUsd === null ? "-" : `${formatCost(t.costUsd)}${t.costPartial ? " (partial)" : ""}`;
  return `| **Total** (${formatCount(t.sessions)}) | ${outcomeBreakdown(t.byOutcome)} | ${formatDuration(
    t.durationSecs
  )} | ${formatBytes(t.outputBytes)} | ${intCell(t.turns)} | ${intCell(t.toolCalls)} | ${cost} | ${formatCount(
    t.committed
  )} of ${formatCount(t.sessions)} |`;
}
function foldNote(hidden, withArtifact) {
  const where = withArtifact ? "see the event log artifact" : "see the event log";
  return `_\u2026 ${counted(hidden, "earlier session")} not shown (${where})._`;
}

const DEFAULT_SUMMARY_LIMIT_BYTES = 1024 * 1024 - 64 * 1024;
const DEFAULT_MAX_TABLE_ROWS = 500;
const DEFAULT_CHART_SESSIONS = 50;
const bytesOf = (text) => Buffer.byteLength(text, "utf8");
function truncateToBytes(text, limit) {
  if (bytesOf(text) <= limit) return text;
  let lo = 0;
  let hi = Math.min(text.length, limit);
  while (lo < hi) {
    const mid = Math.ceil((lo + hi) / 2);
    if (bytesOf(text.slice(0, mid)) <= limit) lo = mid;
    else hi = mid - 1;
  }
  let end = lo;
  const code = text.charCodeAt(end - 1);
  if (end > 0 && code >= 55296 && code <= 56319) end--;
  return text.slice(0, end);
}
const MAX_KEPT_REFS = 5;
function workKeptLines(input) {
  const kept = input.workKept;
  if (!kept || kept.refs.length === 0) return [];
  const safe = (text) => text.replace(/[^A-Za-z0-9._/-]/g, "_").slice(0, 120);
  const named = kept.refs.slice(0, MAX_KEPT_REFS).map((ref) => `\`${safe(ref)}\``);
  const more = kept.refs.length - named.length;
  const bundle = safe(kept.bundle).replace(/\//g, "_");
  const first = safe(kept.refs[0]);
  return [
    `**Interrupted work kept:** ${named.join(", ")}${more > 0 ? ` and ${more} more` : ""}, in \`${bundle}\` in the artifact. Unzip the artifact in your clone, then:`,
    "",
    "```sh",
    `git fetch ${bundle} 'refs/agent-harness/wip/*:refs/agent-harness/wip/*'`,
    `git checkout ${first} -- .`,
    "```",
    ""
  ];
}
function artifactLine(input, runUrl) {
  const artifact = input.artifact;
  if (!artifact) return "**Event log artifact:** not uploaded";
  const name = escapeMarkdown(artifact.name || "artifact");
  const url = safeUrl(artifact.url);
  if (url !== null) return `**Event log artifact:** [${name}](${url})`;
  if (runUrl !== null)
    return `**Event log artifact:** ${name} (listed on the [run page](${runUrl}#artifacts))`;
  return `**Event log artifact:** ${name} (see the run's artifacts)`;
}
function failureLines(failure) {
  if (failure === null) return [];
  const session = failure.global === null ? "" : ` (session ${formatCount(failure.global)})`;
  const what = escapeMarkdown(`${failure.kind} ${failure.reason.replace(/_/g, " ")}`, 60);
  const detail = failure.detail ? `: ${escapeMarkdown(failure.detail, 300)}` : "";
  const lines = [`**Last failure${session}:** ${what}${detail}`, ""];
  if (failure.fix) lines.push(`**To fix:** ${escapeMarkdown(failure.fix, 300)}`, "");
  return lines;
}
const ISOLATION_SAYS = {
  user: "the agent ran as a user of its own, with none of the job\u2019s tokens and no access to its processes",
  env: "the agent\u2019s environment held none of the job\u2019s tokens, but it ran as the job\u2019s user: it could read them from other processes of the job (`/proc/<pid>/environ`) and write the runner\u2019s files",
  none: "the agent had the job\u2019s whole environment, tokens included (`agent-isolation: none`)"
};
function isolationLines(isolation) {
  if (!isolation) return [];
  const says = ISOLATION_SAYS[isolation.mode];
  const mode = escapeMarkdown(isolation.mode, 20);
  const line = `**Agent isolation:** ${mode}${says ? `: ${says}` : ""}.`;
  if (isolation.mode === "user") return [line, ""];
  const why = isolation.fallback ? ` ${escapeMarkdown(isolation.fallback, 300)}.` : "";
  const fix = isolation.mode === "env" ? " For `user`, run the job as root or with passwordless sudo, with the `acl` package installed (docs/security.md)." : "";
  return [`> [!WARNING]
> ${line}${why}${fix}`, ""];
}
function progressLines(input, totals) {
  const thisRun = `**This run:** ${counted(totals.sessions, "session")}, ${counted(input.productiveThisRun, "productive iteration")} (max ${formatCount(input.maxIterations)}), cost ${totals.costUsd === null ? "unknown" : formatCost(totals.costUsd)}`;
  const lines = [thisRun];
  const prev = input.previous;
  if (prev) {
    const cost = prev.costUsd === null && totals.costUsd === null ? "unknown" : formatCost((prev.costUsd ?? 0) + (totals.costUsd ?? 0)) + (prev.costUsd === null || totals.costUsd === null ? " (partial)" : "");
    lines.push(
      `**All runs:** run ${formatCount(prev.runs + 1)}, ${counted(prev.sessions + totals.sessions, "session")}, ${formatCount(prev.productive + input.productiveThisRun)} productive, cost ${cost}; global session counter ${formatCount(input.globalCounter)}`
    );
  } else {
    lines.push(`**All runs:** global session counter ${formatCount(input.globalCounter)}`);
  }
  return lines;
}
function chartLines(rows) {
  if (rows.length === 0) return [];
  return [
    "### Session durations",
    "",
    renderChart(rows),
    "",
    `Bars by global session number, coloured by outcome: ${chartLegend(rows)}.`,
    ""
  ];
}
function renderSummary(input) {
  const limit = Math.max(0, Math.floor(input.limitBytes ?? DEFAULT_SUMMARY_LIMIT_BYTES));
  const maxRows = Math.max(0, Math.floor(input.maxRows ?? DEFAULT_MAX_TABLE_ROWS));
  const chartCount = Math.max(0, Math.floor(input.chartSessions ?? DEFAULT_CHART_SESSIONS));
  const sessions = input.sessions;
  const totals = totalsOf(sessions);
  const runUrl = safeUrl(input.runUrl);
  const iterations = input.iterations ?? input.maxIterations;
  const headline = stopHeadline(input.stopReason, iterations, input.maxIterations);
  const title = escapeMarkdown(input.title?.trim() || "Agent harness");
  const head = [`## ${title} \u2014 ${headline}`, "", ...progressLines(input, totals).flatMap((l) => [l, ""])];
  const stopLine = `**Stop reason:** ${escapeMarkdown(input.stopReason || "unknown", 80)} (exit code ${Number.isFinite(input.exitCode) ? input.exitCode : "-"})`;
  const idle = input.idleSessions ?? 0;
  const idleLine = idle > 0 ? [
    `**Idle:** the last ${counted(idle, "session")} changed nothing (no commit, no file, no task done)`,
    ""
  ] : [];
  const resume = input.resumeAfter ? [
    `**Waiting for a limit:** it resets at ${escapeMarkdown(input.resumeAfter, 40)}; a run before then exits at once, one after it continues.`,
    ""
  ] : [];
  const tail = [
    stopLine,
    "",
    ...idleLine,
    ...resume,
    ...isolationLines(input.isolation),
    ...failureLines(input.lastFailure ?? null),
    artifactLine(input, runUrl),
    "",
    ...workKeptLines(input)
  ];
  if (runUrl !== null) tail.push(`[View the workflow run](${runUrl})`, "");
  const chart = chartCount > 0 ? chartLines(sessions.slice(Math.max(0, sessions.length - chartCount))) : [];
  const history = input.history ?? null;
  const historyFull = history ? renderHistory(history) : "";
  const historyText = history ? renderHistory(history, { charts: false }) : "";
  const historyLines = (text) => text === "" ? [] : [text];
  const build = (withChart, historyPart) => {
    const table = ["### Sessions", ""];
    if (sessions.length === 0) {
      table.push("No sessions ran in this run.", "");
    }
    const fixed = [
      ...head,
      ...table,
      ...tail,
      ...withChart ? chart : [],
      ...historyLines(historyPart)
    ].join("\n");
    const hasArtifact = Boolean(input.artifact);
    const frame = sessions.length === 0 ? 0 : bytesOf(TABLE_HEADER) + bytesOf(totalsRowMarkdown(totals)) + bytesOf(foldNote(sessions.length, hasArtifact)) + 8;
    let budget = limit - bytesOf(fixed) - frame - 2;
    const shown = [];
    for (let i = sessions.length - 1; i >= 0 && shown.length < maxRows; i--) {
      const row = sessionRowMarkdown(sessions[i]);
      const cost = bytesOf(row) + 1;
      if (cost > budget) break;
      budget -= cost;
      shown.push(row);
    }
    shown.reverse();
    if (sessions.length > 0) {
      const hidden = sessions.length - shown.length;
      if (hidden > 0) table.push(foldNote(hidden, hasArtifact), "");
      table.push(TABLE_HEADER, ...shown, totalsRowMarkdown(totals), "");
    }
    return [...head, ...table, ...tail, ...withChart ? chart : [], ...historyLines(historyPart)].join("\n");
  };
  const attempts = [
    [chart.length > 0, historyFull],
    [false, historyFull],
    [false, historyText],
    [false, ""]
  ];
  let doc = "";
  for (const [withChart, historyPart] of attempts) {
    doc = build(withChart, historyPart);
    if (bytesOf(doc) <= limit) break;
  }
  return truncateToBytes(doc, limit);
}

function readHistory(path, warn) {
  if (!path || !existsSync(path)) return null;
  try {
    const store = MetricsStore.open(path, { readonly: true });
    try {
      const runs = /* @__PURE__ */ new Set();
      let unnamed = false;
      for (const row of store.sessions()) {
        if (row.run === null) unnamed = true;
        else runs.add(row.run);
      }
      return {
        recent: store.lastSessions(HISTORY_TREND_SESSIONS),
        totals: store.totals(null),
        runs: unnamed || runs.size === 0 ? null : runs.size
      };
    } finally {
      store.close();
    }
  } catch (error) {
    warn(
      `the job summary has no history: the metrics database ${path} cannot be read (${error instanceof Error ? error.message : String(error)})`
    );
    return null;
  }
}

const MAX_ROWS$1 = 200;
function renderTaskTable(tasks) {
  const permanent = new Set(tasks.filter(isPermanentlyFailed).map((t) => t.id));
  const lines = [
    "### Tasks",
    "",
    `\`${formatStats(taskStats(tasks))}\``,
    "",
    "| Task | Status | Attempts | Last validation | Title |",
    "| --- | --- | ---: | --- | --- |"
  ];
  for (const task of tasks.slice(0, MAX_ROWS$1)) {
    const blocked = task.status === "pending" && task.depends_on.some((d) => permanent.has(d));
    const validation = task.last_validation ? `${task.last_validation.result} (${task.last_validation.at})` : "\u2014";
    lines.push(
      `| ${task.id} | ${blocked ? "blocked" : task.status} | ${task.attempts}/${task.max_attempts} | ${escapeMarkdown(validation)} | ${escapeMarkdown(task.title, 120)} |`
    );
  }
  if (tasks.length > MAX_ROWS$1)
    lines.push(
      "",
      `\u2026 ${counted(tasks.length - MAX_ROWS$1, "more task")} in harness-tasks.json (see the artifact)`
    );
  return lines.join("\n");
}
async function taskSummaryMarkdown(cwd) {
  const loaded = await loadTasksForRead(join(cwd, TASK_FILE)).catch(() => null);
  return loaded ? renderTaskTable(loaded.file.tasks) : null;
}

const MAX_ROWS = 200;
function superviseSummaryMarkdown(input) {
  const lines = ["## agent-harness: worker supervise", ""];
  if (input.rows === null) {
    lines.push(
      `The supervisor of ${escapeMarkdown(input.dir)} did not finish (${counted(input.tasks, "task")}): the next run resumes the tasks from the cached state.`
    );
    return lines.join("\n");
  }
  const completed = input.rows.filter((row) => row.result === "completed").length;
  lines.push(
    `${completed} of ${counted(input.rows.length, "task")} under ${escapeMarkdown(input.dir)} completed` + (input.cancelled ? "; the run was cancelled and stopped the rest (the next run resumes them)." : "."),
    "",
    "| Task | Result | Status | Iterations | Reason | Restarts | Tokens | Why |",
    "| --- | --- | --- | ---: | --- | ---: | ---: | --- |"
  );
  for (const row of input.rows.slice(0, MAX_ROWS))
    lines.push(
      `| ${escapeMarkdown(row.task)} | ${escapeMarkdown(row.result)} | ${escapeMarkdown(row.status)} | ${row.iteration}/${row.max_iterations} | ${escapeMarkdown(row.reason ?? "\u2014")} | ${row.restarts} | ${formatCount(row.tokens)} | ${escapeMarkdown(row.why ?? "", 200)} |`
    );
  if (input.rows.length > MAX_ROWS)
    lines.push("", `\u2026 ${counted(input.rows.length - MAX_ROWS, "more task")} (see the artifact)`);
  return lines.join("\n");
}
function superviseCommitStatus(rows, cancelled) {
  if (rows === null || cancelled)
    return { state: "error", description: "worker supervise cancelled: the next run resumes the tasks" };
  const completed = rows.filter((row) => row.result === "completed").length;
  const description = `${completed}/${rows.length} worker tasks completed`;
  return { state: completed === rows.length ? "success" : "failure", description };
}

const sh = (word) => /^[\w./%@:~-]+$/.test(word) ? word : `'${word.replaceAll("'", "'\\''")}'`;
function stateSummaryMarkdown(state) {
  const lines = ["### State", ""];
  const size = state.bytes !== null ? `, ${formatBytes(state.bytes)}` : "";
  lines.push(`Kept in ${escapeMarkdown(state.location)}${size}.`);
  if (state.movedFrom)
    lines.push("", `Moved this run from ${escapeMarkdown(state.movedFrom)}: saved here from now on.`);
  if (state.merged)
    lines.push("", "A save had to merge another job's state first (both jobs' sessions are kept).");
  const branch = state.branch;
  if (branch) {
    const name = sh(branch.name);
    const folder = sh(branch.folder);
    const path = sh(`FETCH_HEAD:${branch.folder}/`);
    lines.push(
      "",
      "Inspect it:",
      "",
      "```sh",
      `git fetch origin ${name} && git show ${path}`,
      "```",
      "",
      `Reset it: \`git push origin --delete ${name}\` (every key's state), or remove the folder \`${branch.folder}/\` in a commit on the branch (this key only):`,
      "",
      "```sh",
      `git fetch origin ${name} && git switch --detach FETCH_HEAD && git rm -r -q ${folder} && git commit -m "reset ${folder}" && git push origin HEAD:${name}`,
      "```"
    );
  }
  return lines.join("\n");
}

async function runPost(env = process.env) {
  await sweepKilledIsolations();
  await recoverJobCredentials(env, env.RUNNER_TEMP ?? env.TMPDIR ?? "/tmp").catch(
    (error$1) => error(`agent-harness: restoring the job's git credentials failed: ${error$1.message}`)
  );
  const post = decodePostState(getState(POST_STATE_NAME));
  if (!post) {
    info("agent-harness: the main step did not start the loop; nothing to do after it.");
    return;
  }
  const gh = readGitHubContext(env);
  process.chdir(gh.workspace);
  const token = getInput("github-token");
  const secrets = collectSecrets(env, [token]);
  for (const secret of secrets) setSecret(secret);
  const redact = createRedactor(secrets);
  const warn = (message) => warning(redact(message));
  const end = post.end ?? await endFromDisk(post);
  process.env.ACTIONS_ARTIFACT_UPLOAD_TIMEOUT_MS ??= "120000";
  const files = stateFiles({
    cwd: post.cwd,
    counter: post.counterFile,
    status: post.statusFile,
    eventLog: post.eventLog,
    metricsDb: post.metricsDb ?? null,
    workerTask: post.workerTask ?? null,
    workerSupervise: post.workerSupervise?.tasks ?? null
  });
  const chosen = post.store ?? { kind: "cache", branch: "", remoteUrl: null, movedFrom: null, merged: false };
  const info$1 = (message) => info(redact(message));
  const store = actionStateStore(chosen, {
    gh,
    files,
    key: post.stateKey,
    repo: post.cwd,
    token,
    env,
    warn,
    info: info$1,
    redact
  });
  await store.save(end.global, "-post");
  const saved = store.report();
  const stateSection = stateSummaryMarkdown({
    ...saved,
    movedFrom: chosen.movedFrom,
    merged: saved.merged || chosen.merged
  });
  const log = post.eventLog ? await readEventLog(post.eventLog) : null;
  const events = log?.events ?? [];
  if (log && log.invalid > 0)
    info(redact(`agent-harness: ${log.invalid} event log line(s) skipped (${log.problems.join("; ")})`));
  const thisRun = sessionsFrom(events, post.firstGlobal);
  let artifact = null;
  let kept = null;
  if (post.uploadArtifacts) {
    kept = await bundleKeptWork({
      cwd: post.cwd,
      dir: join(gh.runnerTemp, "agent-harness"),
      base: post.sha || null,
      secrets,
      warn
    });
    const requested = post.artifactName ?? artifactName({ runId: gh.runId, runAttempt: gh.runAttempt, jobKey: "", job: gh.job, taskId: null });
    const transcripts = [];
    for (let n = post.firstGlobal; n < end.global; n++) {
      transcripts.push(join(post.outputDir, `${post.outputPrefix}-${n}.jsonl`));
      transcripts.push(join(post.outputDir, `${post.outputPrefix}-${n}.prompt.md`));
    }
    const uploaded = await uploadRunArtifact({
      client: new DefaultArtifactClient(),
      name: requested,
      files: [
        ...transcripts,
        ...post.eventLog ? [post.eventLog] : [],
        post.statusFile,
        join(post.cwd, TASK_FILE),
        join(post.cwd, PROGRESS_FILE),
        join(post.cwd, INIT_LOG),
        ...post.workerTask ? workerTaskArtifactFiles(post.workerTask) : [],
        // Each supervised task's directory whole, under its own name.
        ...post.workerSupervise?.tasks ?? []
      ],
      rawFiles: kept ? [kept.file] : [],
      stageDir: join(gh.runnerTemp, "agent-harness", "artifact"),
      secrets,
      retentionDays: post.artifactRetentionDays,
      warn,
      error: (message) => error(redact(message))
    });
    if (uploaded.id !== null) {
      setOutput("artifact-id", uploaded.id);
      artifact = {
        name: uploaded.name,
        url: `${gh.serverUrl}/${gh.owner}/${gh.repo}/actions/runs/${gh.runId}/artifacts/${uploaded.id}`
      };
    }
  }
  const supervised = post.workerSupervise ?? null;
  if (post.summary && env.GITHUB_STEP_SUMMARY && supervised) {
    const markdown = superviseSummaryMarkdown({ ...supervised, tasks: supervised.tasks.length });
    await appendFile(env.GITHUB_STEP_SUMMARY, `${redact(markdown)}

${redact(stateSection)}
`).catch(
      (error) => warn(`writing the job summary failed: ${error.message}`)
    );
  } else if (post.summary && env.GITHUB_STEP_SUMMARY) {
    const rows = thisRun.map(sessionRow);
    const earlier = events.filter(isSession).filter((e) => Number(e.global) < post.firstGlobal);
    const runs = events.filter((e) => e.event === "loop_start").length;
    const markdown = renderSummary({
      sessions: rows,
      previous: runs > 1 ? {
        runs: runs - 1,
        sessions: earlier.length,
        productive: earlier.filter((e) => e.outcome === "productive").length,
        costUsd: earlier.reduce((sum, e) => sum + (typeof e.cost_usd === "number" ? e.cost_usd : 0), 0)
      } : void 0,
      stopReason: end.stopReason,
      exitCode: end.exitCode,
      globalCounter: end.global,
      productiveThisRun: end.productive,
      idleSessions: end.idleSessions ?? 0,
      resumeAfter: end.resumeAfter ?? null,
      iterations: end.iteration,
      maxIterations: post.maxIterations,
      artifact,
      workKept: kept && artifact ? { bundle: basename(kept.file), refs: kept.refs } : null,
      runUrl: post.runUrl,
      isolation: isolationOf(
        events.filter((e) => e.event === "loop_start" && Number(e.global) >= post.firstGlobal).at(-1)
      ),
      lastFailure: lastFailureFrom(
        events.filter((e) => e.event === "session_failed" && Number(e.global) >= post.firstGlobal)
      ),
      history: readHistory(post.metricsDb, warn)
    });
    const taskTable = await taskSummaryMarkdown(post.cwd);
    const text = `${redact(markdown)}
${taskTable ? `
${redact(taskTable)}
` : ""}
${redact(stateSection)}
`;
    await appendFile(env.GITHUB_STEP_SUMMARY, text).catch(
      (error) => warn(`writing the job summary failed: ${error.message}`)
    );
  }
  if (post.commitStatus && token) {
    const forge = new Forge(createOctokit({ token, baseUrl: gh.apiUrl, warn }), gh.owner, gh.repo);
    const { state, description } = supervised ? superviseCommitStatus(supervised.rows, supervised.cancelled) : finalCommitStatus({ ...end, maxIterations: post.maxIterations });
    await forge.setStatus(post.sha, state, description, post.runUrl, post.statusContext).catch((error) => warn(`setting the commit status failed: ${error.message}`));
  }
}
function isolationOf(start) {
  if (typeof start?.isolation !== "string") return null;
  const fallback = start.isolation_fallback;
  return { mode: start.isolation, fallback: typeof fallback === "string" ? fallback : null };
}
async function endFromDisk(post) {
  const status = await readStatus(post.statusFile).catch(() => null);
  const global = await resumeNumbering(
    { counter: post.counterFile, outputDir: post.outputDir, eventLog: post.eventLog },
    post.outputPrefix
  ).then((numbering) => numbering.next).catch(() => post.firstGlobal);
  const finished = status?.state === "stopped";
  return {
    stopReason: finished ? status?.stop_reason ?? "stopped" : "cancelled",
    exitCode: finished ? 0 : 1,
    productive: status?.productive ?? 0,
    iteration: status?.iteration ?? 0,
    global,
    idleSessions: status?.idle_sessions ?? 0,
    resumeAfter: status?.resume_after ?? null
  };
}

async function run() {
  try {
    await runPost();
  } catch (error) {
    warning(`agent-harness post: ${error.message}`);
  }
  return 0;
}

export { POST_STATE_NAME, artifactName, run };
