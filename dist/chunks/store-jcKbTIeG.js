import { r as readInputText } from './input-file-Cbt1w_j3.js';
import { b as EVENT_NAMES, E as EVENT_LOG_VERSION, e as eventLineSchema, l as lenientLineSchema, M as METRIC_STORAGE, S as SUMMED_METRICS, c as SESSION_OUTCOMES, F as FAILURE_KINDS } from './harness-files-B0x0nX25.js';
import { H as HarnessError, E as EXIT } from './exit-codes-BkuRLrXJ.js';
import { statSync, statfsSync, existsSync, mkdirSync } from 'node:fs';
import { basename, join, dirname, resolve } from 'node:path';
import 'node:fs/promises';
import { c as compressionOf, C as COMPRESSED_SUFFIX } from './paths-CsbkJmHS.js';
import 'node:child_process';
import 'node:crypto';
import 'node:stream';
import 'node:stream/promises';
import 'node:zlib';

const TEXT_WINDOW_CHARS = 4096;
const RESULT_TEXT_CHARS = 4096;
function tailLines(tail, complete) {
  const lines = tail.split("\n");
  if (!complete) lines.shift();
  if (lines.length > 0 && lines[lines.length - 1] === "") lines.pop();
  return lines.map((line) => line.endsWith("\r") ? line.slice(0, -1) : line);
}
function lastLines(text, count) {
  const body = text.endsWith("\n") ? text.slice(0, -1) : text;
  const lines = [];
  let end = body.length;
  while (lines.length < count && end >= 0) {
    const start = end > 0 ? body.lastIndexOf("\n", end - 1) : -1;
    lines.unshift(body.slice(start + 1, end).replace(/\r$/, ""));
    if (start < 0) break;
    end = start;
  }
  return { lines, unterminated: !text.endsWith("\n") && text.length > 0 };
}
function lastNonEmptyLine(text) {
  const { lines } = lastLines(text.trimEnd(), 1);
  const line = lines[0]?.trim();
  return line ? line : null;
}
function truncate(text, maxChars) {
  return text.length <= maxChars ? text : `${text.slice(0, maxChars - 1)}\u2026`;
}
function lastChars(text, maxChars) {
  return text.length <= maxChars ? text : text.slice(text.length - maxChars);
}
function errorMessages(errors, final) {
  return [...errors, ...final === null || errors.includes(final) ? [] : [final]].join("\n");
}

function parseObject(text) {
  try {
    const value = JSON.parse(text);
    return asObject(value);
  } catch {
    return null;
  }
}
function balancedObjectAt(text, start) {
  if (text[start] !== "{") return null;
  let depth = 0;
  let inString = false;
  for (let i = start; i < text.length; i++) {
    const c = text[i];
    if (inString) {
      if (c === "\\") i++;
      else if (c === '"') inString = false;
    } else if (c === '"') inString = true;
    else if (c === "{") depth++;
    else if (c === "}" && --depth === 0) return text.slice(start, i + 1);
  }
  return null;
}
function findEmbeddedObjects(text, opening) {
  const found = [];
  const re = new RegExp(opening.source, opening.flags.includes("g") ? opening.flags : `${opening.flags}g`);
  for (const m of text.matchAll(re)) {
    const raw = balancedObjectAt(text, m.index);
    const value = raw === null ? null : parseObject(raw);
    if (raw !== null && value !== null) found.push({ start: m.index, end: m.index + raw.length, value });
  }
  return found;
}
function parseLineLenient(line, splice) {
  const direct = parseObject(line);
  if (direct !== null) return direct;
  const spliced = findEmbeddedObjects(line, splice);
  if (spliced.length === 0) return null;
  let rest = "";
  let at = 0;
  for (const s of spliced) {
    rest += line.slice(at, s.start);
    at = s.end;
  }
  return parseObject(rest + line.slice(at));
}
function lastJsonEvent(tail, maxLines = 8) {
  const { lines, unterminated } = lastLines(tail, maxLines);
  for (let i = lines.length - 1; i >= 0; i--) {
    const line = (lines[i] ?? "").trim();
    if (!line.startsWith("{")) continue;
    const value = parseObject(line);
    if (value !== null) return value;
    if (i === lines.length - 1 && unterminated) return null;
  }
  return null;
}
function asObject(value) {
  return typeof value === "object" && value !== null && !Array.isArray(value) ? value : null;
}
function asNumber(value) {
  return typeof value === "number" && Number.isFinite(value) ? value : null;
}
function asString(value) {
  return typeof value === "string" ? value : null;
}
function asText(value, fallback = "") {
  if (value === void 0 || value === null) return fallback;
  return typeof value === "string" ? value : JSON.stringify(value);
}
function* tailRecords(tail, complete, parse = parseObject) {
  for (const line of tailLines(tail, complete)) {
    const trimmed = line.trim();
    if (trimmed === "") continue;
    if (!trimmed.startsWith("{")) {
      yield { text: trimmed };
      continue;
    }
    const event = parse(trimmed);
    if (event !== null) yield { event };
  }
}

function parseEventLine(line) {
  let value;
  try {
    value = JSON.parse(line);
  } catch {
    return { kind: "invalid", problem: "not JSON" };
  }
  if (typeof value !== "object" || value === null || Array.isArray(value))
    return { kind: "invalid", problem: "not a JSON object" };
  const { event, v } = value;
  if (typeof event !== "string") return { kind: "invalid", problem: "no `event` name" };
  if (!EVENT_NAMES.has(event)) return { kind: "unknown", name: event };
  const schema = v === EVENT_LOG_VERSION ? eventLineSchema() : lenientLineSchema();
  const parsed = schema.safeParse(value);
  if (parsed.success) return { kind: "event", event: parsed.data };
  const issue = parsed.error.issues[0];
  return {
    kind: "invalid",
    problem: `${event}: ${issue ? `${issue.path.join(".") || "(line)"}: ${issue.message}` : "does not match"}`
  };
}
const KEPT_PROBLEMS = 5;
function parseEventLog(text) {
  const read = { events: [], invalid: 0, problems: [], unknown: 0 };
  let number = 0;
  for (const line of text.split("\n")) {
    number++;
    if (line.trim() === "") continue;
    const parsed = parseEventLine(line);
    if (parsed.kind === "event") read.events.push(parsed.event);
    else if (parsed.kind === "unknown") read.unknown++;
    else {
      read.invalid++;
      if (read.problems.length < KEPT_PROBLEMS) read.problems.push(`line ${number}: ${parsed.problem}`);
    }
  }
  return read;
}
async function readEventLog(path) {
  let text;
  try {
    text = await readInputText(path, { what: "event log", maxBytes: Infinity });
  } catch {
    return { events: [], invalid: 0, problems: [], unknown: 0 };
  }
  return parseEventLog(text);
}

function usableBlocks(fs) {
  return process.getuid?.() === 0 ? fs.bfree : fs.bavail;
}

function sqliteModule() {
  return process.getBuiltinModule("node:sqlite") ?? null;
}
class NoSqliteError extends HarnessError {
  name = "NoSqliteError";
  constructor() {
    super(
      `this Node (${process.version}) has no node:sqlite: the metrics database needs Node >= 22.13`,
      EXIT.metricsDb
    );
  }
}
const BUSY_TIMEOUT_MS = 5e3;
function openDatabase(path, options = {}) {
  const readOnly = options.readonly === true;
  const sqlite = sqliteModule();
  if (sqlite === null) throw new NoSqliteError();
  const db = new sqlite.DatabaseSync(path, {
    readOnly,
    timeout: BUSY_TIMEOUT_MS,
    enableForeignKeyConstraints: true
  });
  try {
    db.exec(`PRAGMA busy_timeout = ${BUSY_TIMEOUT_MS}`);
    db.exec("PRAGMA foreign_keys = ON");
  } catch (error) {
    db.close();
    throw error;
  }
  return db;
}
function useWal(db) {
  db.exec("PRAGMA journal_mode = WAL");
  db.exec("PRAGMA synchronous = NORMAL");
}
function transaction(db, fn) {
  db.exec("BEGIN IMMEDIATE");
  try {
    const result = fn();
    db.exec("COMMIT");
    return result;
  } catch (error) {
    if (db.isTransaction) db.exec("ROLLBACK");
    throw error;
  }
}

