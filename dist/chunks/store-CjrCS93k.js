import { existsSync, mkdirSync } from 'node:fs';
import { basename, dirname, resolve } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { H as HarnessError, E as EXIT } from './exit-codes-BR6sdZ7Y.js';
import { ax as SESSION_OUTCOMES, ay as FAILURE_KINDS } from './layout-IPdYXaOn.js';
import 'node:fs/promises';
import 'node:readline';
import 'node:crypto';

// Opening the metrics database (node:sqlite, no native dependency): WAL so a reader never waits for the writer,
// a busy timeout so concurrent writers queue instead of failing, NORMAL sync (durable at checkpoints, never
// corrupt under WAL), foreign keys on. One transaction helper: every write is whole or absent.
/** How long a statement waits for another connection's lock before it fails (ms). */
const BUSY_TIMEOUT_MS = 5000;
/**
 * A connection to `path` with the per-connection pragmas (busy timeout, foreign keys). It writes nothing: the
 * journal mode, which is stored in the file, is set by `useWal` once the file is known to be ours.
 */
function openDatabase(path, options = {}) {
    const readOnly = options.readonly === true;
    const db = new DatabaseSync(path, {
        readOnly,
        timeout: BUSY_TIMEOUT_MS,
        enableForeignKeyConstraints: true,
    });
    try {
        db.exec(`PRAGMA busy_timeout = ${BUSY_TIMEOUT_MS}`);
        db.exec('PRAGMA foreign_keys = ON');
    }
    catch (error) {
        db.close();
        throw error;
    }
    return db;
}
/** A writer's mode: WAL (readers never wait for the writer, nor see half a transaction) and NORMAL sync. */
function useWal(db) {
    db.exec('PRAGMA journal_mode = WAL');
    db.exec('PRAGMA synchronous = NORMAL');
}
/**
 * Runs `fn` in one write transaction (BEGIN IMMEDIATE: the write lock is taken up front, so two writers queue on
 * the busy timeout instead of deadlocking on an upgrade), committed when it returns, rolled back when it throws.
 */
function transaction(db, fn) {
    db.exec('BEGIN IMMEDIATE');
    try {
        const result = fn();
        db.exec('COMMIT');
        return result;
    }
    catch (error) {
        if (db.isTransaction)
            db.exec('ROLLBACK');
        throw error;
    }
}

// What the metrics database knows about one session, and the one table (KINDS) that turns those facts into events
// and events back into the columns of the derived `sessions` row. Writing (record) and deriving (derive.ts) both
// read KINDS, so a kind and its column cannot drift apart.
/** Who wrote an event: the first item of its `tags`. */
const FIELD_TYPES = {
    source: 'text',
    started_at: 'text',
    ended_at: 'text',
    transcript: 'text',
    sha256: 'text',
    global: 'integer',
    iteration: 'integer',
    run: 'text',
    format: 'text',
    model: 'text',
    outcome: 'text',
    failure_kind: 'text',
    failure_reason: 'text',
    duration_secs: 'real',
    output_bytes: 'integer',
    exit_code: 'integer',
    turns: 'integer',
    narration_turns: 'integer',
    parallel_turns: 'integer',
    tool_calls: 'integer',
    input_tokens: 'integer',
    output_tokens: 'integer',
    cache_read_tokens: 'integer',
    cache_write_tokens: 'integer',
    cost_usd: 'real',
    committed: 'boolean',
    commit_evidence: 'text',
    task_id: 'text',
    plan_id: 'text',
    phase: 'text',
};
/** The columns of `sessions` in table order (after `key` and `seq`). */
const FACT_FIELDS = Object.keys(FIELD_TYPES);
/** Every event kind the store writes, and the column(s) each one fills. */
const KINDS = [
    {
        kind: 'session.meta',
        fields: {
            started_at: 'started_at',
            ended_at: 'ended_at',
            transcript: 'transcript',
            sha256: 'sha256',
            global: 'global',
            iteration: 'iteration',
            run: 'run',
            format: 'format',
            model: 'model',
            source: 'source',
        },
    },
    { kind: 'session.outcome', column: 'outcome' },
    { kind: 'session.failure', fields: { kind: 'failure_kind', reason: 'failure_reason' } },
    { kind: 'session.duration_secs', column: 'duration_secs' },
    { kind: 'session.output_bytes', column: 'output_bytes' },
    { kind: 'session.exit_code', column: 'exit_code' },
    { kind: 'turns.total', column: 'turns' },
    { kind: 'turns.narration_only', column: 'narration_turns' },
    { kind: 'turns.parallel', column: 'parallel_turns' },
    { kind: 'turns.tool_calls', column: 'tool_calls' },
    { kind: 'tokens.input', column: 'input_tokens' },
    { kind: 'tokens.output', column: 'output_tokens' },
    { kind: 'tokens.cache_read', column: 'cache_read_tokens' },
    { kind: 'tokens.cache_write', column: 'cache_write_tokens' },
    { kind: 'cost.usd', column: 'cost_usd' },
    { kind: 'commit.detected', column: 'committed' },
    { kind: 'commit.evidence', column: 'commit_evidence' },
    { kind: 'task.id', column: 'task_id' },
    { kind: 'plan.id', column: 'plan_id' },
    { kind: 'plan.phase', column: 'phase' },
];
/** The kind names, in KINDS order. */
KINDS.map((spec) => spec.kind);
const kindSpec = (kind) => KINDS.find((spec) => spec.kind === kind);
/** The columns one kind fills. */
const columnsOf$1 = (spec) => 'column' in spec ? [spec.column] : Object.values(spec.fields);
/** One event's value (before JSON) for a kind, from a session's facts. */
function eventValue(spec, facts) {
    if ('column' in spec)
        return facts[spec.column];
    const entries = Object.entries(spec.fields).map(([name, field]) => [name, facts[field]]);
    // An object kind other than the meta is `null` when nothing in it is known ("session.failure: {…} or null").
    if (spec.kind !== 'session.meta' && entries.every(([, value]) => value === null))
        return null;
    return Object.fromEntries(entries);
}
/** The events for a session's facts: one per kind, in KINDS order. */
const factsEvents = (facts) => KINDS.map((spec) => ({ kind: spec.kind, value: eventValue(spec, facts) }));
/** A value read back from JSON as the field's type, or `null` when it is not one. */
function fieldValue(field, value) {
    switch (FIELD_TYPES[field]) {
        case 'text':
            return typeof value === 'string' ? value : null;
        case 'integer':
            return typeof value === 'number' && Number.isFinite(value) ? Math.trunc(value) : null;
        case 'real':
            return typeof value === 'number' && Number.isFinite(value) ? value : null;
        case 'boolean':
            return typeof value === 'boolean' ? value : null;
    }
}
/** The columns one event of a kind sets: every column of the kind (missing object keys = `null`). */
function eventColumns(spec, value) {
    if ('column' in spec)
        return { [spec.column]: fieldValue(spec.column, value) };
    const object = value !== null && typeof value === 'object' ? value : {};
    return Object.fromEntries(Object.entries(spec.fields).map(([name, field]) => [field, fieldValue(field, object[name])]));
}

