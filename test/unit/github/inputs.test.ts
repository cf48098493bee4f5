import { readFileSync } from 'node:fs';
import { parse } from 'yaml';
import { describe, expect, it } from 'vitest';
import { INPUT_NAMES, InputError, parseInputs, type InputName } from '../../../src/platform/github/inputs.js';

const action = parse(readFileSync(new URL('../../../action.yml', import.meta.url), 'utf8')) as {
  inputs: Record<string, { default?: string }>;
  outputs: Record<string, unknown>;
  runs: Record<string, string>;
};

const read =
  (values: Partial<Record<InputName, string>>) =>
  (name: InputName): string =>
    values[name] ??
    (action.inputs[name]?.default?.startsWith('${{') ? '' : (action.inputs[name]?.default ?? ''));

describe('action.yml and the input parser', () => {
  it('declare the same inputs, and the outputs the Action sets', () => {
    expect(Object.keys(action.inputs).sort()).toEqual([...INPUT_NAMES].sort());
    expect(Object.keys(action.outputs).sort()).toEqual(
      [
        'artifact-id',
        'committed',
        'cost-usd',
        'tokens',
        'global-iteration',
        'idle-sessions',
        'resume-after',
        'iterations',
        'rate-limited',
        'stop-reason',
        'tasks',
        'plan-id',
        'pull-request',
        'worker-completed',
        'worker-unfinished',
      ].sort(),
    );
    expect(action.runs).toEqual({ using: 'node24', main: 'dist/main.js', post: 'dist/post.js' });
  });

  it('applies the defaults of action.yml', () => {
    const inputs = parseInputs(read({ 'github-token': 't0k3n' }));
    expect(inputs).toMatchObject({
      workingDirectory: '.',
      stopLabel: 'STOP',
      stopLabelPollSecs: 60,
      uploadArtifacts: true,
      commitStatus: true,
      statusContext: 'agent-harness',
      summary: true,
      maxIterations: undefined,
      allowedActors: [],
      mode: 'loop',
    });
    expect(parseInputs(read({ mode: 'review' })).mode).toBe('review');
    expect(() => parseInputs(read({ mode: 'plan' }))).toThrow(
      'input mode: expected loop or review, found "plan"',
    );
  });

  it('keeps the state in the cache unless state-store says branch', () => {
    expect(parseInputs(read({}))).toMatchObject({ stateStore: 'cache', stateBranch: 'agent-harness/state' });
    expect(parseInputs(read({ 'state-store': 'branch', 'state-branch': 'ci/state' }))).toMatchObject({
      stateStore: 'branch',
      stateBranch: 'ci/state',
    });
    expect(() => parseInputs(read({ 'state-store': 'git' }))).toThrow(
      'input state-store: expected cache or branch, found "git"',
    );
    for (const bad of ['../x', 'a..b', '/x', 'x/', 'a b', 'x.lock'])
      expect(() => parseInputs(read({ 'state-branch': bad })), bad).toThrow(/state-branch/);
  });

  it('archives transcripts on the state branch only when asked, and only with the branch store', () => {
    const branch = (value: string) =>
      parseInputs(read({ 'state-store': 'branch', 'state-branch-transcripts': value }))
        .stateBranchTranscripts;
    expect(parseInputs(read({})).stateBranchTranscripts).toBeNull();
    expect(branch('false')).toBeNull();
    expect(branch('true')).toEqual({ keep: null });
    expect(branch('200')).toEqual({ keep: 200 });
    for (const bad of ['0', '-1', 'yes', '2.5'])
      expect(() => branch(bad), bad).toThrow(/state-branch-transcripts: expected true, false or how many/);
    expect(() => parseInputs(read({ 'state-branch-transcripts': 'true' }))).toThrow(
      'input state-branch-transcripts needs state-store: branch',
    );
  });

  it('reports every bad input with its name, the value and what is expected', () => {
    let error: unknown;
    try {
      parseInputs(read({ 'max-iterations': 'ten', 'upload-artifacts': 'yes', 'time-budget-minutes': '-5' }));
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(InputError);
    const message = (error as Error).message;
    expect(message).toContain('input max-iterations: expected an integer >= 1, found "ten"');
    expect(message).toContain('input upload-artifacts: expected true or false, found "yes"');
    expect(message).toContain('input time-budget-minutes: expected a number >= 1 and <= 35791, found "-5"');
  });

  it('splits allowed-actors on commas and newlines', () => {
    expect(parseInputs(read({ 'allowed-actors': 'alice, bob\ncarol' })).allowedActors).toEqual([
      'alice',
      'bob',
      'carol',
    ]);
  });

  it('worker-supervise: a relative directory, its parallel and done-when; not with worker-task or task-id', () => {
    expect(
      parseInputs(
        read({ 'worker-supervise': 'tasks', 'worker-parallel': '3', 'worker-done-when': 'make check' }),
      ),
    ).toMatchObject({ workerSupervise: 'tasks', workerParallel: 3, workerDoneWhen: 'make check' });
    expect(parseInputs(read({}))).toMatchObject({
      workerSupervise: null,
      workerParallel: undefined,
      workerDoneWhen: null,
    });
    const refused = (values: Partial<Record<InputName, string>>) => () => parseInputs(read(values));
    expect(refused({ 'worker-supervise': 'tasks', 'worker-task': 'tasks/a' })).toThrow(
      'input worker-task and worker-supervise cannot be used together: give one',
    );
    expect(refused({ 'worker-supervise': 'tasks', 'task-id': 'task-001' })).toThrow(
      'input task-id and worker-supervise cannot be used together',
    );
    expect(refused({ 'worker-supervise': '../tasks' })).toThrow(InputError);
    expect(refused({ 'worker-supervise': 'tasks', 'worker-parallel': '0' })).toThrow(/worker-parallel/);
  });
});
