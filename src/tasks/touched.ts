// Task mode touches only what the task touched. At the claim the working tree is recorded (claim.ts) and the
// user's uncommitted tracked changes are kept aside (stash.ts); the task's commit then takes only what the task
// made or changed, a rollback removes only the untracked paths it made (untracked.ts) and rewinds tracked files
// to base, and afterwards the kept-aside changes are given back. The loaded config file, the prompt file,
// harness-init.sh and `.harness/` are never removed. Without a claim record (a task claimed by an older harness,
// or in another checkout) nothing untracked is removed: what existed before is not known.
import { git } from '../os/git.js';
import type { HarnessGitView } from '../state/index.js';
import {
  existedBefore,
  listUntracked,
  literalSpecs,
  removeClaim,
  snapshotTree,
  someNames,
  writeClaim,
  type ClaimRecord,
  type Place,
} from './claim.js';
import { commitAll, hasUncommittedChanges, userFiles } from './git.js';
import { shortHash } from './progress.js';
import { keepAttempt, type Attempt } from './keep.js';
import { rollback } from './rollback.js';
import { clearKeptAside, giveBack, keepAside } from './stash.js';
import { removeNewUntracked } from './untracked.js';

/** Where the task runs and what it must leave alone. */
export interface TaskTree {
  place: Place;
  harness: HarnessGitView;
  /** The user's files never removed (claim.ts protectedPaths). */
  protect: string[];
}

/**
 * Records the tree for `task` and keeps the user's tracked changes aside (the record first, written atomically,
 * then the changes taken out of the tree: a harness killed between the two finds them in both places).
 */
export async function claimTree(tree: TaskTree, task: string, now: string): Promise<ClaimRecord> {
  const { cwd } = tree.place;
  const snapshot = await snapshotTree(cwd, tree.harness);
  const stash = await keepAside(cwd, task, tree.harness, tree.protect);
  const record: ClaimRecord = { version: 1, task, claimed_at: now, tree: snapshot, stash };
  await writeClaim(cwd, record);
  if (stash) await clearKeptAside(cwd, stash);
  return record;
}

/** The progress line for a claim that kept tracked changes aside, or null when there were none. */
export function claimNote(record: ClaimRecord): string | null {
  const stash = record.stash;
  if (!stash) return null;
  const stayed = stash.paths.filter((p) => !stash.cleared.includes(p));
  return (
    `tracked changes present at claim (${stash.paths.length} path(s): ${someNames(stash.paths)}) kept aside in ` +
    `${stash.ref}; given back after the task` +
    (stayed.length > 0 ? `; ${someNames(stayed)} stay in the tree, left out of the task's commit` : '')
  );
}

/** Pathspecs of what is not the task's: untracked and ignored paths from before it, protected files left dirty. */
function notTheTask(record: ClaimRecord): string[] {
  const stash = record.stash;
  const stayed = stash ? stash.paths.filter((p) => !stash.cleared.includes(p)) : [];
  return literalSpecs([...record.tree.untracked, ...record.tree.ignored, ...stayed]);
}

/** Whether the task left work: tracked changes, or untracked paths that were not there at the claim. */
export async function taskHasChanges(tree: TaskTree, record: ClaimRecord | null): Promise<boolean> {
  const { cwd } = tree.place;
  if (!record) return hasUncommittedChanges(cwd, tree.harness);
  const stash = record.stash;
  const stayed = stash ? stash.paths.filter((p) => !stash.cleared.includes(p)) : [];
  const status = await git(cwd, [
    'status',
    '--porcelain',
    '--untracked-files=no',
    '--',
    ...userFiles(tree.harness),
    ...literalSpecs(stayed, 'top,exclude,literal'),
  ]);
  if (status.trim() !== '') return true;
  const existed = existedBefore(record.tree);
  return (await listUntracked(cwd, tree.harness)).some((p) => !existed(p));
}

