/**
 * Routes and response shapes of the loopback GitHub API (see github-api.ts). Field names follow the recorded
 * api.github.com responses in `@octokit/fixtures` (issue, label, status, collaborator) and GitHub's REST docs
 * (comment, issue event, timeline event, permission). `url` fields point at this server, `html_url` at github.com.
 */
import type {
  AuthorAssociation,
  CommitStatus,
  GitHubState,
  Issue,
  IssueComment,
  IssueEvent,
  PullRequest,
  Role,
} from './github-api.js';
import { iso } from './github-api.js';

export interface RouteContext {
  state: GitHubState;
  base: string;
}
export interface Reply {
  status: number;
  body?: unknown;
  headers?: Record<string, string>;
}

const DOCS = 'https://docs.github.com/rest';
const HTML = 'https://github.com';

const notFound = (message = 'Not Found', doc = ''): Reply => ({
  status: 404,
  body: { message, documentation_url: `${DOCS}${doc}`, status: '404' },
});
const invalid = (resource: string, field: string, message: string, doc: string): Reply => ({
  status: 422,
  body: {
    message: 'Validation Failed',
    errors: [{ resource, code: 'custom', field, message }],
    documentation_url: `${DOCS}${doc}`,
    status: '422',
  },
});

const nodeId = (kind: string, id: number) => Buffer.from(`0${kind.length}:${kind}${id}`).toString('base64');
const userIds = new Map<string, number>();
const userId = (login: string) => {
  if (!userIds.has(login)) userIds.set(login, 100 + userIds.size);
  return userIds.get(login)!;
};

const USER_URLS: [string, string][] = [
  ['followers_url', '/followers'],
  ['following_url', '/following{/other_user}'],
  ['gists_url', '/gists{/gist_id}'],
  ['starred_url', '/starred{/owner}{/repo}'],
  ['subscriptions_url', '/subscriptions'],
  ['organizations_url', '/orgs'],
  ['repos_url', '/repos'],
  ['events_url', '/events{/privacy}'],
  ['received_events_url', '/received_events'],
];

function user(ctx: RouteContext, login: string) {
  const id = userId(login);
  const url = `${ctx.base}/users/${login}`;
  const bot = login.endsWith('[bot]');
  return {
    login,
    id,
    node_id: nodeId(bot ? 'Bot' : 'User', id),
    avatar_url: `https://avatars.githubusercontent.com/u/${id}?v=4`,
    gravatar_id: '',
    url,
    html_url: bot ? `${HTML}/apps/${login.slice(0, -5)}` : `${HTML}/${login}`,
    ...(Object.fromEntries(USER_URLS.map(([key, suffix]) => [key, url + suffix])) as Record<string, string>),
    type: bot ? 'Bot' : 'User',
    site_admin: false,
  };
}

const repoUrl = (ctx: RouteContext) => `${ctx.base}/repos/${ctx.state.owner}/${ctx.state.repo}`;
const repoHtml = (ctx: RouteContext) => `${HTML}/${ctx.state.owner}/${ctx.state.repo}`;

/**
 * As GitHub says it: OWNER for the repository's owner, MEMBER for a member of the owning organisation whatever
 * their access (read through the base permission, or write through a team), COLLABORATOR for anyone else
 * given access to the repository, NONE otherwise.
 */
function association(ctx: RouteContext, login: string): AuthorAssociation {
  if (login === ctx.state.owner) return 'OWNER';
  if (ctx.state.members.has(login)) return 'MEMBER';
  return ctx.state.collaborators.has(login) ? 'COLLABORATOR' : 'NONE';
}

function label(ctx: RouteContext, name: string) {
  const l = ctx.state.labels.get(name.toLowerCase());
  const id = l?.id ?? 0;
  return {
    id,
    node_id: nodeId('Label', id),
    url: `${repoUrl(ctx)}/labels/${encodeURIComponent(l?.name ?? name)}`,
    name: l?.name ?? name,
    color: l?.color ?? 'ededed',
    default: l?.default ?? false,
    description: l?.description ?? null,
  };
}

