/**
 * A scripted model that plays the review mode's roles for the REAL agent CLIs: it reads each request's prompt,
 * tells a develop session (the developer persona's prompt, `# Your assignment: task <id> of plan <id> (try n of m)`)
 * from a review session (`# Your assignment: review task ...`, naming the review and mistakes files), and answers
 * with real tool calls the CLI runs: the developer writes a file of the project (Bash) and commits it, the architect
 * writes `reviews/<task>-<n>-review.md` and `<task>-<n>-mistakes.json` (Claude's Write tool, Codex's shell). Which turn of a session a request is comes
 * from the request itself (how many tool calls it already carries), so the model holds no conversation state.
 *
 * Claude Code is served by model-server.ts (Anthropic's Messages API), Codex by responses-server.ts (the Responses
 * API). Every request is recorded with its full body so tests can assert on the prompts the CLIs really sent.
 */
import { isAbsolute, join } from 'node:path';
import {
  startModelServer,
  type MessagesBody,
  type ModelServer,
  type RecordedRequest,
  type Step,
} from './model-server.js';
import {
  startResponsesServer,
  type ResponsesBody,
  type ResponsesServer,
  type ResponsesStep,
} from './responses-server.js';

export type Role = 'developer' | 'architect' | 'planner' | 'unknown';

/** What the model read from a request's prompt. */
export interface TryInfo {
  role: Role;
  /** The project root the prompt names (`The project is at ...`). */
  root: string;
  planId: string;
  taskId: string;
  /** The try the prompt is for, from 1. */
  try: number;
  maxTries: number;
  /** The architect's files, as the prompt names them (relative to the root). */
  reviewFile: string;
  mistakesFile: string;
}

export interface RoleRequest extends TryInfo {
  vendor: 'claude' | 'codex';
  /** The model turn within its session: 0 for the session's first request. */
  turn: number;
  /** The session's prompt: every text the CLI sent as the user's first message. */
  prompt: string;
  /** The whole request body as JSON text. */
  raw: string;
  at: number;
}

export interface Mistake {
  attempted: string;
  problem: string;
  lesson: string;
}

export interface ReviewModelOptions {
  /** What the developer writes on a try. Default: `<task>.txt` holding `task <task> try <n>`. */
  work?: (t: TryInfo) => { file: string; content: string };
  /** The review file's first line. Default: `Result: FAIL` on try 1, `Result: PASS` after. */
  verdict?: (t: TryInfo) => string;
  /** The mistakes the architect records. Default: one marked mistake when the verdict is not PASS, else none. */
  mistakes?: (t: TryInfo, verdict: string) => Mistake[];
  /**
   * The architect of this task and try never answers its first request, once (its stream stays open until the
   * server closes): the test can kill the harness while the review runs. Later sessions are answered normally.
   */
  stallReview?: { taskId: string; try: number };
  /** Start a Responses API server too, for Codex as the architect. */
  codex?: boolean;
}

export interface ReviewModel {
  /** The Messages API server for Claude Code (ANTHROPIC_BASE_URL). */
  claude: ModelServer;
  /** The Responses API server for Codex, when asked for. */
  codex: ResponsesServer | null;
  /** Every model request of the main conversations, in arrival order, both servers. */
  requests: RoleRequest[];
  /** The first request of each session (turn 0), optionally of one role. */
  sessions(role?: Role): RoleRequest[];
  /** Every request body either server received, side requests included, as JSON text. */
  allBodies(): string[];
  /** Resolves when a request matching `match` has arrived; rejects after `timeoutMs`. */
  waitFor(match: (r: RoleRequest) => boolean, timeoutMs: number): Promise<RoleRequest>;
  close(): Promise<void>;
}

/** The review's text for a verdict line; its issue carries a marker the test can find in the next prompt. */
export function reviewText(t: TryInfo, verdict: string): string {
  const failed = verdict !== 'Result: PASS';
  return [
    verdict,
    '',
    `Plan: ${t.planId}`,
    `Task: ${t.taskId}`,
    `Iteration: ${t.try}`,
    '',
    '## Static Check',
    '',
    'Result: PASS',
    '',
    '## Acceptance Criteria',
    '',
    failed ? 'Result: FAIL' : 'Result: PASS',
    ...(failed
      ? [
          '',
          '### Issues:',
          '',
          `- REVIEW-ISSUE-${t.taskId}-${t.try}: \`${t.taskId}.txt\` says nothing useful; write what the task asks.`,
        ]
      : []),
    '',
    '## Test Coverage',
    '',
    'Result: PASS',
    '',
  ].join('\n');
}

