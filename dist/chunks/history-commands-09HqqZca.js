import { readdir } from 'node:fs/promises';
import { basename, resolve, dirname, relative, join } from 'node:path';
import { E as EXIT } from './exit-codes-BkuRLrXJ.js';
import { T as TARGET_METRICS, b as TARGET_RULE } from './input-file-Cbt1w_j3.js';
import { u as usd, c as compact, n as num, d as duration, e as extractOptions, t as transcriptSha256, p as pendingFacts, a as extractTranscript, i as ingestFacts, s as sessionNumberOf, b as pendingSessions, w as when, r as rebuildFacts, f as ingestLine, g as ingestSummary, h as transcriptNumber, j as inRange } from './reconcile-DxxRVzih.js';
import { d as direction, t as trendDirection, s as sparkline } from './trends-CsI7jxWr.js';
import { t as transcriptName, c as transcriptSlot, M as MetricsStore, e as exportChunks, K as KIND_NAMES } from './store-jcKbTIeG.js';
import './harness-files-B0x0nX25.js';
import 'node:buffer';
import { statSync, existsSync, mkdirSync } from 'node:fs';
import 'node:os';
import './worker-agent-CEPc612X.js';
import 'node:child_process';
import 'node:readline';
import 'node:crypto';
import 'node:stream';
import 'node:stream/promises';
import 'node:zlib';
import 'node:worker_threads';
import { G as GLOBAL_OPTIONS, U as UsageError, S as SUBCOMMANDS, g as asksHelp } from './relaunch-BurLyM5A.js';
export { H as HISTORY_COMMANDS } from './relaunch-BurLyM5A.js';
import { t as textTable } from './text-table-Kb3cLKic.js';
import { c as commandUsage, f as familyUsage } from './command-usage-CM5U0tgt.js';
import { unknownCommand } from './unknown-command-Dvidw1HW.js';
import { parseArgs } from 'node:util';
import { l as loadConfig } from './load-Bmhg6nfv.js';
import { r as resolvePaths, c as compressionOf } from './paths-CsbkJmHS.js';
import 'process';
import 'buffer';
import './error-line-D30764DK.js';
import './chunk-reader-0BRVJma9.js';
import './tail-CzdcGSBg.js';
import 'node:module';
import './errors-CNcu4SPE.js';
import './version-R6LujQcV.js';
import './instance-lock-BqpK38Bs.js';
import './holder-DYQPLy_j.js';

function sessionTokens(row) {
  if (row.input_tokens === null && row.output_tokens === null) return null;
  return (row.input_tokens ?? 0) + (row.output_tokens ?? 0);
}
function sessionName(row) {
  return row.global !== null ? `#${row.global}` : row.key.replace(/^sha256:/, "").slice(0, 8);
}

const METRIC_INFO = {
  completion_rate: { label: "Completion rate", unit: "%", good: "up" },
  narration_only_pct: { label: "Narration-only turns", unit: "%", good: "down" },
  parallel_turns_pct: { label: "Parallel tool turns", unit: "%", good: "up" },
  turns_per_session: { label: "Turns per session", unit: "", good: "down" },
  cost_per_session: { label: "Cost per session", unit: "$", good: "down" },
  tokens_per_session: { label: "Tokens per session", unit: "", good: "down" },
  tool_calls_per_session: { label: "Tool calls per session", unit: "", good: "down" },
  duration_secs: { label: "Duration (s)", unit: "s", good: "down" }
};
function parseTarget(metric, text) {
  const match = TARGET_RULE.exec(text);
  if (match === null) throw new Error(`metrics.targets.${metric}: cannot read ${JSON.stringify(text)}`);
  if (match[1] === void 0) return null;
  return { metric, op: match[1], threshold: Number(match[2]) };
}
function targetRules(targets) {
  return TARGET_METRICS.flatMap((metric) => {
    const rule = parseTarget(metric, targets[metric]);
    return rule === null ? [] : [rule];
  });
}
function compare(value, op, threshold) {
  switch (op) {
    case "<":
      return value < threshold;
    case "<=":
      return value <= threshold;
    case ">":
      return value > threshold;
    case ">=":
      return value >= threshold;
  }
}
const avg = (values) => values.length === 0 ? null : values.reduce((a, b) => a + b, 0) / values.length;
const known = (values) => values.filter((v) => v !== null);
function turnsPct(rows, part) {
  let parts = 0;
  let turns = 0;
  for (const row of rows) {
    const p = part(row);
    if (p === null || row.turns === null) continue;
    parts += p;
    turns += row.turns;
  }
  return turns === 0 ? null : parts / turns * 100;
}
function metricValue(metric, rows) {
  switch (metric) {
    case "completion_rate": {
      const committed = known(rows.map((r) => r.committed));
      return committed.length === 0 ? null : committed.filter(Boolean).length / committed.length * 100;
    }
    case "narration_only_pct":
      return turnsPct(rows, (r) => r.narration_turns);
    case "parallel_turns_pct":
      return turnsPct(rows, (r) => r.parallel_turns);
    case "turns_per_session":
      return avg(known(rows.map((r) => r.turns)));
    case "cost_per_session":
      return avg(known(rows.map((r) => r.cost_usd)));
    case "tokens_per_session":
      return avg(known(rows.map(sessionTokens)));
    case "tool_calls_per_session":
      return avg(known(rows.map((r) => r.tool_calls)));
    case "duration_secs":
      return avg(known(rows.map((r) => r.duration_secs)));
  }
}
function sessionValue(metric, row) {
  return metricValue(metric, [row]);
}
function formatMetric(metric, value) {
  const { unit } = METRIC_INFO[metric];
  if (unit === "%") return `${Math.round(value)}%`;
  if (unit === "$") return usd(value);
  if (unit === "s") return `${Math.round(value)}s`;
  return metric === "tokens_per_session" ? compact(Math.round(value)) : num(value);
}
function formatRule(rule) {
  const { unit } = METRIC_INFO[rule.metric];
  if (unit === "$") return `${rule.op} ${usd(rule.threshold)}`;
  return `${rule.op} ${num(rule.threshold)}${unit === "%" ? "%" : unit === "s" ? "s" : ""}`;
}
function evaluateTarget(rule, rows) {
  const value = metricValue(rule.metric, rows);
  if (value === null) return { rule, value, status: "not available" };
  return { rule, value, status: compare(value, rule.op, rule.threshold) ? "pass" : "miss" };
}
const evaluateTargets = (rules, rows) => rules.map((rule) => evaluateTarget(rule, rows));
function missStreak(rule, rows) {
  let streak = 0;
  for (let i = rows.length - 1; i >= 0; i--) {
    const value = sessionValue(rule.metric, rows[i]);
    if (value === null || compare(value, rule.op, rule.threshold)) break;
    streak++;
  }
  return streak;
}
function targetLines(results) {
  const width = Math.max(0, ...results.map((r) => METRIC_INFO[r.rule.metric].label.length));
  const valueWidth = Math.max(
    0,
    ...results.map((r) => r.value === null ? 1 : formatMetric(r.rule.metric, r.value).length)
  );
  return results.map((r) => {
    const value = r.value === null ? "-" : formatMetric(r.rule.metric, r.value);
    const status = r.status === "pass" ? "ok" : r.status === "miss" ? "MISS" : "not available";
    const target = `(target ${formatRule(r.rule)})`;
    return `${METRIC_INFO[r.rule.metric].label.padEnd(width)}  ${value.padStart(valueWidth)}  ${target.padEnd(18)}  ${status}`;
  });
}