/** Commits what the task made or changed, and nothing else. */
export function commitTask(
  tree: TaskTree,
  message: string,
  record: ClaimRecord | null,
): Promise<string | null> {
  return commitAll(tree.place.cwd, message, tree.harness, record ? notTheTask(record) : []);
}

export interface RollbackReport {
  removed: string[];
  kept: string[];
  /** Made by the task but never removed (claim.ts protectedPaths). */
  spared: string[];
  /** No claim record: nothing untracked was removed. */
  unknown: boolean;
  /** The ref the attempt's work was kept on (keep.ts); null: nothing to keep; `error`: git failed. */
  wip?: string | null | { error: string };
}

/**
 * Rolls the task back to `base`: tracked files rewound, the untracked paths the task made removed; with `attempt`,
 * the attempt's work is first kept on a ref of its own (keep.ts).
 */
export async function rollbackTask(
  tree: TaskTree,
  base: string,
  record: ClaimRecord | null,
  attempt?: Attempt,
): Promise<RollbackReport> {
  const wip = attempt ? { wip: await keepAttempt(tree, record, attempt) } : {};
  await rollback(tree.place.cwd, base, tree.harness, { protect: tree.protect, clean: false });
  if (!record) {
    return {
      removed: [],
      kept: await listUntracked(tree.place.cwd, tree.harness),
      spared: [],
      unknown: true,
      ...wip,
    };
  }
  const outcome = await removeNewUntracked(tree.place, tree.harness, record.tree, tree.protect);
  return { ...outcome, unknown: false, ...wip };
}

/** `git reset --hard abc1234; removed 2 untracked path(s) the task made: a, b/; kept 3 untracked path(s): …` */
export function rollbackLine(base: string, report: RollbackReport): string {
  const parts = [`git reset --hard ${shortHash(base)}`];
  const wip = report.wip;
  const kept =
    typeof wip === 'string'
      ? `work kept in ${wip} (git checkout ${wip} -- .)`
      : wip
        ? `work not kept: ${wip.error}`
        : null;
  if (report.unknown) {
    parts.push(
      `no untracked path removed: no record of what existed at the claim` +
        (report.kept.length > 0 ? ` (kept ${report.kept.length}: ${someNames(report.kept)})` : ''),
    );
    return [...parts, ...(kept ? [kept] : [])].join('; ');
  }
  parts.push(
    report.removed.length > 0
      ? `removed ${report.removed.length} untracked path(s) the task made: ${someNames(report.removed)}`
      : 'removed no untracked path',
  );
  if (report.kept.length > 0) {
    parts.push(
      `kept ${report.kept.length} untracked path(s) from before the task: ${someNames(report.kept)}`,
    );
  }
  if (report.spared.length > 0) {
    parts.push(`kept ${report.spared.length} the harness never removes: ${someNames(report.spared)}`);
  }
  if (kept) parts.push(kept);
  return parts.join('; ');
}

/**
 * After the task (committed, rolled back, or never worked on): the kept-aside changes given back, the record
 * removed. `force` after a rollback: every path back as the user had it. Returns the progress lines to write.
 */
export async function settleClaim(
  tree: TaskTree,
  record: ClaimRecord,
  options: { force: boolean },
): Promise<string[]> {
  const lines: string[] = [];
  const stash = record.stash;
  if (stash) {
    const back = await giveBack(tree.place.cwd, stash, options);
    const given = back.restored.filter((p) => !back.conflicts.includes(p));
    if (given.length > 0 || back.conflicts.length === 0) {
      lines.push(`tracked changes from before the task given back (${someNames(stash.paths)})`);
    }
    if (back.conflicts.length > 0) {
      lines.push(
        `tracked changes from before the task to ${someNames(back.conflicts)} not given back: the task changed ` +
          `them too; they are as the task left them, yours are in ${stash.ref} ` +
          `(git stash apply --index ${stash.ref})`,
      );
    }
  }
  await removeClaim(tree.place.cwd, record.task);
  return lines;
}