/** The default mistake of a failed review: every field marked with the task and try. */
export function markedMistake(t: TryInfo): Mistake {
  return {
    attempted: `ATTEMPTED-${t.taskId}-${t.try}: wrote a placeholder`,
    problem: `PROBLEM-${t.taskId}-${t.try}: placeholders meet no criterion`,
    lesson: `LESSON-${t.taskId}-${t.try}: write the real content`,
  };
}

const defaultWork = (t: TryInfo) => ({ file: `${t.taskId}.txt`, content: `task ${t.taskId} try ${t.try}\n` });
const defaultVerdict = (t: TryInfo) => (t.try === 1 ? 'Result: FAIL' : 'Result: PASS');
const defaultMistakes = (t: TryInfo, verdict: string) =>
  verdict === 'Result: PASS' ? [] : [markedMistake(t)];

/** Read the role and the try from a prompt rendered from the default templates. */
export function readPrompt(prompt: string): TryInfo {
  const root = /The project is at `([^`]+)`/.exec(prompt)?.[1] ?? '';
  const base = { root, planId: '', taskId: '', try: 0, maxTries: 0, reviewFile: '', mistakesFile: '' };
  const review = /# Your assignment: review task (\S+) of plan (\S+) \(try (\d+) of (\d+)\)/.exec(prompt);
  if (review) {
    return {
      ...base,
      role: 'architect',
      taskId: review[1]!,
      planId: review[2]!,
      try: Number(review[3]),
      maxTries: Number(review[4]),
      reviewFile: /Write the review to `([^`]+)`/.exec(prompt)?.[1] ?? '',
      mistakesFile: /also write `([^`]+)`/.exec(prompt)?.[1] ?? '',
    };
  }
  const develop = /# Your assignment: task (\S+) of plan (\S+) \(try (\d+) of (\d+)\)/.exec(prompt);
  if (develop) {
    return {
      ...base,
      role: 'developer',
      taskId: develop[1]!,
      planId: develop[2]!,
      try: Number(develop[3]),
      maxTries: Number(develop[4]),
    };
  }
  if (prompt.includes('# Your assignment: plan this work')) return { ...base, role: 'planner' };
  return { ...base, role: 'unknown' };
}

function textOf(content: unknown): string {
  if (typeof content === 'string') return content;
  if (!Array.isArray(content)) return '';
  return content
    .map((block) =>
      block && typeof block === 'object' && 'text' in block ? String((block as { text: unknown }).text) : '',
    )
    .join('\n');
}

const shellQuote = (text: string) => `'${text.replaceAll("'", `'"'"'`)}'`;

/** A shell command that writes `content` to `file` exactly, creating its directory. */
function writeCommand(file: string, content: string): string {
  const dir = file.includes('/') ? file.slice(0, file.lastIndexOf('/')) : '.';
  return `mkdir -p ${shellQuote(dir)} && printf '%s' ${shellQuote(content)} > ${shellQuote(file)}`;
}

/** One step of a role, whichever CLI runs it: write a file, run a command, or end the turn with a text. */
type Action =
  | { kind: 'write'; file: string; content: string }
  | { kind: 'shell'; command: string }
  | { kind: 'text'; text: string }
  | { kind: 'stall' };

