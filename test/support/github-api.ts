/**
 * A small GitHub REST API on loopback for the Action's tests: exactly the routes the Action uses, with the
 * field names of real api.github.com responses (checked against the recorded `@octokit/fixtures` scenarios
 * in test/github-api), backed by mutable in-memory state that tests set up and inspect.
 *
 * Point a client at it with `baseUrl: api.url` (Octokit) or `GITHUB_API_URL=api.url` for a child process
 * (`api.env()` gives that, `GITHUB_TOKEN` and `GITHUB_REPOSITORY`). Routes and response shapes live in
 * github-api-routes.ts; this file holds the state, auth, request log, faults and the HTTP server.
 *
 * Choices, mirroring github.com where known:
 * - Edits: GitHub's REST API has no `edited` event and no edit history (`last_edited_at` is GraphQL-only).
 *   A body edit only moves the issue's `updated_at` (compare it, or `body`, between reads); a title edit adds a
 *   `renamed` event. `issue.edits` keeps the history for test assertions only; it is never served.
 * - Who labelled: `labeled`/`unlabeled` events (`event`, `actor.login`, `label.name`, `created_at`) in both
 *   `/issues/{n}/events` and `/issues/{n}/timeline`; the timeline also has `commented` items. Lists paginate.
 * - Permission (`GET /repos/{o}/{r}/collaborators/{user}/permission`, the fields `permission`, `role_name` and
 *   `user`): `permission` is the legacy admin|write|read (maintain -> write, triage -> read), `role_name` the
 *   real role. A known user who is not a collaborator gets `read` on a public repo (as GitHub answers) and 404
 *   on a private one, unless a member of the owning organisation (its base permission, `read`); an unknown
 *   login gets 404 `<login> is not a user`.
 * - Label names match case-insensitively; labels added through the API are created with color `ededed`.
 * - Statuses are keyed by the `sha`/`ref` string as given (branch names are not resolved).
 * - Faults answer before the auth check; the request is still recorded, with `fault` set.
 * - Pull requests (from a branch of this repository only): list filtered by `state`, `head` (`owner:branch`)
 *   and `base`; create answers 422 "A pull request already exists for owner:branch." for a second open one
 *   and 422 on a head branch that `branchExists` denies; update changes title, body, state and base. The `repo`
 *   objects inside `head` and `base` carry the main fields only.
 * - Repository labels: list, get by name (404 when missing), create (422 `already_exists` for a taken name).
 * - `author_association`: OWNER for the repo owner, MEMBER for an org member (whatever their access: a member
 *   who may push through a team is MEMBER too), COLLABORATOR for another collaborator, else NONE.
 */