const VERDICT = { improving: "better", worse: "worse", flat: "same" };
function renderAnalyze(rows, n, rules) {
  if (rows.length === 0) return "No sessions recorded yet.";
  const recent = rows.slice(-n);
  const previous = rows.slice(0, Math.max(0, rows.length - recent.length)).slice(-n);
  const body = TARGET_METRICS.map((metric) => {
    const info = METRIC_INFO[metric];
    const before = previous.length === 0 ? null : metricValue(metric, previous);
    const after = metricValue(metric, recent);
    const cell = (v) => v === null ? "n/a" : formatMetric(metric, v);
    let change = "";
    let verdict = "n/a";
    if (before !== null && after !== null) {
      const delta = after - before;
      const rel = before === 0 ? "" : ` (${delta >= 0 ? "+" : ""}${Math.round(delta / Math.abs(before) * 100)}%)`;
      change = `${delta >= 0 ? "+" : "-"}${formatMetric(metric, Math.abs(delta))}${rel}`;
      verdict = VERDICT[direction(before, after, info.good)];
    }
    return [info.label, cell(before), cell(after), change, verdict];
  });
  const lines = [
    previous.length === 0 ? `Last ${recent.length} sessions (no earlier sessions to compare with)` : `Last ${recent.length} sessions against the ${previous.length} before them`,
    "",
    ...textTable(["Metric", "Previous", "Recent", "Change", "Verdict"], body)
  ];
  const results = evaluateTargets(rules, recent);
  if (results.length > 0)
    lines.push("", `Targets (last ${recent.length}):`, ...targetLines(results).map((l) => `  ${l}`));
  return lines.join("\n");
}

const STREAK = 3;
const BRIEF_IMPROVEMENTS = 5;
const SEVERITY_ORDER = ["critical", "high", "medium", "low"];
const severityRank = (s) => {
  const i = SEVERITY_ORDER.indexOf(s);
  return i === -1 ? SEVERITY_ORDER.length : i;
};
const BAD_OUTCOMES = /* @__PURE__ */ new Set(["failed", "empty", "rate_limited", "cancelled", "timeout", "cut_short"]);
function why(row) {
  const reason = [row.failure_kind, row.failure_reason].filter((s) => s !== null && s !== "").join(": ");
  return reason === "" ? row.outcome ?? "unknown" : `${row.outcome ?? "unknown"} (${reason})`;
}
function worstSessions(rows) {
  const lines = [];
  for (const row of rows.filter((r) => r.outcome !== null && BAD_OUTCOMES.has(r.outcome)).slice(-3))
    lines.push(`${sessionName(row)} ${why(row)}`);
  const most = (pick) => rows.length < 2 ? void 0 : rows.reduce((best, r) => {
    const v = pick(r);
    return v !== null && v > 0 && (best === void 0 || v > pick(best)) ? r : best;
  }, void 0);
  const turns = most((r) => r.turns);
  if (turns !== void 0) lines.push(`${sessionName(turns)} most turns: ${turns.turns}`);
  const cost = most((r) => r.cost_usd);
  if (cost !== void 0)
    lines.push(
      `${sessionName(cost)} most cost: ${usd(cost.cost_usd)}` + (cost.duration_secs === null ? "" : ` in ${duration(cost.duration_secs)}`)
    );
  return lines;
}
function renderBrief(input) {
  const { rows, rules } = input;
  if (rows.length === 0 && input.open.length === 0) return "";
  const out = [];
  if (rows.length > 0) {
    const last = rows[rows.length - 1];
    out.push(
      `## PERFORMANCE BRIEF (last ${rows.length} session${rows.length === 1 ? "" : "s"}, newest ${sessionName(last)})`
    );
    const results = evaluateTargets(rules, rows);
    if (results.length > 0) {
      out.push("", "Targets:");
      for (const r of results) {
        const { label } = METRIC_INFO[r.rule.metric];
        const value = r.value === null ? "not available" : formatMetric(r.rule.metric, r.value);
        const verdict = r.status === "pass" ? "OK" : r.status === "miss" ? "MISS" : "-";
        out.push(`  ${label}: ${value} (target ${formatRule(r.rule)}) ${verdict}`);
      }
      const warnings = rules.flatMap((rule) => {
        const streak = missStreak(rule, rows);
        return streak >= STREAK ? [
          `WARNING: ${METRIC_INFO[rule.metric].label.toLowerCase()} missed its target (${formatRule(rule)}) in each of the last ${streak} sessions.`
        ] : [];
      });
      const misses = results.filter((r) => r.status === "miss").length;
      if (warnings.length > 0) out.push("", ...warnings);
      else if (misses === 0 && results.some((r) => r.status === "pass")) out.push("All targets met.");
    }
    if (rows.length >= 2) {
      const trends = TARGET_METRICS.flatMap((metric) => {
        const values = rows.map((r) => sessionValue(metric, r));
        const dir = trendDirection(values, METRIC_INFO[metric].good);
        return dir === null ? [] : [[metric, values, dir]];
      }).filter(([metric]) => metric !== "duration_secs" && metric !== "tool_calls_per_session");
      if (trends.length > 0) {
        out.push("", "Trends (oldest to newest):");
        const width = Math.max(...trends.map(([m]) => METRIC_INFO[m].label.length));
        for (const [metric, values, dir] of trends)
          out.push(`  ${METRIC_INFO[metric].label.padEnd(width)}  ${sparkline(values)}  ${dir}`);
      }
    }
    const worst = worstSessions(rows);
    if (worst.length > 0) out.push("", "Worst sessions:", ...worst.map((l) => `  ${l}`));
  }
  if (input.open.length > 0) {
    if (out.length > 0) out.push("");
    const shown = [...input.open].sort((a, b) => severityRank(a.severity) - severityRank(b.severity)).slice(0, BRIEF_IMPROVEMENTS);
    out.push(`## OPEN IMPROVEMENTS (${input.open.length} of ${input.improvementsTotal})`, "");
    for (const i of shown) out.push(`${i.ref} [${i.category}/${i.severity}] ${i.title}`);
    if (input.open.length > shown.length) out.push(`... and ${input.open.length - shown.length} more`);
  }
  return out.join("\n");
}