const CUT_SHORT = "cut_short";
const FIELD_TYPES = {
  source: "text",
  started_at: "text",
  ended_at: "text",
  transcript: "text",
  sha256: "text",
  global: "integer",
  iteration: "integer",
  run: "text",
  format: "text",
  model: METRIC_STORAGE.model,
  outcome: "text",
  failure_kind: "text",
  failure_reason: "text",
  duration_secs: "real",
  output_bytes: "integer",
  exit_code: "integer",
  turns: METRIC_STORAGE.turns,
  narration_turns: METRIC_STORAGE.narration_turns,
  parallel_turns: METRIC_STORAGE.parallel_turns,
  tool_calls: METRIC_STORAGE.tool_calls,
  input_tokens: METRIC_STORAGE.input_tokens,
  output_tokens: METRIC_STORAGE.output_tokens,
  cache_read_tokens: METRIC_STORAGE.cache_read_tokens,
  cache_write_tokens: METRIC_STORAGE.cache_write_tokens,
  cost_usd: METRIC_STORAGE.cost_usd,
  committed: "boolean",
  commit_evidence: "text",
  task_id: "text",
  plan_id: "text",
  phase: "text"
};
const FACT_FIELDS = Object.keys(FIELD_TYPES);
const KINDS = [
  {
    kind: "session.meta",
    fields: {
      started_at: "started_at",
      ended_at: "ended_at",
      transcript: "transcript",
      sha256: "sha256",
      global: "global",
      iteration: "iteration",
      run: "run",
      format: "format",
      model: "model",
      source: "source"
    }
  },
  { kind: "session.outcome", column: "outcome" },
  { kind: "session.failure", fields: { kind: "failure_kind", reason: "failure_reason" } },
  { kind: "session.duration_secs", column: "duration_secs" },
  { kind: "session.output_bytes", column: "output_bytes" },
  { kind: "session.exit_code", column: "exit_code" },
  { kind: "turns.total", column: "turns" },
  { kind: "turns.narration_only", column: "narration_turns" },
  { kind: "turns.parallel", column: "parallel_turns" },
  { kind: "turns.tool_calls", column: "tool_calls" },
  { kind: "tokens.input", column: "input_tokens" },
  { kind: "tokens.output", column: "output_tokens" },
  { kind: "tokens.cache_read", column: "cache_read_tokens" },
  { kind: "tokens.cache_write", column: "cache_write_tokens" },
  { kind: "cost.usd", column: "cost_usd" },
  { kind: "commit.detected", column: "committed" },
  { kind: "commit.evidence", column: "commit_evidence" },
  { kind: "task.id", column: "task_id" },
  { kind: "plan.id", column: "plan_id" },
  { kind: "plan.phase", column: "phase" }
];
const KIND_NAMES = KINDS.map((spec) => spec.kind);
const kindSpec = (kind) => KINDS.find((spec) => spec.kind === kind);
const columnsOf$1 = (spec) => "column" in spec ? [spec.column] : Object.values(spec.fields);
function eventValue(spec, facts) {
  if ("column" in spec) return facts[spec.column];
  const entries = Object.entries(spec.fields).map(([name, field]) => [name, facts[field]]);
  if (spec.kind !== "session.meta" && entries.every(([, value]) => value === null)) return null;
  return Object.fromEntries(entries);
}
function fieldValue(field, value) {
  switch (FIELD_TYPES[field]) {
    case "text":
      return typeof value === "string" ? value : null;
    case "integer":
      return typeof value === "number" && Number.isFinite(value) ? Math.trunc(value) : null;
    case "real":
      return typeof value === "number" && Number.isFinite(value) ? value : null;
    case "boolean":
      return typeof value === "boolean" ? value : null;
  }
}
function eventColumns(spec, value) {
  if ("column" in spec) return { [spec.column]: fieldValue(spec.column, value) };
  const object = value !== null && typeof value === "object" ? value : {};
  return Object.fromEntries(
    Object.entries(spec.fields).map(([name, field]) => [field, fieldValue(field, object[name])])
  );
}
const SESSION_STATS = ["duration_secs", "output_bytes"];

const SESSION_COLUMNS = ["key", "seq", ...FACT_FIELDS];
const FACT_COLUMNS = FACT_FIELDS;
const SESSION_SELECT = SESSION_COLUMNS.join(", ");
const INSERT_COMPACT = `INSERT INTO sessions (${SESSION_COLUMNS.join(", ")}, recorded_at, writer) VALUES (${SESSION_COLUMNS.map(() => "?").join(", ")}, ?, ?)`;
function sessionParams(row) {
  return SESSION_COLUMNS.map((column) => sqlValue(row[column]));
}
const sqlValue = (value) => typeof value === "boolean" ? value ? 1 : 0 : value;
function sessionFromSql(row) {
  const committed = row.committed;
  return {
    ...row,
    committed: committed === null || committed === void 0 ? null : Number(committed) !== 0
  };
}

const CHUNK_CHARS = 64 * 1024;
function csvField(value) {
  if (value === null || value === void 0) return "";
  let text;
  if (typeof value === "string") text = value;
  else if (typeof value === "number" || typeof value === "boolean") text = String(value);
  else text = JSON.stringify(value);
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}
const COMMITTED = SESSION_COLUMNS.indexOf("committed");
const LAST = SESSION_COLUMNS.length - 1;
const JSON_KEYS = SESSION_COLUMNS.map((column) => `    ${JSON.stringify(column)}: `);
function jsonValue(value, i) {
  if (value === null || value === void 0) return "null";
  if (i === COMMITTED) return value === true || value === 1 ? "true" : "false";
  return typeof value === "number" ? String(value) : JSON.stringify(value);
}
function jsonRow(row) {
  let text = "  {\n";
  for (let i = 0; i < LAST; i++) text += `${JSON_KEYS[i]}${jsonValue(row[i], i)},
`;
  return `${text}${JSON_KEYS[LAST]}${jsonValue(row[LAST], LAST)}
  }`;
}
function csvRow(row) {
  const fields = new Array(LAST + 1);
  for (let i = 0; i <= LAST; i++) {
    const value = row[i];
    fields[i] = i === COMMITTED && value !== null && value !== void 0 ? String(value === true || value === 1) : csvField(value);
  }
  return fields.join(",");
}
function* exportChunks(rows, format) {
  const csv = format === "csv";
  const separator = csv ? "\r\n" : ",\n";
  let head = csv ? "" : "[\n";
  let parts = csv ? [SESSION_COLUMNS.join(",")] : [];
  let size = 0;
  for (const row of rows) {
    if (size >= CHUNK_CHARS) {
      yield `${head}${parts.join(separator)}${csv ? "\r" : ","}`;
      head = "";
      parts = [];
      size = 0;
    }
    const text = csv ? csvRow(row) : jsonRow(row);
    parts.push(text);
    size += text.length;
  }
  if (csv) yield parts.join(separator);
  else yield head !== "" && parts.length === 0 ? "[]" : `${head}${parts.join(separator)}
]`;
}

