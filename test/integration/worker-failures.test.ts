// The seed's failure-mode table, row by row, through runTask in this process against the scripted model server
// (real HTTP, Ollama's wire format) and real files: what actions.jsonl and state.json say afterwards, and what
// the next request shows the model.
import { existsSync, readFileSync, writeFileSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { EXIT } from '../../src/errors/exit-codes.js';
import { runTask } from '../../src/worker/run-task.js';
import { startLlmServer, type LlmServer, type LlmStep } from '../support/llm-server.js';
import { answer, makeTask, userContent, workerDeps, workerSettings } from '../support/worker-task.js';

const servers: LlmServer[] = [];
afterEach(async () => {
  for (const server of servers.splice(0)) await server.close();
});

async function server(steps: LlmStep[]): Promise<LlmServer> {
  const s = await startLlmServer(steps);
  servers.push(s);
  return s;
}

/** Runs a two-iteration task whose first answer is `first`; the second answer is empty. */
async function twoIterations(first: LlmStep, llm: Record<string, unknown> = {}) {
  const task = await makeTask({ max_iterations: 2 });
  const s = await server([first, { answer: answer([]) }]);
  const settings = workerSettings(s.ollamaUrl, { llm });
  const deps = workerDeps(settings);
  const outcome = await runTask(task.dir, settings, deps);
  return { task, server: s, outcome, deps, lines: task.lines(), state: task.state() };
}

describe('non-fatal answer failures: logged, the iteration counts, the loop goes on', () => {
  it.each([
    ['invalid JSON', { answer: 'I will read the file first.' }, 'invalid_json'],
    ['schema failure', { answer: '{"actions": [], "done": true}' }, 'schema'],
    ['empty answer', { answer: '   ' }, 'empty'],
    ['no content at all', { noContent: true } as const, 'empty'],
  ] as const)('%s', async (_name, step, kind) => {
    const { outcome, lines, state, server: s, deps } = await twoIterations(step);
    expect(outcome).toMatchObject({
      status: 'completed',
      termination_reason: 'max_iterations',
      exit_code: 0,
    });
    expect(lines.map((l) => l.iteration)).toEqual([1, 2]);
    expect(lines[0]).toMatchObject({ llm_response: null, results: [], error: { kind } });
    if ('answer' in step) expect(lines[0]!.raw).toBe(step.answer);
    expect(lines[1]).toMatchObject({ llm_response: { actions: [] }, error: null });
    expect(state).toMatchObject({ status: 'completed', iteration: 2, termination_reason: 'max_iterations' });
    expect(s.requests).toHaveLength(2);
    const next = userContent(s.requests[1]!.body);
    expect(next).toContain(`Errors in the last iteration (1):\n- your answer could not be used (${kind})`);
    expect(deps.logged.some((e) => e.fields.event === 'answer_error' && e.fields.kind === kind)).toBe(true);
  });

  it('too large: over llm.max_answer_bytes', async () => {
    const big = answer([{ tool: 'write_file', args: { path: 'big.txt', content: 'x'.repeat(5000) } }]);
    const {
      lines,
      state,
      server: s,
      task,
    } = await twoIterations({ answer: big }, { max_answer_bytes: 1000 });
    expect(lines[0]).toMatchObject({ llm_response: null, error: { kind: 'too_large' } });
    expect(state.iteration).toBe(2);
    expect(existsSync(join(task.workspace, 'big.txt'))).toBe(false);
    expect(userContent(s.requests[1]!.body)).toContain('could not be used (too_large)');
  });

  it.each(['ollama', 'openai'] as const)(
    'too large over HTTP (%s): a reply body too long to hold is too_large, not fatal',
    async (provider) => {
      // A small model in a repetition loop: far more than max_answer_bytes * 6 + 64 KiB of body.
      const huge = answer([], 'again '.repeat(40_000));
      const task = await makeTask({ max_iterations: 2 });
      const s = await server([{ answer: huge }, { answer: answer([]) }]);
      const base = provider === 'ollama' ? s.ollamaUrl : s.openaiUrl;
      const settings = workerSettings(base, { llm: { provider, max_answer_bytes: 1000 } });
      const deps = workerDeps(settings);
      const outcome = await runTask(task.dir, settings, deps);
      expect(outcome).toMatchObject({
        status: 'completed',
        termination_reason: 'max_iterations',
        exit_code: 0,
      });
      const lines = task.lines();
      expect(lines.map((l) => l.iteration)).toEqual([1, 2]);
      expect(lines[0]).toMatchObject({ llm_response: null, error: { kind: 'too_large' } });
      expect(s.requests).toHaveLength(2);
      expect(userContent(s.requests[1]!.body)).toContain('could not be used (too_large)');
    },
  );

  it('an unusable answer is logged by its first 2 KiB, never cut inside a character', async () => {
    const prose = `Let me think. ${'é'.repeat(3000)}`;
    const { lines } = await twoIterations({ answer: prose });
    expect(lines[0]!.error!.kind).toBe('invalid_json');
    expect(Buffer.byteLength(lines[0]!.raw!)).toBeLessThanOrEqual(2048);
    expect(Buffer.byteLength(lines[0]!.raw!)).toBeGreaterThan(2040);
    expect(prose.startsWith(lines[0]!.raw!)).toBe(true);
  });

  it('a fenced answer is unwrapped and used', async () => {
    const fenced =
      '```json\n' + answer([{ tool: 'create_file', args: { path: 'a.txt', content: 'A' } }]) + '\n```';
    const { lines, task } = await twoIterations({ answer: fenced });
    expect(lines[0]!.error).toBeNull();
    expect(readFileSync(join(task.workspace, 'a.txt'), 'utf8')).toBe('A');
  });
});

describe('action failures: that action fails, the rest run, the errors go back to the model', () => {
  it('unknown tool', async () => {
    const first = answer([
      { tool: 'run_shell', args: { command: 'rm -rf /' } },
      { tool: 'create_file', args: { path: 'after.txt', content: 'ran' } },
    ]);
    const { lines, state, server: s, task } = await twoIterations({ answer: first });
    expect(lines[0]!.results).toHaveLength(2);
    expect(lines[0]!.results[0]).toMatchObject({ tool: 'run_shell', ok: false });
    expect(lines[0]!.results[1]).toMatchObject({ tool: 'create_file', ok: true });
    expect(readFileSync(join(task.workspace, 'after.txt'), 'utf8')).toBe('ran');
    expect(state).toMatchObject({ iteration: 2, security_violations: 0 });
    const next = userContent(s.requests[1]!.body);
    expect(next).toMatch(/- action 1 \(run_shell\): unknown tool "run_shell"/);
    expect(next).not.toMatch(/- action 2/);
  });

  it('a failing tool (a missing file, bad args, create over an existing file)', async () => {
    const task0 = await makeTask({ max_iterations: 2 });
    writeFileSync(join(task0.workspace, 'exists.txt'), 'old');
    const s = await server([
      {
        answer: answer([
          { tool: 'read_file', args: { path: 'missing.txt' } },
          { tool: 'write_file', args: { path: 'w.txt' } },
          { tool: 'create_file', args: { path: 'exists.txt', content: 'new' } },
          { tool: 'write_file', args: { path: 'w.txt', content: 'written' } },
        ]),
      },
      { answer: answer([]) },
    ]);
    const settings = workerSettings(s.ollamaUrl);
    const outcome = await runTask(task0.dir, settings, workerDeps(settings));
    expect(outcome).toMatchObject({ status: 'completed', iterations_run: 2, actions: 4, violations: 0 });
    const results = task0.lines()[0]!.results;
    expect(results.map((r) => r.ok)).toEqual([false, false, false, true]);
    expect(readFileSync(join(task0.workspace, 'exists.txt'), 'utf8')).toBe('old');
    expect(readFileSync(join(task0.workspace, 'w.txt'), 'utf8')).toBe('written');
    const next = userContent(s.requests[1]!.body);
    for (const n of [1, 2, 3]) expect(next).toContain(`- action ${n} (`);
    expect(next).toContain('missing.txt');
  });

  it('a forbidden path: refused, counted in state.security_violations, logged as security_violation (warn)', async () => {
    const task = await makeTask({ max_iterations: 2 });
    mkdirSync(join(task.workspace, '.git'));
    writeFileSync(join(task.workspace, '.git', 'config'), '[core]\n');
    const s = await server([
      {
        answer: answer([
          { tool: 'read_file', args: { path: '/etc/passwd' } },
          { tool: 'read_file', args: { path: '../outside.txt' } },
          { tool: 'write_file', args: { path: '.git/config', content: 'pwned' } },
          { tool: 'write_file', args: { path: join(task.dir, 'state.json'), content: '{}' } },
          { tool: 'create_file', args: { path: join(task.dir, 'junk.txt'), content: 'x' } },
          { tool: 'list_directory', args: { path: task.dir } },
          { tool: 'create_file', args: { path: 'fine.txt', content: 'ok' } },
          { tool: 'create_file', args: { path: join(task.dir, 'artifacts', 'out.txt'), content: 'out' } },
        ]),
      },
      { answer: answer([]) },
    ]);
    const settings = workerSettings(s.ollamaUrl);
    const deps = workerDeps(settings);
    const outcome = await runTask(task.dir, settings, deps);
    const results = task.lines()[0]!.results;
    expect(results.map((r) => (r.ok ? 'ok' : r.violation === true ? 'violation' : 'error'))).toEqual([
      'violation',
      'violation',
      'violation',
      'violation',
      'violation',
      'violation',
      'ok',
      'ok',
    ]);
    expect(outcome.violations).toBe(6);
    expect(task.state()).toMatchObject({ security_violations: 6, iteration: 2, status: 'completed' });
    expect(existsSync(join(task.dir, 'junk.txt'))).toBe(false);
    expect(readFileSync(join(task.workspace, '.git', 'config'), 'utf8')).toBe('[core]\n');
    expect(readFileSync(join(task.dir, 'artifacts', 'out.txt'), 'utf8')).toBe('out');
    const warned = deps.logged.filter((e) => e.fields.event === 'security_violation');
    expect(warned).toHaveLength(6);
    expect(warned.every((e) => e.level === 'warn' && e.fields.iteration === 1)).toBe(true);
    expect(userContent(s.requests[1]!.body)).toContain('- action 1 (read_file)');
  });
});

describe('the task directory inside the workspace', () => {
  it('is denied to the tools, all but its artifacts/', async () => {
    const task = await makeTask({ max_iterations: 2, tasksInWorkspace: true });
    const rel = task.dir.slice(task.workspace.length + 1);
    const s = await server([
      {
        answer: answer([
          { tool: 'read_file', args: { path: `${rel}/state.json` } },
          { tool: 'write_file', args: { path: `${rel}/task.json`, content: '{}' } },
          { tool: 'create_file', args: { path: `${rel}/junk.txt`, content: 'x' } },
          { tool: 'list_directory', args: { path: rel } },
          { tool: 'find_files', args: { pattern: '*.json', start_path: '.', max_depth: 5 } },
          { tool: 'create_file', args: { path: `${rel}/artifacts/report.md`, content: 'done' } },
          { tool: 'list_directory', args: { path: `${rel}/artifacts` } },
        ]),
      },
      { answer: answer([]) },
    ]);
    const settings = workerSettings(s.ollamaUrl);
    await runTask(task.dir, settings, workerDeps(settings));
    const results = task.lines()[0]!.results;
    expect(results.map((r) => (r.ok ? 'ok' : r.violation === true ? 'violation' : 'error'))).toEqual([
      'violation',
      'violation',
      'violation',
      'violation',
      'ok',
      'ok',
      'ok',
    ]);
    // find_files walks past the task directory's files.
    expect(results[4]).toMatchObject({ ok: true, result: [] });
    expect(results[6]).toMatchObject({ ok: true, result: ['report.md'] });
    expect(readFileSync(join(task.dir, 'artifacts', 'report.md'), 'utf8')).toBe('done');
    expect(existsSync(join(task.dir, 'junk.txt'))).toBe(false);
    expect(task.state()).toMatchObject({ security_violations: 4, status: 'completed' });
  });
});

describe('the model unreachable: fatal, exit 16, the iteration does not count; a rerun resumes', () => {
  it('a refused connection fails the task, and the rerun with the server back goes on from there', async () => {
    const task = await makeTask({ max_iterations: 3 });
    const s = await server([
      { answer: answer([{ tool: 'create_file', args: { path: 'one.txt', content: '1' } }]) },
    ]);
    const settings = workerSettings(s.ollamaUrl);
    // Script used up after one step: the second call gets a 500 (http_error): fatal too. Close instead to refuse.
    const deps = workerDeps(settings, {
      onLine: (line) => {
        if (line.iteration === 1) s.close().catch(() => undefined);
      },
    });
    const outcome = await runTask(task.dir, settings, deps);
    expect(outcome).toMatchObject({
      status: 'failed',
      termination_reason: 'fatal',
      exit_code: EXIT.modelUnreachable,
      iteration: 1,
      iterations_run: 1,
    });
    expect(outcome.error).toMatchObject({ kind: 'unreachable' });
    expect(task.state()).toMatchObject({ status: 'failed', iteration: 1, error: { kind: 'unreachable' } });
    const lines = task.lines();
    expect(lines.map((l) => [l.iteration, l.fatal?.kind ?? null])).toEqual([
      [1, null],
      [2, 'unreachable'],
    ]);
    expect(task.heartbeat().status).toBe('done');

    const back = await server([{ answer: answer([]) }, { answer: answer([]) }]);
    const again = await runTask(
      task.dir,
      workerSettings(back.ollamaUrl),
      workerDeps(workerSettings(back.ollamaUrl)),
    );
    expect(again).toMatchObject({
      status: 'completed',
      iteration: 3,
      iterations_run: 2,
      exit_code: 0,
      error: null,
    });
    expect(task.state()).toMatchObject({
      status: 'completed',
      iteration: 3,
      error: null,
      termination_reason: 'max_iterations',
    });
    expect(task.lines().map((l) => l.iteration)).toEqual([1, 2, 2, 3]);
    expect(userContent(back.requests[0]!.body)).toContain('Iteration 2 of 3.');
    expect(userContent(back.requests[0]!.body)).toContain('## Iteration 1');
  });

  it.each([
    ['a 500', { status: 500 }, 'http_error'],
    ['model not found', { status: 404 }, 'model_not_found'],
    ['a reset connection', { reset: true }, 'unreachable'],
  ] as const)('%s is fatal too', async (_name, step, kind) => {
    const task = await makeTask();
    const s = await server([step]);
    const settings = workerSettings(s.ollamaUrl);
    const outcome = await runTask(task.dir, settings, workerDeps(settings));
    expect(outcome).toMatchObject({ status: 'failed', exit_code: 16, iteration: 0, error: { kind } });
    expect(task.state()).toMatchObject({ status: 'failed', iteration: 0, termination_reason: 'fatal' });
    expect(task.lines()).toHaveLength(1);
    expect(task.lines()[0]).toMatchObject({ iteration: 1, fatal: { kind }, llm_response: null });
  });
});
