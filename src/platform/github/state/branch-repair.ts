// A state branch's unusable files (hand-edited, truncated: the file's `check` throws) replaced, before a restore
// applies them, by the last usable copy in the branch's history: the branch is fetched deeper (its last `depth`
// commits), the commits that changed the file are read newest first, and the first copy that passes takes the
// bad one's place in the stage. The warning names the file, what is wrong with it and which commit's copy is used
// instead; the next save writes that copy back, which repairs the branch. With no usable copy left, the file is
// left out of the restore (the workspace's own file is kept) and the warning says so.
import { existsSync } from 'node:fs';
import { rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { commitsChanging, fetchHistory, fileAt, type BranchGit } from './branch-git.js';
import type { StateFile } from './stage.js';

const problemOf = (check: (path: string) => Promise<void>, path: string): Promise<string | null> =>
  check(path).then(
    () => null,
    (error: unknown) => (error instanceof Error ? error.message : String(error)),
  );

/** Replaces each unusable staged file of `folder` at `commit` with its last usable copy (see the header). */
export async function repairStaged(input: {
  g: BranchGit;
  files: readonly StateFile[];
  commit: string;
  folder: string;
  stage: string;
  depth: number;
  warn: (message: string) => void;
}): Promise<void> {
  const { g, folder, stage, warn } = input;
  let tip: string | null | undefined;
  for (const file of input.files) {
    const staged = join(stage, file.name);
    if (!file.check || !existsSync(staged)) continue;
    const problem = await problemOf(file.check, staged);
    if (problem === null) continue;
    const path = `${folder}/${file.name}`;
    const where = `${path} on the state branch ${g.branch} (commit ${input.commit.slice(0, 12)})`;
    const why = problem.replaceAll(staged, path);
    tip ??= await fetchHistory(g, input.depth);
    let found: { commit: string; date: string } | null = null;
    for (const change of tip ? await commitsChanging(g, tip, path) : []) {
      const bytes = await fileAt(g, change.commit, path);
      if (!bytes) continue;
      await writeFile(staged, bytes);
      if ((await problemOf(file.check, staged)) === null) {
        found = change;
        break;
      }
    }
    if (found) {
      warn(
        `${where} is not usable (${why}); restored its last usable copy instead, from commit ` +
          `${found.commit.slice(0, 12)} of ${found.date} (the next save writes it back)`,
      );
    } else {
      await rm(staged, { force: true });
      warn(
        `${where} is not usable (${why}) and no earlier copy in the branch's last ${input.depth} commits is; ` +
          `keeping ${file.path} (the next save replaces the branch's copy)`,
      );
    }
  }
}