const loopKey = (run, global) => `run:${run}:${global}`;
function rekeyLoopSessions(db, file) {
  const rows = db.prepare(
    "SELECT key, run, global FROM sessions WHERE source = 'loop' AND key LIKE 'sha256:%' ORDER BY ended_at, seq"
  ).all();
  const taken = new Set(
    db.prepare("SELECT key FROM sessions").all().map((row) => row.key)
  );
  const events = db.prepare("UPDATE events SET session = ? WHERE session = ?");
  const transcripts = db.prepare("UPDATE transcripts SET session = ? WHERE session = ?");
  const sessions = db.prepare("UPDATE sessions SET key = ? WHERE key = ?");
  let rekeyed = 0;
  let kept = 0;
  for (const row of rows) {
    const key = row.run !== null && row.global !== null ? loopKey(row.run, Number(row.global)) : null;
    if (key === null || taken.has(key)) {
      kept++;
      continue;
    }
    taken.add(key);
    events.run(key, row.key);
    transcripts.run(key, row.key);
    sessions.run(key, row.key);
    rekeyed++;
  }
  const contentKeyed = Number(
    db.prepare("SELECT count(*) AS n FROM sessions WHERE key LIKE 'sha256:%'").get().n
  );
  if (rows.length === 0 && contentKeyed === 0) return [];
  const notes = [
    `${file}: sessions are now one row each, keyed by their run and number (schema version 4): ${rekeyed} session${rekeyed === 1 ? "" : "s"} the loop recorded re-keyed.`,
    `${file}: sessions recorded before this version whose transcript was byte-identical to an earlier one were merged into it and are not in the database; the next start of the loop records those its event log still holds (session_complete events), the others cannot be restored. \`metrics ingest\` now tells transcripts apart by name and content.`
  ];
  if (kept > 0)
    notes.push(
      `${file}: ${kept} loop session${kept === 1 ? "" : "s"} without a known run or number keep their content key.`
    );
  return notes;
}

const transcriptName = (path) => {
  const name = basename(path);
  const compression = compressionOf(name);
  return compression === null ? name : name.slice(0, -COMPRESSED_SUFFIX[compression].length);
};
const transcriptSlot = (global, path) => `${global} ${join(dirname(path), transcriptName(path))}`;

const HISTORY_RESERVE_BYTES = 16 * 1024 * 1024;
const HISTORY_MIN_BYTES = 256 * 1024;
function existing(path) {
  let dir = resolve(path);
  for (; ; ) {
    try {
      if (statSync(dir).isDirectory()) return dir;
    } catch {
    }
    const up = dirname(dir);
    if (up === dir) return dir;
    dir = up;
  }
}
const deviceOf = (dir) => {
  try {
    return statSync(existing(dir)).dev;
  } catch {
    return null;
  }
};
function freeBytes(dir) {
  try {
    const fs = statfsSync(existing(dir));
    return usableBlocks(fs) * fs.bsize;
  } catch {
    return null;
  }
}
function historyRoom(database, others) {
  const dir = existing(dirname(resolve(database)));
  const free = freeBytes(dir);
  if (free === null) return { ok: true };
  const device = deviceOf(dir);
  const shared = device !== null && others.some((other) => deviceOf(other) === device);
  const needed = shared ? HISTORY_RESERVE_BYTES : HISTORY_MIN_BYTES;
  return free >= needed ? { ok: true } : { ok: false, dir, free, needed, shared };
}
function roomMessage(room) {
  const mib = (n) => `${(n / (1024 * 1024)).toFixed(n < 1024 * 1024 ? 2 : 1)} MiB`;
  return room.shared ? `only ${mib(room.free)} free on ${room.dir}, which holds the transcripts or the state: the history keeps ${mib(room.needed)} free for them` : `only ${mib(room.free)} free on ${room.dir}: the history needs ${mib(room.needed)} to write`;
}
function isSpaceError(error) {
  for (let e = error; e instanceof Error; e = e.cause) {
    const { code, errcode } = e;
    if (code === "ENOSPC" || code === "EDQUOT") return true;
    if (typeof errcode === "number" && ((errcode & 255) === 13 || (errcode & 255) === 10)) return true;
  }
  return false;
}

class MetricsDbError extends HarnessError {
  constructor(file, message, options) {
    super(message, EXIT.metricsDb, options);
    this.file = file;
  }
  file;
  name = "MetricsDbError";
}
class UnknownImprovementError extends HarnessError {
  constructor(ref) {
    super(`no improvement ${ref}: \`agent-harness improvement list\` shows the refs`, EXIT.usage);
    this.ref = ref;
  }
  ref;
  name = "UnknownImprovementError";
}

function nextRef(refs) {
  const numbers = refs.map((ref) => /^R(\d+)$/i.exec(ref)?.[1]).filter((n) => n !== void 0);
  return `R${numbers.reduce((max, n) => Math.max(max, Number(n)), 0) + 1}`;
}
const containsPattern = (text) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
const plain = (rows) => rows.map((row) => ({ ...row }));
const COLUMNS$1 = "id, ref, created, resolved, category, severity, status, title, description, recommendation, impact, tags";
const insertImprovement = (db, record) => db.prepare(
  `INSERT OR IGNORE INTO improvements (ref, created, resolved, category, severity, status, title, description, recommendation, impact, tags)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`
).run(
  record.ref,
  record.created,
  record.resolved,
  record.category,
  record.severity,
  record.status,
  record.title,
  record.description,
  record.recommendation,
  record.impact,
  record.tags
).changes > 0;
function improvementsApi(db, now) {
  const get = (ref) => db.prepare(`SELECT ${COLUMNS$1} FROM improvements WHERE ref = ?`).get(ref) ?? null;
  const insert = (record) => insertImprovement(db, record);
  return {
    add(input) {
      return transaction(db, () => {
        const refs = db.prepare("SELECT ref FROM improvements WHERE ref LIKE 'R%'").all().map((row) => row.ref);
        const ref = nextRef(refs);
        insert({
          ref,
          created: input.created ?? now(),
          resolved: null,
          category: input.category ?? "general",
          severity: input.severity ?? "medium",
          status: input.status ?? "open",
          title: input.title,
          description: input.description ?? null,
          recommendation: input.recommendation ?? null,
          impact: input.impact ?? null,
          tags: input.tags ?? null
        });
        return get(ref);
      });
    },
    list(status) {
      return plain(
        status === void 0 ? db.prepare(`SELECT ${COLUMNS$1} FROM improvements ORDER BY id`).all() : db.prepare(`SELECT ${COLUMNS$1} FROM improvements WHERE status = ? ORDER BY id`).all(status)
      );
    },
    get,
    fix(ref, impact) {
      return transaction(db, () => {
        const current = get(ref);
        if (!current) throw new UnknownImprovementError(ref);
        db.prepare(
          "UPDATE improvements SET status = 'fixed', resolved = ?, impact = coalesce(?, impact) WHERE ref = ?"
        ).run(now(), impact ?? null, ref);
        return get(ref);
      });
    },
    search(text) {
      const pattern = containsPattern(text);
      const fields = ["ref", "title", "description", "recommendation", "tags"];
      return plain(
        db.prepare(
          `SELECT ${COLUMNS$1} FROM improvements WHERE ${fields.map((f) => `${f} LIKE ? ESCAPE '\\'`).join(" OR ")} ORDER BY id`
        ).all(...fields.map(() => pattern))
      );
    },
    insert: (record) => transaction(db, () => insert(record))
  };
}

