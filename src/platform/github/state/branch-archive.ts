// A state branch's archive of the sessions' transcripts (the `state-branch-transcripts` input, issue 28): kept in
// the key's folder under `transcripts/`, a record that is never restored into the workspace (the store's restore
// skips the folder). Each save adds the transcripts of the sessions numbered up to the one it saves for,
// redacted as the artifact's are, keeps the branch's earlier ones by their blob (neither read nor hashed again),
// and keeps the newest `keep` sessions' (null: all). A transcript is a file the loop names `PREFIX-N.jsonl` or
// `PREFIX-N.prompt.md` in the output directory; anything else there is left out, and so is a number past the
// session saved (an agent can write in that directory).
import { readdir, readFile, writeFile, mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import type { TreeEntry } from './branch-git.js';

/** The archive's folder inside the key's folder. */
export const ARCHIVE_DIR = 'transcripts';

export interface TranscriptArchive {
  /** The loop's output directory and transcript prefix. */
  dir: string;
  prefix: string;
  /** The newest sessions kept; null: every one. */
  keep: number | null;
  /** Masks every secret (the Action's redactor). */
  redact: (text: string) => string;
}

const escaped = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The session a transcript's file name belongs to, or null when it is not a transcript of `prefix`. */
export function sessionOf(name: string, prefix: string): number | null {
  const match = new RegExp(`^${escaped(prefix)}-(\\d{1,9})\\.(?:jsonl|prompt\\.md)$`).exec(name);
  return match ? Number(match[1]) : null;
}

/**
 * Writes the redacted transcripts of sessions up to `upTo` into `stage/transcripts/`; the names written.
 * An output directory that is not there stages nothing.
 */
export async function stageTranscripts(
  archive: TranscriptArchive,
  upTo: number,
  stage: string,
): Promise<Set<string>> {
  const names = (await readdir(archive.dir, { withFileTypes: true }).catch(() => []))
    .filter((entry) => entry.isFile())
    .map((entry) => entry.name)
    .filter((name) => {
      const n = sessionOf(name, archive.prefix);
      return n !== null && n <= upTo;
    });
  if (names.length > 0) await mkdir(join(stage, ARCHIVE_DIR), { recursive: true });
  for (const name of names) {
    const text = await readFile(join(archive.dir, name), 'utf8');
    await writeFile(join(stage, ARCHIVE_DIR, name), archive.redact(text));
  }
  return new Set(names);
}

/**
 * What a save keeps of the archive: the branch's earlier transcripts (`entries`: the key's folder at the base
 * commit) that this save did not stage anew, and the sessions dropped as older than the newest `keep` (staged
 * names among them are to be left out too).
 */
export function archivePlan(
  entries: readonly TreeEntry[],
  staged: ReadonlySet<string>,
  archive: Pick<TranscriptArchive, 'prefix' | 'keep'>,
): { carried: TreeEntry[]; dropped: Set<string> } {
  const sessionOfPath = (path: string) =>
    path.startsWith(`${ARCHIVE_DIR}/`) ? sessionOf(path.slice(ARCHIVE_DIR.length + 1), archive.prefix) : null;
  const earlier = entries.filter(
    (entry) => sessionOfPath(entry.path) !== null && !staged.has(entry.path.slice(ARCHIVE_DIR.length + 1)),
  );
  const sessions = new Set<number>();
  for (const entry of earlier) sessions.add(sessionOfPath(entry.path) ?? 0);
  for (const name of staged) sessions.add(sessionOf(name, archive.prefix) ?? 0);
  const newest = [...sessions].sort((a, b) => b - a);
  const kept = new Set(archive.keep === null ? newest : newest.slice(0, archive.keep));
  const dropped = new Set([...staged].filter((name) => !kept.has(sessionOf(name, archive.prefix) ?? 0)));
  return { carried: earlier.filter((entry) => kept.has(sessionOfPath(entry.path) ?? 0)), dropped };
}
