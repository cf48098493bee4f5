// What the model sees: the rules, the task, the iteration count, recent history with cut results, last errors.
import { describe, expect, it } from 'vitest';
import { buildMessages, cut, type ContextInput } from '../../../src/worker/context.js';
import type { ActionLine } from '../../../src/worker/task-files.js';

const line = (iteration: number, over: Partial<ActionLine> = {}): ActionLine => ({
  iteration,
  timestamp: '2026-01-01T00:00:00.000Z',
  llm_response: {
    reasoning: 'secret thoughts',
    actions: [{ tool: 'read_file', args: { path: `f${iteration}` } }],
  },
  error: null,
  results: [{ tool: 'read_file', ok: true, result: `content of f${iteration}` }],
  usage: { input_tokens: null, output_tokens: null },
  duration_ms: { model: 1, tools: 1 },
  ...over,
});

const input = (over: Partial<ContextInput> = {}): ContextInput => ({
  task: {
    task_id: 't',
    prompt: 'Fix the bug in parser.py',
    constraints: { max_iterations: 50, timeout_seconds: 300, allowed_paths: ['/work/repo'] },
    created_at: '2026-01-01T00:00:00.000Z',
  },
  iteration: 1,
  history: [],
  historyIterations: 5,
  maxResultBytes: 1000,
  roots: ['/work/repo', '/tasks/t/artifacts'],
  artifacts: '/tasks/t/artifacts',
  ...over,
});

describe('buildMessages', () => {
  it('a system message with the rules and a user message with the task', () => {
    const [system, user] = buildMessages(input());
    expect(system!.role).toBe('system');
    expect(user!.role).toBe('user');
    for (const tool of ['read_file', 'write_file', 'create_file', 'list_directory', 'find_files'])
      expect(system!.content).toContain(tool);
    expect(system!.content).toContain('"actions" is required and may be empty');
    expect(system!.content).toContain('/work/repo');
    expect(system!.content).toContain('/tasks/t/artifacts');
    expect(system!.content).toMatch(/harness decides when the task ends/);
    expect(system!.content).toContain('at most 50 iterations');
    expect(user!.content).toContain('Fix the bug in parser.py');
    expect(user!.content).toContain('Iteration 1 of 50.');
    expect(user!.content).toContain('No earlier iterations.');
  });

  it('shows the last history_iterations iterations, oldest first, without the reasoning', () => {
    const history = [1, 2, 3, 4, 5, 6, 7].map((i) => line(i));
    const user = buildMessages(input({ iteration: 8, history, historyIterations: 3 }))[1]!.content;
    expect(user).toContain('Iteration 8 of 50.');
    expect(user).toContain('4 older not shown');
    expect(user).not.toContain('## Iteration 4');
    expect(user.indexOf('## Iteration 5')).toBeLessThan(user.indexOf('## Iteration 7'));
    expect(user).toContain('content of f7');
    expect(user).toContain('{"actions":[{"tool":"read_file","args":{"path":"f7"}}]}');
    expect(user).not.toContain('secret thoughts');
    expect(buildMessages(input({ history, historyIterations: 0 }))[1]!.content).not.toContain('## Iteration');
  });

  it('cuts each result to max_result_bytes and says so', () => {
    const big = line(1, { results: [{ tool: 'read_file', ok: true, result: 'x'.repeat(5000) }] });
    const user = buildMessages(input({ iteration: 2, history: [big], maxResultBytes: 100 }))[1]!.content;
    expect(user).toContain('[cut: 5004 bytes, the first 100 shown]');
    expect(user).not.toContain('x'.repeat(101));
  });

  it("lists the last iteration's errors: failing actions and refused paths", () => {
    const failing = line(3, {
      llm_response: {
        actions: [
          { tool: 'nope', args: {} },
          { tool: 'read_file', args: { path: '/etc/passwd' } },
        ],
      },
      results: [
        { tool: 'nope', ok: false, error: 'unknown tool "nope"' },
        {
          tool: 'read_file',
          ok: false,
          error: 'path /etc/passwd is outside the allowed paths',
          violation: true,
        },
      ],
    });
    const user = buildMessages(input({ iteration: 4, history: [line(2), failing] }))[1]!.content;
    expect(user).toContain('Errors in the last iteration (3):');
    expect(user).toContain('- action 1 (nope): unknown tool "nope"');
    expect(user).toContain('- action 2 (read_file): path /etc/passwd is outside the allowed paths');
  });

  it('an answer that could not be used: its error, in the history and as the last error', () => {
    const bad = line(1, {
      llm_response: null,
      results: [],
      error: { kind: 'invalid_json', message: 'not JSON' },
    });
    const user = buildMessages(input({ iteration: 2, history: [bad] }))[1]!.content;
    expect(user).toContain('Your answer could not be used (invalid_json): not JSON');
    expect(user).toContain(
      'Errors in the last iteration (1):\n- your answer could not be used (invalid_json): not JSON',
    );
  });

  it('marks an interrupted iteration', () => {
    const user = buildMessages(input({ iteration: 2, history: [line(1, { interrupted: true })] }))[1]!
      .content;
    expect(user).toContain('## Iteration 1 (interrupted: the worker was killed)');
  });
});

describe('cut', () => {
  it('never splits a UTF-8 character', () => {
    expect(cut('ééé', 6)).toBe('ééé');
    expect(cut('ééé', 5)).toBe('éé… [cut: 6 bytes, the first 4 shown]');
    expect(cut('abc', 3)).toBe('abc');
  });
});
