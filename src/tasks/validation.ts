// Runs a task's validation command the way the task protocol says: verify the command's binary exists first
// (a missing one is an ENV_SETUP error, not a failed test), then run it under its timeout in its own process
// group. Exit 0 passes, anything else fails (TEST_FAIL), running past the timeout kills the whole group
// (TIMEOUT). A task without a command is skipped, which counts as a pass for completion.
import { spawn as nodeSpawn } from 'node:child_process';
import type { Clock, Spawn } from '../os/clock-spawn.js';
import { systemClock } from '../os/system-clock.js';
import { findExecutable } from '../os/executable.js';
import { runShell } from '../os/shell.js';
import type { ErrorCategory, Task } from './schema.js';

/** `interrupted`: a stop request ended the command; it neither passed nor failed. */
export type ValidationResult = 'pass' | 'fail' | 'timeout' | 'missing' | 'skipped' | 'interrupted';

export interface ValidationOutcome {
  result: ValidationResult;
  category: ErrorCategory | null;
  message: string;
  exitCode: number | null;
  /** The last ~2 KiB of the command's stdout and stderr, interleaved. */
  output: string;
}

export interface ValidationOptions {
  cwd: string;
  env: NodeJS.ProcessEnv;
  clock?: Clock;
  spawn?: Spawn;
  /** The run's containment cookie and stop signal (loop/shell.ts). */
  cookie?: string;
  signal?: AbortSignal;
}

const OUTPUT_TAIL = 2048;

/** Shell words that exist without any file on PATH: builtins and reserved words. */
const SHELL_BUILTINS = new Set([
  ':',
  '.',
  '[',
  '!',
  '{',
  '(',
  'alias',
  'bg',
  'break',
  'case',
  'cd',
  'command',
  'continue',
  'echo',
  'eval',
  'exec',
  'exit',
  'export',
  'false',
  'fg',
  'for',
  'getopts',
  'hash',
  'if',
  'jobs',
  'kill',
  'printf',
  'pwd',
  'read',
  'readonly',
  'return',
  'set',
  'shift',
  'test',
  'times',
  'trap',
  'true',
  'type',
  'ulimit',
  'umask',
  'unalias',
  'unset',
  'until',
  'wait',
  'while',
]);

const ASSIGNMENT = /^[A-Za-z_][A-Za-z0-9_]*=/;

/**
 * The program a shell command starts with: its first word, skipping leading `VAR=value` assignments and
 * removing simple quotes. Null when it cannot be told without running the shell (an expansion, a subshell,
 * an empty command).
 */
export function commandBinary(command: string): string | null {
  const words = command.trim().split(/\s+/);
  for (const word of words) {
    if (word === '') return null;
    if (ASSIGNMENT.test(word)) continue;
    let binary = word;
    const quoted = /^(['"])(.*)\1$/.exec(binary);
    if (quoted) binary = quoted[2] ?? '';
    // Operators glued to the word (`true;`, `make&&`) end it.
    binary = binary.replace(/[;&|<>].*$/, '');
    if (binary === '') return null;
    if (/[$`*?~]/.test(binary) || binary.startsWith('(') || binary.startsWith('{')) return null;
    return binary;
  }
  return null;
}

function lastLine(text: string): string {
  const lines = text.split('\n').map((line) => line.trim());
  for (let i = lines.length - 1; i >= 0; i--) if (lines[i] !== '') return lines[i]!;
  return '';
}

export async function runValidation(task: Task, options: ValidationOptions): Promise<ValidationOutcome> {
  const command = task.validation.command;
  if (command === null || command.trim() === '') {
    return {
      result: 'skipped',
      category: null,
      message: 'no validation command',
      exitCode: null,
      output: '',
    };
  }
  const binary = commandBinary(command);
  if (binary !== null && !SHELL_BUILTINS.has(binary) && !findExecutable(binary, options.cwd, options.env)) {
    return {
      result: 'missing',
      category: 'ENV_SETUP',
      message: `command not found: ${binary}`,
      exitCode: null,
      output: '',
    };
  }
  const timeoutSeconds = task.validation.timeout_seconds;
  // Everything the command writes goes to stderr, whose tail runShell keeps, so the output is the real end of
  // both streams in the order they were written.
  const result = await runShell(`exec 1>&2\n${command}`, {
    cwd: options.cwd,
    env: options.env,
    timeoutMs: timeoutSeconds * 1000,
    clock: options.clock ?? systemClock,
    spawn: options.spawn ?? nodeSpawn,
    ...(options.cookie !== undefined ? { cookie: options.cookie } : {}),
    ...(options.signal !== undefined ? { signal: options.signal } : {}),
  });
  const output = result.stderrTail.slice(-OUTPUT_TAIL);
  if (result.interrupted) {
    return {
      result: 'interrupted',
      category: null,
      message: `validation interrupted by a stop request: ${command}`,
      exitCode: null,
      output,
    };
  }
  if (result.timedOut) {
    return {
      result: 'timeout',
      category: 'TIMEOUT',
      message: `validation timed out after ${timeoutSeconds}s: ${command}`,
      exitCode: null,
      output,
    };
  }
  if (result.exitCode === 0) {
    return { result: 'pass', category: null, message: 'validation passed', exitCode: 0, output };
  }
  const last = lastLine(output);
  return {
    result: 'fail',
    category: 'TEST_FAIL',
    message: `validation failed (exit ${result.exitCode})${last === '' ? '' : `: ${last}`}`,
    exitCode: result.exitCode,
    output,
  };
}
