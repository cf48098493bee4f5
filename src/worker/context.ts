// What the model sees each iteration, built from what is on disk and nothing else (the model is stateless): the
// rules (the answer's format, the five tools and their arguments, the paths it may use, that the harness decides
// when the task ends), the task's prompt, which iteration of how many this is, the last few iterations' answers
// and results (each result cut to a byte limit, saying so) and the last iteration's errors. Pure.
import type { ChatMessage } from './llm/index.js';
import type { ActionLine, TaskSpec } from './task-files.js';
import type { ToolResult } from './tools/index.js';

export interface ContextInput {
  task: TaskSpec;
  /** The iteration about to run, 1-based. */
  iteration: number;
  /** Past iterations, oldest first (fatal ones left out); the last `historyIterations` are shown. */
  history: readonly ActionLine[];
  historyIterations: number;
  maxResultBytes: number;
  /** The directories the tools may use, the workspace first (relative paths resolve against it). */
  roots: readonly string[];
  /** The task's artifacts directory (one of the roots). */
  artifacts: string;
}

const TOOLS = `Tools (exactly these five; "args" is an object with exactly these keys):
- read_file {"path": string} -> the file's text, or an error
- write_file {"path": string, "content": string} -> true; overwrites the file, creates it (and its directories) if missing
- create_file {"path": string, "content": string} -> true; fails if the file exists
- list_directory {"path": string} -> the names in the directory (directories end with "/")
- find_files {"pattern": string, "start_path": string, "max_depth"?: integer 0-20, default 3} -> matching paths (glob: *, **, ?, {a,b}; a pattern with "/" matches the path below start_path, otherwise the file name)`;

export function systemMessage(input: Pick<ContextInput, 'roots' | 'artifacts' | 'task'>): string {
  const [workspace, ...others] = input.roots;
  return [
    'You are a worker inside a harness. Each turn you answer with file operations; the harness runs them and ' +
      'shows you the results next turn. You have no memory between turns except what this message shows.',
    '',
    'Answer format: exactly one JSON object and nothing else (no prose, no Markdown):',
    '{"reasoning": "optional short note", "actions": [{"tool": "read_file", "args": {"path": "src/a.txt"}}]}',
    '"actions" is required and may be empty ([]); "reasoning" is optional and ignored; any other field is refused. ' +
      'Actions run in order; one that fails does not stop the others.',
    '',
    TOOLS,
    'There are no other tools: no shell, no network.',
    '',
    `Paths: relative paths resolve against the workspace ${workspace ?? '(none)'}.` +
      (others.length > 0 ? ` Absolute paths may also be under: ${others.join(', ')}.` : '') +
      ` Put files you produce as the task's output in ${input.artifacts}. Anything else (outside these ` +
      'directories, .git, .harness, the task directory) is refused and recorded as a security violation.',
    '',
    `The harness decides when the task ends (after at most ${input.task.constraints.max_iterations} iterations ` +
      `or ${input.task.constraints.timeout_seconds} seconds, or when it is stopped); you cannot end it. When ` +
      'the work is done, answer {"actions": []}.',
  ].join('\n');
}

export function userMessage(input: ContextInput): string {
  const parts = [
    'Task:',
    input.task.prompt.trim(),
    '',
    `Iteration ${input.iteration} of ${input.task.constraints.max_iterations}.`,
  ];
  const shown = input.historyIterations > 0 ? input.history.slice(-input.historyIterations) : [];
  if (shown.length === 0) parts.push('', 'No earlier iterations.');
  else {
    const skipped = input.history.length - shown.length;
    parts.push('', `Earlier iterations (oldest first${skipped > 0 ? `; ${skipped} older not shown` : ''}):`);
    for (const line of shown) parts.push('', ...describeIteration(line, input.maxResultBytes));
  }
  const last = input.history.at(-1);
  const errors = last !== undefined ? lastErrors(last) : [];
  if (errors.length > 0)
    parts.push('', `Errors in the last iteration (${last!.iteration}):`, ...errors.map((e) => `- ${e}`));
  return parts.join('\n');
}

export function buildMessages(input: ContextInput): ChatMessage[] {
  return [
    { role: 'system', content: systemMessage(input) },
    { role: 'user', content: userMessage(input) },
  ];
}

function describeIteration(line: ActionLine, maxBytes: number): string[] {
  const out = [
    `## Iteration ${line.iteration}${line.interrupted ? ' (interrupted: the worker was killed)' : ''}`,
  ];
  if (line.llm_response === null) {
    out.push(`Your answer could not be used (${line.error?.kind ?? 'error'}): ${line.error?.message ?? ''}`);
    return out;
  }
  out.push(`Your answer: ${JSON.stringify({ actions: line.llm_response.actions })}`);
  if (line.results.length === 0) out.push('No actions.');
  line.results.forEach((result, i) =>
    out.push(`Result ${i + 1} (${result.tool}): ${describeResult(result, maxBytes)}`),
  );
  return out;
}

function describeResult(result: ToolResult, maxBytes: number): string {
  if (!result.ok) return cut(`error: ${result.error}`, maxBytes);
  const body = typeof result.result === 'string' ? result.result : JSON.stringify(result.result);
  return cut(`ok: ${body}${result.note !== undefined ? ` (${result.note})` : ''}`, maxBytes);
}

function lastErrors(line: ActionLine): string[] {
  if (line.error !== null)
    return [`your answer could not be used (${line.error.kind}): ${line.error.message}`];
  return line.results.flatMap((result, i) =>
    result.ok ? [] : [`action ${i + 1} (${result.tool}): ${cut(result.error, 1024)}`],
  );
}

/** The first at most `maxBytes` UTF-8 bytes of `text`, never ending inside a character. */
export function firstBytes(text: string, maxBytes: number): string {
  const bytes = Buffer.from(text, 'utf8');
  if (bytes.length <= maxBytes) return text;
  let end = maxBytes;
  while (end > 0 && (bytes[end]! & 0xc0) === 0x80) end--;
  return bytes.subarray(0, end).toString('utf8');
}

/** `text` cut to at most `maxBytes` UTF-8 bytes (never inside a character), saying how much was left out. */
export function cut(text: string, maxBytes: number): string {
  const total = Buffer.byteLength(text, 'utf8');
  if (total <= maxBytes) return text;
  const head = firstBytes(text, maxBytes);
  return `${head}… [cut: ${total} bytes, the first ${Buffer.byteLength(head, 'utf8')} shown]`;
}
