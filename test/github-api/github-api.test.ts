/**
 * The loopback GitHub API (test/support/github-api.ts) driven by a real Octokit with the retry and throttling
 * plugins, as the Action will use it; and its response shapes checked against real api.github.com traffic
 * replayed by @octokit/fixtures-server.
 */
import { readFileSync } from 'node:fs';
import { createServer, type RequestListener } from 'node:http';
import { createRequire } from 'node:module';
import type { AddressInfo } from 'node:net';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { retry } from '@octokit/plugin-retry';
import { throttling } from '@octokit/plugin-throttling';
import { Octokit } from '@octokit/rest';
import { afterAll, beforeAll, describe, it, type ExpectStatic, type TestContext } from 'vitest';
import {
  primaryRateLimit,
  secondaryRateLimit,
  startGitHubApi,
  type GitHubApi,
} from '../support/github-api.js';

const GitHubClient = Octokit.plugin(retry, throttling);
const silent = { debug: () => {}, info: () => {}, warn: () => {}, error: () => {} };
let clientCount = 0;

/**
 * A client as the Action should build it; each gets its own throttle id so write spacing does not leak across
 * tests. Retries are set with `retry.retries`, NOT `request.retries`: with `request.retries` the retry plugin
 * retries every error, 401/403/404/422 included, at once (by design: octokit/plugin-retry.js#55, #576; shown
 * below), which also pre-empts the throttling plugin's wait on a 403 rate limit.
 */
function client(
  api: GitHubApi,
  opts: { retries?: number; retryBase?: number; token?: string; requestRetries?: number } = {},
) {
  const limits: string[] = [];
  const octokit = new GitHubClient({
    auth: opts.token ?? api.state.token,
    baseUrl: api.url,
    log: silent,
    ...(opts.requestRetries === undefined ? {} : { request: { retries: opts.requestRetries } }),
    retry: { retries: opts.retries ?? 2, retryAfterBaseValue: opts.retryBase ?? 100 },
    throttle: {
      id: `github-api-test-${++clientCount}`,
      onRateLimit: (after, _options, _octokit, retryCount) => {
        limits.push(`primary ${after}`);
        return retryCount === 0;
      },
      onSecondaryRateLimit: (after, _options, _octokit, retryCount) => {
        limits.push(`secondary ${after}`);
        return retryCount === 0;
      },
    },
  });
  return { octokit, limits };
}

async function failure(
  promise: Promise<unknown>,
): Promise<{ status: number; message: string; data: unknown }> {
  try {
    await promise;
  } catch (error) {
    const e = error as { status: number; message: string; response?: { data: unknown } };
    return { status: e.status, message: e.message, data: e.response?.data };
  }
  throw new Error('expected the request to fail');
}

/** Keys (sorted, recursively) and primitive types of a JSON value; arrays by their first element. */
function shape(value: unknown): unknown {
  if (Array.isArray(value)) return value.length ? [shape(value[0])] : [];
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>).sort(([a], [b]) => a.localeCompare(b));
    return Object.fromEntries(entries.map(([k, v]) => [k, shape(v)]));
  }
  return value === null ? 'null' : typeof value;
}

const repo = { owner: 'octo-org', repo: 'octo-repo' };