// The derived `sessions` row from a session's events: per kind, the newest event (highest id) wins; the row's
// `seq` is its first event's id. Pure: the store feeds it events and writes what it returns.
function parse(value) {
    if (value === null)
        return null;
    try {
        return JSON.parse(value);
    }
    catch {
        return null;
    }
}
/**
 * The row for one session's events (any order), or `null` when they cannot make one: no `session.meta` with an
 * `ended_at` and a `source` (the table's NOT NULL columns). Kinds this code does not know are kept in the events
 * and ignored here.
 */
function deriveRow(key, events) {
    if (events.length === 0)
        return null;
    const ordered = [...events].sort((a, b) => a.id - b.id);
    const columns = Object.fromEntries(FACT_FIELDS.map((field) => [field, null]));
    for (const event of ordered) {
        const spec = kindSpec(event.kind);
        if (spec)
            Object.assign(columns, eventColumns(spec, parse(event.value)));
    }
    if (typeof columns.ended_at !== 'string' || typeof columns.source !== 'string')
        return null;
    return { key, seq: ordered[0].id, ...columns };
}
/**
 * Groups events ordered by session (then id) into one row per session, streaming: the store hands it the
 * `ORDER BY session, id` iterator of the whole table, so memory holds one session's events at a time.
 */
function* deriveAll(events) {
    let key = null;
    let batch = [];
    for (const event of events) {
        if (event.session !== key) {
            if (key !== null) {
                const row = deriveRow(key, batch);
                if (row)
                    yield row;
            }
            key = event.session;
            batch = [];
        }
        batch.push(event);
    }
    if (key !== null) {
        const row = deriveRow(key, batch);
        if (row)
            yield row;
    }
}

// The metrics database's errors: one that names the file and what to do (exit 15), one for an unknown improvement.
/**
 * The metrics database cannot be used: unreadable, corrupt, not a metrics database, or written by a newer
 * agent-harness. The message names the file and what to do; exit 15 (EXIT.metricsDb).
 */
class MetricsDbError extends HarnessError {
    file;
    name = 'MetricsDbError';
    constructor(
    /** The database file. */
    file, message, options) {
        super(message, EXIT.metricsDb, options);
        this.file = file;
    }
}
/** `improvement fix R9` when there is no R9: a usage error (exit 2) naming the ref. */
class UnknownImprovementError extends HarnessError {
    ref;
    name = 'UnknownImprovementError';
    constructor(ref) {
        super(`no improvement ${ref}: \`agent-harness improvement list\` shows the refs`, EXIT.usage);
        this.ref = ref;
    }
}

/** The next free `R<n>` after the refs in use. Pure. */
function nextRef(refs) {
    const numbers = refs.map((ref) => /^R(\d+)$/i.exec(ref)?.[1]).filter((n) => n !== undefined);
    return `R${numbers.reduce((max, n) => Math.max(max, Number(n)), 0) + 1}`;
}
/** `text` as a LIKE pattern matching it anywhere, with LIKE's wildcards escaped. */
const containsPattern = (text) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
/** SQL rows (null-prototype objects) as plain Improvement objects. */
const plain = (rows) => rows.map((row) => ({ ...row }));
const COLUMNS$1 = 'id, ref, created, resolved, category, severity, status, title, description, recommendation, impact, tags';
/** Inserts a whole record with its own ref, in the caller's transaction; `false` when the ref exists. */
const insertImprovement = (db, record) => db
    .prepare(`INSERT OR IGNORE INTO improvements (ref, created, resolved, category, severity, status, title, description, recommendation, impact, tags)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`)
    .run(record.ref, record.created, record.resolved, record.category, record.severity, record.status, record.title, record.description, record.recommendation, record.impact, record.tags).changes > 0;