const SEVERITIES = ["low", "medium", "high", "critical"];
function renderImprovements(rows) {
  return textTable(
    ["Ref", "Status", "Severity", "Category", "Created", "Title"],
    rows.map((r) => [
      r.ref,
      r.status,
      r.severity,
      r.category,
      r.created.slice(0, 10),
      r.impact === null || r.impact === "" ? r.title : `${r.title} (impact: ${r.impact})`
    ]),
    6
  ).join("\n");
}

function ingestContext(config, cwd, dedupeContent) {
  const paths = resolvePaths(config, cwd);
  return {
    config,
    dedupeContent,
    reconcile: {
      eventLog: paths.eventLog,
      outputDir: paths.outputDir,
      prefix: paths.outputPrefix,
      format: config.agent.format,
      extract: extractOptions(config)
    },
    pending: null
  };
}
const reason = (error) => {
  const e = error;
  if (e.code === "ENOENT") return "no such file";
  if (e.code === "EACCES") return "permission denied";
  if (e.code === "EISDIR") return "is a directory";
  return e.message;
};
const slotOf = (entry) => entry.kind === "cut_short" ? transcriptSlot(entry.file.global, entry.file.path) : transcriptSlot(entry.event.global, entry.event.output_file);
async function pendingFor(store, context, path) {
  const global = sessionNumberOf(basename(path));
  if (global === null) return null;
  context.pending ??= new Map(
    (await pendingSessions(store, context.reconcile)).map((entry2) => [slotOf(entry2), entry2])
  );
  const slot = transcriptSlot(global, path);
  const entry = context.pending.get(slot) ?? null;
  if (entry !== null) context.pending.delete(slot);
  return entry;
}
async function ingestOne(store, context, path, shown) {
  const name = transcriptName(path);
  let mtimeMs;
  let facts;
  try {
    const info = statSync(path);
    if (info.isDirectory()) return { file: shown, kind: "error", message: "is a directory" };
    mtimeMs = info.mtimeMs;
    if (info.size > 0 && store.knowsTranscriptName(name)) {
      const sha256 = await transcriptSha256(path);
      if (store.isRecordedAs(sha256, name)) return { file: shown, kind: "already" };
    }
    const entry = await pendingFor(store, context, path);
    if (entry !== null) {
      const pending = await pendingFacts(entry, context.reconcile, "ingest");
      const outcome2 = store.record(pending.facts, "ingest", { ...pending.transcript, tags: [entry.kind] });
      return outcome2 === "already" ? { file: shown, kind: "already" } : { file: shown, kind: "recorded", facts: pending.facts };
    }
    facts = await extractTranscript(path, context.reconcile.extract);
  } catch (error) {
    return { file: shown, kind: "error", message: reason(error) };
  }
  if (facts.sha256 === null || facts.bytes === 0) return { file: shown, kind: "skipped" };
  if (store.isRecordedAs(facts.sha256, name)) return { file: shown, kind: "already" };
  if (context.dedupeContent) {
    const same = store.recordedContent(facts.sha256);
    if (same !== null) return { file: shown, kind: "already", sameAs: same };
  }
  const session = ingestFacts({ ...facts, sha256: facts.sha256 }, { path, name: basename(path), mtimeMs });
  const state = compressionOf(path) ?? "plain";
  const outcome = store.record(session, "ingest", { path, bytes: facts.bytes, state });
  return outcome === "already" ? { file: shown, kind: "already" } : { file: shown, kind: "recorded", facts: session };
}