const REACTIONS = ['+1', '-1', 'laugh', 'hooray', 'confused', 'heart', 'rocket', 'eyes'];
const reactions = (url: string) => ({
  url: `${url}/reactions`,
  total_count: 0,
  ...Object.fromEntries(REACTIONS.map((r) => [r, 0])),
});

function issueJson(ctx: RouteContext, issue: Issue) {
  const url = `${repoUrl(ctx)}/issues/${issue.number}`;
  return {
    url,
    repository_url: repoUrl(ctx),
    labels_url: `${url}/labels{/name}`,
    comments_url: `${url}/comments`,
    events_url: `${url}/events`,
    html_url: `${repoHtml(ctx)}/issues/${issue.number}`,
    id: 5000 + issue.number,
    node_id: nodeId('Issue', 5000 + issue.number),
    number: issue.number,
    title: issue.title,
    user: user(ctx, issue.user),
    labels: issue.labels.map((name) => label(ctx, name)),
    state: issue.state,
    locked: issue.locked,
    assignee: null,
    assignees: [],
    milestone: null,
    comments: issue.comments.length,
    created_at: issue.created_at,
    updated_at: issue.updated_at,
    closed_at: issue.closed_at,
    author_association: issue.author_association ?? association(ctx, issue.user),
    active_lock_reason: null,
    body: issue.body,
    closed_by: null,
    reactions: reactions(url),
    timeline_url: `${url}/timeline`,
    performed_via_github_app: null,
    state_reason: issue.state_reason,
  };
}

function commentJson(ctx: RouteContext, issue: Issue, c: IssueComment) {
  const url = `${repoUrl(ctx)}/issues/comments/${c.id}`;
  return {
    url,
    html_url: `${repoHtml(ctx)}/issues/${issue.number}#issuecomment-${c.id}`,
    issue_url: `${repoUrl(ctx)}/issues/${issue.number}`,
    id: c.id,
    node_id: nodeId('IssueComment', c.id),
    user: user(ctx, c.user),
    created_at: c.created_at,
    updated_at: c.updated_at,
    author_association: association(ctx, c.user),
    body: c.body,
    reactions: reactions(url),
    performed_via_github_app: null,
  };
}

function eventJson(ctx: RouteContext, e: IssueEvent) {
  const l = e.label === undefined ? undefined : label(ctx, e.label);
  return {
    id: e.id,
    node_id: nodeId(e.event === 'renamed' ? 'RenamedTitleEvent' : 'LabeledEvent', e.id),
    url: `${repoUrl(ctx)}/issues/events/${e.id}`,
    actor: user(ctx, e.actor),
    event: e.event,
    commit_id: null,
    commit_url: null,
    created_at: e.created_at,
    ...(l ? { label: { name: l.name, color: l.color } } : {}),
    ...(e.rename ? { rename: e.rename } : {}),
    performed_via_github_app: null,
  };
}

function repoJson(ctx: RouteContext) {
  const id = 4000;
  return {
    id,
    node_id: nodeId('Repository', id),
    name: ctx.state.repo,
    full_name: `${ctx.state.owner}/${ctx.state.repo}`,
    owner: user(ctx, ctx.state.owner),
    private: ctx.state.visibility === 'private',
    html_url: repoHtml(ctx),
    url: repoUrl(ctx),
    default_branch: 'main',
  };
}