function improvementsApi(db, now) {
    const get = (ref) => db.prepare(`SELECT ${COLUMNS$1} FROM improvements WHERE ref = ?`).get(ref) ??
        null;
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
                    category: input.category ?? 'general',
                    severity: input.severity ?? 'medium',
                    status: input.status ?? 'open',
                    title: input.title,
                    description: input.description ?? null,
                    recommendation: input.recommendation ?? null,
                    impact: input.impact ?? null,
                    tags: input.tags ?? null,
                });
                return get(ref);
            });
        },
        list(status) {
            return plain(status === undefined
                ? db.prepare(`SELECT ${COLUMNS$1} FROM improvements ORDER BY id`).all()
                : db.prepare(`SELECT ${COLUMNS$1} FROM improvements WHERE status = ? ORDER BY id`).all(status));
        },
        get,
        fix(ref, impact) {
            return transaction(db, () => {
                const current = get(ref);
                if (!current)
                    throw new UnknownImprovementError(ref);
                db.prepare("UPDATE improvements SET status = 'fixed', resolved = ?, impact = coalesce(?, impact) WHERE ref = ?").run(now(), impact ?? null, ref);
                return get(ref);
            });
        },
        search(text) {
            const pattern = containsPattern(text);
            const fields = ['ref', 'title', 'description', 'recommendation', 'tags'];
            return plain(db
                .prepare(`SELECT ${COLUMNS$1} FROM improvements WHERE ${fields.map((f) => `${f} LIKE ? ESCAPE '\\'`).join(' OR ')} ORDER BY id`)
                .all(...fields.map(() => pattern)));
        },
        insert: (record) => transaction(db, () => insert(record)),
    };
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
CREATE INDEX sessions_order ON sessions(ended_at, seq);`,
    },
    {
        version: 2,
        sql: `
CREATE TABLE improvements (
  id INTEGER PRIMARY KEY AUTOINCREMENT, ref TEXT UNIQUE NOT NULL,
  created TEXT NOT NULL, resolved TEXT, category TEXT NOT NULL DEFAULT 'general',
  severity TEXT NOT NULL DEFAULT 'medium', status TEXT NOT NULL DEFAULT 'open',
  title TEXT NOT NULL, description TEXT, recommendation TEXT, impact TEXT, tags TEXT
);`,
    },
    {
        version: 3,
        sql: `