import { createServer, STATUS_CODES, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { route } from './github-api-routes.js';

export type Role = 'admin' | 'maintain' | 'write' | 'triage' | 'read';
export type StatusState = 'pending' | 'success' | 'failure' | 'error';
export type AuthorAssociation = 'OWNER' | 'MEMBER' | 'COLLABORATOR' | 'CONTRIBUTOR' | 'FIRST_TIMER' | 'NONE';

export interface IssueEvent {
  id: number;
  event: 'labeled' | 'unlabeled' | 'renamed';
  actor: string;
  created_at: string;
  label?: string;
  rename?: { from: string; to: string };
}
export interface IssueComment {
  id: number;
  body: string;
  user: string;
  created_at: string;
  updated_at: string;
}
export interface Issue {
  number: number;
  title: string;
  body: string | null;
  user: string;
  /** Label names, in the order they were added. */
  labels: string[];
  state: 'open' | 'closed';
  state_reason: 'completed' | 'not_planned' | 'reopened' | null;
  locked: boolean;
  created_at: string;
  updated_at: string;
  closed_at: string | null;
  /** Default: OWNER for the repo owner, MEMBER for an org member, COLLABORATOR for a collaborator, else NONE. */
  author_association?: AuthorAssociation;
  comments: IssueComment[];
  events: IssueEvent[];
  /** Test-only history of editIssue() calls; never served (GitHub's REST API has none). */
  edits: { at: string; actor: string; title?: string; body?: string | null }[];
}
export interface Label {
  id: number;
  name: string;
  color: string;
  description: string | null;
  default: boolean;
}
export interface CommitStatus {
  id: number;
  state: StatusState;
  target_url: string | null;
  description: string | null;
  context: string;
  creator: string;
  created_at: string;
  updated_at: string;
}

export interface PullRequest {
  number: number;
  title: string;
  body: string | null;
  /** The branch of this repository the pull request is from, and the one it goes to. */
  head: string;
  base: string;
  state: 'open' | 'closed';
  user: string;
  created_at: string;
  updated_at: string;
  /** Test-only history of the title and body, oldest first (GitHub serves only the current one). */
  revisions: { at: string; title: string; body: string | null }[];
}

export interface GitHubState {
  owner: string;
  repo: string;
  token: string;
  /** Login of the token's user: author of comments, statuses and API label changes. */
  viewer: string;
  /** Public: a user who is not a collaborator has `read`; private: the permission route answers 404. */
  visibility: 'public' | 'private';
  issues: Map<number, Issue>;
  /** Repository labels by lower-case name (GitHub label names are case-insensitive). */
  labels: Map<string, Label>;
  /** login -> role. */
  collaborators: Map<string, Role>;
  /** sha -> statuses, oldest first. */
  statuses: Map<string, CommitStatus[]>;
  /** Logins that exist besides those seen elsewhere in the state (others are "not a user"). */
  users: Set<string>;
  /**
   * Members of the owning organisation: their `author_association` is MEMBER (unless they own the repo), and
   * their permission `read` unless `collaborators` gives them a role (write through a team, say).
   */
  members: Set<string>;
  /** Pull requests by number (they share the issues' numbers, as on GitHub). */
  pulls: Map<number, PullRequest>;
  /** Whether a branch exists, for creating a pull request from it (default: every branch does). */
  branchExists: (branch: string) => boolean;
  now: () => Date;
  nextId: () => number;
}

export type IssueInit = Partial<Omit<Issue, 'comments' | 'events' | 'edits'>>;
export interface GitHubApiInit {
  owner?: string;
  repo?: string;
  token?: string;
  viewer?: string;
  visibility?: 'public' | 'private';
  now?: () => Date;
  /** Seeded labels get a `labeled` event by the issue's author at `created_at`. */
  issues?: IssueInit[];
  collaborators?: Record<string, Role>;
  users?: string[];
  members?: string[];
  branchExists?: (branch: string) => boolean;
}

export type Fault =
  | { status: number; times?: number; headers?: Record<string, string>; body?: unknown }
  /** Hold the request for `ms`, then drop the connection without answering (the client sees a network error). */
  | { kind: 'timeout'; ms: number; times?: number };

export interface Faults {
  /** `pattern` is `'*'` or `'[METHOD ]/path'` with `{name}` segments, e.g. `'POST /repos/{o}/{r}/statuses/{sha}'`. */
  set(pattern: string, fault: Fault): void;
  clear(pattern?: string): void;
  readonly active: ReadonlyMap<string, Fault>;
}

export interface RecordedRequest {
  method: string;
  /** Raw (still percent-encoded) path, without the query. */
  path: string;
  query: Record<string, string>;
  headers: IncomingHttpHeaders;
  body: unknown;
  status: number;
  /** The fault pattern that answered this request, if one did. */
  fault?: string;
  at: number;
}

export interface GitHubApi {
  url: string;
  port: number;
  state: GitHubState;
  requests: RecordedRequest[];
  faults: Faults;
  env(): { GITHUB_API_URL: string; GITHUB_TOKEN: string; GITHUB_REPOSITORY: string };
  addIssue(init?: IssueInit): Issue;
  issue(n: number): Issue;
  /** A comment by `user` (as written in the UI), at `at` (default now). */
  addComment(n: number, body: string, user: string, at?: Date | string): IssueComment;
  /** Pull requests, oldest first. */
  pulls(): PullRequest[];
  /** Add a label as `actor` would in the UI: records a `labeled` event and moves `updated_at`. */
  addLabel(n: number, name: string, actor: string, at?: Date | string): void;
  removeLabel(n: number, name: string, actor: string, at?: Date | string): void;
  /** Edit title and/or body: moves `updated_at`; a new title also records a `renamed` event. */
  editIssue(
    n: number,
    changes: { title?: string; body?: string | null },
    actor: string,
    at?: Date | string,
  ): void;
  close(): Promise<void>;
}

export const iso = (d: Date | string): string =>
  (typeof d === 'string' ? new Date(d) : d).toISOString().replace(/\.\d{3}Z$/, 'Z');

const DOCS = 'https://docs.github.com/rest/using-the-rest-api/rate-limits-for-the-rest-api';

/** GitHub's secondary rate limit answer: 403, `retry-after`, and the message the throttling plugin looks for. */
export function secondaryRateLimit(retryAfterSeconds = 60, times = 1): Fault {
  return {
    status: 403,
    times,
    headers: { 'retry-after': String(retryAfterSeconds) },
    body: {
      message:
        'You have exceeded a secondary rate limit. Please wait a few minutes before you try again. If you reach ' +
        'out to GitHub Support for help, please include the request ID 0000:0000:0000000:0000000:00000000.',
      documentation_url: `${DOCS}#about-secondary-rate-limits`,
      status: '403',
    },
  };
}

/** GitHub's primary rate limit answer: 403 with `x-ratelimit-remaining: 0` and the reset time. */
export function primaryRateLimit(resetInSeconds = 1, times = 1): Fault {
  return {
    status: 403,
    times,
    headers: {
      'x-ratelimit-remaining': '0',
      'x-ratelimit-reset': String(Math.ceil(Date.now() / 1000) + resetInSeconds),
    },
    body: {
      message: 'API rate limit exceeded for installation ID 1.',
      documentation_url: `${DOCS}#about-primary-rate-limits`,
      status: '403',
    },
  };
}

function patternMatches(pattern: string, method: string, path: string): boolean {
  if (pattern === '*') return true;
  const m = /^([A-Z]+)\s+(\S+)$/.exec(pattern);
  if (m && m[1] !== method) return false;
  const template = m ? m[2]! : pattern;
  const source = template
    .split('/')
    .map((seg) => (/^\{[^}]+\}$/.test(seg) ? '[^/]+' : seg.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
    .join('/');
  return new RegExp(`^${source}$`).test(path);
}

function createFaults(): Faults & { take(method: string, path: string): [string, Fault] | undefined } {
  const active = new Map<string, Fault>();
  return {
    active,
    set: (pattern, fault) => void active.set(pattern, fault),
    clear: (pattern) => (pattern === undefined ? active.clear() : void active.delete(pattern)),
    take(method, path) {
      for (const [pattern, fault] of active) {
        if (!patternMatches(pattern, method, path)) continue;
        const left = (fault.times ?? Infinity) - 1;
        if (left <= 0) active.delete(pattern);
        else active.set(pattern, { ...fault, times: left });
        return [pattern, fault];
      }
      return undefined;
    },
  };
}

export async function startGitHubApi(init: GitHubApiInit = {}): Promise<GitHubApi> {
  let ids = 1000;
  const state: GitHubState = {
    owner: init.owner ?? 'octo-org',
    repo: init.repo ?? 'octo-repo',
    token: init.token ?? 'ghs_test0000000000000000000000000000000001',
    viewer: init.viewer ?? 'github-actions[bot]',
    visibility: init.visibility ?? 'public',
    issues: new Map(),
    labels: new Map(),
    collaborators: new Map(Object.entries(init.collaborators ?? {})),
    statuses: new Map(),
    users: new Set(init.users ?? []),
    members: new Set(init.members ?? []),
    pulls: new Map(),
    branchExists: init.branchExists ?? (() => true),
    now: init.now ?? (() => new Date()),
    nextId: () => ++ids,
  };
  const faults = createFaults();
  const requests: RecordedRequest[] = [];
  const pending = new Set<NodeJS.Timeout>();
  let rateUsed = 0;

  const issue = (n: number): Issue => {
    const found = state.issues.get(n);
    if (!found) throw new Error(`github-api: no issue #${n}`);
    return found;
  };
  const ensureLabel = (name: string): Label => {
    const key = name.toLowerCase();
    let label = state.labels.get(key);
    if (!label) {
      label = { id: state.nextId(), name, color: 'ededed', description: null, default: false };
      state.labels.set(key, label);
    }
    return label;
  };
  const stamp = (at: Date | string | undefined) => iso(at ?? state.now());
  const addLabel = (n: number, name: string, actor: string, at?: Date | string): void => {
    const target = issue(n);
    const label = ensureLabel(name);
    if (target.labels.some((l) => l.toLowerCase() === name.toLowerCase())) return;
    const when = stamp(at);
    target.labels.push(label.name);
    target.events.push({ id: state.nextId(), event: 'labeled', actor, created_at: when, label: label.name });
    target.updated_at = when;
  };
  const removeLabel = (n: number, name: string, actor: string, at?: Date | string): void => {
    const target = issue(n);
    const i = target.labels.findIndex((l) => l.toLowerCase() === name.toLowerCase());
    if (i < 0) return;
    const when = stamp(at);
    const [removed] = target.labels.splice(i, 1);
    target.events.push({ id: state.nextId(), event: 'unlabeled', actor, created_at: when, label: removed! });
    target.updated_at = when;
  };
  const addIssue = (spec: IssueInit = {}): Issue => {
    const created = stamp(spec.created_at);
    const n = spec.number ?? Math.max(0, ...state.issues.keys(), ...state.pulls.keys()) + 1;
    const made: Issue = {
      title: `Issue ${n}`,
      body: null,
      user: 'octocat',
      state: 'open',
      state_reason: null,
      locked: false,
      closed_at: null,
      ...spec,
      number: n,
      labels: [],
      created_at: created,
      updated_at: created,
      comments: [],
      events: [],
      edits: [],
    };
    state.issues.set(n, made);
    for (const name of spec.labels ?? []) addLabel(n, name, made.user, created);
    made.updated_at = spec.updated_at ? iso(spec.updated_at) : created;
    return made;
  };
  const editIssue: GitHubApi['editIssue'] = (n, changes, actor, at) => {
    const target = issue(n);
    const when = stamp(at);
    if (changes.title !== undefined && changes.title !== target.title) {
      target.events.push({
        id: state.nextId(),
        event: 'renamed',
        actor,
        created_at: when,
        rename: { from: target.title, to: changes.title },
      });
      target.title = changes.title;
    }
    if (changes.body !== undefined) target.body = changes.body;
    target.edits.push({ at: when, actor, ...changes });
    target.updated_at = when;
  };
  for (const spec of init.issues ?? []) addIssue(spec);
  const addComment: GitHubApi['addComment'] = (n, body, user, at) => {
    const target = issue(n);
    const when = stamp(at);
    const comment: IssueComment = { id: state.nextId(), body, user, created_at: when, updated_at: when };
    target.comments.push(comment);
    target.updated_at = when;
    return comment;
  };

  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://127.0.0.1');
      const method = (req.method ?? 'GET').toUpperCase();
      const raw = Buffer.concat(chunks).toString('utf8');
      let body: unknown;
      let badJson = false;
      try {
        body = raw ? JSON.parse(raw) : undefined;
      } catch {
        badJson = true;
        body = raw;
      }
      const rec: RecordedRequest = {
        method,
        path: url.pathname,
        query: Object.fromEntries(url.searchParams),
        headers: req.headers,
        body,
        status: 0,
        at: Date.now(),
      };
      requests.push(rec);
      const send = (status: number, payload: unknown, headers: Record<string, string> = {}) => {
        rec.status = status;
        rateUsed += 1;
        res.writeHead(status, {
          'content-type': 'application/json; charset=utf-8',
          'x-github-media-type': 'github.v3; format=json',
          'x-github-request-id': `0000:${requests.length}`,
          'x-ratelimit-limit': '5000',
          'x-ratelimit-remaining': String(Math.max(0, 5000 - rateUsed)),
          'x-ratelimit-reset': String(Math.ceil(Date.now() / 1000) + 3600),
          'x-ratelimit-used': String(rateUsed),
          'x-ratelimit-resource': 'core',
          ...headers,
        });
        res.end(payload === undefined ? undefined : JSON.stringify(payload));
      };

      const hit = faults.take(method, url.pathname);
      if (hit) {
        const [pattern, fault] = hit;
        rec.fault = pattern;
        if ('kind' in fault) {
          const timer = setTimeout(() => {
            pending.delete(timer);
            rec.status = -1;
            req.socket.destroy();
          }, fault.ms);
          pending.add(timer);
          return;
        }
        const message = STATUS_CODES[fault.status] ?? 'Error';
        return send(fault.status, fault.body ?? { message, status: String(fault.status) }, fault.headers);
      }
      const auth = /^(?:token|bearer)\s+(\S+)$/i.exec(req.headers.authorization ?? '');
      if (auth?.[1] !== state.token) {
        return send(401, {
          message: 'Bad credentials',
          documentation_url: 'https://docs.github.com/rest',
          status: '401',
        });
      }
      if (badJson) return send(400, { message: 'Problems parsing JSON', status: '400' });
      const reply = route({ state, base: apiUrl }, method, url.pathname, url.searchParams, body);
      send(reply.status, reply.body, reply.headers);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  const apiUrl = `http://127.0.0.1:${port}`;

  return {
    url: apiUrl,
    port,
    state,
    requests,
    faults,
    env: () => ({
      GITHUB_API_URL: apiUrl,
      GITHUB_TOKEN: state.token,
      GITHUB_REPOSITORY: `${state.owner}/${state.repo}`,
    }),
    addIssue,
    issue,
    addComment,
    pulls: () => [...state.pulls.values()].sort((a, b) => a.number - b.number),
    addLabel,
    removeLabel,
    editIssue,
    close: async () => {
      for (const timer of pending) clearTimeout(timer);
      pending.clear();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
