import { describe, expect, it } from 'vitest';
import { artifactName, isNameCollision } from '../../../src/platform/github/post/artifact-name.js';

const base = { runId: '42', runAttempt: '1', jobKey: '', job: 'task', taskId: null };

describe('the artifact name', () => {
  it('differs between the legs of one matrix: same run, attempt and GITHUB_JOB, the job key tells them apart', () => {
    const legs = [0, 1, 2].map((i) => artifactName({ ...base, jobKey: `task-${i}` }));
    expect(new Set(legs).size).toBe(3);
    expect(legs[0]).toBe('agent-harness-42-1-task-0');
  });

  it('carries the task id of a fan-out job, and falls back to GITHUB_JOB without a job key', () => {
    expect(artifactName({ ...base, jobKey: 'task-1', taskId: 'task-007' })).toBe(
      'agent-harness-42-1-task-1-task-007',
    );
    expect(artifactName({ ...base, job: 'nightly' })).toBe('agent-harness-42-1-nightly');
  });

  it('keeps out the characters the artifact service refuses', () => {
    const name = artifactName({ ...base, jobKey: 'build-{"os": "ubuntu/22.04"}-1' });
    expect(name).not.toMatch(/["':<>|*?\\/\s]/);
    expect(name.startsWith('agent-harness-42-1-build-')).toBe(true);
  });

  it('recognises the service refusing a name the run already has', () => {
    expect(
      isNameCollision(
        new Error('Failed to CreateArtifact: Received non-retryable error: Failed request: (409) Conflict'),
      ),
    ).toBe(true);
    expect(isNameCollision(new Error('Failed request: (500) Internal Server Error'))).toBe(false);
  });
});