function pullJson(ctx: RouteContext, p: PullRequest) {
  const url = `${repoUrl(ctx)}/pulls/${p.number}`;
  const html = `${repoHtml(ctx)}/pull/${p.number}`;
  const issueUrl = `${repoUrl(ctx)}/issues/${p.number}`;
  const ref = (branch: string) => ({
    label: `${ctx.state.owner}:${branch}`,
    ref: branch,
    sha: '0'.repeat(40),
    user: user(ctx, ctx.state.owner),
    repo: repoJson(ctx),
  });
  const link = (href: string) => ({ href });
  return {
    url,
    id: 7000 + p.number,
    node_id: nodeId('PullRequest', 7000 + p.number),
    html_url: html,
    diff_url: `${html}.diff`,
    patch_url: `${html}.patch`,
    issue_url: issueUrl,
    commits_url: `${url}/commits`,
    review_comments_url: `${url}/comments`,
    review_comment_url: `${repoUrl(ctx)}/pulls/comments{/number}`,
    comments_url: `${issueUrl}/comments`,
    statuses_url: `${repoUrl(ctx)}/statuses/${'0'.repeat(40)}`,
    number: p.number,
    state: p.state,
    locked: false,
    title: p.title,
    user: user(ctx, p.user),
    body: p.body,
    labels: [],
    milestone: null,
    active_lock_reason: null,
    created_at: p.created_at,
    updated_at: p.updated_at,
    closed_at: p.state === 'closed' ? p.updated_at : null,
    merged_at: null,
    merge_commit_sha: null,
    assignee: null,
    assignees: [],
    requested_reviewers: [],
    requested_teams: [],
    head: ref(p.head),
    base: ref(p.base),
    _links: {
      self: link(url),
      html: link(html),
      issue: link(issueUrl),
      comments: link(`${issueUrl}/comments`),
      review_comments: link(`${url}/comments`),
      review_comment: link(`${repoUrl(ctx)}/pulls/comments{/number}`),
      commits: link(`${url}/commits`),
      statuses: link(`${repoUrl(ctx)}/statuses/${'0'.repeat(40)}`),
    },
    author_association: association(ctx, p.user),
    auto_merge: null,
    draft: false,
  };
}

function repoLabelJson(ctx: RouteContext, name: string) {
  return label(ctx, name);
}

const PERMISSION: Record<Role, 'admin' | 'write' | 'read'> = {
  admin: 'admin',
  maintain: 'write',
  write: 'write',
  triage: 'read',
  read: 'read',
};
const RANK: Role[] = ['read', 'triage', 'write', 'maintain', 'admin'];

function collaboratorJson(ctx: RouteContext, login: string, role: Role) {
  const at = (r: Role) => RANK.indexOf(role) >= RANK.indexOf(r);
  return {
    ...user(ctx, login),
    permissions: {
      admin: at('admin'),
      maintain: at('maintain'),
      push: at('write'),
      triage: at('triage'),
      pull: true,
    },
    role_name: role,
  };
}

function statusJson(ctx: RouteContext, sha: string, s: CommitStatus) {
  const creator = user(ctx, s.creator);
  return {
    url: `${repoUrl(ctx)}/statuses/${sha}`,
    avatar_url: creator.avatar_url,
    id: s.id,
    node_id: nodeId('StatusContext', s.id),
    state: s.state,
    description: s.description,
    target_url: s.target_url,
    context: s.context,
    created_at: s.created_at,
    updated_at: s.updated_at,
    creator,
  };
}

/** GitHub pagination: `per_page` (default 30, max 100), `page`, and a `link` header with next/last/first/prev. */
function paginate(ctx: RouteContext, path: string, query: URLSearchParams, items: unknown[]): Reply {
  const perPage = Math.min(100, Math.max(1, Number(query.get('per_page')) || 30));
  const page = Math.max(1, Number(query.get('page')) || 1);
  const last = Math.max(1, Math.ceil(items.length / perPage));
  const link = (p: number, rel: string) => `<${ctx.base}${path}?per_page=${perPage}&page=${p}>; rel="${rel}"`;
  const links = [
    ...(page > 1 ? [link(page - 1, 'prev')] : []),
    ...(page < last ? [link(page + 1, 'next'), link(last, 'last')] : []),
    ...(page > 1 ? [link(1, 'first')] : []),
  ];
  const body = items.slice((page - 1) * perPage, page * perPage);
  return { status: 200, body, headers: links.length ? { link: links.join(', ') } : {} };
}