describe.concurrent('loopback GitHub API with a real Octokit', () => {
  /** The test's own API (state, request log, faults), closed when it ends: the tests run side by side. */
  async function start(onTestFinished: TestContext['onTestFinished']) {
    const api = await startGitHubApi({
      collaborators: { alice: 'admin', mo: 'maintain', tess: 'triage', wes: 'write' },
      users: ['stranger'],
      issues: [
        {
          number: 7,
          title: 'Run the agent',
          body: 'Please fix the flaky test.',
          user: 'alice',
          labels: ['agent', 'needs review', 'scope/ci'],
          created_at: '2024-05-01T09:00:00Z',
        },
      ],
    });
    onTestFinished(() => api.close());
    return api;
  }

  it('serves an issue with the fields GitHub returns, and 404 for a missing one', async ({
    expect,
    onTestFinished,
  }) => {
    const api = await start(onTestFinished);
    const { octokit } = client(api);
    const { data, status } = await octokit.rest.issues.get({ ...repo, issue_number: 7 });
    expect(status).toBe(200);
    expect(data).toMatchObject({
      number: 7,
      title: 'Run the agent',
      body: 'Please fix the flaky test.',
      user: { login: 'alice', type: 'User' },
      state: 'open',
      created_at: '2024-05-01T09:00:00Z',
      updated_at: '2024-05-01T09:00:00Z',
      html_url: 'https://github.com/octo-org/octo-repo/issues/7',
      author_association: 'COLLABORATOR',
    });
    expect(data.labels.map((l) => (typeof l === 'string' ? l : l.name))).toEqual([
      'agent',
      'needs review',
      'scope/ci',
    ]);
    expect((await failure(octokit.rest.issues.get({ ...repo, issue_number: 8 }))).status).toBe(404);
    expect((await failure(octokit.rest.issues.get({ owner: 'x', repo: 'y', issue_number: 7 }))).status).toBe(
      404,
    );
  });

  it('requires the configured token as `token` or `Bearer`, and records every request', async ({
    expect,
    onTestFinished,
  }) => {
    const api = await start(onTestFinished);
    const bad = await failure(
      client(api, { token: 'ghs_wrong' }).octokit.rest.issues.get({ ...repo, issue_number: 7 }),
    );
    expect(bad).toMatchObject({ status: 401, data: { message: 'Bad credentials' } });
    expect(api.requests).toHaveLength(1); // 401 is not retried
    const path = `${api.url}/repos/octo-org/octo-repo/issues/7`;
    expect((await fetch(path, { headers: { authorization: `Bearer ${api.state.token}` } })).status).toBe(200);
    expect((await fetch(path)).status).toBe(401);
    expect(api.requests.map((r) => r.status)).toEqual([401, 200, 401]);
    const [first] = api.requests;
    expect(first).toMatchObject({ method: 'GET', path: '/repos/octo-org/octo-repo/issues/7' });
    expect(first!.headers.authorization).toBe('token ghs_wrong');
    expect(first!.headers['user-agent']).toMatch(/octokit/);
  });

  it('shows the plugin-retry trap: `request.retries` retries even a 401, immediately', async ({
    expect,
    onTestFinished,
  }) => {
    const api = await start(onTestFinished);
    const { octokit } = client(api, { token: 'ghs_wrong', requestRetries: 2 });
    expect((await failure(octokit.rest.issues.get({ ...repo, issue_number: 7 }))).status).toBe(401);
    expect(api.requests.map((r) => r.status)).toEqual([401, 401, 401]);
  });

  it('lists and removes issue labels by URL-encoded name; 404 "Label does not exist" when absent', async ({
    expect,
    onTestFinished,
  }) => {
    const api = await start(onTestFinished);
    const { octokit } = client(api);
    const listed = await octokit.rest.issues.listLabelsOnIssue({ ...repo, issue_number: 7 });
    expect(listed.data.map((l) => l.name)).toEqual(['agent', 'needs review', 'scope/ci']);
    expect(listed.data[0]).toMatchObject({ color: 'ededed', default: false, description: null });

    const left = await octokit.rest.issues.removeLabel({ ...repo, issue_number: 7, name: 'needs review' });
    expect(left.data.map((l) => l.name)).toEqual(['agent', 'scope/ci']);
    await octokit.rest.issues.removeLabel({ ...repo, issue_number: 7, name: 'scope/ci' });
    expect(api.requests.map((r) => r.path).slice(1)).toEqual([
      '/repos/octo-org/octo-repo/issues/7/labels/needs%20review',
      '/repos/octo-org/octo-repo/issues/7/labels/scope%2Fci',
    ]);
    expect(api.issue(7).labels).toEqual(['agent']);
    expect(api.issue(7).events.at(-1)).toMatchObject({ event: 'unlabeled', actor: 'github-actions[bot]' });

    const absent = await failure(
      octokit.rest.issues.removeLabel({ ...repo, issue_number: 7, name: 'needs review' }),
    );
    expect(absent).toMatchObject({ status: 404, data: { message: 'Label does not exist' } });
  });

  it('creates an issue comment as the token user and rejects an empty one with 422', async ({
    expect,
    onTestFinished,
  }) => {
    const api = await start(onTestFinished);
    const { octokit } = client(api);
    const { data, status } = await octokit.rest.issues.createComment({
      ...repo,
      issue_number: 7,
      body: 'Done.',
    });
    expect(status).toBe(201);
    expect(data).toMatchObject({ body: 'Done.', user: { login: 'github-actions[bot]', type: 'Bot' } });
    expect(data.id).toBeGreaterThan(0);
    expect(data.html_url).toBe(`https://github.com/octo-org/octo-repo/issues/7#issuecomment-${data.id}`);
    expect(api.issue(7).comments).toEqual([expect.objectContaining({ id: data.id, body: 'Done.' })]);
    const issue = await octokit.rest.issues.get({ ...repo, issue_number: 7 });
    expect(issue.data.comments).toBe(1);
    expect(issue.data.updated_at > '2024-05-01T09:00:00Z').toBe(true);

    const other = client(api).octokit; // its own write queue: no 3 s notification spacing after the first post
    const empty = await failure(other.rest.issues.createComment({ ...repo, issue_number: 7, body: '' }));
    expect(empty.status).toBe(422);
  });

  it('tells who added a label and when through events and the timeline, across pages', async ({
    expect,
    onTestFinished,
  }) => {
    const api = await start(onTestFinished);
    const { octokit } = client(api);
    api.addLabel(7, 'agent:stop', 'mo', '2024-05-02T10:00:00Z');
    const events = await octokit.rest.issues.listEvents({ ...repo, issue_number: 7 });
    const stop = events.data
      .filter((e) => e.event === 'labeled' && 'label' in e && e.label?.name === 'agent:stop')
      .at(-1);
    expect(stop).toMatchObject({
      actor: { login: 'mo' },
      created_at: '2024-05-02T10:00:00Z',
      commit_id: null,
    });
    expect(events.data.filter((e) => e.event === 'labeled')).toHaveLength(4); // 3 seeded by the author + 1

    api.state.viewer = 'github-actions[bot]';
    for (let i = 0; i < 40; i += 1)
      api.addLabel(7, `bulk-${i}`, 'alice', new Date(Date.UTC(2024, 5, 1, 0, i)));
    const all = await octokit.paginate(octokit.rest.issues.listEvents, {
      ...repo,
      issue_number: 7,
      per_page: 30,
    });
    expect(all).toHaveLength(44);
    expect(api.requests.filter((r) => r.path.endsWith('/events'))).toHaveLength(3); // 1 + 2 pages

    api.issue(7).comments.push({
      id: 1,
      body: 'hi',
      user: 'tess',
      created_at: '2024-05-01T12:00:00Z',
      updated_at: '2024-05-01T12:00:00Z',
    });
    const timeline = await octokit.paginate(octokit.rest.issues.listEventsForTimeline, {
      ...repo,
      issue_number: 7,
      per_page: 100,
    });
    expect(timeline.slice(0, 5).map((e) => ('event' in e ? e.event : undefined))).toEqual([
      'labeled',
      'labeled',
      'labeled',
      'commented',
      'labeled',
    ]);
    expect(timeline[3]).toMatchObject({ actor: { login: 'tess' }, body: 'hi' });
  });

  it('mirrors GitHub on edits: no edited event, `updated_at` and `body` move; a new title is `renamed`', async ({
    expect,
    onTestFinished,
  }) => {
    const api = await start(onTestFinished);
    const { octokit } = client(api);
    api.editIssue(7, { body: 'Also update the docs.' }, 'alice', '2024-05-03T08:00:00Z');
    const edited = await octokit.rest.issues.get({ ...repo, issue_number: 7 });
    expect(edited.data).toMatchObject({ body: 'Also update the docs.', updated_at: '2024-05-03T08:00:00Z' });
    expect(edited.data.created_at).toBe('2024-05-01T09:00:00Z');
    api.editIssue(7, { title: 'Run the agent twice' }, 'alice', '2024-05-03T09:00:00Z');
    const events = await octokit.rest.issues.listEvents({ ...repo, issue_number: 7 });
    expect(events.data.map((e) => e.event)).toEqual(['labeled', 'labeled', 'labeled', 'renamed']);
    expect(events.data.at(-1)).toMatchObject({
      rename: { from: 'Run the agent', to: 'Run the agent twice' },
    });
    expect(api.issue(7).edits).toHaveLength(2);
  });

  it('answers collaborator permissions with the legacy `permission` and the real `role_name`', async ({
    expect,
    onTestFinished,
  }) => {
    const api = await start(onTestFinished);
    const { octokit } = client(api);
    const get = async (username: string) =>
      (await octokit.rest.repos.getCollaboratorPermissionLevel({ ...repo, username })).data;
    expect(await get('alice')).toMatchObject({
      permission: 'admin',
      role_name: 'admin',
      user: { login: 'alice' },
    });
    expect(await get('mo')).toMatchObject({ permission: 'write', role_name: 'maintain' });
    expect(await get('wes')).toMatchObject({ permission: 'write', role_name: 'write' });
    const tess = await get('tess');
    expect(tess).toMatchObject({ permission: 'read', role_name: 'triage' });
    expect(tess.user?.permissions).toEqual({
      admin: false,
      maintain: false,
      push: false,
      triage: true,
      pull: true,
    });
    expect(await get('stranger')).toMatchObject({ permission: 'read', role_name: 'read' }); // public repo
    const nobody = await failure(get('no-such-user'));
    expect(nobody).toMatchObject({ status: 404, data: { message: 'no-such-user is not a user' } });
    // Members of the owning organisation: read through the base permission, unless given more.
    api.state.members.add('mia');
    api.state.members.add('wes');
    expect(await get('mia')).toMatchObject({ permission: 'read', role_name: 'read', user: { login: 'mia' } });
    expect(await get('wes')).toMatchObject({ permission: 'write', role_name: 'write' });
    api.state.visibility = 'private';
    expect((await failure(get('stranger'))).status).toBe(404);
    expect(await get('mia')).toMatchObject({ permission: 'read', role_name: 'read' });
  });

  it('calls an organisation member MEMBER whatever their access, another collaborator COLLABORATOR', async ({
    expect,
    onTestFinished,
  }) => {
    const api = await start(onTestFinished);
    const { octokit } = client(api);
    api.state.members.add('mia');
    api.state.members.add('wes'); // write access too (through a team)
    for (const who of ['mia', 'wes', 'tess', 'stranger', 'octo-org']) api.addComment(7, `from ${who}`, who);
    const { data } = await octokit.rest.issues.listComments({ ...repo, issue_number: 7 });
    expect(data.map((c) => [c.user?.login, c.author_association])).toEqual([
      ['mia', 'MEMBER'],
      ['wes', 'MEMBER'],
      ['tess', 'COLLABORATOR'],
      ['stranger', 'NONE'],
      ['octo-org', 'OWNER'],
    ]);
  });

  it('creates commit statuses, lists them newest first, and rejects a description over 140 chars', async ({
    expect,
    onTestFinished,
  }) => {
    const api = await start(onTestFinished);
    const sha = 'a'.repeat(40);
    const create = (state: 'pending' | 'success', description: string) =>
      client(api).octokit.rest.repos.createCommitStatus({
        ...repo,
        sha,
        state,
        description,
        context: 'agent-harness',
        target_url: 'https://example.com/run/1',
      });
    const pending = await create('pending', 'Agent running');
    expect(pending.status).toBe(201);
    expect(pending.data).toMatchObject({
      state: 'pending',
      description: 'Agent running',
      context: 'agent-harness',
      target_url: 'https://example.com/run/1',
      creator: { login: 'github-actions[bot]' },
    });
    await create('success', 'x'.repeat(140));
    const tooLong = await failure(create('success', 'x'.repeat(141)));
    expect(tooLong.status).toBe(422);
    expect(JSON.stringify(tooLong.data)).toMatch(/description is too long \(maximum is 140 characters\)/);
    const bad = await failure(create('bogus' as 'success', 'x'));
    expect(bad.status).toBe(422);
    expect(api.requests.filter((r) => r.status === 422)).toHaveLength(2); // 422 is not retried

    const list = await client(api).octokit.rest.repos.listCommitStatusesForRef({ ...repo, ref: sha });
    expect(list.data.map((s) => s.state)).toEqual(['success', 'pending']);
    expect(api.state.statuses.get(sha)?.map((s) => s.state)).toEqual(['pending', 'success']);
  });

  it('lets the retry plugin retry a 502, and a dropped connection, then succeed', async ({
    expect,
    onTestFinished,
  }) => {
    const api = await start(onTestFinished);
    const { octokit } = client(api, { retryBase: 200 });
    api.faults.set('GET /repos/{owner}/{repo}/issues/{n}', { status: 502, times: 1 });
    const started = Date.now();
    const { data } = await octokit.rest.issues.get({ ...repo, issue_number: 7 });
    expect(data.number).toBe(7);
    expect(Date.now() - started).toBeGreaterThanOrEqual(190);
    expect(api.requests.map((r) => [r.status, r.fault])).toEqual([
      [502, 'GET /repos/{owner}/{repo}/issues/{n}'],
      [200, undefined],
    ]);
    expect(api.faults.active.size).toBe(0);

    api.faults.set('*', { kind: 'timeout', ms: 100, times: 1 });
    const labels = await octokit.rest.issues.listLabelsOnIssue({ ...repo, issue_number: 7 });
    expect(labels.data).toHaveLength(3);
    expect(api.requests.slice(2).map((r) => r.status)).toEqual([-1, 200]);
  });

  it('lets the throttling plugin wait out a secondary rate limit (retry-after: 1) and retry once', async ({
    expect,
    onTestFinished,
  }) => {
    const api = await start(onTestFinished);
    const { octokit, limits } = client(api);
    api.faults.set('POST /repos/{owner}/{repo}/statuses/{sha}', secondaryRateLimit(1));
    const started = Date.now();
    const created = await octokit.rest.repos.createCommitStatus({
      ...repo,
      sha: 'b'.repeat(40),
      state: 'success',
    });
    expect(created.status).toBe(201);
    expect(Date.now() - started).toBeGreaterThanOrEqual(950);
    expect(limits).toEqual(['secondary 1']);
    expect(api.requests.map((r) => r.status)).toEqual([403, 201]);
    expect(api.requests[0]!.fault).toBeDefined();

    // The handler says yes only once: a second limit in a row surfaces as the 403.
    const again = client(api);
    api.faults.set('*', secondaryRateLimit(1, 2));
    const error = await failure(again.octokit.rest.issues.get({ ...repo, issue_number: 7 }));
    expect(error.status).toBe(403);
    expect(error.message).toMatch(/secondary rate limit/);
    expect(again.limits).toEqual(['secondary 1', 'secondary 1']);
  });

  it('lets the throttling plugin wait for a primary rate limit reset', async ({ expect, onTestFinished }) => {
    const api = await start(onTestFinished);
    const { octokit, limits } = client(api);
    api.faults.set('GET /repos/{owner}/{repo}/issues/{n}/labels', primaryRateLimit(1));
    const started = Date.now();
    const { data } = await octokit.rest.issues.listLabelsOnIssue({ ...repo, issue_number: 7 });
    expect(data).toHaveLength(3);
    expect(limits).toHaveLength(1);
    expect(limits[0]).toMatch(/^primary [1-3]$/);
    expect(Date.now() - started).toBeGreaterThanOrEqual(950);
  });

  it('surfaces a persistent 500 as an error with .status 500 after the configured retries', async ({
    expect,
    onTestFinished,
  }) => {
    const api = await start(onTestFinished);
    const { octokit } = client(api, { retries: 2, retryBase: 10 });
    api.faults.set('*', { status: 500 });
    const error = await failure(octokit.rest.issues.get({ ...repo, issue_number: 7 }));
    expect(error.status).toBe(500);
    expect(api.requests).toHaveLength(3);
    expect(api.requests.every((r) => r.status === 500)).toBe(true);
  });
});