CREATE TABLE transcripts (
  sha256 TEXT NOT NULL, name TEXT NOT NULL,
  path TEXT NOT NULL,
  bytes INTEGER NOT NULL, session TEXT NOT NULL, state TEXT NOT NULL DEFAULT 'plain',
  recorded_at TEXT NOT NULL, PRIMARY KEY (sha256, name)
);`,
    },
];
/** The schema version this code writes. */
const LATEST_VERSION = MIGRATIONS.length;
const message = (error) => (error instanceof Error ? error.message : String(error));
/** The file's `user_version`; a file that is not SQLite (or is corrupt) is a MetricsDbError. */
function schemaVersion(db, file) {
    try {
        const row = db.prepare('PRAGMA user_version').get();
        // Reading the header alone succeeds on some damaged files; touching the schema proves it is a database.
        db.prepare('SELECT count(*) FROM sqlite_master').get();
        return row.user_version;
    }
    catch (error) {
        throw new MetricsDbError(file, `${file} is not a metrics database (${message(error)}): point [metrics] database at another file, or move this one away and the harness starts a new one`, { cause: error });
    }
}
/** What `version` says about this code: too new, foreign, or fine. Pure: the caller reads the facts. */
function checkVersion(file, version, foreignTables) {
    if (version > LATEST_VERSION)
        throw new MetricsDbError(file, `${file} was written by a newer agent-harness (schema version ${version}, this one knows up to ${LATEST_VERSION}): upgrade agent-harness, or point [metrics] database at another file`);
    if (version === 0 && foreignTables.length > 0)
        throw new MetricsDbError(file, `${file} is a SQLite database but not a metrics database (it holds ${foreignTables.join(', ')}): point [metrics] database at another file${foreignTables.includes('improvements') ? ', or import it with `agent-harness metrics migrate --from ' + file + '`' : ''}`);
}
function tablesOf(db) {
    return db.prepare("SELECT name FROM sqlite_master WHERE name NOT LIKE 'sqlite_%' ORDER BY name").all().map((row) => row.name);
}
/** Reads the file's version and refuses what is not ours or too new, writing nothing. Returns the version. */
function inspect(db, file) {
    const version = schemaVersion(db, file);
    checkVersion(file, version, version === 0 ? tablesOf(db) : []);
    return version;
}
/**
 * Checks the file (inspect), switches it to WAL, and brings it to `upTo` (default: the latest), one step per
 * transaction. Returns the version.
 */
function migrate(db, file, upTo = LATEST_VERSION) {
    inspect(db, file);
    useWal(db);
    for (const step of MIGRATIONS) {
        if (step.version > upTo)
            break;
        transaction(db, () => {
            // Another process may have migrated while this one waited for the lock: read the version again inside.
            const current = db.prepare('PRAGMA user_version').get().user_version;
            if (current >= step.version)
                return;
            if (current !== step.version - 1)
                throw new MetricsDbError(file, `${file}: schema version ${current} cannot take step ${step.version}`);
            db.exec(step.sql);
            db.exec(`PRAGMA user_version = ${step.version}`);
        });
    }
    return schemaVersion(db, file);
}

/** The `sessions` columns in table order. */
const SESSION_COLUMNS = ['key', 'seq', ...FACT_FIELDS];
/** `INSERT INTO sessions (…) VALUES (?, …)` for a whole row. */
const INSERT_SESSION = `INSERT INTO sessions (${SESSION_COLUMNS.join(', ')}) VALUES (${SESSION_COLUMNS.map(() => '?').join(', ')})`;
/** A row's values in SESSION_COLUMNS order, as SQL parameters. */
function sessionParams(row) {
    return SESSION_COLUMNS.map((column) => {
        const value = row[column];
        if (typeof value === 'boolean')
            return value ? 1 : 0;
        return value;
    });
}
/** A `SELECT * FROM sessions` row as a SessionRow. */
function sessionFromSql(row) {
    const committed = row.committed;
    return {
        ...row,
        committed: committed === null || committed === undefined ? null : Number(committed) !== 0,
    };
}

// Importing the bash loop's tool's database (`self-improvement.db`). It exists in two documented shapes, read by
// column name (PRAGMA table_info) through one alias table:
// - the Python V1 tool (ozten/blacksmith prd/SPEC-v2-metrics.md, "Migration from V1", and its migrate code):
//   sessions(id, timestamp, assistant_turns, narration_only_turns | narration_turns, parallel_turns,
//   tool_calls | num_tool_calls, cost_estimate | cost_usd, input/output/cache_read/cache_creation_tokens,
//   duration_secs, output_bytes, exit_code, outcome, committed, bead_id, ...), improvements(ref, severity,
//   status, title, body, ...);
// - the Rust rewrite (src/bin/self_improvement.rs): sessions(session_id, file, timestamp, turns, tool_calls,
//   narration_only_turns, parallel_tool_calls, duration_secs, output_bytes, completion, exit_code, cost_usd,
//   input_tokens, output_tokens), improvements(ref, created, resolved, category, status, title, body, context,
//   tags, meta).
// Sessions become facts (source `migrate`, key `si:<session id>`); improvements keep their refs. Twice = once.
/** The source's column names for each fact, first match wins (both shapes, and their variants). */
const SESSION_ALIASES = {
    id: ['session_id', 'id', 'session', 'iteration'],
    ended_at: ['timestamp', 'ended_at', 'ended', 'created', 'date'],
    started_at: ['started_at', 'started'],
    transcript: ['file', 'transcript', 'jsonl_file', 'path'],
    global: ['global', 'global_iteration'],
    iteration: ['iteration'],
    model: ['model'],
    format: ['format'],
    outcome: ['outcome'],
    failure_kind: ['failure_kind'],
    duration_secs: ['duration_secs', 'duration'],
    output_bytes: ['output_bytes', 'bytes'],
    exit_code: ['exit_code'],
    turns: ['turns', 'assistant_turns', 'total_turns'],
    narration_turns: ['narration_only_turns', 'narration_turns'],
    parallel_turns: ['parallel_turns', 'parallel_tool_calls', 'parallel_tool_turns'],
    tool_calls: ['tool_calls', 'num_tool_calls'],
    input_tokens: ['input_tokens'],
    output_tokens: ['output_tokens'],
    cache_read_tokens: ['cache_read_tokens'],
    cache_write_tokens: ['cache_write_tokens', 'cache_creation_tokens'],
    cost_usd: ['cost_usd', 'cost_estimate', 'cost_estimate_usd', 'cost'],
    committed: ['committed'],
    completion: ['completion', 'completed'],
    commit_evidence: ['commit_evidence'],
    task_id: ['task_id', 'bead_id'],
};
/** The Rust tool's `body` and `context` as one description. Pure. */
const descriptionOf = (body, context) => context === null ? body : body === null ? `Context: ${context}` : `${body}\n\nContext: ${context}`;
const IMPROVEMENT_ALIASES = {
    context: ['context'],
    ref: ['ref'],
    created: ['created', 'created_at', 'timestamp'],
    resolved: ['resolved', 'resolved_at', 'fixed_at'],
    category: ['category'],
    severity: ['severity', 'priority'],
    status: ['status'],
    title: ['title'],
    description: ['description', 'body'],
    recommendation: ['recommendation'],
    impact: ['impact', 'measured_impact'],
    tags: ['tags'],
};
/** For each name of `aliases`, the first of its aliases among `columns` (lower-cased), or none. Pure. */
function mapColumns(aliases, columns) {
    const present = new Map(columns.map((column) => [column.toLowerCase(), column]));
    return Object.fromEntries(Object.entries(aliases).flatMap(([name, list]) => {
        const hit = list.map((alias) => present.get(alias)).find((column) => column !== undefined);
        return hit === undefined ? [] : [[name, hit]];
    }));
}
const text = (value) => typeof value === 'string'
    ? value
    : typeof value === 'number' || typeof value === 'bigint' || typeof value === 'boolean'
        ? String(value)
        : null;
const number = (value) => {
    if (value === null || value === undefined || value === '')
        return null;
    const n = Number(value);
    return Number.isFinite(n) ? n : null;
};
const integer = (value) => {
    const n = number(value);
    return n === null ? null : Math.trunc(n);
};
const bool = (value) => {
    if (value === null || value === undefined)
        return null;
    if (typeof value === 'string')
        return ['1', 'true', 'yes', 'y'].includes(value.toLowerCase());
    return Number(value) !== 0;
};
/** A source timestamp as ISO 8601 (`2026-01-10 10:00:00` → `2026-01-10T10:00:00.000Z`); unparseable kept as is. */
function isoOf(value) {
    const normalised = /^\d{4}-\d\d-\d\d \d/.test(value) ? value.replace(' ', 'T') : value;
    const withZone = /[zZ]|[+-]\d\d:?\d\d$/.test(normalised) || !normalised.includes('T') ? normalised : `${normalised}Z`;
    const ms = Date.parse(withZone);
    return Number.isNaN(ms) ? value : new Date(ms).toISOString();
}
/** One source session row as facts, through the column map. Pure. */
function sessionFactsOf(row, map, fallbackEndedAt) {
    const get = (name) => (map[name] === undefined ? null : row[map[name]]);
    const id = text(get('id'));
    if (id === null)
        return null;
    const ended = text(get('ended_at'));
    const started = text(get('started_at'));
    const narration = integer(get('narration_turns'));
    // The Rust tool's `completion`: the result said success without an error. It says how the session ended,
    // not whether it committed.
    const completion = bool(get('completion'));
    const outcome = text(get('outcome')) ?? (completion === null ? null : completion ? 'productive' : 'failed');
    return {
        key: `si:${id}`,
        source: 'migrate',
        started_at: started === null ? null : isoOf(started),
        ended_at: ended === null ? fallbackEndedAt : isoOf(ended),
        transcript: text(get('transcript')),
        sha256: null,
        global: integer(get('global')) ?? integer(get('id')),
        iteration: integer(get('iteration')),
        run: null,
        format: text(get('format')),
        model: text(get('model')),
        outcome,
        failure_kind: text(get('failure_kind')),
        failure_reason: null,
        duration_secs: number(get('duration_secs')),
        output_bytes: integer(get('output_bytes')),
        exit_code: integer(get('exit_code')),
        turns: integer(get('turns')),
        narration_turns: narration,
        parallel_turns: integer(get('parallel_turns')),
        tool_calls: integer(get('tool_calls')),
        input_tokens: integer(get('input_tokens')),
        output_tokens: integer(get('output_tokens')),
        cache_read_tokens: integer(get('cache_read_tokens')),
        cache_write_tokens: integer(get('cache_write_tokens')),
        cost_usd: number(get('cost_usd')),
        committed: bool(get('committed')),
        commit_evidence: text(get('commit_evidence')),
        task_id: text(get('task_id')),
        plan_id: null,
        phase: null,
    };
}
/** One source improvement row as ours, through the column map; `null` without a ref or a title. Pure. */
function improvementOf(row, map, now) {
    const get = (name) => map[name] === undefined ? null : text(row[map[name]]);
    const ref = get('ref');
    const title = get('title');
    if (ref === null || title === null)
        return null;
    return {
        ref,
        created: get('created') ?? now,
        resolved: get('resolved'),
        category: get('category') ?? 'general',
        severity: get('severity') ?? 'medium',
        status: get('status') ?? 'open',
        title,
        description: descriptionOf(get('description'), text(map.context === undefined ? null : row[map.context])),
        recommendation: get('recommendation'),
        impact: get('impact'),
        tags: get('tags'),
    };
}
function columnsOf(source, table) {
    return source.prepare(`PRAGMA table_info(${table})`).all().map((c) => c.name);
}
/** Reads `path` read-only and imports its sessions and improvements into the target. */
function importSelfImprovement(path, target) {
    const now = (target.now ?? (() => new Date().toISOString()))();
    if (!existsSync(path))
        throw new MetricsDbError(path, `${path}: no such file (give the bash loop's self-improvement.db)`);
    let source;
    let tables;
    try {
        source = openDatabase(path, { readonly: true });
    }
    catch (cause) {
        throw notOne(path, cause);
    }
    try {
        try {
            tables = source.prepare("SELECT name FROM sqlite_master WHERE type = 'table'").all().map((t) => t.name);
        }
        catch (cause) {
            throw notOne(path, cause);
        }
        if (!tables.includes('sessions') && !tables.includes('improvements'))
            throw new MetricsDbError(path, `${path} is a SQLite database without the self-improvement tool's tables (sessions, improvements): give the bash loop's self-improvement.db`);
        const result = { sessions: 0, improvements: 0, skipped: 0 };
        if (tables.includes('sessions')) {
            const map = mapColumns(SESSION_ALIASES, columnsOf(source, 'sessions'));
            const order = map.id === undefined ? 'rowid' : `"${map.id}"`;
            for (const row of source.prepare(`SELECT * FROM sessions ORDER BY ${order}`).iterate()) {
                const facts = sessionFactsOf(row, map, now);
                if (facts === null)
                    continue;
                if (target.record(facts) === 'recorded')
                    result.sessions++;
                else
                    result.skipped++;
            }
        }
        if (tables.includes('improvements')) {
            const map = mapColumns(IMPROVEMENT_ALIASES, columnsOf(source, 'improvements'));
            const order = tables.includes('improvements') && columnsOf(source, 'improvements').includes('id') ? 'id' : 'rowid';
            const rows = source.prepare(`SELECT * FROM improvements ORDER BY ${order}`).all();
            transaction(target.db, () => {
                for (const row of rows) {
                    const record = improvementOf(row, map, now);
                    if (record === null)
                        continue;
                    if (insertImprovement(target.db, record))
                        result.improvements++;
                    else
                        result.skipped++;
                }
            });
        }
        return result;
    }
    finally {
        source.close();
    }
}
const notOne = (path, cause) => new MetricsDbError(path, `${path} is not a SQLite database (${cause instanceof Error ? cause.message : String(cause)}): give the bash loop's self-improvement.db`, { cause });