function knownUser(state: GitHubState, login: string): boolean {
  const lower = login.toLowerCase();
  const logins = [state.owner, state.viewer, ...state.users, ...state.members, ...state.collaborators.keys()];
  for (const issue of state.issues.values()) {
    logins.push(issue.user, ...issue.events.map((e) => e.actor), ...issue.comments.map((c) => c.user));
  }
  return logins.some((l) => l.toLowerCase() === lower);
}

export function route(
  ctx: RouteContext,
  method: string,
  path: string,
  query: URLSearchParams,
  body: unknown,
): Reply {
  const { state } = ctx;
  let segs: string[];
  try {
    segs = path.split('/').slice(1).map(decodeURIComponent);
  } catch {
    return notFound();
  }
  const [root, owner, repo, ...rest] = segs;
  const same = (a: string | undefined, b: string) => a?.toLowerCase() === b.toLowerCase();
  if (root !== 'repos' || !same(owner, state.owner) || !same(repo, state.repo)) return notFound();
  const input = (body ?? {}) as Record<string, unknown>;
  const now = iso(state.now());
  const key = `${method} ${rest.map((s, i) => (i % 2 === 1 || i > 2 ? '*' : s)).join('/')}`;

  if (rest[0] === 'issues') {
    const issue = state.issues.get(Number(rest[1]));
    if (!issue || !/^\d+$/.test(rest[1] ?? '')) return notFound('Not Found', '/issues/issues#get-an-issue');
    switch (key) {
      case 'GET issues/*':
        return { status: 200, body: issueJson(ctx, issue) };
      case 'GET issues/*/labels':
        return paginate(ctx, path, query, issueJson(ctx, issue).labels);
      case 'POST issues/*/labels': {
        const names = Array.isArray(body) ? body : input.labels;
        if (!Array.isArray(names) || names.some((n) => typeof n !== 'string')) {
          return invalid('Label', 'labels', 'labels must be an array of strings', '/issues/labels');
        }
        for (const name of names as string[]) {
          const lower = name.toLowerCase();
          if (issue.labels.some((l) => l.toLowerCase() === lower)) continue;
          if (!state.labels.has(lower)) {
            state.labels.set(lower, {
              id: state.nextId(),
              name,
              color: 'ededed',
              description: null,
              default: false,
            });
          }
          issue.labels.push(state.labels.get(lower)!.name);
          issue.events.push({
            id: state.nextId(),
            event: 'labeled',
            actor: state.viewer,
            created_at: now,
            label: name,
          });
          issue.updated_at = now;
        }
        return { status: 200, body: issueJson(ctx, issue).labels };
      }
      case 'DELETE issues/*/labels/*': {
        const name = rest[3]!;
        const i = issue.labels.findIndex((l) => l.toLowerCase() === name.toLowerCase());
        if (i < 0) return notFound('Label does not exist', '/issues/labels#remove-a-label-from-an-issue');
        const [removed] = issue.labels.splice(i, 1);
        issue.events.push({
          id: state.nextId(),
          event: 'unlabeled',
          actor: state.viewer,
          created_at: now,
          label: removed!,
        });
        issue.updated_at = now;
        return { status: 200, body: issueJson(ctx, issue).labels };
      }
      case 'GET issues/*/comments':
        return paginate(
          ctx,
          path,
          query,
          issue.comments.map((c) => commentJson(ctx, issue, c)),
        );
      case 'POST issues/*/comments': {
        const doc = '/issues/comments#create-an-issue-comment';
        if (typeof input.body !== 'string' || input.body === '') {
          return invalid('IssueComment', 'body', 'body wasn\u2019t supplied.', doc);
        }
        if ([...input.body].length > 65536) {
          return invalid('IssueComment', 'body', 'body is too long (maximum is 65536 characters)', doc);
        }
        const comment = {
          id: state.nextId(),
          body: input.body,
          user: state.viewer,
          created_at: now,
          updated_at: now,
        };
        issue.comments.push(comment);
        issue.updated_at = now;
        const json = commentJson(ctx, issue, comment);
        return { status: 201, body: json, headers: { location: json.url } };
      }
      case 'GET issues/*/events':
        return paginate(
          ctx,
          path,
          query,
          issue.events.map((e) => eventJson(ctx, e)),
        );
      case 'GET issues/*/timeline': {
        const items = [
          ...issue.events.map((e) => ({ at: e.created_at, json: eventJson(ctx, e) })),
          ...issue.comments.map((c) => ({
            at: c.created_at,
            json: { ...commentJson(ctx, issue, c), event: 'commented', actor: user(ctx, c.user) },
          })),
        ].sort((a, b) => a.at.localeCompare(b.at));
        return paginate(
          ctx,
          path,
          query,
          items.map((x) => x.json),
        );
      }
    }
    return notFound();
  }

  if (rest[0] === 'pulls') return pullRoute(ctx, key, rest, path, query, input, now);
  if (rest[0] === 'labels') return labelRoute(ctx, key, rest, query, input);

  if (key === 'GET collaborators/*/permission') {
    const login = rest[1]!;
    const doc = '/collaborators/collaborators#get-repository-permissions-for-a-user';
    if (!knownUser(state, login)) return notFound(`${login} is not a user`, doc);
    const entry = [...state.collaborators].find(([l]) => l.toLowerCase() === login.toLowerCase());
    // A member of the owning organisation has its base permission (read) on a private repository too.
    const member = [...state.members].find((l) => l.toLowerCase() === login.toLowerCase());
    if (!entry && !member && state.visibility === 'private') return notFound('Not Found', doc);
    const [name, role] = entry ?? [member ?? login, 'read'];
    return {
      status: 200,
      body: { permission: PERMISSION[role], role_name: role, user: collaboratorJson(ctx, name, role) },
    };
  }

  if (key === 'POST statuses/*') {
    const sha = rest[1]!;
    const doc = '/commits/statuses#create-a-commit-status';
    const st = input.state;
    if (st !== 'pending' && st !== 'success' && st !== 'failure' && st !== 'error') {
      return invalid('Status', 'state', 'state is not included in the list', doc);
    }
    const description = typeof input.description === 'string' ? input.description : null;
    if (description !== null && [...description].length > 140) {
      return invalid('Status', 'description', 'description is too long (maximum is 140 characters)', doc);
    }
    const status: CommitStatus = {
      id: state.nextId(),
      state: st,
      target_url: typeof input.target_url === 'string' ? input.target_url : null,
      description,
      context: typeof input.context === 'string' ? input.context : 'default',
      creator: state.viewer,
      created_at: now,
      updated_at: now,
    };
    state.statuses.set(sha, [...(state.statuses.get(sha) ?? []), status]);
    const json = statusJson(ctx, sha, status);
    return { status: 201, body: json, headers: { location: json.url } };
  }

  if (key === 'GET commits/*/statuses') {
    const sha = rest[1]!;
    const list = [...(state.statuses.get(sha) ?? [])].reverse().map((s) => statusJson(ctx, sha, s));
    return paginate(ctx, path, query, list);
  }
  return notFound();
}

