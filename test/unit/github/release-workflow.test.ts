// The release workflow (.github/workflows/release.yml; GitHub's parser reads it in workflows.test.ts): what starts
// it, what it may write, the order of its steps, and the shell of the steps that decide, run here with bash on real
// files and git repositories: the tag is package.json's version, dist/ and the generated files are current, the
// tarball is packed, and the major tag moves to the release commit (forced, on the remote).
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { hermeticGit } from '../../support/hermetic-git.js';
import { ROOT } from '../../support/workdir.js';

interface Step {
  name?: string;
  uses?: string;
  run?: string;
  env?: Record<string, string>;
}
interface Workflow {
  on: { push: { tags: string[] }; workflow_dispatch: { inputs: Record<string, { required: boolean }> } };
  permissions: Record<string, string>;
  jobs: { release: { env: Record<string, string>; steps: Step[] } };
}

const workflow = parse(readFileSync(join(ROOT, '.github/workflows/release.yml'), 'utf8')) as Workflow;
const steps = workflow.jobs.release.steps;
const scratch = hermeticGit('agent-harness-release-');

const indexOf = (pattern: RegExp): number => {
  const at = steps.findIndex((step) => pattern.test(step.name ?? step.run ?? step.uses ?? ''));
  expect(at, `a step matching ${pattern}`).toBeGreaterThanOrEqual(0);
  return at;
};
const script = (pattern: RegExp): string => steps[indexOf(pattern)]!.run!;

const dir = (): string => {
  const path = mkdtempSync(join(tmpdir(), 'agent-harness-release-'));
  scratch.push(path);
  return path;
};

/** Runs a step's script as the runner does (`bash -e`), with `$GITHUB_ENV` a file; what it printed and set. */
function runStep(run: string, cwd: string, env: Record<string, string>) {
  const githubEnv = join(dir(), 'github-env');
  writeFileSync(githubEnv, '');
  const result = spawnSync('bash', ['-e', '-c', run], {
    cwd,
    encoding: 'utf8',
    env: {
      ...process.env,
      PATH: `${dirname(process.execPath)}:${process.env.PATH}`,
      GITHUB_ENV: githubEnv,
      ...env,
    },
  });
  const set = Object.fromEntries(
    readFileSync(githubEnv, 'utf8')
      .split('\n')
      .filter(Boolean)
      .map((line) => [line.slice(0, line.indexOf('=')), line.slice(line.indexOf('=') + 1)]),
  );
  return { status: result.status, output: `${result.stdout}${result.stderr}`, set };
}

const git = (cwd: string, ...args: string[]): string =>
  spawnSync('git', ['-c', 'user.name=t', '-c', 'user.email=t@example.invalid', ...args], {
    cwd,
    encoding: 'utf8',
  }).stdout.trim();

/** A git repository with one commit of `files`. */
function repository(files: Record<string, string>): string {
  const repo = dir();
  git(repo, 'init', '-q', '-b', 'main');
  for (const [path, content] of Object.entries(files)) {
    mkdirSync(dirname(join(repo, path)), { recursive: true });
    writeFileSync(join(repo, path), content);
  }
  git(repo, 'add', '-A');
  git(repo, 'commit', '-q', '-m', 'release');
  return repo;
}

