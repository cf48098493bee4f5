/**
 * The fake Actions results services driven by the REAL `@actions/cache` 6 / `@actions/artifact` 6 clients, in a
 * child process (they read env at import time and keep sockets alive), against a real Azurite blob store.
 */
import { spawn } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  readdirSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, it, type TestContext } from 'vitest';
import { startActionsServices, type ActionsServices } from '../support/actions-services.js';

const REPO_ROOT = fileURLToPath(new URL('../../', import.meta.url));
const FIXTURE = fileURLToPath(new URL('./fixtures/actions-client.mjs', import.meta.url));
const NODE = existsSync(join(REPO_ROOT, 'node_modules/.bin/node'))
  ? join(REPO_ROOT, 'node_modules/.bin/node')
  : process.execPath;

type Step =
  | { op: 'save'; paths: string[]; key: string; deadlineMs?: number }
  | { op: 'restore'; paths: string[]; key: string; restoreKeys?: string[]; deadlineMs?: number }
  | { op: 'upload'; name: string; files: string[]; root: string; deadlineMs?: number };

interface StepResult {
  op: string;
  ok: boolean;
  value?: unknown;
  undefined?: boolean;
  deadline?: boolean;
  error?: { name?: string; message: string };
  ms: number;
}

interface ClientRun {
  results: StepResult[];
  output: string;
  ms: number;
}

const scratch: string[] = [];

function tempDir(prefix: string): string {
  const dir = mkdtempSync(join(tmpdir(), `${prefix}-`));
  scratch.push(dir);
  return dir;
}

/** Env for the child: nothing inherited from a real runner, just the services' env. */
function childEnv(
  services: ActionsServices,
  cwd: string,
  extra: Record<string, string>,
): Record<string, string> {
  const env: Record<string, string> = {};
  for (const [k, v] of Object.entries(process.env)) {
    if (v === undefined || /^(ACTIONS_|GITHUB_|RUNNER_|INPUT_)/.test(k)) continue;
    if (k === 'SEGMENT_DOWNLOAD_TIMEOUT_MINS' || k.startsWith('CACHE_UPLOAD_')) continue;
    env[k] = v;
  }
  return { ...env, ...services.env, GITHUB_WORKSPACE: cwd, ...extra };
}