export async function startReviewModel(options: ReviewModelOptions = {}): Promise<ReviewModel> {
  const work = options.work ?? defaultWork;
  const verdictOf = options.verdict ?? defaultVerdict;
  const mistakesOf = options.mistakes ?? defaultMistakes;
  const requests: RoleRequest[] = [];
  const waiters = new Set<() => void>();
  let stalled = false;

  function actions(t: TryInfo, turn: number): Action {
    if (t.role === 'developer') {
      const { file, content } = work(t);
      const steps: Action[] = [
        // Through the shell: Claude Code's Write refuses to replace a file the session has not read, and the
        // second try rewrites the first try's file.
        { kind: 'shell', command: writeCommand(file, content) },
        {
          kind: 'shell',
          command: `git add -- ${shellQuote(file)} && git commit -q -m ${shellQuote(`${t.taskId}: try ${t.try}`)}`,
        },
        { kind: 'text', text: `Task ${t.taskId}, try ${t.try}: done.` },
      ];
      return steps[turn] ?? { kind: 'text', text: 'Done.' };
    }
    if (t.role === 'architect') {
      const stall = options.stallReview;
      if (turn === 0 && !stalled && stall?.taskId === t.taskId && stall.try === t.try) {
        stalled = true;
        return { kind: 'stall' };
      }
      const verdict = verdictOf(t);
      const steps: Action[] = [
        { kind: 'write', file: t.reviewFile, content: reviewText(t, verdict) },
        {
          kind: 'write',
          file: t.mistakesFile,
          content: `${JSON.stringify({ mistakes: mistakesOf(t, verdict) }, null, 2)}\n`,
        },
        { kind: 'text', text: `Reviewed ${t.taskId} try ${t.try}: ${verdict}` },
      ];
      return steps[turn] ?? { kind: 'text', text: 'Reviewed.' };
    }
    return { kind: 'text', text: 'I only play the developer and the architect.' };
  }

  function record(vendor: 'claude' | 'codex', prompt: string, turn: number, body: unknown): TryInfo {
    const info = readPrompt(prompt);
    requests.push({ ...info, vendor, turn, prompt, raw: JSON.stringify(body), at: Date.now() });
    for (const wake of waiters) wake();
    return info;
  }

  const absolute = (t: TryInfo, file: string) => (isAbsolute(file) || !t.root ? file : join(t.root, file));

  function claudeDecide(body: MessagesBody): Step | undefined {
    const messages = body.messages ?? [];
    const prompt = textOf(messages[0]?.content);
    const turn = messages.filter((m) => m.role === 'assistant').length;
    const info = record('claude', prompt, turn, body);
    const action = actions(info, turn);
    switch (action.kind) {
      case 'write':
        return {
          kind: 'tool',
          name: 'Write',
          input: { file_path: absolute(info, action.file), content: action.content },
        };
      case 'shell':
        return { kind: 'tool', name: 'Bash', input: { command: action.command, description: 'run' } };
      case 'text':
        return { kind: 'text', text: action.text };
      case 'stall':
        return { kind: 'stall' };
    }
  }

  function codexDecide(body: ResponsesBody): ResponsesStep | undefined {
    const input = body.input ?? [];
    // Codex sends its own context (AGENTS.md, the environment) as user messages too: the prompt is the one
    // naming an assignment, else all of them.
    const texts = input
      .filter((i) => i.type === 'message' && i.role === 'user')
      .map((i) => textOf(i.content));
    const prompt = texts.find((text) => text.includes('# Your assignment')) ?? texts.join('\n');
    const turn = input.filter((i) => i.type === 'function_call').length;
    const info = record('codex', prompt, turn, body);
    const action = actions(info, turn);
    switch (action.kind) {
      case 'write':
        return { kind: 'tool', cmd: writeCommand(action.file, action.content) };
      case 'shell':
        return { kind: 'tool', cmd: action.command };
      case 'text':
        return { kind: 'text', text: action.text };
      case 'stall':
        return { kind: 'stall' };
    }
  }

  const claude = await startModelServer([], { keepBodies: true, decide: claudeDecide });
  const codex = options.codex
    ? await startResponsesServer([], { keepBodies: true, decide: codexDecide })
    : null;

  return {
    claude,
    codex,
    requests,
    sessions: (role) => requests.filter((r) => r.turn === 0 && (role === undefined || r.role === role)),
    allBodies: () => [
      ...claude.requests.map((r: RecordedRequest) => JSON.stringify(r.body ?? '')),
      ...(codex?.requests ?? []).map((r) => JSON.stringify(r.body ?? '')),
    ],
    waitFor(match, timeoutMs) {
      return new Promise<RoleRequest>((resolve, reject) => {
        const check = () => {
          const found = requests.find(match);
          if (!found) return;
          finish();
          resolve(found);
        };
        const timer = setTimeout(() => {
          finish();
          reject(new Error(`no matching model request within ${timeoutMs} ms`));
        }, timeoutMs);
        const finish = () => {
          clearTimeout(timer);
          waiters.delete(check);
        };
        waiters.add(check);
        check();
      });
    },
    async close() {
      await Promise.all([claude.close(), codex?.close()]);
    },
  };
}