const SESSION_ALIASES = {
  id: ["session_id", "id", "session", "iteration"],
  ended_at: ["timestamp", "ended_at", "ended", "created", "date"],
  started_at: ["started_at", "started"],
  transcript: ["file", "transcript", "jsonl_file", "path"],
  global: ["global", "global_iteration"],
  iteration: ["iteration"],
  model: ["model"],
  format: ["format"],
  outcome: ["outcome"],
  failure_kind: ["failure_kind"],
  duration_secs: ["duration_secs", "duration"],
  output_bytes: ["output_bytes", "bytes"],
  exit_code: ["exit_code"],
  turns: ["turns", "assistant_turns", "total_turns"],
  narration_turns: ["narration_only_turns", "narration_turns"],
  parallel_turns: ["parallel_turns", "parallel_tool_calls", "parallel_tool_turns"],
  tool_calls: ["tool_calls", "num_tool_calls"],
  input_tokens: ["input_tokens"],
  output_tokens: ["output_tokens"],
  cache_read_tokens: ["cache_read_tokens"],
  cache_write_tokens: ["cache_write_tokens", "cache_creation_tokens"],
  cost_usd: ["cost_usd", "cost_estimate", "cost_estimate_usd", "cost"],
  committed: ["committed"],
  completion: ["completion", "completed"],
  commit_evidence: ["commit_evidence"],
  task_id: ["task_id", "bead_id"]
};
const descriptionOf = (body, context) => context === null ? body : body === null ? `Context: ${context}` : `${body}

Context: ${context}`;
const IMPROVEMENT_ALIASES = {
  context: ["context"],
  ref: ["ref"],
  created: ["created", "created_at", "timestamp"],
  resolved: ["resolved", "resolved_at", "fixed_at"],
  category: ["category"],
  severity: ["severity", "priority"],
  status: ["status"],
  title: ["title"],
  description: ["description", "body"],
  recommendation: ["recommendation"],
  impact: ["impact", "measured_impact"],
  tags: ["tags"]
};
function mapColumns(aliases, columns) {
  const present = new Map(columns.map((column) => [column.toLowerCase(), column]));
  return Object.fromEntries(
    Object.entries(aliases).flatMap(([name, list]) => {
      const hit = list.map((alias) => present.get(alias)).find((column) => column !== void 0);
      return hit === void 0 ? [] : [[name, hit]];
    })
  );
}
const text = (value) => typeof value === "string" ? value : typeof value === "number" || typeof value === "bigint" || typeof value === "boolean" ? String(value) : null;
const number = (value) => {
  if (value === null || value === void 0 || value === "") return null;
  const n = Number(value);
  return Number.isFinite(n) ? n : null;
};
const integer = (value) => {
  const n = number(value);
  return n === null ? null : Math.trunc(n);
};
const bool = (value) => {
  if (value === null || value === void 0) return null;
  if (typeof value === "string") return ["1", "true", "yes", "y"].includes(value.toLowerCase());
  return Number(value) !== 0;
};
function isoOf(value) {
  const normalised = /^\d{4}-\d\d-\d\d \d/.test(value) ? value.replace(" ", "T") : value;
  const withZone = /[zZ]|[+-]\d\d:?\d\d$/.test(normalised) || !normalised.includes("T") ? normalised : `${normalised}Z`;
  const ms = Date.parse(withZone);
  return Number.isNaN(ms) ? value : new Date(ms).toISOString();
}
function sessionFactsOf(row, map, fallbackEndedAt) {
  const get = (name) => map[name] === void 0 ? null : row[map[name]];
  const id = text(get("id"));
  if (id === null) return null;
  const ended = text(get("ended_at"));
  const started = text(get("started_at"));
  const narration = integer(get("narration_turns"));
  const completion = bool(get("completion"));
  const outcome = text(get("outcome")) ?? (completion === null ? null : completion ? "productive" : "failed");
  return {
    key: `si:${id}`,
    source: "migrate",
    started_at: started === null ? null : isoOf(started),
    ended_at: ended === null ? fallbackEndedAt : isoOf(ended),
    transcript: text(get("transcript")),
    sha256: null,
    global: integer(get("global")) ?? integer(get("id")),
    iteration: integer(get("iteration")),
    run: null,
    format: text(get("format")),
    model: text(get("model")),
    outcome,
    failure_kind: text(get("failure_kind")),
    failure_reason: null,
    duration_secs: number(get("duration_secs")),
    output_bytes: integer(get("output_bytes")),
    exit_code: integer(get("exit_code")),
    turns: integer(get("turns")),
    narration_turns: narration,
    parallel_turns: integer(get("parallel_turns")),
    tool_calls: integer(get("tool_calls")),
    input_tokens: integer(get("input_tokens")),
    output_tokens: integer(get("output_tokens")),
    cache_read_tokens: integer(get("cache_read_tokens")),
    cache_write_tokens: integer(get("cache_write_tokens")),
    cost_usd: number(get("cost_usd")),
    committed: bool(get("committed")),
    commit_evidence: text(get("commit_evidence")),
    task_id: text(get("task_id")),
    plan_id: null,
    phase: null
  };
}
function improvementOf(row, map, now) {
  const get = (name) => map[name] === void 0 ? null : text(row[map[name]]);
  const ref = get("ref");
  const title = get("title");
  if (ref === null || title === null) return null;
  return {
    ref,
    created: get("created") ?? now,
    resolved: get("resolved"),
    category: get("category") ?? "general",
    severity: get("severity") ?? "medium",
    status: get("status") ?? "open",
    title,
    description: descriptionOf(get("description"), text(map.context === void 0 ? null : row[map.context])),
    recommendation: get("recommendation"),
    impact: get("impact"),
    tags: get("tags")
  };
}
function columnsOf(source, table) {
  return source.prepare(`PRAGMA table_info(${table})`).all().map((c) => c.name);
}
function importSelfImprovement(path, target) {
  const now = (target.now ?? (() => (/* @__PURE__ */ new Date()).toISOString()))();
  if (!existsSync(path))
    throw new MetricsDbError(path, `${path}: no such file (give the bash loop's self-improvement.db)`);
  let source;
  let tables;
  try {
    source = openDatabase(path, { readonly: true });
  } catch (cause) {
    throw notOne(path, cause);
  }
  try {
    try {
      tables = source.prepare("SELECT name FROM sqlite_master WHERE type = 'table'").all().map((t) => t.name);
    } catch (cause) {
      throw notOne(path, cause);
    }
    if (!tables.includes("sessions") && !tables.includes("improvements"))
      throw new MetricsDbError(
        path,
        `${path} is a SQLite database without the self-improvement tool's tables (sessions, improvements): give the bash loop's self-improvement.db`
      );
    const result = { sessions: 0, improvements: 0, skipped: 0 };
    if (tables.includes("sessions")) {
      const map = mapColumns(SESSION_ALIASES, columnsOf(source, "sessions"));
      const order = map.id === void 0 ? "rowid" : `"${map.id}"`;
      for (const row of source.prepare(`SELECT * FROM sessions ORDER BY ${order}`).iterate()) {
        const facts = sessionFactsOf(row, map, now);
        if (facts === null) continue;
        if (target.record(facts) === "recorded") result.sessions++;
        else result.skipped++;
      }
    }
    if (tables.includes("improvements")) {
      const map = mapColumns(IMPROVEMENT_ALIASES, columnsOf(source, "improvements"));
      const order = tables.includes("improvements") && columnsOf(source, "improvements").includes("id") ? "id" : "rowid";
      const rows = source.prepare(`SELECT * FROM improvements ORDER BY ${order}`).all();
      transaction(target.db, () => {
        for (const row of rows) {
          const record = improvementOf(row, map, now);
          if (record === null) continue;
          if (insertImprovement(target.db, record)) result.improvements++;
          else result.skipped++;
        }
      });
    }
    return result;
  } finally {
    source.close();
  }
}
const notOne = (path, cause) => new MetricsDbError(
  path,
  `${path} is not a SQLite database (${cause instanceof Error ? cause.message : String(cause)}): give the bash loop's self-improvement.db`,
  { cause }
);

function statementCache(db) {
  const statements = /* @__PURE__ */ new Map();
  return (text) => {
    let statement = statements.get(text);
    if (!statement) {
      statement = db.prepare(text);
      statements.set(text, statement);
    }
    return statement;
  };
}