/** The numeric columns Totals reports as a Stat, each as its SQL expression over a sessions row. */
const STATS = {
    cost_usd: 'cost_usd',
    input_tokens: 'input_tokens',
    output_tokens: 'output_tokens',
    cache_read_tokens: 'cache_read_tokens',
    cache_write_tokens: 'cache_write_tokens',
    turns: 'turns',
    tool_calls: 'tool_calls',
    duration_secs: 'duration_secs',
    output_bytes: 'output_bytes',
    narration_turns: 'narration_turns',
    parallel_turns: 'parallel_turns',
};
/** The columns the totals read (the window's). */
const COLUMNS = [
    'outcome',
    'failure_kind',
    'committed',
    'ended_at',
    'cost_usd',
    'input_tokens',
    'output_tokens',
    'cache_read_tokens',
    'cache_write_tokens',
    'turns',
    'tool_calls',
    'duration_secs',
    'output_bytes',
    'narration_turns',
    'parallel_turns',
].join(', ');
/** The window as a subquery with one `?` (the limit): the last n by (ended_at, seq). */
const windowSql = (columns) => `SELECT ${columns} FROM sessions ORDER BY ended_at DESC, seq DESC LIMIT ?`;
/** SQLite's "no limit" is -1. */
const limitOf = (n) => (n === null ? -1 : Math.max(0, Math.trunc(n)));
const quoted = (values) => values.map((value) => `'${value}'`).join(', ');
const OTHER_OUTCOME = `outcome NOT IN (${quoted(SESSION_OUTCOMES)})`;
const OTHER_FAILURE = `failure_kind NOT IN (${quoted(FAILURE_KINDS)})`;
/**
 * One pass over the window (`FROM WINDOW`). Tokens (input + output, the unknown one as 0) need no expression of
 * their own: their sum is the two sums added, their count the rows that know either. Over all sessions, the first
 * and last ended_at come from the sessions_order index instead of the scan.
 */