interface FixturesServer {
  /** Load a scenario; returns the baseUrl that replays it. */
  load(scenario: string, expect: ExpectStatic): Promise<string>;
  close(): Promise<void>;
}

/** @octokit/fixtures-server's express middleware on a free loopback port (its CLI only takes a fixed port). */
async function startFixturesServer(): Promise<FixturesServer> {
  const dir = resolve('node_modules/@octokit/fixtures-server');
  const requireHere = createRequire(join(dir, 'package.json'));
  const load = async (file: string) =>
    ((await import(pathToFileURL(file).href)) as { default: unknown }).default;
  const express = (await load(requireHere.resolve('express'))) as () => RequestListener & {
    use(m: unknown): void;
  };
  const middleware = (await load(join(dir, 'index.js'))) as (options: object) => unknown;
  const server = createServer();
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const fixturesUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const app = express();
  app.use(middleware({ fixturesUrl, logLevel: 'silent', ttl: 60_000 }));
  server.on('request', app);
  return {
    async load(scenario, expect) {
      const res = await fetch(`${fixturesUrl}/fixtures`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ scenario }),
      });
      expect(res.status).toBe(201);
      return ((await res.json()) as { url: string }).url;
    },
    close: () => new Promise<void>((done) => server.close(() => done())),
  };
}