const COMPACT_TABLES = `
CREATE TABLE sessions (
  seq INTEGER PRIMARY KEY,
  key TEXT NOT NULL UNIQUE,
  source TEXT NOT NULL, started_at TEXT, ended_at TEXT NOT NULL, transcript TEXT, sha256 TEXT, global INTEGER,
  iteration INTEGER, run TEXT, format TEXT, model TEXT, outcome TEXT, failure_kind TEXT, failure_reason TEXT,
  duration_secs REAL, output_bytes INTEGER, exit_code INTEGER,
  turns INTEGER, narration_turns INTEGER, parallel_turns INTEGER, tool_calls INTEGER,
  input_tokens INTEGER, output_tokens INTEGER, cache_read_tokens INTEGER, cache_write_tokens INTEGER,
  cost_usd REAL, committed INTEGER, commit_evidence TEXT, task_id TEXT, plan_id TEXT, phase TEXT,
  recorded_at TEXT NOT NULL, writer TEXT NOT NULL
);
CREATE INDEX sessions_by_end ON sessions(ended_at, seq);
CREATE TABLE changes (
  id INTEGER PRIMARY KEY, session INTEGER NOT NULL REFERENCES sessions(seq) ON DELETE CASCADE,
  ts TEXT NOT NULL, kind TEXT NOT NULL, value TEXT, before TEXT, tags TEXT NOT NULL
);
CREATE INDEX changes_by_session ON changes(session, kind);
CREATE TABLE transcripts (
  sha256 TEXT NOT NULL, name TEXT NOT NULL,
  session INTEGER NOT NULL REFERENCES sessions(seq) ON DELETE CASCADE,
  path TEXT, bytes INTEGER NOT NULL, state TEXT NOT NULL DEFAULT 'plain',
  PRIMARY KEY (sha256, name)
) WITHOUT ROWID;`;
function valueSql(spec, s = "s") {
  if ("column" in spec) {
    if (spec.column === "committed")
      return `(CASE WHEN ${s}.committed IS NULL THEN 'null' WHEN ${s}.committed THEN 'true' ELSE 'false' END)`;
    return `json_quote(${s}.${spec.column})`;
  }
  const object = `json_object(${Object.entries(spec.fields).map(([name, column]) => `'${name}', ${s}.${column}`).join(", ")})`;
  if (spec.kind === "session.meta") return object;
  const none = Object.values(spec.fields).map((column) => `${s}.${column} IS NULL`).join(" AND ");
  return `(CASE WHEN ${none} THEN 'null' ELSE ${object} END)`;
}
const EVENTS_VIEW = `CREATE VIEW events (id, ts, session, kind, value, tags) AS
${KINDS.map(
  (spec, i) => `SELECT s.seq + ${i}, s.recorded_at, s.key, '${spec.kind}', coalesce((SELECT c.before FROM changes c WHERE c.session = s.seq AND c.kind = '${spec.kind}' ORDER BY c.id LIMIT 1), ${valueSql(spec)}), s.writer FROM sessions s`
).join("\nUNION ALL\n")}
UNION ALL
SELECT c.id, c.ts, s.key, c.kind, c.value, c.tags FROM changes c JOIN sessions s ON s.seq = c.session`;
const kindIndex = `(SELECT column1 AS kind, column2 AS i FROM (VALUES ${KINDS.map((spec, i) => `('${spec.kind}', ${i})`).join(", ")}))`;
function compactHistory(db, file) {
  db.exec(`
ALTER TABLE sessions RENAME TO v4_sessions;
ALTER TABLE events RENAME TO v4_events;
ALTER TABLE transcripts RENAME TO v4_transcripts;
${COMPACT_TABLES}
INSERT INTO sessions (seq, key, ${FACT_COLUMNS.join(", ")}, recorded_at, writer)
  SELECT s.seq, s.key, ${FACT_COLUMNS.map((c) => `s.${c}`).join(", ")}, e.ts, e.tags
  FROM v4_sessions s JOIN v4_events e ON e.id = s.seq ORDER BY s.seq;
INSERT INTO changes (id, session, ts, kind, value, before, tags)
  SELECT e.id, s.seq, e.ts, e.kind, e.value,
    coalesce((SELECT p.value FROM v4_events p WHERE p.session = e.session AND p.kind = e.kind AND p.id < e.id
              ORDER BY p.id DESC LIMIT 1), 'null'), e.tags
  FROM v4_events e JOIN sessions s ON s.key = e.session LEFT JOIN ${kindIndex} AS k ON k.kind = e.kind
  WHERE NOT (k.i IS NOT NULL AND e.id = s.seq + k.i AND e.ts = s.recorded_at AND e.tags = s.writer)
  ORDER BY e.id;
INSERT INTO transcripts (sha256, name, session, path, bytes, state)
  SELECT t.sha256, t.name, s.seq, nullif(t.path, s.transcript), t.bytes, t.state
  FROM v4_transcripts t JOIN sessions s ON s.key = t.session ORDER BY t.recorded_at, t.rowid;
`);
  const lost = db.prepare(
    `SELECT (SELECT count(DISTINCT session) FROM v4_events WHERE session NOT IN (SELECT key FROM sessions)) AS events,
              (SELECT count(*) FROM v4_transcripts WHERE session NOT IN (SELECT key FROM sessions)) AS transcripts`
  ).get();
  db.exec(`DROP TABLE v4_sessions; DROP TABLE v4_events; DROP TABLE v4_transcripts;
${EVENTS_VIEW};`);
  const notes = [];
  if (lost.events > 0)
    notes.push(
      `${file}: ${lost.events} session${lost.events === 1 ? "" : "s"} whose events never made a row (no ended_at or source) were dropped when the history was compacted`
    );
  if (lost.transcripts > 0)
    notes.push(
      `${file}: ${lost.transcripts} transcript record${lost.transcripts === 1 ? "" : "s"} of no recorded session were dropped when the history was compacted (their files are untouched)`
    );
  return notes;
}

