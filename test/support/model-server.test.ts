/**
 * Proves the scripted model server drives the REAL `claude` CLI (node_modules/.bin/claude): real processes,
 * real tools, real git repositories. Set UPDATE_TRANSCRIPTS=1 to rewrite test/fixtures/transcripts/*.jsonl.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { claudeCommand, lingerAfterResultSettings, spawnClaude, type ClaudeRun } from './claude-env.js';
import { startModelServer, type ModelServer, type ModelServerOptions, type Step } from './model-server.js';

const transcriptsDir = resolve(dirname(fileURLToPath(import.meta.url)), '..', 'fixtures', 'transcripts');

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  while (cleanups.length > 0) await cleanups.pop()?.();
});

function tempDir(prefix: string): string {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
}

function gitRepo(): string {
  const dir = tempDir('ms-repo-');
  execFileSync('git', ['init', '-q', '-b', 'main'], { cwd: dir });
  execFileSync('git', ['config', 'user.name', 'Test Agent'], { cwd: dir });
  execFileSync('git', ['config', 'user.email', 'agent@example.com'], { cwd: dir });
  execFileSync('git', ['config', 'commit.gpgsign', 'false'], { cwd: dir });
  return dir;
}

async function server(script: Step[], options?: ModelServerOptions): Promise<ModelServer> {
  const s = await startModelServer(script, options);
  cleanups.push(() => s.close());
  return s;
}

function launch(serverUrl: string, repo: string, extra: Parameters<typeof claudeCommand>[0] = { serverUrl }) {
  const home = tempDir('ms-home-');
  const cmd = claudeCommand({ ...extra, serverUrl, home });
  const run = spawnClaude(cmd, repo);
  cleanups.push(async () => {
    run.killGroup('SIGKILL');
    await run.exited.catch(() => undefined);
  });
  return { run, home };
}

function lastJson(run: ClaudeRun): Record<string, unknown> | undefined {
  return run.lines[run.lines.length - 1]?.json;
}

/** Replace the temp directory names with neutral ones; everything else is kept byte for byte. */
function saveTranscript(name: string, run: ClaudeRun, replacements: [string, string][]) {
  if (process.env.UPDATE_TRANSCRIPTS !== '1') return;
  let text = run.stdout();
  // The CLI also names per-project directories after the path with every non-alphanumeric turned into '-'.
  const slug = (p: string) => p.replace(/[^a-zA-Z0-9]/g, '-');
  for (const [from, to] of replacements) text = text.split(from).join(to).split(slug(from)).join(slug(to));
  mkdirSync(transcriptsDir, { recursive: true });
  writeFileSync(join(transcriptsDir, name), text);
}

/** Whether `pid` is a live process (a zombie waiting to be reaped counts as dead). */
function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch {
    return false;
  }
  try {
    return readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.[0] !== 'Z';
  } catch {
    return false;
  }
}