/** `head=user:ref-name` (the owner's case does not matter, the branch's does); `head=user` alone: any branch. */
function headMatches(head: string, owner: string, branch: string): boolean {
  const i = head.indexOf(':');
  const user = i < 0 ? head : head.slice(0, i);
  return user.toLowerCase() === owner && (i < 0 || head.slice(i + 1) === branch);
}

function pullRoute(
  ctx: RouteContext,
  key: string,
  rest: string[],
  path: string,
  query: URLSearchParams,
  input: Record<string, unknown>,
  now: string,
): Reply {
  const { state } = ctx;
  const owner = state.owner.toLowerCase();
  if (key === 'GET pulls') {
    const wanted = query.get('state') ?? 'open';
    const head = query.get('head');
    const base = query.get('base');
    const list = [...state.pulls.values()]
      .filter((p) => wanted === 'all' || p.state === wanted)
      .filter((p) => head === null || headMatches(head, owner, p.head))
      .filter((p) => base === null || p.base === base)
      .sort((a, b) => b.number - a.number);
    return paginate(
      ctx,
      path,
      query,
      list.map((p) => pullJson(ctx, p)),
    );
  }
  if (key === 'POST pulls') {
    const doc = '/pulls/pulls#create-a-pull-request';
    const { title, head, base, body } = input;
    if (typeof title !== 'string' || title === '')
      return invalid('PullRequest', 'title', 'missing_field', doc);
    if (typeof head !== 'string' || typeof base !== 'string')
      return invalid('PullRequest', typeof head !== 'string' ? 'head' : 'base', 'missing_field', doc);
    const branch = head.includes(':') ? head.slice(head.indexOf(':') + 1) : head;
    if (!state.branchExists(branch)) return invalid('PullRequest', 'head', 'invalid', doc);
    const taken = [...state.pulls.values()].find(
      (p) => p.state === 'open' && p.head === branch && p.base === base,
    );
    if (taken)
      return invalid('PullRequest', '', `A pull request already exists for ${state.owner}:${branch}.`, doc);
    const number = Math.max(0, ...state.issues.keys(), ...state.pulls.keys()) + 1;
    const made: PullRequest = {
      number,
      title,
      body: typeof body === 'string' ? body : null,
      head: branch,
      base,
      state: 'open',
      user: state.viewer,
      created_at: now,
      updated_at: now,
      revisions: [{ at: now, title, body: typeof body === 'string' ? body : null }],
    };
    state.pulls.set(number, made);
    const json = pullJson(ctx, made);
    return { status: 201, body: json, headers: { location: json.url } };
  }
  const pull = state.pulls.get(Number(rest[1]));
  if (!pull || !/^\d+$/.test(rest[1] ?? '')) return notFound('Not Found', '/pulls/pulls#get-a-pull-request');
  if (key === 'GET pulls/*') return { status: 200, body: pullJson(ctx, pull) };
  if (key === 'PATCH pulls/*') {
    if (typeof input.title === 'string') pull.title = input.title;
    if (typeof input.body === 'string') pull.body = input.body;
    if (input.state === 'open' || input.state === 'closed') pull.state = input.state;
    if (typeof input.base === 'string') pull.base = input.base;
    pull.updated_at = now;
    pull.revisions.push({ at: now, title: pull.title, body: pull.body });
    return { status: 200, body: pullJson(ctx, pull) };
  }
  return notFound();
}