const MIGRATIONS = [
  {
    version: 1,
    sql: `
CREATE TABLE events (
  id      INTEGER PRIMARY KEY AUTOINCREMENT,
  ts      TEXT NOT NULL,
  session TEXT NOT NULL,
  kind    TEXT NOT NULL,
  value   TEXT,
  tags    TEXT NOT NULL DEFAULT ''
);
CREATE INDEX events_session ON events(session);
CREATE INDEX events_kind ON events(kind, session);
CREATE TABLE sessions (
  key TEXT PRIMARY KEY, seq INTEGER NOT NULL,
  started_at TEXT, ended_at TEXT NOT NULL,
  source TEXT NOT NULL, transcript TEXT, sha256 TEXT, global INTEGER, iteration INTEGER, run TEXT,
  format TEXT, model TEXT, outcome TEXT, failure_kind TEXT, failure_reason TEXT,
  duration_secs REAL, output_bytes INTEGER, exit_code INTEGER,
  turns INTEGER, narration_turns INTEGER, parallel_turns INTEGER, tool_calls INTEGER,
  input_tokens INTEGER, output_tokens INTEGER, cache_read_tokens INTEGER, cache_write_tokens INTEGER,
  cost_usd REAL, committed INTEGER, commit_evidence TEXT, task_id TEXT, plan_id TEXT, phase TEXT
);
CREATE INDEX sessions_order ON sessions(ended_at, seq);`
  },
  {
    version: 2,
    sql: `
CREATE TABLE improvements (
  id INTEGER PRIMARY KEY AUTOINCREMENT, ref TEXT UNIQUE NOT NULL,
  created TEXT NOT NULL, resolved TEXT, category TEXT NOT NULL DEFAULT 'general',
  severity TEXT NOT NULL DEFAULT 'medium', status TEXT NOT NULL DEFAULT 'open',
  title TEXT NOT NULL, description TEXT, recommendation TEXT, impact TEXT, tags TEXT
);`
  },
  {
    version: 3,
    sql: `
CREATE TABLE transcripts (
  sha256 TEXT NOT NULL, name TEXT NOT NULL,
  path TEXT NOT NULL,
  bytes INTEGER NOT NULL, session TEXT NOT NULL, state TEXT NOT NULL DEFAULT 'plain',
  recorded_at TEXT NOT NULL, PRIMARY KEY (sha256, name)
);`
  },
  {
    // One row per session: the loop's sessions were keyed by their transcript's content, so byte-identical
    // transcripts (a repeated limit message, a scripted agent) became one row. Their key is now the run and the
    // global number, as the loop records them from this version on (rekey.ts).
    version: 4,
    apply: rekeyLoopSessions
  },
  {
    // A compact history: a session is one row, `changes` holds what varies after it, `events` is a view (compact.ts).
    version: 5,
    apply: compactHistory
  },
  {
    // What `metrics ingest` asks of each file, answered by an index rather than a scan of every row: whether a
    // transcript of this name is recorded (its hash is then worth taking first), and which sessions recorded
    // these bytes (those from before version 3 have no `transcripts` row). Without them an ingest into a history
    // of N sessions read 2N rows a file. About 180 bytes a session.
    version: 6,
    sql: `
CREATE INDEX transcripts_by_name ON transcripts(name);
CREATE INDEX sessions_by_sha256 ON sessions(sha256) WHERE sha256 IS NOT NULL;`
  }
];
const COMPACT_VERSION = 5;
const LATEST_VERSION = MIGRATIONS.length;
const message = (error) => error instanceof Error ? error.message : String(error);
function schemaVersion(db, file) {
  try {
    const row = db.prepare("PRAGMA user_version").get();
    db.prepare("SELECT count(*) FROM sqlite_master").get();
    return row.user_version;
  } catch (error) {
    if (isSpaceError(error))
      throw new MetricsDbError(
        file,
        `${file} cannot be read (${message(error)}): is its disk full? Free some space and try again`,
        { cause: error }
      );
    throw new MetricsDbError(
      file,
      `${file} is not a metrics database (${message(error)}): point [metrics] database at another file, or move this one away and the harness starts a new one`,
      { cause: error }
    );
  }
}
function checkVersion(file, version, foreignTables) {
  if (version > LATEST_VERSION)
    throw new MetricsDbError(
      file,
      `${file} was written by a newer agent-harness (schema version ${version}, this one knows up to ${LATEST_VERSION}): upgrade agent-harness, or point [metrics] database at another file`
    );
  if (version === 0 && foreignTables.length > 0)
    throw new MetricsDbError(
      file,
      `${file} is a SQLite database but not a metrics database (it holds ${foreignTables.join(", ")}): point [metrics] database at another file${foreignTables.includes("improvements") ? ", or import it with `agent-harness metrics migrate --from " + file + "`" : ""}`
    );
}
function tablesOf(db) {
  return db.prepare("SELECT name FROM sqlite_master WHERE name NOT LIKE 'sqlite_%' ORDER BY name").all().map((row) => row.name);
}
function inspect(db, file) {
  const version = schemaVersion(db, file);
  checkVersion(file, version, version === 0 ? tablesOf(db) : []);
  return version;
}
function migrate(db, file, upTo = LATEST_VERSION, notes = []) {
  const from = inspect(db, file);
  useWal(db);
  for (const step of MIGRATIONS) {
    if (step.version > upTo) break;
    transaction(db, () => {
      const current = db.prepare("PRAGMA user_version").get().user_version;
      if (current >= step.version) return;
      if (current !== step.version - 1)
        throw new MetricsDbError(file, `${file}: schema version ${current} cannot take step ${step.version}`);
      if (step.sql !== void 0) db.exec(step.sql);
      if (step.apply !== void 0) notes.push(...step.apply(db, file));
      db.exec(`PRAGMA user_version = ${step.version}`);
    });
  }
  const version = schemaVersion(db, file);
  if (from > 0 && from < COMPACT_VERSION && version >= COMPACT_VERSION) shrink(db);
  return version;
}
function shrink(db) {
  try {
    db.exec("VACUUM");
  } catch {
  }
}

function openHistory(path, readonly) {
  if (readonly) {
    if (!existsSync(path))
      throw new MetricsDbError(
        path,
        `${path}: no metrics database yet (it is written after the first session)`
      );
    let db2 = open(path, true);
    let version;
    try {
      version = inspect(db2, path);
    } catch (cause) {
      db2.close();
      throw cause;
    }
    const notes2 = [];
    if (version < LATEST_VERSION) {
      db2.close();
      const writer = open(path, false);
      try {
        migrate(writer, path, LATEST_VERSION, notes2);
      } finally {
        writer.close();
      }
      db2 = open(path, true);
    }
    return { db: db2, notes: notes2 };
  }
  const db = open(path, false);
  const notes = [];
  try {
    migrate(db, path, LATEST_VERSION, notes);
  } catch (cause) {
    db.close();
    throw cause instanceof MetricsDbError ? cause : error(path, "cannot be migrated", cause);
  }
  return { db, notes };
}
const error = (file, what, cause) => new MetricsDbError(
  file,
  `${file}: ${what} (${cause instanceof Error ? cause.message : String(cause)}): check the file, or point [metrics] database at another one`,
  { cause }
);
function open(path, readonly) {
  if (!readonly) mkdirSync(dirname(resolve(path)), { recursive: true });
  try {
    return openDatabase(path, { readonly });
  } catch (cause) {
    throw error(path, "cannot be opened", cause);
  }
}