const show = (value) => value === null || value === void 0 ? "-" : typeof value === "string" ? value : JSON.stringify(value);
const numeric = (value) => typeof value === "number" ? value : typeof value === "boolean" ? value ? 1 : 0 : null;
const name = (p) => p.global !== null ? `#${p.global}` : p.session.replace(/^sha256:/, "").slice(0, 8);
function renderQuery(kind, points, aggregate) {
  if (points.length === 0) return `No values of ${kind} recorded.`;
  const values = points.map((p) => numeric(p.value));
  const present = values.filter((v) => v !== null);
  if (aggregate === "avg") {
    if (present.length === 0) return `${kind}: no numeric values in ${points.length} sessions`;
    const avg = present.reduce((a, b) => a + b, 0) / present.length;
    return `${kind}: avg ${Number(avg.toFixed(4))} over ${present.length} of ${points.length} sessions`;
  }
  if (aggregate === "trend") {
    if (present.length === 0) return `${kind}: no numeric values in ${points.length} sessions`;
    return `${kind}: ${sparkline(values)}  ${show(present[0])} -> ${show(present[present.length - 1])} (min ${Math.min(...present)}, max ${Math.max(...present)}, ${points.length} sessions)`;
  }
  return textTable(
    ["Session", "When (UTC)", "Value"],
    points.map((p) => [name(p), when(p.ended_at), show(p.value)]),
    2
  ).join("\n");
}

function aggregate(values) {
  const present = values.filter((v) => v !== null);
  const sum = present.reduce((a, b) => a + b, 0);
  return { count: present.length, sum, avg: present.length === 0 ? null : sum / present.length };
}
function summarize(rows) {
  const outcomes = /* @__PURE__ */ new Map();
  for (const row of rows) {
    const outcome = row.outcome ?? "unknown";
    outcomes.set(outcome, (outcomes.get(outcome) ?? 0) + 1);
  }
  return {
    sessions: rows.length,
    committed: rows.filter((r) => r.committed === true).length,
    committedKnown: rows.filter((r) => r.committed !== null).length,
    outcomes: [...outcomes].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0])),
    turns: aggregate(rows.map((r) => r.turns)),
    toolCalls: aggregate(rows.map((r) => r.tool_calls)),
    tokens: aggregate(rows.map(sessionTokens)),
    cost: aggregate(rows.map((r) => r.cost_usd)),
    duration: aggregate(rows.map((r) => r.duration_secs))
  };
}

const DASH = "-";
const pct = (part, whole) => part === null || whole === null || whole === 0 ? DASH : `${Math.round(part / whole * 100)}%`;
const opt = (n, f) => n === null ? DASH : f(n);
const committedCell = (c) => c === null ? DASH : c ? "yes" : "no";
const STATUS_HEADER = [
  "Session",
  "When (UTC)",
  "Outcome",
  "Turns",
  "Narr",
  "Par",
  "Tools",
  "Tokens",
  "Cost",
  "Duration",
  "Commit"
];
function statusRow(row) {
  return [
    sessionName(row),
    when(row.ended_at),
    row.outcome ?? DASH,
    opt(row.turns, String),
    pct(row.narration_turns, row.turns),
    pct(row.parallel_turns, row.turns),
    opt(row.tool_calls, String),
    opt(sessionTokens(row), compact),
    opt(row.cost_usd, usd),
    opt(row.duration_secs, duration),
    committedCell(row.committed)
  ];
}
const avgOf = (a, f) => a.avg === null ? "n/a" : f(a.avg);
const sumOf = (a, f) => a.count === 0 ? "n/a" : f(a.sum);
const rate = (part, whole) => whole === 0 ? "" : ` (${Math.round(part / whole * 100)}%)`;
function renderStatus(rows, all, targets) {
  if (rows.length === 0) return "No sessions recorded yet.";
  const s = summarize(rows);
  const total = all.sessions;
  const lines = [
    `Last ${rows.length} of ${total} session${total === 1 ? "" : "s"} (oldest first)`,
    "",
    ...textTable(STATUS_HEADER, rows.map(statusRow), 3),
    "",
    `Averages: turns ${avgOf(s.turns, num)}, tool calls ${avgOf(s.toolCalls, num)}, tokens ${avgOf(s.tokens, (n) => compact(Math.round(n)))}, cost ${avgOf(s.cost, usd)}, duration ${avgOf(s.duration, duration)}`,
    `Totals: ${s.sessions} session${s.sessions === 1 ? "" : "s"}, ${s.committed} committed${rate(s.committed, s.committedKnown)}, tokens ${sumOf(s.tokens, compact)}, cost ${sumOf(s.cost, usd)}, duration ${sumOf(s.duration, duration)}`,
    `Outcomes: ${s.outcomes.map(([o, n]) => `${o} ${n}`).join(", ")}`
  ];
  if (total > rows.length) {
    const sum = (v, f) => v === null ? "n/a" : f(v);
    lines.push(
      `All time: ${total} sessions, ${all.committed} committed${rate(all.committed, all.commit_known)}, tokens ${sum(all.tokens.sum, compact)}, cost ${sum(all.cost_usd.sum, usd)}, duration ${sum(all.duration_secs.sum, duration)}`
    );
  }
  if (targets.length > 0) lines.push("", "Targets:", ...targetLines(targets).map((l) => `  ${l}`));
  return lines.join("\n");
}

