// The kept work's git bundle, against real git: it carries the kept refs and what they need beyond the commit the
// job checked out, and the two commands the summary gives restore the work in a clone that has that commit; a
// secret of the job in the kept work makes no bundle (a bundle cannot be redacted); no kept ref, no bundle.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { keepWork } from '../../../src/os/keep-work.js';
import { workTreeTree } from '../../../src/os/work-tree.js';
import { bundleKeptWork, WIP_BUNDLE } from '../../../src/platform/github/post/wip-bundle.js';
import { renderSummary, type SummaryInput } from '../../../src/platform/github/summary/index.js';
import { hermeticGit } from '../../support/hermetic-git.js';

const scratch = hermeticGit('ah-wip-bundle-home-');
const SECRET = 'ghp_s3cr3tTokenOfTheJob1234';

function git(cwd: string, ...args: string[]): string {
  return execFileSync('git', ['-c', 'user.name=t', '-c', 'user.email=t@example.com', ...args], {
    cwd,
    encoding: 'utf8',
  }).trim();
}

function tmp(): string {
  const dir = mkdtempSync(join(tmpdir(), 'ah-wip-bundle-'));
  scratch.push(dir);
  return dir;
}

/** An origin with one commit, the job's clone of it, an agent commit and kept work on top. */
async function job(agentText: string) {
  const origin = tmp();
  git(origin, 'init', '-q');
  writeFileSync(join(origin, 'a.txt'), 'a\n');
  git(origin, 'add', '-A');
  git(origin, 'commit', '-qm', 'base');
  const base = git(origin, 'rev-parse', 'HEAD');
  const checkout = join(tmp(), 'checkout');
  git(tmp(), 'clone', '-q', origin, checkout);
  const pathspecs = [':/'];
  const before = { head: base, tree: (await workTreeTree(checkout, pathspecs))! };
  writeFileSync(join(checkout, 'committed.txt'), 'the agent committed this\n');
  git(checkout, 'add', '-A');
  git(checkout, 'commit', '-qm', 'agent');
  writeFileSync(join(checkout, 'a.txt'), agentText);
  const ref = 'refs/agent-harness/wip/0a1b2c3d-4';
  const kept = await keepWork({
    cwd: checkout,
    pathspecs,
    headBefore: before.head,
    treeBefore: before.tree,
    ref,
    message: 'wip',
  });
  expect(kept?.ref).toBe(ref);
  return { origin, base, checkout, ref };
}

describe('the kept work as a git bundle', () => {
  it('restores the kept work, and the agent commits under it, in a clone of the checked-out commit', async () => {
    const { origin, base, checkout, ref } = await job('edited by the agent\n');
    const warnings: string[] = [];
    const dir = tmp();
    const bundle = await bundleKeptWork({
      cwd: checkout,
      dir,
      base,
      secrets: [SECRET],
      warn: (m) => warnings.push(m),
    });
    expect(warnings).toEqual([]);
    expect(bundle).toEqual({ file: join(dir, WIP_BUNDLE), refs: [ref] });

    // The user's clone: the two commands the summary gives.
    const mine = join(tmp(), 'mine');
    git(tmp(), 'clone', '-q', origin, mine);
    writeFileSync(join(mine, WIP_BUNDLE), readFileSync(bundle!.file));
    const summary = renderSummary({
      sessions: [],
      stopReason: 'cancelled',
      exitCode: 130,
      globalCounter: 5,
      productiveThisRun: 0,
      maxIterations: 5,
      artifact: { name: 'logs', url: null },
      workKept: { bundle: WIP_BUNDLE, refs: bundle!.refs },
    } satisfies SummaryInput);
    expect(summary).toContain(`**Interrupted work kept:** \`${ref}\`, in \`${WIP_BUNDLE}\` in the artifact.`);
    const commands = summary.split('```sh\n')[1]!.split('\n```')[0]!.split('\n');
    expect(commands).toEqual([
      `git fetch ${WIP_BUNDLE} 'refs/agent-harness/wip/*:refs/agent-harness/wip/*'`,
      `git checkout ${ref} -- .`,
    ]);
    for (const command of commands) execFileSync('sh', ['-c', command], { cwd: mine, stdio: 'ignore' });
    expect(readFileSync(join(mine, 'a.txt'), 'utf8')).toBe('edited by the agent\n');
    expect(readFileSync(join(mine, 'committed.txt'), 'utf8')).toBe('the agent committed this\n');
    expect(git(mine, 'rev-parse', 'HEAD')).toBe(base);
  });

  it('makes no bundle when a secret of the job is in the kept work, nor when nothing was kept', async () => {
    const { checkout, base } = await job(`token=${SECRET}\n`);
    const warnings: string[] = [];
    const dir = tmp();
    const input = { cwd: checkout, dir, base, secrets: [SECRET], warn: (m: string) => warnings.push(m) };
    expect(await bundleKeptWork(input)).toBeNull();
    expect(warnings.join('\n')).toMatch(/not put in the artifact: a secret of the job/);
    expect(warnings.join('\n')).not.toContain(SECRET);

    git(checkout, 'update-ref', '-d', 'refs/agent-harness/wip/0a1b2c3d-4');
    warnings.length = 0;
    expect(await bundleKeptWork(input)).toBeNull();
    expect(warnings).toEqual([]);
  });
});
