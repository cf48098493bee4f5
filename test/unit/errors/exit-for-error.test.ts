// Every error class the harness explains maps to its documented exit code through the one mapping the CLI and the
// Action use (errors/exit-for-error.ts); anything else is a runtime failure reported with its stack.
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { USAGE, UsageError } from '../../../src/cli/args.js';
import { ConfigError } from '../../../src/config/errors.js';
import { EXIT, EXIT_CODES, HarnessError, LoopError } from '../../../src/errors/exit-codes.js';
import { exitForError } from '../../../src/errors/exit-for-error.js';
import { PreflightError } from '../../../src/loop/preflight.js';
import { HarnessExistsError } from '../../../src/review/templates/attach.js';
import { TemplateError } from '../../../src/review/templates/templates-engine.js';
import { UnsafeIdError } from '../../../src/review/layout.js';
import { PlanFileError } from '../../../src/review/problems.js';
import { GateScriptsError } from '../../../src/review/gate.js';
import { IsolationError } from '../../../src/loop/isolation.js';
import { ContextError } from '../../../src/platform/github/context.js';
import { InputError } from '../../../src/platform/github/inputs.js';
import { CounterFileError } from '../../../src/state/counter.js';
import { AlreadyRunningError, CannotWriteError } from '../../../src/state/instance-lock-errors.js';
import { HarnessFileError } from '../../../src/state/write-error.js';
import { LockHeldError } from '../../../src/tasks/lock.js';
import { NoSqliteError } from '../../../src/metrics/db.js';
import { MetricsDbError, UnknownImprovementError } from '../../../src/metrics/errors.js';
import { TaskFileError } from '../../../src/tasks/store.js';
import { LlmError } from '../../../src/worker/llm/transport.js';
import { LlmConfigError } from '../../../src/worker/llm/index.js';
import { SandboxRootError } from '../../../src/worker/tools/sandbox.js';
import { ToolFatalError } from '../../../src/worker/tools/fs-errors.js';
import { WorkerStateError } from '../../../src/worker/errors.js';
import { InputFileError } from '../../../src/os/input-file.js';
import { HashRangeError } from '../../../src/os/hash-thread.js';

/** Each class, an instance of it, and the code the README's table documents for its cause. */
const CASES: ReadonlyArray<readonly [name: string, error: HarnessError, code: number]> = [
  ['ConfigError', new ConfigError([{ source: 'harness.yml', message: 'bad' }]), EXIT.usage],
  ['UsageError', new UsageError('unknown option --x'), EXIT.usage],
  ['CounterFileError', new CounterFileError('counter unreadable'), EXIT.usage],
  ['PreflightError', new PreflightError('no prompt file'), EXIT.usage],
  ['TaskFileError', new TaskFileError('harness-tasks.json: bad'), EXIT.usage],
  ['InputError', new InputError('input max-iterations: bad'), EXIT.usage],
  [
    'TemplateError',
    new TemplateError([{ file: 'p.md.tmpl', line: 2, message: 'unknown variable' }]),
    EXIT.usage,
  ],
  ['HarnessExistsError', new HarnessExistsError('.harness already exists', []), EXIT.usage],
  ['GateScriptsError', new GateScriptsError(['build.sh is missing']), EXIT.usage],
  ['IsolationError', new IsolationError('agent.isolation = "user" cannot be had'), EXIT.usage],
  ['UnsafeIdError', new UnsafeIdError('plan id', '..', 'it starts with "."'), EXIT.planInvalid],
  [
    'PlanFileError',
    new PlanFileError('planfile', 'planfile.json', [{ file: 'planfile.json', path: 'id', message: 'bad' }]),
    EXIT.planInvalid,
  ],
  ['ContextError', new ContextError('GITHUB_REPOSITORY must be "owner/repo"'), EXIT.usage],
  ['AlreadyRunningError', new AlreadyRunningError('another harness is running here'), EXIT.alreadyRunning],
  ['LockHeldError', new LockHeldError('task lock held by pid 42', '/tmp/lock', 42), EXIT.alreadyRunning],
  [
    'HarnessFileError',
    new HarnessFileError('.harness-status.json', Object.assign(new Error('full'), { code: 'ENOSPC' })),
    EXIT.writeFailed,
  ],
  [
    'MetricsDbError',
    new MetricsDbError('harness-metrics.db', 'harness-metrics.db was written by a newer agent-harness'),
    EXIT.metricsDb,
  ],
  ['UnknownImprovementError', new UnknownImprovementError('R9'), EXIT.usage],
  ['NoSqliteError', new NoSqliteError(), EXIT.metricsDb],
  ['SandboxRootError', new SandboxRootError('/gone', 'does not exist'), EXIT.workerState],
  [
    'ToolFatalError',
    new ToolFatalError('write_file a.txt: no space left on the device (ENOSPC)', 'disk_full'),
    EXIT.writeFailed,
  ],
  ['LoopError', new LoopError('cannot start the agent', EXIT.agentNotStarted, 'agent_not_started'), 7],
  ['LlmError', new LlmError('cannot reach Ollama at http://127.0.0.1:11434/api/chat', 'unreachable'), 16],
  ['LlmConfigError', new LlmConfigError('llm.model is not set', 'llm.model'), EXIT.usage],
  ['WorkerStateError', new WorkerStateError('/t/state.json', 'is not valid JSON'), EXIT.workerState],
  ['InputFileError', new InputFileError('/w/PROMPT.md', 'prompt file /w/PROMPT.md is a FIFO', 'ENOTREG'), 18],
  ['HashRangeError', new HashRangeError('read 10 bytes, hashed 5: the file shrank while it was read'), 18],
  [
    'CannotWriteError',
    new CannotWriteError(
      '/w/harness.status.lock',
      Object.assign(new Error('ro'), { code: 'EROFS' }),
      'permission',
    ),
    EXIT.writeFailed,
  ],
];