const flatSql = (all) => `SELECT count(*) AS sessions, coalesce(sum(committed = 1), 0) AS committed,
  count(committed) AS commit_known,
  ${all ? '(SELECT min(ended_at) FROM sessions) AS first_ended_at, (SELECT max(ended_at) FROM sessions) AS last_ended_at' : 'min(ended_at) AS first_ended_at, max(ended_at) AS last_ended_at'},
  count(coalesce(input_tokens, output_tokens)) AS tokens_n,
  sum(CASE WHEN narration_turns IS NOT NULL THEN turns END) AS turns_with_narration,
  sum(CASE WHEN parallel_turns IS NOT NULL THEN turns END) AS turns_with_parallel,
  ${Object.entries(STATS)
    .map(([name, expr]) => `count(${expr}) AS ${name}_n, sum(${expr}) AS ${name}_sum`)
    .join(',\n  ')},
  coalesce(sum(outcome IS NULL), 0) AS "outcome:unknown",
  ${SESSION_OUTCOMES.map((outcome) => `coalesce(sum(outcome = '${outcome}'), 0) AS "outcome:${outcome}"`).join(', ')},
  ${FAILURE_KINDS.map((kind) => `coalesce(sum(failure_kind = '${kind}'), 0) AS "failure:${kind}"`).join(', ')},
  count(failure_kind) AS failure_known
FROM WINDOW`;
/** The rows with an outcome or failure kind the loop does not write, grouped: few or none. */
const OTHERS = `SELECT CASE WHEN ${OTHER_OUTCOME} THEN outcome END AS outcome,
  CASE WHEN ${OTHER_FAILURE} THEN failure_kind END AS failure_kind, count(*) AS sessions
FROM WINDOW WHERE ${OTHER_OUTCOME} OR ${OTHER_FAILURE} GROUP BY 1, 2`;
/**
 * How many sessions of the flat row have an outcome or failure kind the conditional sums did not count: none
 * unless some session has one the loop does not write (a migrated `partial`, say). Arithmetic on the row, so the
 * scan evaluates no NOT IN per row. Pure.
 */
