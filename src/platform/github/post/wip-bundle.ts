// The kept work of the job (refs/agent-harness/wip/…: interrupted sessions and rolled-back task attempts) as one
// git bundle for the artifact: the runner's checkout vanishes with the job, the bundle does not. It holds the
// refs and what they need beyond the commit the job checked out (the agent's commits and the kept one), so
// `git fetch <bundle> 'refs/agent-harness/wip/*:refs/agent-harness/wip/*'` in a clone that has that commit brings
// them back. A bundle is compressed and cannot go through the artifact's redactor: when any of the job's secrets
// appears in a file of those commits (`git grep -F`), no bundle is made and a warning says why.
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gitFailure, runGit } from '../../../os/git.js';
import { WIP_REF_PREFIX } from '../../../os/keep-work.js';

/** The bundle's name in the artifact. */
export const WIP_BUNDLE = 'agent-harness-wip.bundle';

/** Shortest line of a secret searched for: a shorter one would match too much to mean anything. */
const MIN_SECRET_LINE = 6;

export interface WipBundle {
  file: string;
  refs: string[];
}

/** The kept refs in the repository at `cwd`, sorted; none outside git. */
export async function keptRefs(cwd: string): Promise<string[]> {
  const result = await runGit(cwd, ['for-each-ref', '--format=%(refname)', WIP_REF_PREFIX]);
  if (result.code !== 0) return [];
  return result.stdout.split('\n').filter((ref) => ref !== '');
}

/** Whether `rev` names a commit here. */
async function isCommit(cwd: string, rev: string): Promise<boolean> {
  return (await runGit(cwd, ['cat-file', '-e', `${rev}^{commit}`])).code === 0;
}

/** The commits the bundle would carry that hold a line of a secret (`git grep -F -f`), or [] when none does. */
async function commitsWithSecrets(
  cwd: string,
  tips: readonly string[],
  secrets: readonly string[],
): Promise<string[]> {
  const lines = [...new Set(secrets.flatMap((s) => s.split(/\r?\n/)).map((l) => l.trim()))].filter(
    (l) => l.length >= MIN_SECRET_LINE,
  );
  if (lines.length === 0) return [];
  const listed = await runGit(cwd, ['rev-list', ...tips]);
  if (listed.code !== 0) throw gitFailure(cwd, ['rev-list', ...tips], listed);
  const commits = listed.stdout.split('\n').filter((c) => c !== '');
  // The patterns in a private file, never on a command line another process could read.
  const dir = await mkdtemp(join(tmpdir(), 'agent-harness-grep-'));
  const patterns = join(dir, 'patterns');
  try {
    await writeFile(patterns, `${lines.join('\n')}\n`, { mode: 0o600 });
    const found: string[] = [];
    for (const commit of commits) {
      const args = ['grep', '-q', '-F', '-a', '-f', patterns, commit, '--'];
      const grep = await runGit(cwd, args);
      if (grep.code === 0) found.push(commit);
      else if (grep.code !== 1) throw gitFailure(cwd, args, grep);
    }
    return found;
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/**
 * Writes the bundle of the kept refs into `dir`; null when there is none, or (with a warning) when git failed or
 * a secret is in it. `base`: the commit the job checked out, which the bundle leaves out with its history.
 */
export async function bundleKeptWork(input: {
  cwd: string;
  dir: string;
  base: string | null;
  secrets: readonly string[];
  warn: (message: string) => void;
}): Promise<WipBundle | null> {
  const { cwd } = input;
  const refs = await keptRefs(cwd);
  if (refs.length === 0) return null;
  try {
    const exclude = input.base !== null && (await isCommit(cwd, input.base)) ? [`^${input.base}`] : [];
    const tips = [...refs, ...exclude];
    const leaking = await commitsWithSecrets(cwd, tips, input.secrets);
    if (leaking.length > 0) {
      input.warn(
        `the kept work (${refs.join(', ')}) was not put in the artifact: a secret of the job is in a file of ` +
          `${leaking.length} of its commit(s), and a git bundle cannot be redacted; the refs stay on the runner`,
      );
      return null;
    }
    await mkdir(input.dir, { recursive: true });
    const file = join(input.dir, WIP_BUNDLE);
    const args = ['bundle', 'create', '-q', file, ...tips];
    const created = await runGit(cwd, args);
    if (created.code !== 0) throw gitFailure(cwd, args, created);
    return { file, refs };
  } catch (error) {
    input.warn(`bundling the kept work (${refs.join(', ')}) failed: ${(error as Error).message}`);
    return null;
  }
}