describe('the release workflow', () => {
  it('runs on a pushed vX.Y.Z tag or by hand with a version, and may write contents only', () => {
    expect(workflow.on.push.tags).toEqual(['v*.*.*']);
    expect(workflow.on.workflow_dispatch.inputs['version']?.required).toBe(true);
    expect(workflow.jobs.release.env['VERSION']).toBe('${{ inputs.version || github.ref_name }}');
    expect(workflow.permissions).toEqual({ contents: 'write' });
    for (const step of steps.filter((s) => s.uses)) expect(step.uses).toMatch(/^actions\/[\w-]+@v\d+$/);
  });

  it('checks the version, installs, regenerates and bundles, checks, packs, releases, then moves the major tag', () => {
    const order = [
      /package\.json's version/,
      /^npm ci\b/,
      /^npm run gen$/,
      /^npm run bundle$/,
      /dist\/ and the generated files match/,
      /^Pack$/,
      /^Release/,
      /major tag/,
    ].map(indexOf);
    expect(order).toEqual([...order].sort((a, b) => a - b));
    const release = steps[indexOf(/^Release/)]!;
    expect(release.run).toMatch(/^gh release create "\$TAG" "\$TARBALL" --target "\$GITHUB_SHA"/);
    expect(release.env).toEqual({ GH_TOKEN: '${{ github.token }}' });
  });

  describe('the version check, against a package.json of 1.2.3', () => {
    const check = script(/package\.json's version/);
    const project = (): string => {
      const cwd = dir();
      writeFileSync(join(cwd, 'package.json'), JSON.stringify({ name: 'x', version: '1.2.3' }));
      return cwd;
    };

    it('passes the tag v1.2.3, or the version typed by hand, and sets the tag and the major tag', () => {
      for (const VERSION of ['v1.2.3', '1.2.3']) {
        const result = runStep(check, project(), { VERSION });
        expect(result.status, result.output).toBe(0);
        expect(result.set).toEqual({ TAG: 'v1.2.3', MAJOR: 'v1' });
      }
    });

    it('refuses another version, naming both and what to do', () => {
      const result = runStep(check, project(), { VERSION: 'v1.2.4' });
      expect(result.status).toBe(1);
      expect(result.output).toContain(
        "::error::tag v1.2.4 is not package.json's version 1.2.3: set \"version\" in package.json, run 'npm run gen'",
      );
      expect(result.set).toEqual({});
    });

    it('refuses what is not vX.Y.Z (a branch, when started by hand without a version)', () => {
      const result = runStep(check, project(), { VERSION: 'main' });
      expect(result.status).toBe(1);
      expect(result.output).toContain('::error::the version to release is "main", not vX.Y.Z');
    });
  });

  describe('the dist/ check', () => {
    const check = script(/dist\/ and the generated files match/);

    it('passes a checkout that the rebuild left as committed', () => {
      const result = runStep(check, repository({ 'dist/cli.js': 'built\n', 'src/a.ts': 'source\n' }), {});
      expect(result.status, result.output).toBe(0);
    });

    it('fails when the rebuild changed dist/ or a generated file, or added a file', () => {
      for (const change of [
        (repo: string) => writeFileSync(join(repo, 'dist/cli.js'), 'rebuilt\n'),
        (repo: string) => writeFileSync(join(repo, 'src/a.ts'), 'regenerated\n'),
        (repo: string) => writeFileSync(join(repo, 'dist/new-chunk.js'), 'new\n'),
      ]) {
        const repo = repository({ 'dist/cli.js': 'built\n', 'src/a.ts': 'source\n' });
        change(repo);
        const result = runStep(check, repo, {});
        expect(result.status).toBe(1);
        expect(result.output).toContain("::error::dist/ or a generated file is stale: run 'npm run gen'");
      }
    });
  });

  it('packs the package into a tarball and names it for the release step', () => {
    const cwd = dir();
    writeFileSync(
      join(cwd, 'package.json'),
      JSON.stringify({ name: 'x', version: '1.2.3', files: ['a.js'] }),
    );
    writeFileSync(join(cwd, 'a.js'), '');
    const result = runStep(script(/^Pack$/), cwd, { npm_config_cache: join(cwd, '.npm') });
    expect(result.status, result.output).toBe(0);
    expect(result.set).toEqual({ TARBALL: 'x-1.2.3.tgz' });
    expect(spawnSync('tar', ['-tzf', join(cwd, 'x-1.2.3.tgz')], { encoding: 'utf8' }).stdout).toContain(
      'package/a.js',
    );
  });

  it('moves the major tag on the remote to the release commit, over where it was', () => {
    const origin = dir();
    git(origin, 'init', '-q', '--bare');
    const repo = repository({ 'a.txt': '1\n' });
    git(repo, 'remote', 'add', 'origin', origin);
    git(repo, 'tag', 'v1');
    git(repo, 'push', '-q', 'origin', 'main', 'refs/tags/v1');
    writeFileSync(join(repo, 'a.txt'), '2\n');
    git(repo, 'commit', '-q', '-am', 'next');
    const sha = git(repo, 'rev-parse', 'HEAD');
    expect(git(origin, 'rev-parse', 'v1')).not.toBe(sha);
    const result = runStep(script(/major tag/), repo, { MAJOR: 'v1', GITHUB_SHA: sha });
    expect(result.status, result.output).toBe(0);
    expect(git(origin, 'rev-parse', 'v1')).toBe(sha);
  });
});