function othersIn(flat) {
    const summed = (prefix) => Object.entries(flat)
        .filter(([column]) => column.startsWith(prefix))
        .reduce((total, [, value]) => total + Number(value), 0);
    return Number(flat.sessions) - summed('outcome:') + (Number(flat.failure_known) - summed('failure:'));
}
const num = (value) => value === null || value === undefined ? null : Number(value);
/** The flat row and the rare groups as Totals. Pure. */
function totalsOf(flat, others) {
    const outcomes = {};
    const failures = {};
    const add = (into, name, count) => {
        if (count > 0)
            into[name] = (into[name] ?? 0) + count;
    };
    for (const [column, value] of Object.entries(flat)) {
        if (column.startsWith('outcome:'))
            add(outcomes, column.slice('outcome:'.length), Number(value));
        if (column.startsWith('failure:'))
            add(failures, column.slice('failure:'.length), Number(value));
    }
    for (const group of others) {
        if (group.outcome !== null)
            add(outcomes, String(group.outcome), Number(group.sessions));
        if (group.failure_kind !== null)
            add(failures, String(group.failure_kind), Number(group.sessions));
    }
    const sorted = (counts) => Object.fromEntries(Object.entries(counts).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
    const addNullable = (a, b) => a === null ? b : b === null ? a : a + b;
    const stat = (name) => {
        const count = Number(flat[`${name}_n`]);
        const sum = name === 'tokens'
            ? addNullable(num(flat.input_tokens_sum), num(flat.output_tokens_sum))
            : num(flat[`${name}_sum`]);
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
        ...Object.fromEntries([...Object.keys(STATS), 'tokens'].map((name) => [name, stat(name)])),
        turns_with_narration: num(flat.turns_with_narration),
        turns_with_parallel: num(flat.turns_with_parallel),
    };
}
function totals(db, n) {
    const from = n === null ? 'sessions' : `(${windowSql(COLUMNS)})`;
    const params = n === null ? [] : [limitOf(n)];
    const flat = db.prepare(flatSql(n === null).replace('WINDOW', from)).get(...params);
    const others = othersIn(flat) > 0 ? db.prepare(OTHERS.replaceAll('WINDOW', from)).all(...params) : [];
    return totalsOf(flat, others);
}

// The metrics database: an append-only `events` table (the truth) and a `sessions` table derived from it (one row
// per session, rebuildable), improvements, and the transcripts recorded (idempotency and retention). Every write
// is one transaction; readers open read-only and, under WAL, never wait for the writer nor see half a session.
/** The basename a transcript is known by: without `.gz` / `.zst`. Pure. */
const transcriptName = (path) => basename(path).replace(/\.(gz|zst)$/, '');
/** The first item of `tags` is the writer. */
const tagsOf = (writer, extra = []) => [writer, ...extra].join(',');
const error = (file, what, cause) => new MetricsDbError(file, `${file}: ${what} (${cause instanceof Error ? cause.message : String(cause)}): check the file, or point [metrics] database at another one`, { cause });
class MetricsStore {
    path;
    db;
    now;
    improvements;
    /** Prepared statements by SQL text: preparing costs more than running for the small statements here. */
    statements = new Map();
    constructor(
    /** The database file. */
    path, db, now) {
        this.path = path;
        this.db = db;
        this.now = now;
        this.improvements = improvementsApi(db, now);
    }
    /**
     * Opens (and creates and migrates, unless `readonly`) the database at `path`. A missing file read-only, a file
     * that is not SQLite or not ours, or a newer schema: MetricsDbError naming the file and what to do.
     */
    static open(path, options = {}) {
        const now = options.now ?? (() => new Date().toISOString());
        if (options.readonly === true) {
            if (!existsSync(path))
                throw new MetricsDbError(path, `${path}: no metrics database yet (it is written after the first session)`);
            // A reader of an older schema: one short writer brings it up to date first (each step is a transaction).
            let db = open(path, true);
            let version;
            try {
                version = inspect(db, path);
            }
            catch (cause) {
                db.close();
                throw cause;
            }
            if (version < LATEST_VERSION) {
                db.close();
                const writer = open(path, false);
                try {
                    migrate(writer, path);
                }
                finally {
                    writer.close();
                }
                db = open(path, true);
            }
            return new MetricsStore(path, db, now);
        }
        const db = open(path, false);
        try {
            migrate(db, path);
        }
        catch (cause) {
            db.close();
            throw cause instanceof MetricsDbError ? cause : error(path, 'cannot be migrated', cause);
        }
        return new MetricsStore(path, db, now);
    }
    /** The prepared statement for `text` (not for iterate(): two live iterators must not share one). */
    sql(text) {
        let statement = this.statements.get(text);
        if (!statement) {
            statement = this.db.prepare(text);
            this.statements.set(text, statement);
        }
        return statement;
    }
    close() {
        if (this.db.isOpen)
            this.db.close();
    }
    /** Moves the WAL into the main file and truncates it: before the Action caches the file. */
    checkpoint() {
        this.db.exec('PRAGMA wal_checkpoint(TRUNCATE)');
    }
    /** Whether a session with this key has any event. */
    hasSession(key) {
        return this.sql('SELECT 1 FROM events WHERE session = ? LIMIT 1').get(key) !== undefined;
    }
    /** Whether a transcript with this content (any name) is recorded. */
    isRecorded(sha256) {
        return (this.hasSession(`sha256:${sha256}`) ||
            this.sql('SELECT 1 FROM transcripts WHERE sha256 = ? LIMIT 1').get(sha256) !== undefined);
    }
    /**
     * Records one session in one transaction: an event per kind (KINDS), the transcripts row (when the facts name a
     * transcript with a sha256), and the derived sessions row. A key or sha256 already recorded: `'already'`, and
     * nothing is written.
     */
    record(facts, writer, transcript = {}) {
        return transaction(this.db, () => {
            if (this.hasSession(facts.key) || (facts.sha256 !== null && this.isRecorded(facts.sha256)))
                return 'already';
            const ts = this.now();
            const tags = tagsOf(writer, transcript.tags);
            const insert = this.sql('INSERT INTO events (ts, session, kind, value, tags) VALUES (?, ?, ?, ?, ?)');
            for (const event of factsEvents(facts))
                insert.run(ts, facts.key, event.kind, JSON.stringify(event.value), tags);
            const path = transcript.path ?? facts.transcript;
            if (facts.sha256 !== null && path !== null)
                this.sql('INSERT OR IGNORE INTO transcripts (sha256, name, path, bytes, session, state, recorded_at) VALUES (?, ?, ?, ?, ?, ?, ?)').run(facts.sha256, transcriptName(path), path, transcript.bytes ?? facts.output_bytes ?? 0, facts.key, transcript.state ?? 'plain', ts);
            this.rederive(facts.key);
            return 'recorded';
        });
    }
    /** Replaces one session's derived row by what its events say (inside the caller's transaction). */
    rederive(key) {
        this.sql('DELETE FROM sessions WHERE key = ?').run(key);
        const events = this.sql('SELECT id, session, kind, value FROM events WHERE session = ? ORDER BY id').all(key);
        const row = deriveRow(key, events);
        if (row)
            this.sql(INSERT_SESSION).run(...sessionParams(row));
    }
    /** One session's derived row. */
    session(key) {
        const row = this.sql('SELECT * FROM sessions WHERE key = ?').get(key);
        return row ? sessionFromSql(row) : null;
    }
    /** How many sessions are recorded. */
    count() {
        return Number(this.sql('SELECT count(*) AS n FROM sessions').get().n);
    }
    /** The last `n` sessions (all when `null`) by (ended_at, seq), newest last. */
    lastSessions(n) {
        return this.sql(`SELECT * FROM (${windowSql('*')}) ORDER BY ended_at, seq`)
            .all(limitOf(n))
            .map(sessionFromSql);
    }
    /** Every session, oldest first, one at a time (export). */
    *sessions() {
        for (const row of this.db.prepare('SELECT * FROM sessions ORDER BY ended_at, seq').iterate())
            yield sessionFromSql(row);
    }
    /** Every event, in id order, one at a time (export). */
    *events() {
        for (const row of this.db
            .prepare('SELECT id, ts, session, kind, value, tags FROM events ORDER BY id')
            .iterate()) {
            const r = row;
            yield { ...r, value: parseValue(r.value) };
        }
    }
    /** Aggregates over the last `n` sessions (all when `null`), in SQL. */
    totals(n) {
        return totals(this.db, n);
    }
    /**
     * The value of one event kind for each of the last `n` sessions that has it (the newest such event per
     * session), oldest first.
     */
    query(kind, n) {
        const rows = this.sql(`SELECT * FROM (
           SELECT w.key AS session, w.global AS global, w.ended_at AS ended_at, w.seq AS seq,
             (SELECT coalesce(e.value, 'null') FROM events e WHERE e.kind = ? AND e.session = w.key
              ORDER BY e.id DESC LIMIT 1) AS value
           FROM (${windowSql('key, global, ended_at, seq')}) w
         ) WHERE value IS NOT NULL ORDER BY ended_at, seq`).all(kind, limitOf(n));
        return rows.map((row) => ({
            session: row.session,
            global: row.global === null ? null : Number(row.global),
            ended_at: row.ended_at,
            value: parseValue(row.value),
        }));
    }
    /** Every recorded transcript, oldest first (retention). */
    transcripts() {
        return this.sql('SELECT sha256, name, path, bytes, session, state, recorded_at FROM transcripts ORDER BY recorded_at, rowid')
            .all()
            .map((row) => ({ ...row }));
    }
    /** Where a transcript is now and in which state (after compressing or deleting it). */
    markTranscript(sha256, name, state, path) {
        transaction(this.db, () => {
            this.sql('UPDATE transcripts SET state = ?, path = ? WHERE sha256 = ? AND name = ?').run(state, path, sha256, name);
        });
    }
    /**
     * Re-derives every session from the events. With `reextract`, first asks it for each session's new facts (null:
     * unchanged) and appends an event (writer `rebuild`) for each kind whose value changed; then, in one
     * transaction, empties `sessions` and derives every row again.
     */
    async rebuild(reextract, options = {}) {
        const changes = [];
        if (reextract)
            for (const row of this.lastSessions(null)) {
                const facts = await reextract(row);
                if (facts)
                    changes.push({ row, facts });
            }
        return transaction(this.db, () => {
            const ts = this.now();
            const tags = tagsOf('rebuild', options.tags);
            const insert = this.sql('INSERT INTO events (ts, session, kind, value, tags) VALUES (?, ?, ?, ?, ?)');
            for (const { row, facts } of changes) {
                const merged = { ...row, ...facts, key: row.key, seq: row.seq };
                for (const spec of KINDS) {
                    if (!columnsOf$1(spec).some((field) => field in facts))
                        continue;
                    const before = JSON.stringify(eventValue(spec, row));
                    const after = JSON.stringify(eventValue(spec, merged));
                    if (after !== before)
                        insert.run(ts, row.key, spec.kind, after, tags);
                }
            }
            this.db.exec('DELETE FROM sessions');
            const write = this.sql(INSERT_SESSION);
            let sessions = 0;
            const events = this.db
                .prepare('SELECT id, session, kind, value FROM events ORDER BY session, id')
                .iterate();
            for (const row of deriveAll(events)) {
                write.run(...sessionParams(row));
                sessions++;
            }
            return { sessions, reextracted: changes.length };
        });
    }
    /**
     * Imports the bash loop's tool's database (self-improvement.db, either documented shape): sessions as facts
     * (source `migrate`, key `si:<id>`), improvements with their refs. Importing twice adds nothing.
     */
    importSelfImprovement(path) {
        return importSelfImprovement(path, {
            db: this.db,
            record: (facts) => this.record(facts, 'migrate'),
            now: this.now,
        });
    }
}
/** An event's JSON value; SQL NULL or text that does not parse reads as `null` (not known). */
function parseValue(value) {
    if (value === null)
        return null;
    try {
        return JSON.parse(value);
    }
    catch {
        return null;
    }
}
function open(path, readonly) {
    if (!readonly)
        mkdirSync(dirname(resolve(path)), { recursive: true });
    try {
        return openDatabase(path, { readonly });
    }
    catch (cause) {
        throw error(path, 'cannot be opened', cause);
    }
}

export { MetricsDbError, MetricsStore, UnknownImprovementError, tagsOf, transcriptName };
