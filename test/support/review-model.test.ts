/**
 * Proves the role-playing model (review-model.ts) drives the REAL `claude` and `codex` CLIs without the harness:
 * given the prompts the default templates render, Claude as the developer writes and commits a file, Claude or
 * Codex as the architect writes the review and the mistakes where the prompt says.
 */
import { execFileSync, spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { developValues, reviewValues } from '../../src/review/phase-values.js';
import type { Plan } from '../../src/review/schemas.js';
import { renderPhasePrompt } from '../../src/review/templates/templates-engine.js';
import { defaultsOf } from '../../src/review/templates/templates-defaults.js';
import type { TemplatePhase } from '../../src/review/tmplvars.js';
import type { TemplateValues } from '../../src/review/tmplvars.js';
import { claudeCommand, spawnClaude } from './claude-env.js';
import { codexCommand } from './codex-env.js';
import { markedProcesses } from './processes.js';
import { readPrompt, startReviewModel, type ReviewModel } from './review-model.js';

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  while (cleanups.length > 0) await cleanups.pop()?.();
});

function project(): string {
  const dir = mkdtempSync(join(tmpdir(), 'rm-project-'));
  cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
  const git = (...args: string[]) => execFileSync('git', args, { cwd: dir, stdio: 'ignore' });
  git('init', '-q', '-b', 'main');
  git('config', 'user.name', 'Test');
  git('config', 'user.email', 'test@example.invalid');
  git('commit', '-q', '--allow-empty', '-m', 'initial');
  return dir;
}

async function model(options: Parameters<typeof startReviewModel>[0] = {}): Promise<ReviewModel> {
  const m = await startReviewModel(options);
  cleanups.push(() => m.close());
  return m;
}

const PLAN: Plan = {
  id: 'greet-20261123T2200',
  title: 'Greetings',
  created: '2026-11-23 22:00:00Z',
  status: 'todo',
  context: 'The project greets.',
  tasks: [
    {
      id: '1_hello',
      title: 'Write hello',
      status: 'todo',
      acceptance_criteria: ['1_hello.txt exists'],
      possibly_relevant_files: [],
      depends_on: [],
    },
  ],
};

function render(phase: TemplatePhase, values: TemplateValues): string {
  const { prompt, persona } = defaultsOf(phase);
  return renderPhasePrompt(
    phase,
    { file: prompt.path, text: prompt.content },
    { file: persona.path, text: persona.content },
    values,
  );
}

const input = (root: string, tryNumber: number) => ({
  root,
  plan: PLAN,
  task: PLAN.tasks[0]!,
  tryNumber,
  maxTries: 2,
});

async function runClaude(m: ReviewModel, cwd: string, prompt: string, mark: string) {
  const home = mkdtempSync(join(tmpdir(), 'rm-home-'));
  cleanups.push(() => rmSync(home, { recursive: true, force: true }));
  const cmd = claudeCommand({ serverUrl: m.claude.url, prompt, home, extraEnv: { AH_E2E_MARK: mark } });
  const run = spawnClaude(cmd, cwd);
  cleanups.push(async () => {
    run.killGroup('SIGKILL');
    await run.exited.catch(() => undefined);
  });
  const exit = await run.exited;
  expect(exit.code, run.stdout() + run.stderr()).toBe(0);
  return run;
}

describe('the role-playing review model with the real CLIs', () => {
  it('reads the role, task and try from the prompts the default templates render', () => {
    const develop = readPrompt(
      render(
        'develop',
        developValues({ ...input('/p', 2), mistakes: [], latestReview: 'x', gateOutput: '', humanReply: '' }),
      ),
    );
    expect(develop).toMatchObject({
      role: 'developer',
      root: '/p',
      planId: PLAN.id,
      taskId: '1_hello',
      try: 2,
    });
    const review = readPrompt(render('review', reviewValues(input('/p', 1))));
    expect(review).toMatchObject({
      role: 'architect',
      taskId: '1_hello',
      try: 1,
      maxTries: 2,
      reviewFile: `.harness/plans/${PLAN.id}/reviews/1_hello-1-review.md`,
      mistakesFile: `.harness/plans/${PLAN.id}/reviews/1_hello-1-mistakes.json`,
    });
  });

  it('Claude as the developer writes and commits the file; as the architect writes a FAIL review and its mistakes', async () => {
    const m = await model();
    const dir = project();
    const mark = randomUUID();
    const developPrompt = render(
      'develop',
      developValues({ ...input(dir, 1), mistakes: [], latestReview: null, gateOutput: '', humanReply: '' }),
    );
    await runClaude(m, dir, developPrompt, mark);
    expect(readFileSync(join(dir, '1_hello.txt'), 'utf8')).toBe('task 1_hello try 1\n');
    expect(execFileSync('git', ['log', '--format=%s', '-1'], { cwd: dir, encoding: 'utf8' })).toBe(
      '1_hello: try 1\n',
    );
    // The whole prompt reached the model as the session's first message.
    expect(m.sessions('developer')).toHaveLength(1);
    expect(m.sessions('developer')[0]!.prompt).toContain(developPrompt.trim().split('\n').at(-1));

    await runClaude(m, dir, render('review', reviewValues(input(dir, 1))), mark);
    const reviews = join(dir, '.harness', 'plans', PLAN.id, 'reviews');
    const review = readFileSync(join(reviews, '1_hello-1-review.md'), 'utf8');
    expect(review.split('\n')[0]).toBe('Result: FAIL');
    expect(review).toContain('REVIEW-ISSUE-1_hello-1');
    expect(JSON.parse(readFileSync(join(reviews, '1_hello-1-mistakes.json'), 'utf8'))).toEqual({
      mistakes: [expect.objectContaining({ lesson: expect.stringContaining('LESSON-1_hello-1') })],
    });
    expect(m.sessions().map((s) => s.role)).toEqual(['developer', 'architect']);
    expect(markedProcesses(mark)).toEqual([]);
  });

  it('Codex as the architect writes a PASS review and no mistakes', async () => {
    const m = await model({ codex: true });
    const dir = project();
    const mark = randomUUID();
    const cmd = codexCommand({
      serverUrl: m.codex!.url,
      prompt: render('review', reviewValues(input(dir, 2))),
      extraEnv: { AH_E2E_MARK: mark },
    });
    cleanups.push(() => rmSync(cmd.home, { recursive: true, force: true }));
    const child = spawn(cmd.command, cmd.args, { cwd: dir, env: cmd.env, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    child.stdout.on('data', (c: Buffer) => (out += c.toString()));
    child.stderr.on('data', (c: Buffer) => (out += c.toString()));
    const code = await new Promise<number | null>((resolve) => child.once('close', resolve));
    expect(code, out).toBe(0);
    const reviews = join(dir, '.harness', 'plans', PLAN.id, 'reviews');
    expect(readFileSync(join(reviews, '1_hello-2-review.md'), 'utf8').split('\n')[0]).toBe('Result: PASS');
    expect(JSON.parse(readFileSync(join(reviews, '1_hello-2-mistakes.json'), 'utf8'))).toEqual({
      mistakes: [],
    });
    expect(m.sessions()).toEqual([expect.objectContaining({ vendor: 'codex', role: 'architect', try: 2 })]);
    expect(markedProcesses(mark)).toEqual([]);
  });
});