function runClient(
  services: ActionsServices,
  steps: Step[],
  cwd: string,
  extra: Record<string, string> = {},
): Promise<ClientRun> {
  const started = Date.now();
  return new Promise((resolve, reject) => {
    const child = spawn(NODE, [FIXTURE, JSON.stringify(steps)], {
      cwd,
      env: childEnv(services, cwd, extra),
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (d: Buffer) => (output += d.toString()));
    child.stderr.on('data', (d: Buffer) => (output += d.toString()));
    const killer = setTimeout(() => child.kill('SIGKILL'), 75_000);
    child.on('error', reject);
    child.on('close', (code) => {
      clearTimeout(killer);
      const line = output.split('\n').find((l) => l.startsWith('@@RESULTS@@'));
      if (!line) return reject(new Error(`client exited ${code} without results:\n${output.slice(-4000)}`));
      resolve({
        results: JSON.parse(line.slice('@@RESULTS@@'.length)) as StepResult[],
        output,
        ms: Date.now() - started,
      });
    });
  });
}

function writeTree(root: string, files: Record<string, string | Buffer>): void {
  for (const [rel, content] of Object.entries(files)) {
    mkdirSync(join(root, rel, '..'), { recursive: true });
    writeFileSync(join(root, rel), content);
  }
}

function readTree(root: string): Map<string, Buffer> {
  const out = new Map<string, Buffer>();
  const walk = (dir: string): void => {
    for (const name of readdirSync(dir)) {
      const p = join(dir, name);
      if (statSync(p).isDirectory()) walk(p);
      else out.set(relative(root, p), readFileSync(p));
    }
  };
  walk(root);
  return out;
}

function requestsTo(services: ActionsServices, service: string, method: string): ActionsServices['requests'] {
  return services.requests.filter((r) => r.service === service && r.method === method);
}

/**
 * Services of the test's own (cache entries, artifacts, faults, the request log), closed when it ends: the tests
 * run side by side and none sees another's faults or entries. The helpers are bound to them.
 */
async function ownServices(onTestFinished: TestContext['onTestFinished']) {
  const services = await startActionsServices();
  onTestFinished(() => services.close());
  return {
    services,
    runClient: (steps: Step[], cwd: string, extra: Record<string, string> = {}) =>
      runClient(services, steps, cwd, extra),
    calls: (service: string, method: string) => requestsTo(services, service, method),
  };
}

/**
 * The tests run side by side, each starting processes of its own: on a loaded machine one takes several times what
 * it takes alone, so their hang guard is wider than the suite's 60 s (and than the 70 s the 500 test had alone, of
 * which the client's own backoff takes 24 to 37 s). What they check is unchanged.
 */
const SIDE_BY_SIDE = { timeout: 300_000 };

afterAll(() => {
  for (const dir of scratch) rmSync(dir, { recursive: true, force: true });
});

describe.concurrent('cache service v2 with the real @actions/cache client', SIDE_BY_SIDE, () => {
  it('saves a directory and restores it byte for byte in a fresh directory by key prefix', async ({
    expect,
    onTestFinished,
  }) => {
    const { services, runClient, calls } = await ownServices(onTestFinished);
    const id = randomUUID();
    const a = tempDir('cache-a');
    const tree = {
      'state/notes.md': '# state\n',
      'state/session/transcript.jsonl': '{"n":1}\n{"n":2}\n',
      'state/blob.bin': randomBytes(300_000),
    };
    writeTree(a, tree);
    const saved = await runClient([{ op: 'save', paths: ['state'], key: `roundtrip-${id}-a` }], a);
    expect(saved.results[0]).toMatchObject({ ok: true });
    expect(saved.results[0]?.value).toBeGreaterThan(0);

    const b = tempDir('cache-b');
    const restored = await runClient(
      [{ op: 'restore', paths: ['state'], key: `roundtrip-${id}-miss`, restoreKeys: [`roundtrip-${id}-`] }],
      b,
    );
    expect(restored.results[0]).toMatchObject({ ok: true, value: `roundtrip-${id}-a` });
    const got = readTree(join(b, 'state'));
    const want = readTree(join(a, 'state'));
    expect([...got.keys()].sort()).toEqual([...want.keys()].sort());
    for (const [rel, bytes] of want) expect(got.get(rel)?.equals(bytes), rel).toBe(true);

    const entry = services.cacheEntries().find((e) => e.key === `roundtrip-${id}-a`);
    expect(entry).toMatchObject({ finalized: true });
    expect(entry?.size).toBeGreaterThan(0);
    const lookup = calls('cache', 'GetCacheEntryDownloadURL').at(-1)?.body as Record<string, unknown>;
    expect(lookup['restore_keys']).toEqual([`roundtrip-${id}-`]);
  });

  it('restores the newest entry for a prefix, and an existing key cannot be saved again', async ({
    expect,
    onTestFinished,
  }) => {
    const { services, runClient, calls } = await ownServices(onTestFinished);
    const id = randomUUID().slice(0, 8);
    const dir = tempDir('cache-newest');
    writeTree(dir, { 'state/which.txt': 'one' });
    const first = await runClient([{ op: 'save', paths: ['state'], key: `state-1-${id}` }], dir);
    expect(first.results[0]?.value).toBeGreaterThan(0);
    writeTree(dir, { 'state/which.txt': 'two' });
    const second = await runClient(
      [
        { op: 'save', paths: ['state'], key: `state-2-${id}` },
        // Entries are immutable: the same key again is refused, as a return value.
        { op: 'save', paths: ['state'], key: `state-1-${id}` },
      ],
      dir,
    );
    expect(second.results[0]?.value).toBeGreaterThan(0);
    expect(second.results[1]).toMatchObject({ ok: true, value: -1 });
    expect(second.output).toContain(`Unable to reserve cache with key state-1-${id}`);
    expect(calls('cache', 'CreateCacheEntry').at(-1)).toMatchObject({
      status: 409,
      code: 'already_exists',
    });
    expect(services.cacheEntries().filter((e) => e.key === `state-1-${id}`)).toHaveLength(1);

    const fresh = tempDir('cache-newest-restore');
    const restored = await runClient(
      [{ op: 'restore', paths: ['state'], key: `nothing-${id}`, restoreKeys: ['state-'] }],
      fresh,
    );
    expect(restored.results[0]).toMatchObject({ ok: true, value: `state-2-${id}` });
    expect(readFileSync(join(fresh, 'state/which.txt'), 'utf8')).toBe('two');

    // A miss is `undefined`, not an error.
    const miss = await runClient([{ op: 'restore', paths: ['state'], key: `absent-${id}` }], tempDir('miss'));
    expect(miss.results[0]).toMatchObject({ ok: true, undefined: true });
  });

  it('a cache service answering 500 gives saveCache -1 and restoreCache undefined, without throwing', async ({
    expect,
    onTestFinished,
  }) => {
    const { services, runClient, calls } = await ownServices(onTestFinished);
    services.faults.set('cache', '*', { kind: 'status', status: 500 });
    const dir = tempDir('cache-500');
    writeTree(dir, { 'state/x.txt': 'x' });
    const key = `fail500-${randomUUID()}`;
    // The client retries 5xx 5 times with 3 s base backoff (~30 s): run save and restore side by side.
    const [save, restore] = await Promise.all([
      runClient([{ op: 'save', paths: ['state'], key }], dir),
      runClient(
        [{ op: 'restore', paths: ['state'], key, restoreKeys: ['fail500-'] }],
        tempDir('cache-500-r'),
      ),
    ]);
    expect(save.results[0]).toMatchObject({ ok: true, value: -1 });
    expect(restore.results[0]).toMatchObject({ ok: true, undefined: true });
    expect(calls('cache', 'CreateCacheEntry').filter((c) => c.status === 500)).toHaveLength(5);
    expect(calls('cache', 'GetCacheEntryDownloadURL').filter((c) => c.status === 500)).toHaveLength(5);
    expect(services.cacheEntries().some((e) => e.key === key)).toBe(false);
    console.log(
      `cache 500: save gave up after ${save.results[0]?.ms} ms, restore after ${restore.results[0]?.ms} ms`,
    );
  });

  it('a cache service that never answers is only bounded by a caller deadline (client waits minutes)', async ({
    expect,
    onTestFinished,
  }) => {
    const { services, runClient } = await ownServices(onTestFinished);
    services.faults.set('cache', '*', { kind: 'timeout', ms: Infinity });
    const dir = tempDir('cache-forever');
    writeTree(dir, { 'state/x.txt': 'x' });
    const run = await runClient(
      [{ op: 'save', paths: ['state'], key: `forever-${randomUUID()}`, deadlineMs: 4000 }],
      dir,
    );
    // @actions/http-client's 3-minute socket timeout x 5 attempts: the client is still waiting at the deadline.
    expect(run.results[0]).toMatchObject({ ok: false, deadline: true });
  });

  // Bound by a clock (the drop comes 2.5 s into each call, which must end within 5 s of it), this test runs after
  // the other cache tests: by then the artifact tests, side by side with them, have long ended (the 500 test's
  // client retries take some 30 s, they take a few), so the clock measures the held calls, not their neighbours.
  it(
    'a cache service that holds its responses gives -1 / undefined once the connection drops',
    { concurrent: false },
    async ({ expect, onTestFinished }) => {
      const { services, runClient, calls } = await ownServices(onTestFinished);
      const holdMs = 2500;
      services.faults.set('cache', '*', { kind: 'timeout', ms: holdMs });
      const dir = tempDir('cache-hang');
      writeTree(dir, { 'state/x.txt': 'x' });
      const key = `hang-${randomUUID()}`;
      const [save, restore] = await Promise.all([
        runClient([{ op: 'save', paths: ['state'], key }], dir),
        runClient([{ op: 'restore', paths: ['state'], key }], tempDir('cache-hang-r')),
      ]);
      expect(save.results[0]).toMatchObject({ ok: true, value: -1 });
      expect(restore.results[0]).toMatchObject({ ok: true, undefined: true });
      // The response really was held, and a dropped connection is not retried (NetworkError ECONNRESET).
      for (const r of [save, restore]) {
        expect(r.results[0]?.ms).toBeGreaterThanOrEqual(holdMs - 100);
        expect(r.results[0]?.ms).toBeLessThan(holdMs + 5000);
      }
      expect(save.output).toMatch(/ECONNRESET/);
      expect(calls('cache', 'CreateCacheEntry').filter((c) => c.fault === 'timeout').length).toBe(1);
      console.log(
        `cache hang (${holdMs} ms, then drop): save ${save.results[0]?.ms} ms, restore ${restore.results[0]?.ms} ms`,
      );
    },
  );
});

describe.concurrent('artifact service with the real @actions/artifact client', SIDE_BY_SIDE, () => {
  it('uploads several files (one of 5 MiB) and reads them back from the blob store', async ({
    expect,
    onTestFinished,
  }) => {
    const { services, runClient } = await ownServices(onTestFinished);
    const root = tempDir('artifact');
    const tree = {
      'transcript.jsonl': '{"role":"user"}\n',
      'logs/run.log': 'line 1\nline 2\n',
      'big.bin': randomBytes(5 * 1024 * 1024),
    };
    writeTree(root, tree);
    const name = `transcripts-${randomUUID().slice(0, 8)}`;
    const run = await runClient(
      [{ op: 'upload', name, files: Object.keys(tree).map((f) => join(root, f)), root }],
      root,
    );
    expect(run.results[0]).toMatchObject({ ok: true });
    const value = run.results[0]?.value as { id: number; size: number; digest: string };
    expect(value.id).toBeGreaterThan(0);

    const record = services.artifacts().find((a) => a.name === name);
    expect(record).toMatchObject({ id: value.id, finalized: true, runBackendId: services.runBackendId });
    expect(record?.size).toBe(value.size);
    expect(record?.digest).toBe(`sha256:${value.digest}`);

    const files = await services.downloadArtifact(name);
    expect([...files.keys()].sort()).toEqual(Object.keys(tree).sort());
    for (const [rel, content] of Object.entries(tree)) {
      expect(files.get(rel)?.equals(Buffer.from(content)), rel).toBe(true);
    }
  });

  it('a second artifact with the same name in the run is refused', async ({ expect, onTestFinished }) => {
    const { services, runClient } = await ownServices(onTestFinished);
    const root = tempDir('artifact-dup');
    writeTree(root, { 'a.txt': 'a' });
    const name = `dup-${randomUUID().slice(0, 8)}`;
    const step: Step = { op: 'upload', name, files: [join(root, 'a.txt')], root };
    const run = await runClient([step, step], root);
    expect(run.results[0]).toMatchObject({ ok: true });
    expect(run.results[1]).toMatchObject({ ok: false });
    expect(run.results[1]?.error?.message).toMatch(/CreateArtifact.*409/);
    expect(services.artifacts().filter((a) => a.name === name)).toHaveLength(1);
  });

  it('a failing blob store makes uploadArtifact reject with a catchable error', async ({
    expect,
    onTestFinished,
  }) => {
    const { services, runClient, calls } = await ownServices(onTestFinished);
    services.faults.set('blob', '*', { kind: 'status', status: 403 });
    const root = tempDir('artifact-blob');
    writeTree(root, { 'a.txt': 'a' });
    const name = `blobfail-${randomUUID().slice(0, 8)}`;
    const run = await runClient([{ op: 'upload', name, files: [join(root, 'a.txt')], root }], root);
    expect(run.results[0]).toMatchObject({ ok: false });
    expect(run.results[0]?.error?.message).toMatch(/injected fault|AuthorizationFailure|403/);
    expect(services.requests.some((r) => r.service === 'blob' && r.status === 403)).toBe(true);
    expect(
      calls('artifact', 'FinalizeArtifact').some((c) => (c.body as { name?: string }).name === name),
    ).toBe(false);
    expect(services.artifacts().find((a) => a.name === name)?.finalized).toBe(false);
  });

  it('a blob store that stalls is abandoned after ACTIONS_ARTIFACT_UPLOAD_TIMEOUT_MS', async ({
    expect,
    onTestFinished,
  }) => {
    const { services, runClient } = await ownServices(onTestFinished);
    services.faults.set('blob', '*', { kind: 'timeout', ms: Infinity });
    const root = tempDir('artifact-stall');
    writeTree(root, { 'a.txt': 'a' });
    const run = await runClient(
      [{ op: 'upload', name: `stall-${randomUUID().slice(0, 8)}`, files: [join(root, 'a.txt')], root }],
      root,
      {
        ACTIONS_ARTIFACT_UPLOAD_TIMEOUT_MS: '1500',
      },
    );
    expect(run.results[0]).toMatchObject({ ok: false });
    expect(run.results[0]?.error?.message).toMatch(/stalled/);
    expect(run.results[0]?.ms).toBeLessThan(10_000);
    console.log(`artifact blob stall: upload rejected after ${run.results[0]?.ms} ms`);
  });
});