const METRICS = {
  status: {
    synopsis: "status [--last N]",
    what: "the last N sessions (default 10): a table, averages, totals, targets"
  },
  targets: {
    synopsis: "targets [--last N]",
    what: "each target over the last N sessions (default 10): ok, MISS or not available"
  },
  query: {
    synopsis: "query <kind> [--last N] [--aggregate avg|trend]",
    what: "one event kind's values per session (kinds: turns.total, cost.usd, ...)"
  },
  export: { synopsis: "export [--format json|csv]", what: "every session row (default json) on stdout" },
  ingest: {
    synopsis: "ingest [--dedupe-content] FILE...",
    what: "record transcripts (.jsonl, .jsonl.gz, .jsonl.zst; any agent format);\na transcript already recorded (same name and content) is not counted\ntwice; --dedupe-content: nor one whose content is recorded under any name"
  },
  rebuild: {
    synopsis: "rebuild",
    what: "re-extract each session from its transcript (when it still exists) and\nderive the sessions table again from the events"
  },
  migrate: {
    synopsis: "migrate --from PATH",
    what: "import the bash loop's tools/self-improvement.db (sessions, improvements)"
  }
};
const HISTORY_OPTIONS = `  --db PATH       the database (default: metrics.database, harness-metrics.db)
  -c, --config    the config file (default: harness.yml, harness.yaml or harness.toml here)`;
const METRICS_EXITS = `Exit codes: 0 done; 1 a transcript could not be read (the others are still recorded); 2 usage;
15 the database cannot be used (unreadable, corrupt, not a metrics database, or newer than this agent-harness).
See docs/metrics.md.`;
const METRICS_USAGE = familyUsage(
  "metrics",
  " [--db PATH] [-c CONFIG]",
  METRICS,
  39,
  `${HISTORY_OPTIONS}

${METRICS_EXITS}`
);
const metricsUsageOf = (command) => commandUsage("metrics", METRICS[command], `${HISTORY_OPTIONS}

${METRICS_EXITS}`);
const IMPROVEMENTS = {
  add: {
    synopsis: 'add ["<title>"] [--title T] [--severity low|medium|high|critical] [--category C] [--desc D] [--rec R]\n    [--tags a,b] [--status S]',
    what: "record one; it gets the next ref (R1, R2, ...)"
  },
  list: {
    synopsis: "list [--status S]",
    what: "all improvements, or those with status S (open, fixed, ...)"
  },
  fix: {
    synopsis: 'fix <REF> [--impact "<what changed>"]',
    what: "mark one fixed, with its measured impact"
  },
  search: {
    synopsis: "search <text>",
    what: "those whose ref, title, description, recommendation or tags contain it"
  }
};
const IMPROVEMENT_USAGE = familyUsage("improvement", " [--db PATH] [-c CONFIG]", IMPROVEMENTS, 39, "");
const improvementUsageOf = (command) => commandUsage("improvement", IMPROVEMENTS[command], HISTORY_OPTIONS);

const COMMON_OPTIONS = { db: { type: "string" }, ...GLOBAL_OPTIONS };
function parseFlags(command, argv, options) {
  try {
    const parsed = parseArgs({
      args: [...argv],
      allowPositionals: true,
      strict: true,
      options: { ...COMMON_OPTIONS, ...options }
    });
    return { values: parsed.values, positionals: parsed.positionals };
  } catch (error) {
    throw new UsageError(`${command}: ${error.message}
Run agent-harness ${command} --help.`);
  }
}
const str = (value) => typeof value === "string" ? value : void 0;
function lastOf(command, values, fallback) {
  const text = str(values["last"]);
  if (text === void 0) return fallback;
  const n = Number(text);
  if (!Number.isInteger(n) || n < 1)
    throw new UsageError(`${command} --last: expected a positive integer, found ${JSON.stringify(text)}`);
  return n;
}
function intOf(command, values, flag) {
  const text = str(values[flag]);
  if (text === void 0) return void 0;
  const n = Number(text);
  if (text.trim() === "" || !Number.isInteger(n) || n < 0)
    throw new UsageError(`${command} --${flag}: expected a whole number, found ${JSON.stringify(text)}`);
  return n;
}
async function history(io, values) {
  const configPath = str(values["config"]);
  const loaded = await loadConfig({ cwd: io.cwd, ...configPath !== void 0 ? { configPath } : {} });
  const dbShown = str(values["db"]) ?? loaded.config.metrics.database;
  return {
    config: loaded.config,
    db: resolve(io.cwd, dbShown),
    dbShown,
    rules: targetRules(loaded.config.metrics.targets),
    notify: io.err
  };
}
function openForRead(h) {
  return existsSync(h.db) ? noted(h, MetricsStore.open(h.db, { readonly: true })) : null;
}
function noted(h, store) {
  for (const note of store.notes) h.notify(`agent-harness: ${note}`);
  return store;
}
function openForWrite(h) {
  mkdirSync(dirname(h.db), { recursive: true });
  return noted(h, MetricsStore.open(h.db));
}
async function withStore(store, use) {
  try {
    return await use(store);
  } finally {
    store.close();
  }
}
const noHistory = (h) => `No sessions recorded yet (no metrics database at ${h.dbShown}).`;

