// The agent's user reaches the working tree through POSIX ACLs, so nothing of the user's files changes that
// later steps could notice (owner, group, mode bits): at the run's start every file and directory of the tree
// gets an entry for the agent's user (read and write, and a default entry so new files inherit it), each
// ancestor directory it could not pass through gets a search-only entry, and the harness's own files get
// none (the agent reads them as anyone else may; it cannot write them). Files the harness makes later are
// created 0644 or tighter, which masks the inherited entry to read-only. After each session, everything the
// agent's user created is handed back to the harness's user; at the run's end every entry is removed and the
// ACLs the user had before (rare: read with getfacl first) are put back. Needs setfacl/getfacl (the `acl`
// package).
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { existsSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import type { AgentUser } from './agent-user.js';
import { setfaclTree } from './acl-walk.js';
import { runAsRoot } from './privilege.js';
import { runCommand } from './run-command.js';

export interface TreeGrant {
  root: string;
  /** The ACLs the tree had before (getfacl's dump), to put back; '' when none had any. */
  before: string;
  /** Ancestors given a search entry, and whether each had an ACL of its own before. */
  ancestors: Array<{ dir: string; hadAcl: boolean }>;
}

/** Directories above `root` that `uid` cannot search by their mode bits (it owns none of them). */
function closedAncestors(root: string, uid: number): string[] {
  const closed: string[] = [];
  for (let dir = dirname(root); ; dir = dirname(dir)) {
    const stat = statSync(dir);
    if (stat.uid !== uid && (stat.mode & 0o001) === 0) closed.push(dir);
    if (dir === dirname(dir)) break;
  }
  return closed;
}

async function aclDump(paths: readonly string[], recursive: boolean): Promise<string> {
  const args = ['--absolute-names', '--skip-base', '--physical', ...(recursive ? ['-R'] : []), ...paths];
  const result = await runCommand('getfacl', args);
  if (result.code !== 0 && result.stdout === '') throw new Error(`getfacl failed: ${result.stderr.trim()}`);
  return result.stdout;
}

/**
 * Gives the agent's user the tree at `root`; `protect` are the harness's files in it (existing ones only).
 * `planned` learns the grant before any entry is made (the run's record: isolation-record.ts).
 */
export async function grantTree(
  user: AgentUser,
  root: string,
  protect: readonly string[],
  planned: (grant: TreeGrant) => void = () => undefined,
): Promise<TreeGrant> {
  const before = await aclDump([root], true);
  const ancestors = await Promise.all(
    closedAncestors(root, user.uid).map(async (dir) => ({
      dir,
      hadAcl: (await aclDump([dir], false)).trim() !== '',
    })),
  );
  const grant: TreeGrant = { root, before, ancestors };
  planned(grant);
  for (const { dir } of ancestors) await runAsRoot(user.privilege, ['setfacl', '-m', `u:${user.uid}:x`, dir]);
  const entries = [`u:${user.uid}:rwX`, `d:u:${user.uid}:rwX`];
  // A harness that is not root must keep reaching what the agent creates until it is handed back.
  if (user.owner.uid !== 0) entries.push(`d:u:${user.owner.uid}:rwX`);
  await setfaclTree(user.privilege, ['-P', '-m', entries.join(','), root]);
  const existing = protect.filter((path) => existsSync(path));
  if (existing.length > 0) await runAsRoot(user.privilege, ['setfacl', '-x', `u:${user.uid}`, ...existing]);
  return grant;
}

/** Hands everything the agent's user created or took in the tree back to the harness's user. */
export async function handBack(user: AgentUser, root: string): Promise<void> {
  const owner = `${user.owner.uid}:${user.owner.gid}`;
  await runAsRoot(user.privilege, [
    'find',
    root,
    // The harness's own atomic writes (a status .tmp renamed into place) come and go while it walks: a name gone
    // before find looks at it is no error (it failed the run once, "No such file or directory").
    '-ignore_readdir_race',
    '-xdev',
    '(',
    '-user',
    String(user.uid),
    '-o',
    '-group',
    String(user.gid),
    ')',
    '-exec',
    'chown',
    '-h',
    owner,
    '{}',
    '+',
  ]);
}

/**
 * Removes every entry grantTree made and puts back the ACLs the tree had; a tree or ancestor that is gone is
 * skipped. An ancestor loses the user's entry alone, and its whole ACL only when it had none before and no other
 * user's entry is left: another run may pass through the same directory.
 */
export async function revokeTree(user: AgentUser, grant: TreeGrant): Promise<void> {
  if (existsSync(grant.root)) {
    await setfaclTree(user.privilege, ['-P', '-b', '-k', grant.root]);
    if (grant.before.trim() !== '') await restoreAcls(user, grant.before);
  }
  for (const { dir, hadAcl } of grant.ancestors) {
    if (!existsSync(dir)) continue;
    await runAsRoot(user.privilege, ['setfacl', '-x', `u:${user.uid}`, dir]);
    if (!hadAcl && !NAMED_ENTRY.test(await aclDump([dir], false)))
      await runAsRoot(user.privilege, ['setfacl', '-b', dir]);
  }
}

/** A named user's or group's entry in getfacl's output (`user::rwx` is the owner's, not a named one). */
const NAMED_ENTRY = /^(?:default:)?(?:user|group):[^:\n]+:/m;

async function restoreAcls(user: AgentUser, dump: string): Promise<void> {
  const dir = await mkdtemp(join(tmpdir(), 'agent-harness-acl-'));
  try {
    const file = join(dir, 'acl');
    await writeFile(file, dump, { mode: 0o600 });
    await runAsRoot(user.privilege, ['setfacl', `--restore=${file}`]);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
