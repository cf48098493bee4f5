// The built CLI's review-mode setup commands in a scratch project: `attach` scaffolds `.harness/` and refuses a
// second time (exit 2) naming what exists; `tmplvars` prints the variable table.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { CLI, NODE } from '../support/workdir.js';

const dir = mkdtempSync(join(tmpdir(), 'ah-review-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const run = (...args: string[]) =>
  spawnSync(NODE, [CLI, ...args], { cwd: dir, encoding: 'utf8', timeout: 30_000 });

describe('agent-harness attach / tmplvars (built CLI)', () => {
  it('attach scaffolds .harness/ from the templates in the bundle', () => {
    const result = run('attach');
    expect(result.stderr).toBe('');
    expect(result.status).toBe(0);
    expect(result.stdout).toContain('Created');
    // What comes next: the gate's two scripts (none here yet) and the next command.
    expect(result.stdout).toContain('build.sh is missing');
    expect(result.stdout).toContain('verify.sh is missing');
    expect(result.stdout).toContain('Next: agent-harness plan');
    for (const path of [
      'prompts/plan.md.tmpl',
      'prompts/develop.md.tmpl',
      'prompts/review.md.tmpl',
      'personas/planner.md',
      'personas/developer.md',
      'personas/architect.md',
      'techdebt.md',
      'log.md',
      'plans',
    ])
      expect(existsSync(join(dir, '.harness', path)), path).toBe(true);
    expect(readFileSync(join(dir, '.harness', 'prompts', 'review.md.tmpl'), 'utf8')).toContain(
      'Result: PASS',
    );
    const meta = JSON.parse(readFileSync(join(dir, '.harness', 'meta.json'), 'utf8')) as Record<
      string,
      unknown
    >;
    expect(meta.template_version).toEqual(expect.any(Number));
  });

  it('attach again refuses with exit 2, naming what exists', () => {
    const result = run('attach');
    expect(result.status).toBe(2);
    expect(result.stderr).toContain('already exists');
    expect(result.stderr).toContain('meta.json');
  });

  it('attach --force on current templates succeeds and keeps the files', () => {
    expect(run('attach', '--force').status).toBe(0);
  });

  it('tmplvars prints every variable with its phases', () => {
    const result = run('tmplvars');
    expect(result.status).toBe(0);
    expect(result.stdout).toMatch(/\{\{\.TaskID\}\}\s+develop,review\s+/);
    expect(result.stdout).toContain('{{.LatestReview}}');
    expect(result.stdout).toContain('{{.Description}}');
  });

  it('an unknown option is a usage error', () => {
    expect(run('attach', '--forse').status).toBe(2);
  });
});