async function improvementCommand(argv, io) {
  const [sub, ...rest] = argv;
  if (SUBCOMMANDS.improvement.includes(sub) && asksHelp(rest))
    return io.out(improvementUsageOf(sub)), EXIT.ok;
  switch (sub) {
    case "--help":
    case "-h":
    case "help":
      io.out(IMPROVEMENT_USAGE);
      return EXIT.ok;
    case "add":
      return add(rest, io);
    case "list":
      return list(rest, io);
    case "fix":
      return fix(rest, io);
    case "search":
      return search(rest, io);
    case void 0:
      throw new UsageError(`missing improvement command
${IMPROVEMENT_USAGE}`);
    default:
      throw await unknownCommand(sub, "improvement", IMPROVEMENT_USAGE);
  }
}
async function add(argv, io) {
  const { values, positionals } = parseFlags("improvement add", argv, {
    title: { type: "string" },
    severity: { type: "string" },
    category: { type: "string" },
    desc: { type: "string" },
    description: { type: "string" },
    rec: { type: "string" },
    recommendation: { type: "string" },
    tags: { type: "string" },
    status: { type: "string" }
  });
  const title = (str(values["title"]) ?? positionals.join(" ")).trim();
  if (title === "")
    throw new UsageError(
      'improvement add: expected a title, e.g. improvement add --title "Batch file reads"'
    );
  if (str(values["title"]) !== void 0 && positionals.length > 0)
    throw new UsageError(`improvement add: a title both as --title and as "${positionals.join(" ")}"`);
  const severity = str(values["severity"]) ?? "medium";
  if (!SEVERITIES.includes(severity))
    throw new UsageError(
      `improvement add --severity: expected one of ${SEVERITIES.join(", ")}, found ${JSON.stringify(severity)}`
    );
  const h = await history(io, values);
  await withStore(openForWrite(h), (store) => {
    const added = store.improvements.add({
      title,
      severity,
      category: str(values["category"]) ?? "general",
      description: str(values["desc"]) ?? str(values["description"]) ?? null,
      recommendation: str(values["rec"]) ?? str(values["recommendation"]) ?? null,
      tags: str(values["tags"]) ?? null,
      ...str(values["status"]) !== void 0 ? { status: str(values["status"]) } : {}
    });
    io.out(`Added ${added.ref} [${added.category}/${added.severity}] ${added.title}`);
  });
  return EXIT.ok;
}
async function list(argv, io) {
  const { values, positionals } = parseFlags("improvement list", argv, { status: { type: "string" } });
  if (positionals.length > 0)
    throw new UsageError(`improvement list: unexpected argument "${positionals[0]}"`);
  const status = str(values["status"]);
  const h = await history(io, values);
  const store = openForRead(h);
  const none = status === void 0 ? "No improvements recorded." : `No ${status} improvements.`;
  if (store === null) return io.out(none), EXIT.ok;
  await withStore(store, (s) => {
    const rows = s.improvements.list(status);
    io.out(rows.length === 0 ? none : renderImprovements(rows));
  });
  return EXIT.ok;
}
async function fix(argv, io) {
  const { values, positionals } = parseFlags("improvement fix", argv, { impact: { type: "string" } });
  if (positionals.length !== 1)
    throw new UsageError('improvement fix: expected one ref, e.g. improvement fix R3 --impact "turns -20%"');
  const ref = positionals[0].toUpperCase();
  const h = await history(io, values);
  await withStore(openForWrite(h), (store) => {
    const fixed = store.improvements.fix(ref, str(values["impact"]));
    io.out(`Fixed ${fixed.ref}: ${fixed.title}${fixed.impact === null ? "" : ` (impact: ${fixed.impact})`}`);
  });
  return EXIT.ok;
}
async function search(argv, io) {
  const { values, positionals } = parseFlags("improvement search", argv, {});
  const text = positionals.join(" ").trim();
  if (text === "")
    throw new UsageError("improvement search: expected some text, e.g. improvement search lint");
  const h = await history(io, values);
  const store = openForRead(h);
  const none = `No improvements match "${text}".`;
  if (store === null) return io.out(none), EXIT.ok;
  await withStore(store, (s) => {
    const rows = s.improvements.search(text);
    io.out(rows.length === 0 ? none : renderImprovements(rows));
  });
  return EXIT.ok;
}