describe('exitForError', () => {
  it.each(CASES)('%s maps to its documented exit code and its own message', (_name, error, code) => {
    expect(error).toBeInstanceOf(HarnessError);
    expect(error.exitCode).toBe(code);
    expect(exitForError(error)).toEqual({ code, message: error.message });
    // Every code is one of the table's.
    expect(EXIT_CODES.map((entry) => entry.code)).toContain(code);
  });

  it('maps the task lock like the instance lock: another session holds it (5, not 1)', () => {
    expect(exitForError(new LockHeldError('held', '/tmp/x', null)).code).toBe(5);
  });

  it('names the configuration problems in the message', () => {
    const error = new ConfigError([{ source: 'harness.yml', path: 'a.b', line: 3, message: 'unknown key' }]);
    expect(exitForError(error).message).toBe('harness.yml:3: a.b: unknown key');
  });

  it('reports anything else as a runtime failure with its stack', () => {
    const error = new TypeError('x is undefined');
    const verdict = exitForError(error);
    expect(verdict.code).toBe(EXIT.failure);
    expect(verdict.message).toBe(`unexpected failure: ${error.stack}`);
    expect(verdict.message).toContain('TypeError: x is undefined');
    expect(exitForError('a string')).toEqual({ code: EXIT.failure, message: 'unexpected failure: a string' });
  });
});

describe('the error classes in src/', () => {
  it('every class named *Error extends HarnessError and is mapped above', () => {
    const src = resolve(import.meta.dirname, '../../../src');
    const declared: string[] = [];
    const walk = (dir: string): void => {
      for (const entry of readdirSync(dir, { withFileTypes: true })) {
        const path = join(dir, entry.name);
        if (entry.isDirectory()) walk(path);
        else if (entry.name.endsWith('.ts')) {
          for (const match of readFileSync(path, 'utf8').matchAll(/class (\w+Error) extends (\w+)/g)) {
            declared.push(`${match[1]} extends ${match[2]} (${relative(src, path)})`);
          }
        }
      }
    };
    walk(src);
    // The base itself is the one class that extends Error directly.
    declared.splice(declared.indexOf('HarnessError extends Error (errors/exit-codes.ts)'), 1);
    const mapped = new Set(CASES.map(([name]) => name));
    const unmapped = declared.filter((line) => !mapped.has(line.split(' ')[0]!));
    expect(unmapped).toEqual([]);
    expect(declared.filter((line) => line.includes(' extends Error '))).toEqual([]);
  });
});

describe('the CLI help', () => {
  it('names every exit code the table has', () => {
    const help = USAGE.slice(USAGE.indexOf('Exit codes:')).replace(/\s+/g, ' ');
    const missing = EXIT_CODES.filter(({ code }) => !new RegExp(`[ ,:]${code} `).test(help));
    expect(missing.map((entry) => entry.code)).toEqual([]);
  });
});
