// The job summary's "State" section: where the loop's state lives after this run (a cache key, or the state
// branch's commit and the key's folder), how large it is, whether it moved here from the other store this run or
// a save had to merge another job's state, and for the branch the plain git commands to inspect and reset it.
import { escapeMarkdown, formatBytes } from './format.js';

export interface StateSummary {
  /** Where the state lives, in words (the store's `location`). */
  location: string;
  bytes: number | null;
  merged: boolean;
  /** Where the state came from this run when it moved between stores; null: it did not. */
  movedFrom: string | null;
  /** The state branch's name, the key's folder and its commit after the save; null: the cache. */
  branch: { name: string; folder: string; commit: string | null } | null;
}

/** A word for a POSIX shell: as it is when it is plain, else single-quoted. */
const sh = (word: string) => (/^[\w./%@:~-]+$/.test(word) ? word : `'${word.replaceAll("'", "'\\''")}'`);

export function stateSummaryMarkdown(state: StateSummary): string {
  const lines = ['### State', ''];
  const size = state.bytes !== null ? `, ${formatBytes(state.bytes)}` : '';
  lines.push(`Kept in ${escapeMarkdown(state.location)}${size}.`);
  if (state.movedFrom)
    lines.push('', `Moved this run from ${escapeMarkdown(state.movedFrom)}: saved here from now on.`);
  if (state.merged)
    lines.push('', "A save had to merge another job's state first (both jobs' sessions are kept).");
  const branch = state.branch;
  if (branch) {
    const name = sh(branch.name);
    const folder = sh(branch.folder);
    const path = sh(`FETCH_HEAD:${branch.folder}/`);
    lines.push(
      '',
      'Inspect it:',
      '',
      '```sh',
      `git fetch origin ${name} && git show ${path}`,
      '```',
      '',
      `Reset it: \`git push origin --delete ${name}\` (every key's state), or remove the folder \`${branch.folder}/\` ` +
        'in a commit on the branch (this key only):',
      '',
      '```sh',
      `git fetch origin ${name} && git switch --detach FETCH_HEAD && git rm -r -q ${folder} && ` +
        `git commit -m "reset ${folder}" && git push origin HEAD:${name}`,
      '```',
    );
  }
  return lines.join('\n');
}