const QUERY_AGGREGATES = ["avg", "trend"];
const FORMATS = ["json", "csv"];
async function metricsCommand(argv, io) {
  const [sub, ...rest] = argv;
  if (SUBCOMMANDS.metrics.includes(sub) && asksHelp(rest))
    return io.out(metricsUsageOf(sub)), EXIT.ok;
  switch (sub) {
    case void 0:
      throw new UsageError(`missing metrics command
${METRICS_USAGE}`);
    case "--help":
    case "-h":
    case "help":
      io.out(METRICS_USAGE);
      return EXIT.ok;
    case "status":
      return status("metrics status", rest, io, 10);
    case "targets":
      return targets("metrics targets", rest, io, 10);
    case "query":
      return query(rest, io);
    case "export":
      return exportRows(rest, io);
    case "ingest":
      return ingest(rest, io);
    case "rebuild":
      return rebuild(rest, io);
    case "migrate":
      return migrate(rest, io);
    default:
      throw await unknownCommand(sub, "metrics", METRICS_USAGE);
  }
}
async function reading(h, io, use) {
  const store = openForRead(h);
  if (store === null) {
    io.out(noHistory(h));
    return EXIT.ok;
  }
  await withStore(store, use);
  return EXIT.ok;
}
async function windowed(command, argv, io, fallback, body) {
  const { values, positionals } = parseFlags(command, argv, { last: { type: "string" } });
  noPositionals(command, positionals);
  const n = lastOf(command, values, fallback);
  const h = await history(io, values);
  return reading(h, io, (store) => body(store, n, h));
}
function status(command, argv, io, fallback) {
  return windowed(command, argv, io, fallback, (store, n, h) => {
    const rows = store.lastSessions(n);
    io.out(renderStatus(rows, store.allTime(), evaluateTargets(h.rules, rows)));
  });
}
function targets(command, argv, io, fallback) {
  return windowed(command, argv, io, fallback, (store, n, h) => {
    const rows = store.lastSessions(n);
    if (rows.length === 0) return io.out("No sessions recorded yet.");
    if (h.rules.length === 0) return io.out('Every target is "off" ([metrics.targets]).');
    const results = evaluateTargets(h.rules, rows);
    const count = (s) => results.filter((r) => r.status === s).length;
    io.out(
      [
        `Targets over the last ${rows.length} session${rows.length === 1 ? "" : "s"} (${sessionName(rows[0])} to ${sessionName(rows[rows.length - 1])}):`,
        "",
        ...targetLines(results).map((l) => `  ${l}`),
        "",
        `${count("pass")} ok, ${count("miss")} missed, ${count("not available")} not available`
      ].join("\n")
    );
  });
}
function analyze(command, argv, io, fallback) {
  return windowed(
    command,
    argv,
    io,
    fallback,
    (store, n, h) => io.out(renderAnalyze(store.lastSessions(2 * n), n, h.rules))
  );
}
async function query(argv, io) {
  const { values, positionals } = parseFlags("metrics query", argv, {
    last: { type: "string" },
    aggregate: { type: "string" }
  });
  const [kind, ...extra] = positionals;
  if (kind === void 0 || extra.length > 0)
    throw new UsageError(`metrics query: expected one event kind, one of: ${KIND_NAMES.join(", ")}`);
  if (!KIND_NAMES.includes(kind))
    throw new UsageError(`metrics query: unknown kind "${kind}"; the kinds are: ${KIND_NAMES.join(", ")}`);
  const aggregate = str(values["aggregate"]);
  if (aggregate !== void 0 && !QUERY_AGGREGATES.includes(aggregate))
    throw new UsageError(
      `metrics query --aggregate: expected avg or trend, found ${JSON.stringify(aggregate)}`
    );
  const n = values["last"] === void 0 ? null : lastOf("metrics query", values, 0);
  const h = await history(io, values);
  return reading(
    h,
    io,
    (store) => io.out(
      renderQuery(kind, store.query(kind, n), aggregate)
    )
  );
}
async function exportRows(argv, io) {
  const { values, positionals } = parseFlags("metrics export", argv, { format: { type: "string" } });
  noPositionals("metrics export", positionals);
  const format = str(values["format"]) ?? "json";
  if (!FORMATS.includes(format))
    throw new UsageError(`metrics export --format: expected json or csv, found ${JSON.stringify(format)}`);
  const h = await history(io, values);
  const store = openForRead(h);
  if (store === null) {
    for (const piece of exportChunks([], format)) io.out(piece);
    return EXIT.ok;
  }
  await withStore(store, async (s) => {
    for (const piece of exportChunks(s.sessionValues(), format))
      if (io.stream) await io.stream(piece);
      else io.out(piece);
  });
  return EXIT.ok;
}
async function ingestFiles(h, io, files, summary, options = {}) {
  const results = [];
  const context = ingestContext(h.config, io.cwd, options.dedupeContent === true);
  await withStore(openForWrite(h), async (store) => {
    for (const file of files) {
      const result = await ingestOne(store, context, file.path, file.shown);
      results.push(result);
      if (result.kind === "error") io.err(ingestLine(result));
      else io.out(ingestLine(result));
    }
  });
  if (summary) io.out(ingestSummary(results));
  return results.some((r) => r.kind === "error") ? EXIT.failure : EXIT.ok;
}
async function ingest(argv, io) {
  const { values, positionals } = parseFlags("metrics ingest", argv, {
    "dedupe-content": { type: "boolean" }
  });
  if (positionals.length === 0)
    throw new UsageError(
      "metrics ingest: expected one or more transcript files, e.g. claude-iteration-*.jsonl"
    );
  const h = await history(io, values);
  const files = positionals.map((p) => ({ path: resolve(io.cwd, p), shown: p }));
  return ingestFiles(h, io, files, files.length > 1, { dedupeContent: values["dedupe-content"] === true });
}
async function rebuild(argv, io) {
  const { values, positionals } = parseFlags("metrics rebuild", argv, {});
  noPositionals("metrics rebuild", positionals);
  const h = await history(io, values);
  if (!existsSync(h.db)) {
    io.out(noHistory(h));
    return EXIT.ok;
  }
  const options = extractOptions(h.config);
  await withStore(openForWrite(h), async (store) => {
    const where = /* @__PURE__ */ new Map();
    for (const t of store.transcripts())
      if (t.state !== "deleted") where.set(t.session, [...where.get(t.session) ?? [], t.path]);
    const reextract = async (row) => {
      const candidates = [
        ...where.get(row.key) ?? [],
        ...row.transcript === null ? [] : [row.transcript, `${row.transcript}.zst`, `${row.transcript}.gz`]
      ].map((p) => resolve(io.cwd, p));
      const path = candidates.find((p) => existsSync(p));
      if (path === void 0) return null;
      try {
        return rebuildFacts(row, await extractTranscript(path, options));
      } catch (error) {
        io.err(`agent-harness: cannot re-read ${relative(io.cwd, path)}: ${error.message}`);
        return null;
      }
    };
    const result = await store.rebuild(reextract);
    io.out(
      `Rebuilt ${result.sessions} session${result.sessions === 1 ? "" : "s"} from the events (${result.reextracted} re-extracted from their transcripts).`
    );
  });
  return EXIT.ok;
}
async function migrate(argv, io) {
  const { values, positionals } = parseFlags("metrics migrate", argv, { from: { type: "string" } });
  noPositionals("metrics migrate", positionals);
  const from = str(values["from"]);
  if (from === void 0)
    throw new UsageError("metrics migrate: expected --from PATH, e.g. --from tools/self-improvement.db");
  const source = resolve(io.cwd, from);
  if (!existsSync(source)) throw new UsageError(`metrics migrate: ${from} does not exist`);
  const h = await history(io, values);
  await withStore(openForWrite(h), (store) => {
    const r = store.importSelfImprovement(source);
    io.out(
      `Imported ${r.sessions} session${r.sessions === 1 ? "" : "s"} and ${r.improvements} improvement${r.improvements === 1 ? "" : "s"} from ${from} into ${h.dbShown} (${r.skipped} already there).`
    );
  });
  return EXIT.ok;
}
function noPositionals(command, positionals) {
  if (positionals.length > 0) throw new UsageError(`${command}: unexpected argument "${positionals[0]}"`);
}

