// The files an agent's session may not write, and what it did to them. Review mode reads back, as decisions and
// as prompts, files that live in the working tree where every agent can write: the planfile (which tasks are
// done), progress.json (every try, what runs next), mistakes.json, the reviews (the architect's verdicts), the
// templates and personas (what the next sessions are told), and the harness's configuration. Everything under
// `.harness/` is the harness's, except `techdebt.md` and `log.md` (the developer's) and, in the architect's
// session, the review and mistakes files of its own try. The harness takes a snapshot before each session and
// compares after it (owned-snapshot.ts reads and restores); this module is the pure comparison and its words.
import { posix } from 'node:path';

export type OwnedEntry =
  | { kind: 'dir'; mode: number }
  /** `content` is null when it was not read: the size already differs from the snapshot's (or no snapshot had it). */
  | { kind: 'file'; mode: number; size: number; content: Buffer | null }
  | { kind: 'symlink'; target: string }
  | { kind: 'other' };

/** Every owned entry by its path relative to the project root, with `/`. */
export type OwnedSnapshot = ReadonlyMap<string, OwnedEntry>;

export type OwnedChangeKind = 'created' | 'changed' | 'deleted';
export interface OwnedChange {
  path: string;
  change: OwnedChangeKind;
}

/** `.harness/` files that are not the harness's: the developer keeps these. */
export const DEVELOPER_FILES = ['.harness/techdebt.md', '.harness/log.md'] as const;

export function sameEntry(a: OwnedEntry, b: OwnedEntry): boolean {
  switch (a.kind) {
    case 'dir':
      return b.kind === 'dir' && a.mode === b.mode;
    case 'file':
      return (
        b.kind === 'file' &&
        a.mode === b.mode &&
        a.size === b.size &&
        a.content !== null &&
        b.content !== null &&
        a.content.equals(b.content)
      );
    case 'symlink':
      return b.kind === 'symlink' && a.target === b.target;
    case 'other':
      return b.kind === 'other';
  }
}

/** What changed between two snapshots, by path; `allowed` paths (and what is under them) are left out. */
export function diffOwned(
  before: OwnedSnapshot,
  after: OwnedSnapshot,
  allowed: readonly string[] = [],
): OwnedChange[] {
  const ok = (path: string) => allowed.some((a) => path === a || path.startsWith(`${a}/`));
  const changes: OwnedChange[] = [];
  for (const [path, entry] of after) {
    if (ok(path)) continue;
    const old = before.get(path);
    // A directory made on the way to an allowed file (the reviews directory of a plan's first review).
    if (old === undefined && entry.kind === 'dir' && allowed.some((a) => a.startsWith(`${path}/`))) continue;
    if (old === undefined) changes.push({ path, change: 'created' });
    else if (!sameEntry(old, entry)) changes.push({ path, change: 'changed' });
  }
  for (const path of before.keys())
    if (!after.has(path) && !ok(path)) changes.push({ path, change: 'deleted' });
  return changes.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
}

/**
 * The changes to name: a directory created or deleted with what is in it is named by its contents (the files say
 * more than the directory), each once.
 */
export function leafChanges(changes: readonly OwnedChange[]): OwnedChange[] {
  return changes.filter(
    (c) => !changes.some((child) => child.change === c.change && child.path.startsWith(`${c.path}/`)),
  );
}

/** Whose file a path is, in the words the harness gives the developer and the log. */
export function ownerOf(path: string): string {
  const parts = path.split('/');
  if (parts[0] !== '.harness') return "it is the harness's configuration";
  if (parts[1] === 'plans' && parts[3] === 'reviews') return 'only the architect writes the reviews';
  if (parts[1] === 'plans') return "only the harness writes the plan's state";
  return "it is the harness's (templates, personas and settings)";
}

const MAX_LISTED = 6;

function listed(changes: readonly OwnedChange[]): string {
  const top = leafChanges(changes);
  const shown = top
    .slice(0, MAX_LISTED)
    .map((c) => `${c.path} (${c.change}: ${ownerOf(c.path)})`)
    .join('; ');
  return top.length > MAX_LISTED ? `${shown}; and ${top.length - MAX_LISTED} more` : shown;
}

/** Why a developer's try fails when its session touched owned files, and what its next prompt is told. */
export function tampering(changes: readonly OwnedChange[]): { why: string; notice: string } {
  const list = listed(changes);
  return {
    why: `the developer's session touched files it may not write: ${list}. The harness put them back`,
    notice:
      `The harness failed your previous try before its gate: your session touched files the developer may not ` +
      `write: ${list}. The harness put them back. In .harness/ only ${DEVELOPER_FILES.map((f) => posix.basename(f)).join(' and ')} ` +
      "are yours: the harness keeps the plan's state and settings, and the architect writes the reviews.\n",
  };
}

/** The log's words for an architect's session that touched owned files besides its review. */
export function architectTampering(changes: readonly OwnedChange[]): string {
  return `the architect's session touched files it may not write: ${listed(changes)}. The harness put them back`;
}