const STAT_COLUMNS = [...SUMMED_METRICS, ...SESSION_STATS];
const COLUMNS = ["outcome", "failure_kind", "committed", "ended_at", ...STAT_COLUMNS].join(", ");
const windowSql = (columns) => `SELECT ${columns} FROM sessions ORDER BY ended_at DESC, seq DESC LIMIT ?`;
const limitOf = (n) => n === null ? -1 : Math.max(0, Math.trunc(n));
const quoted = (values) => values.map((value) => `'${value}'`).join(", ");
const OTHER_OUTCOME = `outcome NOT IN (${quoted(SESSION_OUTCOMES)})`;
const OTHER_FAILURE = `failure_kind NOT IN (${quoted(FAILURE_KINDS)})`;
const flatSql = (all) => `SELECT count(*) AS sessions, coalesce(sum(committed = 1), 0) AS committed,
  count(committed) AS commit_known,
  ${all ? "(SELECT min(ended_at) FROM sessions) AS first_ended_at, (SELECT max(ended_at) FROM sessions) AS last_ended_at" : "min(ended_at) AS first_ended_at, max(ended_at) AS last_ended_at"},
  count(coalesce(input_tokens, output_tokens)) AS tokens_n,
  sum(CASE WHEN narration_turns IS NOT NULL THEN turns END) AS turns_with_narration,
  sum(CASE WHEN parallel_turns IS NOT NULL THEN turns END) AS turns_with_parallel,
  ${STAT_COLUMNS.map((name) => `count(${name}) AS ${name}_n, sum(${name}) AS ${name}_sum`).join(",\n  ")},
  coalesce(sum(outcome IS NULL), 0) AS "outcome:unknown",
  ${SESSION_OUTCOMES.map((outcome) => `coalesce(sum(outcome = '${outcome}'), 0) AS "outcome:${outcome}"`).join(", ")},
  ${FAILURE_KINDS.map((kind) => `coalesce(sum(failure_kind = '${kind}'), 0) AS "failure:${kind}"`).join(", ")},
  count(failure_kind) AS failure_known
FROM WINDOW`;
const OTHERS = `SELECT CASE WHEN ${OTHER_OUTCOME} THEN outcome END AS outcome,
  CASE WHEN ${OTHER_FAILURE} THEN failure_kind END AS failure_kind, count(*) AS sessions
FROM WINDOW WHERE ${OTHER_OUTCOME} OR ${OTHER_FAILURE} GROUP BY 1, 2`;
function othersIn(flat) {
  const summed = (prefix) => Object.entries(flat).filter(([column]) => column.startsWith(prefix)).reduce((total, [, value]) => total + Number(value), 0);
  return Number(flat.sessions) - summed("outcome:") + (Number(flat.failure_known) - summed("failure:"));
}
const num = (value) => value === null || value === void 0 ? null : Number(value);
function totalsOf(flat, others) {
  const outcomes = {};
  const failures = {};
  const add = (into, name, count) => {
    if (count > 0) into[name] = (into[name] ?? 0) + count;
  };
  for (const [column, value] of Object.entries(flat)) {
    if (column.startsWith("outcome:")) add(outcomes, column.slice("outcome:".length), Number(value));
    if (column.startsWith("failure:")) add(failures, column.slice("failure:".length), Number(value));
  }
  for (const group of others) {
    if (group.outcome !== null) add(outcomes, String(group.outcome), Number(group.sessions));
    if (group.failure_kind !== null) add(failures, String(group.failure_kind), Number(group.sessions));
  }
  const sorted = (counts) => Object.fromEntries(Object.entries(counts).sort(([a], [b]) => a < b ? -1 : a > b ? 1 : 0));
  const addNullable = (a, b) => a === null ? b : b === null ? a : a + b;
  const stat = (name) => {
    const count = Number(flat[`${name}_n`]);
    const sum = name === "tokens" ? addNullable(num(flat.input_tokens_sum), num(flat.output_tokens_sum)) : num(flat[`${name}_sum`]);
    return { count, sum, avg: count === 0 || sum === null ? null : sum / count };
  };
  return {
    sessions: Number(flat.sessions),
    committed: Number(flat.committed),
    commit_known: Number(flat.commit_known),
    outcomes: sorted(outcomes),
    failures: sorted(failures),
    first_ended_at: flat.first_ended_at ?? null,
    last_ended_at: flat.last_ended_at ?? null,
    ...Object.fromEntries([...STAT_COLUMNS, "tokens"].map((name) => [name, stat(name)])),
    turns_with_narration: num(flat.turns_with_narration),
    turns_with_parallel: num(flat.turns_with_parallel)
  };
}
function totals(db, n) {
  const from = n === null ? "sessions" : `(${windowSql(COLUMNS)})`;
  const params = n === null ? [] : [limitOf(n)];
  const flat = db.prepare(flatSql(n === null).replace("WINDOW", from)).get(...params);
  const others = othersIn(flat) > 0 ? db.prepare(OTHERS.replaceAll("WINDOW", from)).all(...params) : [];
  return totalsOf(flat, others);
}
const ALL_TIME = `SELECT count(*) AS sessions, coalesce(sum(committed = 1), 0) AS committed,
  count(committed) AS commit_known, sum(cost_usd) AS cost, sum(input_tokens) AS input,
  sum(output_tokens) AS output, sum(duration_secs) AS duration FROM sessions`;
function allTime(db) {
  const row = db.prepare(ALL_TIME).get();
  const input = num(row.input);
  const output = num(row.output);
  return {
    sessions: Number(row.sessions),
    committed: Number(row.committed),
    commit_known: Number(row.commit_known),
    cost_usd: { sum: num(row.cost) },
    tokens: { sum: input === null ? output : output === null ? input : input + output },
    duration_secs: { sum: num(row.duration) }
  };
}

function hasSession(sql, key) {
  return sql("SELECT 1 FROM sessions WHERE key = ?").get(key) !== void 0;
}
function sessionByKey(sql, key) {
  const row = sql(`SELECT ${SESSION_SELECT} FROM sessions WHERE key = ?`).get(key);
  return row ? sessionFromSql(row) : null;
}
function sessionCount(sql) {
  return Number(sql("SELECT count(*) AS n FROM sessions").get().n);
}
function lastSessions(sql, n) {
  return sql(`SELECT * FROM (${windowSql(SESSION_SELECT)}) ORDER BY ended_at, seq`).all(limitOf(n)).map(sessionFromSql);
}
function* allSessions(db) {
  for (const row of db.prepare(`SELECT ${SESSION_SELECT} FROM sessions ORDER BY ended_at, seq`).iterate())
    yield sessionFromSql(row);
}
function* sessionValues(db) {
  const statement = db.prepare(`SELECT ${SESSION_SELECT} FROM sessions ORDER BY ended_at, seq`);
  statement.setReturnArrays(true);
  yield* statement.iterate();
}
function* allEvents(db) {
  for (const row of db.prepare("SELECT id, ts, session, kind, value, tags FROM events ORDER BY id").iterate()) {
    const r = row;
    yield { ...r, value: parseValue(r.value) };
  }
}
function kindValues(sql, kind, n) {
  const spec = kindSpec(kind);
  const newest = spec ? `${valueSql(spec, "w")} AS value, ? AS kind` : `(SELECT coalesce(c.value, 'null') FROM changes c WHERE c.kind = ? AND c.session = w.seq
        ORDER BY c.id DESC LIMIT 1) AS value`;
  const columns = ["key", "global", "ended_at", "seq", ...spec ? columnsOf$1(spec) : []].join(", ");
  const rows = sql(
    `SELECT * FROM (
         SELECT w.key AS session, w.global AS global, w.ended_at AS ended_at, w.seq AS seq, ${newest}
         FROM (${windowSql(columns)}) w
       ) WHERE value IS NOT NULL ORDER BY ended_at, seq`
  ).all(kind, limitOf(n));
  return rows.map((row) => ({
    session: row.session,
    global: row.global === null ? null : Number(row.global),
    ended_at: row.ended_at,
    value: parseValue(row.value)
  }));
}
function parseValue(value) {
  if (value === null) return null;
  try {
    return JSON.parse(value);
  } catch {
    return null;
  }
}

const INGEST_QUERIES = {
  knowsName: "SELECT 1 FROM transcripts WHERE name = ? LIMIT 1",
  recordedAs: "SELECT 1 FROM transcripts WHERE sha256 = ? AND name = ? LIMIT 1",
  contentName: "SELECT name FROM transcripts WHERE sha256 = ? ORDER BY session LIMIT 1",
  sessionsWithContent: "SELECT transcript FROM sessions WHERE sha256 = ?"
};
function recordedContent(sql, sha256) {
  const row = sql(INGEST_QUERIES.contentName).get(sha256);
  if (row) return row.name;
  const session = sql(`${INGEST_QUERIES.sessionsWithContent} LIMIT 1`).get(sha256);
  return session === void 0 ? null : transcriptName(session.transcript ?? "") || "(unnamed)";
}
function isRecordedAs(sql, sha256, name) {
  if (sql(INGEST_QUERIES.recordedAs).get(sha256, name)) return true;
  return sql(INGEST_QUERIES.sessionsWithContent).all(sha256).some((row) => typeof row.transcript === "string" && transcriptName(row.transcript) === name);
}
function knowsTranscriptName(sql, name) {
  return sql(INGEST_QUERIES.knowsName).get(name) !== void 0;
}
function sessionTranscripts(sql) {
  const known = /* @__PURE__ */ new Set();
  for (const row of sql(
    "SELECT global, transcript FROM sessions WHERE global IS NOT NULL AND transcript IS NOT NULL"
  ).all())
    known.add(transcriptSlot(Number(row.global), String(row.transcript)));
  return known;
}
function transcriptRecords(sql) {
  return sql(
    `SELECT t.sha256, t.name, coalesce(t.path, s.transcript) AS path, t.bytes, s.key AS session, t.state,
       s.recorded_at FROM transcripts t JOIN sessions s ON s.seq = t.session ORDER BY s.recorded_at, s.seq`
  ).all().map((row) => ({ ...row }));
}
function markTranscript(db, sql, at) {
  transaction(db, () => {
    sql("UPDATE transcripts SET state = ?, path = ? WHERE sha256 = ? AND name = ?").run(
      at.state,
      at.path,
      at.sha256,
      at.name
    );
  });
}

