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
 * Writes the redacted transcripts of sessions up to `upTo` into `stage/transcripts/`; the names written, each with
 * its session. An output directory that is not there stages nothing.
 */
export async function stageTranscripts(
  archive: TranscriptArchive,
  upTo: number,
  stage: string,
): Promise<Map<string, number>> {
  const staged = new Map<string, number>();
  for (const entry of await readdir(archive.dir, { withFileTypes: true }).catch(() => [])) {
    const session = entry.isFile() ? sessionOf(entry.name, archive.prefix) : null;
    if (session !== null && session <= upTo) staged.set(entry.name, session);
  }
  if (staged.size > 0) await mkdir(join(stage, ARCHIVE_DIR), { recursive: true });
  for (const name of staged.keys()) {
    const text = await readFile(join(archive.dir, name), 'utf8');
    await writeFile(join(stage, ARCHIVE_DIR, name), archive.redact(text));
  }
  return staged;
}

/**
 * What a save keeps of the archive: the branch's earlier transcripts (`entries`: the key's folder at the base
 * commit) that this save did not stage anew, and the sessions dropped as older than the newest `keep` (staged
 * names among them are to be left out too).
 */
export function archivePlan(
  entries: readonly TreeEntry[],
  staged: ReadonlyMap<string, number>,
  archive: Pick<TranscriptArchive, 'prefix' | 'keep'>,
): { carried: TreeEntry[]; dropped: Set<string> } {
  const lead = `${ARCHIVE_DIR}/`;
  // The branch's transcripts this save did not stage anew, each with its session.
  const earlier = entries.flatMap((entry) => {
    const name = entry.path.startsWith(lead) ? entry.path.slice(lead.length) : null;
    const session = name === null || staged.has(name) ? null : sessionOf(name, archive.prefix);
    return session === null ? [] : [{ entry, session }];
  });
  const sessions = new Set([...earlier.map(({ session }) => session), ...staged.values()]);
  const newest = [...sessions].sort((a, b) => b - a);
  const kept = new Set(archive.keep === null ? newest : newest.slice(0, archive.keep));
  return {
    carried: earlier.filter(({ session }) => kept.has(session)).map(({ entry }) => entry),
    dropped: new Set([...staged].filter(([, session]) => !kept.has(session)).map(([name]) => name)),
  };
}