describe.concurrent('shapes match real api.github.com traffic (@octokit/fixtures-server)', () => {
  const token = '0000000000000000000000000000000000000001';
  const org = 'octokit-fixture-org';
  let fixtures: FixturesServer;
  beforeAll(async () => {
    fixtures = await startFixturesServer();
  });
  afterAll(async () => {
    await fixtures?.close();
  });
  /** Our API of the test's own, closed when it ends, and a plain Octokit on it. */
  async function mineApi(onTestFinished: TestContext['onTestFinished']) {
    const api = await startGitHubApi({ owner: org, repo: 'mine', token, viewer: 'octokit-fixture-user-a' });
    onTestFinished(() => api.close());
    api.addIssue({ number: 1, title: 'Issue without a label', user: 'octokit-fixture-user-a' });
    api.addIssue({ number: 2, title: 'Labelled', labels: ['Foo', 'bAr', 'baZ'] });
    return { api, ours: new Octokit({ auth: token, baseUrl: api.url, log: silent }) };
  }
  /** A scenario of fixtures-server (each load replays on a URL of its own). */
  const real = async (scenario: string, expect: ExpectStatic) =>
    new Octokit({ auth: token, baseUrl: await fixtures.load(scenario, expect), log: silent });
  const mine = { owner: org, repo: 'mine' };

  it('labels: the recorded label objects have the fields of ours', async ({ expect, onTestFinished }) => {
    const { ours } = await mineApi(onTestFinished);
    const gh = await real('labels', expect);
    const repo = { owner: org, repo: 'labels' };
    const list = await gh.rest.issues.listLabelsForRepo(repo);
    const created = await gh.rest.issues.createLabel({ ...repo, name: 'test-label', color: '663399' });
    expect(created.status).toBe(201);
    const got = await gh.rest.issues.getLabel({ ...repo, name: 'test-label' });
    await gh.rest.issues.updateLabel({
      ...repo,
      name: 'test-label',
      new_name: 'test-label-updated',
      color: 'BADA55',
    });
    expect((await gh.rest.issues.deleteLabel({ ...repo, name: 'test-label-updated' })).status).toBe(204);

    const ourLabels = (await ours.rest.issues.listLabelsOnIssue({ ...mine, issue_number: 2 })).data;
    expect(shape(ourLabels)).toEqual(shape([got.data]));
    expect(shape(ourLabels[0])).toEqual(shape(created.data));
    expect(Object.keys(list.data[0]!).sort()).toEqual(Object.keys(ourLabels[0]!).sort());
  });

  it('add-labels-to-issue: the recorded issue and label list have the fields of ours', async ({
    expect,
    onTestFinished,
  }) => {
    const { ours } = await mineApi(onTestFinished);
    const gh = await real('add-labels-to-issue', expect);
    const repo = { owner: org, repo: 'add-labels-to-issue' };
    const issue = await gh.rest.issues.create({ ...repo, title: 'Issue without a label' });
    const added = await gh.rest.issues.addLabels({ ...repo, issue_number: 1, labels: ['Foo', 'bAr', 'baZ'] });
    expect(added.data.map((l) => l.name)).toEqual(['Foo', 'bAr', 'baZ']);

    const ourIssue = await ours.rest.issues.get({ ...mine, issue_number: 1 });
    expect(shape(ourIssue.data)).toEqual(shape(issue.data));
    expect(ourIssue.data).toMatchObject({
      title: issue.data.title,
      user: { login: issue.data.user?.login },
      state: issue.data.state,
      labels: [],
    });
    const ourAdded = await ours.rest.issues.addLabels({
      ...mine,
      issue_number: 1,
      labels: ['Foo', 'bAr', 'baZ'],
    });
    expect(shape(ourAdded.data)).toEqual(shape(added.data));
    expect(ourAdded.data.map((l) => l.name)).toEqual(added.data.map((l) => l.name));
    const withLabels = await ours.rest.issues.get({ ...mine, issue_number: 2 });
    expect(shape(withLabels.data.labels)).toEqual(shape(added.data));
  });

  it('create-status: the recorded statuses have the fields of ours', async ({ expect, onTestFinished }) => {
    const { ours } = await mineApi(onTestFinished);
    const gh = await real('create-status', expect);
    const repo = { owner: org, repo: 'create-status' };
    const sha = '0000000000000000000000000000000000000001';
    const base = { ...repo, sha, target_url: 'https://example.com' };
    const failed = await gh.rest.repos.createCommitStatus({
      ...base,
      state: 'failure',
      description: 'create-status failure test',
      context: 'example/1',
    });
    await gh.rest.repos.createCommitStatus({
      ...base,
      state: 'success',
      description: 'create-status success test',
      context: 'example/2',
    });
    const listed = await gh.rest.repos.listCommitStatusesForRef({ ...repo, ref: sha });
    await gh.rest.repos.getCombinedStatusForRef({ ...repo, ref: sha }); // the scenario's last recorded call

    const ourFailed = await ours.rest.repos.createCommitStatus({
      ...mine,
      sha,
      state: 'failure',
      target_url: 'https://example.com',
      description: 'create-status failure test',
      context: 'example/1',
    });
    expect(shape(ourFailed.data)).toEqual(shape(failed.data));
    const ourPick = (s: {
      state: string;
      description: string | null;
      context: string;
      target_url: string | null;
    }) => ({
      state: s.state,
      description: s.description,
      context: s.context,
      target_url: s.target_url,
    });
    expect(ourPick(ourFailed.data)).toEqual(ourPick(failed.data));
    await ours.rest.repos.createCommitStatus({
      ...mine,
      sha,
      state: 'success',
      target_url: 'https://example.com',
      description: 'create-status success test',
      context: 'example/2',
    });
    const ourListed = await ours.rest.repos.listCommitStatusesForRef({ ...mine, ref: sha });
    expect(shape(ourListed.data)).toEqual(shape(listed.data));
    expect(ourListed.data.map(ourPick)).toEqual(listed.data.map(ourPick));
  });

  it('collaborator permission: our `user` has the fields of a recorded collaborator', async ({
    expect,
    onTestFinished,
  }) => {
    const { api, ours } = await mineApi(onTestFinished);
    const file = resolve(
      'node_modules/@octokit/fixtures/scenarios/api.github.com/add-and-remove-repository-collaborator/normalized-fixture.json',
    );
    const recorded = JSON.parse(readFileSync(file, 'utf8')) as {
      method: string;
      path: string;
      response: unknown;
    }[];
    const list = recorded.find((f) => f.method === 'get' && f.path.endsWith('/collaborators'))!
      .response as unknown[];
    api.state.collaborators.set('octokit-fixture-user-a', 'admin');
    const ourPermission = await ours.rest.repos.getCollaboratorPermissionLevel({
      ...mine,
      username: 'octokit-fixture-user-a',
    });
    expect(shape(ourPermission.data.user)).toEqual(shape(list[0]));
    const { permissions, role_name } = list[0] as { permissions: object; role_name: string }; // an admin
    expect(ourPermission.data.user).toMatchObject({ permissions, role_name });
  });
});