const tagsOf = (writer, extra = []) => [writer, ...extra].join(",");
function recordSession(to, facts, writer, transcript = {}) {
  const { db, sql } = to;
  return transaction(db, () => {
    if (hasSession(sql, facts.key)) return "already";
    const ts = to.now();
    const seq = nextId(sql);
    sql(INSERT_COMPACT).run(...sessionParams({ ...facts, seq }), ts, tagsOf(writer, transcript.tags));
    const path = transcript.path ?? facts.transcript;
    if (facts.sha256 !== null && path !== null)
      sql(
        "INSERT OR IGNORE INTO transcripts (sha256, name, session, path, bytes, state) VALUES (?, ?, ?, ?, ?, ?)"
      ).run(
        facts.sha256,
        transcriptName(path),
        seq,
        path === facts.transcript ? null : path,
        transcript.bytes ?? facts.output_bytes ?? 0,
        transcript.state ?? "plain"
      );
    return "recorded";
  });
}
async function rebuildSessions(to, reextract, options = {}) {
  const { db, sql } = to;
  const changes = [];
  if (reextract)
    for (const row of lastSessions(sql, null)) {
      const facts = await reextract(row);
      if (facts) changes.push({ row, facts });
    }
  return transaction(db, () => {
    const ts = to.now();
    const tags = tagsOf("rebuild", options.tags);
    const insert = sql(
      "INSERT INTO changes (id, session, ts, kind, value, before, tags) VALUES (?, ?, ?, ?, ?, ?, ?)"
    );
    for (const { row, facts } of changes) {
      const merged = { ...row, ...facts, key: row.key, seq: row.seq };
      for (const spec of KINDS) {
        if (!columnsOf$1(spec).some((field) => field in facts)) continue;
        const before = JSON.stringify(eventValue(spec, row));
        const after = JSON.stringify(eventValue(spec, merged));
        if (after === before) continue;
        insert.run(nextId(sql), row.seq, ts, spec.kind, after, before, tags);
        const columns = Object.entries(eventColumns(spec, JSON.parse(after)));
        sql(`UPDATE sessions SET ${columns.map(([c]) => `${c} = ?`).join(", ")} WHERE seq = ?`).run(
          ...columns.map(([, value]) => sqlValue(value)),
          row.seq
        );
      }
    }
    return { sessions: sessionCount(sql), reextracted: changes.length };
  });
}
function nextId(sql) {
  const row = sql(
    `SELECT max(coalesce((SELECT max(seq) FROM sessions) + ${KINDS.length}, 1),
                coalesce((SELECT max(id) FROM changes) + 1, 1)) AS id`
  ).get();
  return Number(row.id);
}

class MetricsStore {
  constructor(path, db, now, notes = []) {
    this.path = path;
    this.db = db;
    this.now = now;
    this.notes = notes;
    this.improvements = improvementsApi(db, now);
    this.sql = statementCache(db);
    this.writer = { db, sql: this.sql, now };
  }
  path;
  db;
  now;
  notes;
  improvements;
  /** Prepared statements by SQL text (statements.ts). */
  sql;
  writer;
  /**
   * Opens (and creates and migrates, unless `readonly`) the database at `path`. A missing file read-only, a file
   * that is not SQLite or not ours, or a newer schema: MetricsDbError naming the file and what to do.
   */
  static open(path, options = {}) {
    const now = options.now ?? (() => (/* @__PURE__ */ new Date()).toISOString());
    const { db, notes } = openHistory(path, options.readonly === true);
    return new MetricsStore(path, db, now, notes);
  }
  close() {
    if (this.db.isOpen) this.db.close();
  }
  /** Moves the WAL into the main file and truncates it: before the Action caches the file. */
  checkpoint() {
    this.db.exec("PRAGMA wal_checkpoint(TRUNCATE)");
  }
  /**
   * A compacted copy at `path` (which must not exist): one consistent snapshot, write-ahead log included, with no
   * free pages (VACUUM INTO). What the Action saves as state.
   */
  compactInto(path) {
    this.db.prepare("VACUUM INTO ?").run(path);
  }
  /** Whether a session with this key has any event. */
  hasSession(key) {
    return hasSession(this.sql, key);
  }
  /** The name of a recorded transcript with this content (any name), or null: `metrics ingest --dedupe-content`. */
  recordedContent(sha256) {
    return recordedContent(this.sql, sha256);
  }
  /** Whether a transcript of this name (without .gz/.zst) and this content is recorded (`metrics ingest`). */
  isRecordedAs(sha256, name) {
    return isRecordedAs(this.sql, sha256, name);
  }
  /** Every recorded session's number and transcript, as `<global> <path>` (reconcile.ts). */
  sessionTranscripts() {
    return sessionTranscripts(this.sql);
  }
  /** Records one session in one transaction; a key already recorded: `'already'`, and nothing is written. */
  record(facts, writer, transcript = {}) {
    return recordSession(this.writer, facts, writer, transcript);
  }
  /** One session's row. */
  session(key) {
    return sessionByKey(this.sql, key);
  }
  /** How many sessions are recorded. */
  count() {
    return sessionCount(this.sql);
  }
  /** The last `n` sessions (all when `null`) by (ended_at, seq), newest last. */
  lastSessions(n) {
    return lastSessions(this.sql, n);
  }
  /** Every session, oldest first, one at a time (export). */
  sessions() {
    return allSessions(this.db);
  }
  /** Every session's values in SESSION_COLUMNS order, oldest first, one at a time (`metrics export`). */
  sessionValues() {
    return sessionValues(this.db);
  }
  /** Every event, in id order, one at a time (export). */
  events() {
    return allEvents(this.db);
  }
  /** Aggregates over the last `n` sessions (all when `null`), in SQL. */
  totals(n) {
    return totals(this.db, n);
  }
  /** The few all-time sums `metrics status` shows, in one narrow pass (cheaper than `totals(null)`). */
  allTime() {
    return allTime(this.db);
  }
  /** The value of one event kind for each of the last `n` sessions that has it, oldest first. */
  query(kind, n) {
    return kindValues(this.sql, kind, n);
  }
  /** Whether a transcript of this name (without .gz/.zst) has been recorded, whatever its content. */
  knowsTranscriptName(name) {
    return knowsTranscriptName(this.sql, name);
  }
  /** Every recorded transcript, oldest first (retention). */
  transcripts() {
    return transcriptRecords(this.sql);
  }
  /** Where a transcript is now and in which state (after compressing or deleting it). */
  markTranscript(sha256, name, state, path) {
    markTranscript(this.db, this.sql, { sha256, name, state, path });
  }
  /** A re-extraction's changes, in one transaction (store-writes.ts); without `reextract` nothing changes. */
  rebuild(reextract, options = {}) {
    return rebuildSessions(this.writer, reextract, options);
  }
  /**
   * Imports the bash loop's tool's database (self-improvement.db, either documented shape): sessions as facts
   * (source `migrate`, key `si:<id>`), improvements with their refs. Importing twice adds nothing.
   */
  importSelfImprovement(path) {
    return importSelfImprovement(path, {
      db: this.db,
      record: (facts) => this.record(facts, "migrate"),
      now: this.now
    });
  }
}

export { CUT_SHORT as C, KIND_NAMES as K, MetricsStore as M, RESULT_TEXT_CHARS as R, TEXT_WINDOW_CHARS as T, asString as a, asNumber as b, transcriptSlot as c, parseObject as d, exportChunks as e, asObject as f, tailRecords as g, asText as h, parseLineLenient as i, truncate as j, findEmbeddedObjects as k, lastJsonEvent as l, lastChars as m, errorMessages as n, tailLines as o, parseEventLine as p, lastNonEmptyLine as q, readEventLog as r, loopKey as s, transcriptName as t, usableBlocks as u, sqliteModule as v, historyRoom as w, roomMessage as x, isSpaceError as y };