const BRIEF_USAGE = `Usage: agent-harness brief [--last N] [--db PATH] [-c CONFIG]

A short performance brief over the last N sessions (default 5) for prompt.prepend_commands: targets (a miss in
each of the last 3 sessions is a WARNING), trends, the worst sessions and why, open improvements. Prints nothing
at all when there is no history yet.`;
const SELF_IMPROVEMENT_USAGE = `Usage: agent-harness self-improvement [--db PATH] <command>

The bash loop's tools/self-improvement command lines, answered from the metrics database:
  log <file>                                   = metrics ingest <file>
  backfill [--from N] [--to N] [--sessions-dir D]
                                               ingest <prefix>-N.jsonl[.gz|.zst] (or N.jsonl) in D
                                               (default session.output_dir) with N in range
  status [--last N]                            = metrics status
  analyze [--last N]                           the last N sessions (default 10) against the N before
  targets [--last N]                           = metrics targets (default the last 5)
  brief [--last N]                             = brief
  improvement add|list|fix|search ...          = improvement ...
--db PATH selects the database (default: metrics.database, harness-metrics.db).`;
async function historyCommand(command, argv, io) {
  switch (command) {
    case "metrics":
      return metricsCommand(argv, io);
    case "improvement":
      return improvementCommand(argv, io);
    case "brief":
      return brief(argv, io);
    case "self-improvement":
      return selfImprovement(argv, io);
  }
}
async function brief(argv, io) {
  const { values, positionals } = parseFlags("brief", argv, { last: { type: "string" } });
  if (values["help"] === true) return io.out(BRIEF_USAGE), EXIT.ok;
  if (positionals.length > 0) throw new UsageError(`brief: unexpected argument "${positionals[0]}"`);
  const n = lastOf("brief", values, 5);
  const h = await history(io, values);
  const store = openForRead(h);
  if (store === null) return EXIT.ok;
  await withStore(store, (s) => {
    const all = s.improvements.list();
    const text = renderBrief({
      rows: s.lastSessions(n),
      rules: h.rules,
      open: all.filter((i) => i.status === "open"),
      improvementsTotal: all.length
    });
    if (text !== "") io.out(text);
  });
  return EXIT.ok;
}
function takeDb(argv) {
  const rest = [];
  const db = [];
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    if (arg === "--db" && i + 1 < argv.length) db.push("--db", argv[++i]);
    else if (arg.startsWith("--db=")) db.push("--db", arg.slice("--db=".length));
    else rest.push(arg);
  }
  return { db: db.slice(-2), rest };
}
async function selfImprovement(argv, io) {
  const { db, rest } = takeDb(argv);
  const [sub, ...args] = rest;
  const withDb = [...args, ...db];
  if (sub !== "brief" && sub !== "improvement" && SUBCOMMANDS["self-improvement"].some((s) => s === sub)) {
    if (asksHelp(args)) return io.out(SELF_IMPROVEMENT_USAGE), EXIT.ok;
  }
  switch (sub) {
    case void 0:
      throw new UsageError(`missing self-improvement command
${SELF_IMPROVEMENT_USAGE}`);
    case "--help":
    case "-h":
    case "help":
      io.out(SELF_IMPROVEMENT_USAGE);
      return EXIT.ok;
    case "log":
      return log(withDb, io);
    case "backfill":
      return backfill(withDb, io);
    case "status":
      return status("self-improvement status", withDb, io, 10);
    case "analyze":
      return analyze("self-improvement analyze", withDb, io, 10);
    case "targets":
      return targets("self-improvement targets", withDb, io, 5);
    case "brief":
      return brief(withDb, io);
    case "improvement":
      return improvementCommand(withDb, io);
    case "seed":
      throw new UsageError(
        "self-improvement seed: import the old database instead: agent-harness metrics migrate --from tools/self-improvement.db"
      );
    default:
      throw await unknownCommand(sub, "self-improvement", SELF_IMPROVEMENT_USAGE);
  }
}
async function log(argv, io) {
  const { values, positionals } = parseFlags("self-improvement log", argv, {});
  if (positionals.length !== 1)
    throw new UsageError(
      "self-improvement log: expected one transcript file, e.g. log claude-iteration-3.jsonl"
    );
  const h = await history(io, values);
  return ingestFiles(h, io, [{ path: resolve(io.cwd, positionals[0]), shown: positionals[0] }], false);
}
async function backfill(argv, io) {
  const { values, positionals } = parseFlags("self-improvement backfill", argv, {
    from: { type: "string" },
    to: { type: "string" },
    "sessions-dir": { type: "string" }
  });
  if (positionals.length > 0)
    throw new UsageError(`self-improvement backfill: unexpected argument "${positionals[0]}"`);
  const from = intOf("self-improvement backfill", values, "from");
  const to = intOf("self-improvement backfill", values, "to");
  const h = await history(io, values);
  const dir = resolve(io.cwd, str(values["sessions-dir"]) ?? h.config.session.output_dir);
  let names;
  try {
    names = await readdir(dir);
  } catch {
    io.err(`agent-harness: sessions directory not found: ${relative(io.cwd, dir) || "."}`);
    return EXIT.failure;
  }
  const files = names.map((name) => ({ name, n: transcriptNumber(name, h.config.session.output_prefix) })).filter((f) => f.n !== null && inRange(f.n, from, to)).sort((a, b) => a.n - b.n || a.name.localeCompare(b.name)).map((f) => {
    const path = join(dir, f.name);
    return { path, shown: relative(io.cwd, path) };
  });
  if (files.length === 0) {
    io.out(`No session files found in ${relative(io.cwd, dir) || "."}`);
    return EXIT.ok;
  }
  return ingestFiles(h, io, files, true);
}

export { BRIEF_USAGE, SELF_IMPROVEMENT_USAGE, historyCommand };