function killPidFile(pidFile: string) {
  if (!existsSync(pidFile)) return;
  const pid = Number(readFileSync(pidFile, 'utf8').trim());
  if (pid > 0 && isAlive(pid)) process.kill(pid, 'SIGKILL');
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('model server (protocol, without the CLI)', () => {
  it('streams real SSE for text and tool_use, answers side requests without consuming the script', async () => {
    const s = await server([
      { kind: 'tool', name: 'Write', input: { file_path: 'a.txt', content: 'x' } },
      { kind: 'status', status: 529, repeat: 2 },
      { kind: 'text', text: 'hello world' },
    ]);
    const post = (body: unknown, path = '/v1/messages') =>
      fetch(s.url + path, {
        method: 'POST',
        body: JSON.stringify(body),
        headers: { 'content-type': 'application/json' },
      });
    const main = {
      model: 'm',
      stream: true,
      max_tokens: 100,
      tools: [{ name: 'Write' }],
      messages: [{ role: 'user', content: 'go' }],
    };

    // A side request (no tools) does not consume the first step.
    const side = await post({
      model: 'haiku',
      max_tokens: 50,
      messages: [{ role: 'user', content: 'title?' }],
    });
    expect(side.status).toBe(200);
    expect(((await side.json()) as { type: string }).type).toBe('message');
    const probe = await post({ ...main, stream: false, max_tokens: 1 });
    expect(probe.status).toBe(200);
    await probe.text();
    const count = await post({ model: 'm', messages: [] }, '/v1/messages/count_tokens');
    expect(((await count.json()) as { input_tokens: number }).input_tokens).toBeGreaterThan(0);

    const tool = await post(main);
    expect(tool.headers.get('content-type')).toContain('text/event-stream');
    const sseText = await tool.text();
    const events = [...sseText.matchAll(/^event: (\w+)$/gm)].map((m) => m[1]);
    expect(events[0]).toBe('message_start');
    expect(events).toContain('content_block_start');
    expect(events.slice(-2)).toEqual(['message_delta', 'message_stop']);
    const data = [...sseText.matchAll(/^data: (.*)$/gm)].map(
      (m) => JSON.parse(m[1] ?? '{}') as Record<string, unknown>,
    );
    const json = data
      .filter((d) => d.type === 'content_block_delta')
      .map((d) => (d.delta as { partial_json?: string }).partial_json ?? '')
      .join('');
    expect(JSON.parse(json)).toEqual({ file_path: 'a.txt', content: 'x' });
    expect(data.find((d) => d.type === 'message_delta')).toMatchObject({
      delta: { stop_reason: 'tool_use' },
    });

    for (let i = 0; i < 2; i++) {
      const overloaded = await post(main);
      expect(overloaded.status).toBe(529);
      expect(await overloaded.json()).toMatchObject({ type: 'error', error: { type: 'overloaded_error' } });
    }
    const text = await (await post(main)).text();
    expect(text).toContain('"stop_reason":"end_turn"');
    expect(text).toContain('hello world');
    const extra = await (await post({ ...main, stream: false })).json();
    expect(extra).toMatchObject({ type: 'message', content: [{ type: 'text', text: 'done' }] });

    expect(s.mainRequests().map((r) => r.step)).toEqual([0, 1, 1, 2, 3]);
    expect(s.requests.filter((r) => !r.main).map((r) => r.side)).toEqual([
      'no-tools',
      'quota-probe',
      'count_tokens',
    ]);
  });
});

describe('model server stall step (without the CLI)', () => {
  it('sends exactly afterBytes bytes, keeps the socket open, and close() ends it', async () => {
    const s = await startModelServer([{ kind: 'stall', afterBytes: 40 }]);
    let closed = false;
    cleanups.push(async () => {
      if (!closed) await s.close();
    });
    const res = await fetch(s.url + '/v1/messages', {
      method: 'POST',
      body: JSON.stringify({
        model: 'm',
        stream: true,
        max_tokens: 10,
        tools: [{ name: 'Bash' }],
        messages: [],
      }),
    });
    expect(res.status).toBe(200);
    const reader = res.body?.getReader();
    if (!reader) throw new Error('no body');
    let received = 0;
    const readAll = (async () => {
      for (;;) {
        const { done, value } = await reader.read();
        if (done) return 'ended';
        received += value.byteLength;
      }
    })().catch(() => 'errored');
    await sleep(1_000);
    expect(received).toBe(40);
    const early = await Promise.race([readAll, sleep(10).then(() => 'open')]);
    expect(early).toBe('open');
    await s.close();
    closed = true;
    expect(['ended', 'errored']).toContain(await readAll);
  });
});

describe('real claude CLI against the scripted server', () => {
  it('runs Write and Bash tools for real and commits, ending with a success result', async () => {
    const repo = gitRepo();
    const s = await server([
      { kind: 'tool', name: 'Write', input: { file_path: join(repo, 'one.txt'), content: 'one\n' } },
      {
        kind: 'tool',
        name: 'Bash',
        input: { command: 'git add -A && git commit -m "feat: one"', description: 'Commit the new file' },
      },
      { kind: 'text', text: 'Committed feat: one.' },
    ]);
    const { run, home } = launch(s.url, repo, { serverUrl: s.url, prompt: 'Create one.txt and commit it.' });
    const exit = await run.exited;

    expect(exit.code, run.stderr()).toBe(0);
    expect(readFileSync(join(repo, 'one.txt'), 'utf8')).toBe('one\n');
    expect(execFileSync('git', ['log', '--format=%s'], { cwd: repo, encoding: 'utf8' }).trim()).toBe(
      'feat: one',
    );
    expect(run.lines.every((l) => l.json !== undefined)).toBe(true);
    expect(run.lines[0]?.json).toMatchObject({ type: 'system', subtype: 'init' });
    expect(lastJson(run)).toMatchObject({
      type: 'result',
      subtype: 'success',
      is_error: false,
      api_error_status: null,
      num_turns: 3,
      result: 'Committed feat: one.',
    });
    const toolResults = run.lines.filter((l) => l.json?.type === 'user');
    expect(toolResults).toHaveLength(2);
    expect(toolResults[1]?.text).toContain('feat: one');
    // The conversation consumed exactly the script; each follow-up carried a tool_result.
    expect(s.mainRequests().map((r) => r.lastMessage)).toEqual([
      'user:text',
      'user:tool_result',
      'user:tool_result',
    ]);
    saveTranscript('real-claude-success.jsonl', run, [
      [repo, '/tmp/agent-repo'],
      [home, '/tmp/agent-home'],
    ]);
  });

  it('records a parallel turn, a narration-only turn mid-session and single-tool turns', async () => {
    const repo = gitRepo();
    const hookDir = tempDir('ms-hook-');
    const marker = join(hookDir, 'stopped-once');
    const s = await server(
      [
        // One reply, two tool_use blocks: a parallel turn.
        {
          kind: 'tools',
          calls: [
            { name: 'Write', input: { file_path: join(repo, 'a.txt'), content: 'a\n' } },
            { name: 'Write', input: { file_path: join(repo, 'b.txt'), content: 'b\n' } },
          ],
        },
        // Text and one tool_use in one reply: the CLI prints two assistant events with one message id (one turn).
        {
          kind: 'tool',
          text: 'Both files are written; checking them.',
          name: 'Bash',
          input: { command: 'cat a.txt b.txt', description: 'Show both files' },
        },
        // Text only: the turn ends, the Stop hook below sends the model on (a narration-only turn mid-session).
        { kind: 'text', text: 'The files look right. Next I will commit them.' },
        {
          kind: 'tool',
          name: 'Bash',
          input: { command: 'git add -A && git commit -m "feat: a and b"', description: 'Commit' },
        },
        { kind: 'text', text: 'Committed feat: a and b.' },
      ],
      // Every reply reports prompt-cache use, so the result's cache totals are known: 5 replies x (300 read, 40 written).
      { cacheTokens: { read: 300, write: 40 } },
    );
    // A Stop hook that blocks the first stop only (exit 2: its stderr goes back to the model).
    const stopOnce = `test -e '${marker}' || { touch '${marker}'; echo 'Commit the files before you stop.' >&2; exit 2; }`;
    const { run, home } = launch(s.url, repo, {
      serverUrl: s.url,
      prompt: 'Create a.txt and b.txt and commit them.',
      settings: { hooks: { Stop: [{ hooks: [{ type: 'command', command: stopOnce, timeout: 30 }] }] } },
    });
    const exit = await run.exited;

    expect(exit.code, run.stderr()).toBe(0);
    expect(execFileSync('git', ['log', '--format=%s'], { cwd: repo, encoding: 'utf8' }).trim()).toBe(
      'feat: a and b',
    );
    expect(s.mainRequests()).toHaveLength(5);
    expect(lastJson(run)).toMatchObject({ type: 'result', subtype: 'success', is_error: false });
    saveTranscript('corpus/real-claude-parallel-narration.jsonl', run, [
      [repo, '/tmp/agent-repo'],
      [home, '/tmp/agent-home'],
      [hookDir, '/tmp/agent-hook'],
    ]);
  });

  it('reports a sticky 429 with api_retry lines and an error result, exit 1, in bounded time', async () => {
    const repo = gitRepo();
    const s = await server([{ kind: 'status', status: 429 }]);
    const { run, home } = launch(s.url, repo, { serverUrl: s.url, maxRetries: 2 });
    const exit = await run.exited;

    expect(exit.code).toBe(1);
    const retries = run.lines.filter((l) => l.json?.type === 'system' && l.json.subtype === 'api_retry');
    expect(retries.map((l) => l.json?.attempt)).toEqual([1, 2]);
    expect(retries[0]?.json).toMatchObject({ error_status: 429, error: 'rate_limit', max_retries: 2 });
    expect(lastJson(run)).toMatchObject({ type: 'result', is_error: true, api_error_status: 429 });
    expect(String(lastJson(run)?.result)).toContain('429');
    // One first try plus CLAUDE_CODE_MAX_RETRIES retries, all answered by the same sticky step.
    expect(s.mainRequests().map((r) => [r.step, r.status])).toEqual([
      [0, 429],
      [0, 429],
      [0, 429],
    ]);
    // retry-after: 1 plus the CLI's jitter: about 2.5-3 s observed from the first request to the exit (the CLI's
    // start-up, before it, is not the CLI's back-off and takes as long as the machine's load makes it).
    expect(exit.endedAt - s.mainRequests()[0]!.at).toBeLessThan(20_000);
    saveTranscript('real-claude-429.jsonl', run, [
      [repo, '/tmp/agent-repo'],
      [home, '/tmp/agent-home'],
    ]);
  });

  it('goes silent when the stream stalls after message_start', async () => {
    const repo = gitRepo();
    const s = await server([{ kind: 'stall' }, { kind: 'text', text: 'never reached' }]);
    const { run } = launch(s.url, repo);
    const init = await run.waitForLine((l) => l.json?.subtype === 'init', 30_000);
    expect(init).toBeDefined();
    while (s.mainRequests().length === 0) {
      expect(run.running(), run.stderr()).toBe(true);
      await sleep(50);
    }
    const linesAtStall = run.lines.length;
    await sleep(5_000);
    expect(run.running()).toBe(true);
    expect(run.lines.slice(linesAtStall).map((l) => l.text)).toEqual([]);
    expect(run.lines.some((l) => l.json?.type === 'result')).toBe(false);
    expect(s.mainRequests()).toHaveLength(1);
    run.killGroup('SIGKILL');
    const exit = await run.exited;
    expect(exit.signal).toBe('SIGKILL');
  });

  it('prints its result and then stays alive (SessionEnd hook that sleeps)', async () => {
    const repo = gitRepo();
    const s = await server([{ kind: 'text', text: 'All done.' }]);
    const hookDir = tempDir('ms-hook-');
    const pidFile = join(hookDir, 'hook.pid');
    cleanups.push(() => killPidFile(pidFile));
    const { run } = launch(s.url, repo, {
      serverUrl: s.url,
      settings: lingerAfterResultSettings(30, pidFile),
    });
    const result = await run.waitForLine((l) => l.json?.type === 'result', 30_000);
    expect(result.json).toMatchObject({ subtype: 'success', is_error: false, result: 'All done.' });

    await sleep(5_000);
    expect(run.running()).toBe(true);
    expect(run.lines[run.lines.length - 1]).toBe(result);
    expect(existsSync(pidFile)).toBe(true);
    const hookPid = Number(readFileSync(pidFile, 'utf8').trim());
    expect(isAlive(hookPid)).toBe(true);

    // The CLI starts hooks in their own session (setsid): killing the CLI's process group does NOT reach them.
    const hookGroup = Number(readFileSync(`/proc/${hookPid}/stat`, 'utf8').split(') ')[1]?.split(' ')[2]);
    expect(hookGroup).toBe(hookPid);
    expect(hookGroup).not.toBe(run.pid);
    run.killGroup('SIGKILL');
    const exit = await run.exited;
    expect(exit.signal).toBe('SIGKILL');
    await sleep(300);
    expect(isAlive(hookPid)).toBe(true);
    process.kill(hookPid, 'SIGKILL');
    for (let i = 0; i < 40 && isAlive(hookPid); i++) await sleep(50);
    expect(isAlive(hookPid)).toBe(false);
  });
});

describe('saved real transcripts', () => {
  const read = (name: string) =>
    readFileSync(join(transcriptsDir, name), 'utf8')
      .split('\n')
      .filter((l) => l.trim() !== '')
      .map((l) => JSON.parse(l) as Record<string, unknown>);

  it('keep the structure of real CLI output', () => {
    const success = read('real-claude-success.jsonl');
    expect(success[0]).toMatchObject({ type: 'system', subtype: 'init' });
    expect(success.filter((e) => e.type === 'assistant').length).toBeGreaterThanOrEqual(3);
    expect(success[success.length - 1]).toMatchObject({
      type: 'result',
      subtype: 'success',
      is_error: false,
    });

    const limited = read('real-claude-429.jsonl');
    expect(
      limited.some((e) => e.type === 'system' && e.subtype === 'api_retry' && e.error_status === 429),
    ).toBe(true);
    expect(limited[limited.length - 1]).toMatchObject({
      type: 'result',
      is_error: true,
      api_error_status: 429,
    });
  });
});