function labelRoute(
  ctx: RouteContext,
  key: string,
  rest: string[],
  query: URLSearchParams,
  input: Record<string, unknown>,
): Reply {
  const { state } = ctx;
  if (key === 'GET labels') {
    const all = [...state.labels.values()].sort((a, b) => a.id - b.id).map((l) => repoLabelJson(ctx, l.name));
    return paginate(ctx, `/repos/${state.owner}/${state.repo}/labels`, query, all);
  }
  if (key === 'GET labels/*') {
    const name = rest[1]!;
    if (!state.labels.has(name.toLowerCase())) return notFound('Not Found', '/issues/labels#get-a-label');
    return { status: 200, body: repoLabelJson(ctx, name) };
  }
  if (key === 'POST labels') {
    const doc = '/issues/labels#create-a-label';
    const name = input.name;
    if (typeof name !== 'string' || name === '') return invalid('Label', 'name', 'missing_field', doc);
    if (state.labels.has(name.toLowerCase())) {
      return {
        status: 422,
        body: {
          message: 'Validation Failed',
          errors: [{ resource: 'Label', code: 'already_exists', field: 'name' }],
          documentation_url: `${DOCS}${doc}`,
          status: '422',
        },
      };
    }
    state.labels.set(name.toLowerCase(), {
      id: state.nextId(),
      name,
      color: typeof input.color === 'string' ? input.color.replace(/^#/, '') : 'ededed',
      description: typeof input.description === 'string' ? input.description : null,
      default: false,
    });
    const json = repoLabelJson(ctx, name);
    return { status: 201, body: json, headers: { location: json.url } };
  }
  return notFound();
}
