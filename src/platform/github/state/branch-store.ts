// The loop's state across runs on a git branch of its own (issue 28), for state that must outlive the Actions
// cache's eviction: an orphan branch (default `agent-harness/state`) of a remote (default `origin`), one folder
// per state key (the key with `%` and `/` escaped), holding the same staged files the cache holds (stage.ts).
//
// - restore: fetch the branch (none yet: no state), copy the key's folder (or the first fallback key's that has
//   one) into a stage directory and apply it through each file's restore, exactly as the cache restore does.
// - a file on the branch that is not usable (its `check` throws: edited by hand) is replaced before the restore
//   by its last usable copy in the branch's history, or left out (branch-repair.ts); a warning names it.
// - save: stage the files (the metrics database compacted into one file by its own stage, metrics.ts), build the
//   branch's tree with the key's folder replaced, commit it by the harness's identity and push it with
//   --force-with-lease against the commit it was built on. A lease, not a fast-forward push, because the branch
//   is squashed past `maxCommits` (a new root, no fast-forward), and a lease alone says "nobody saved
//   meanwhile" for both kinds of commit.
// - a rejected push (another job saved meanwhile): fetch, merge the other job's copy of this key into the local
//   files (merge.ts), restage, rebuild on the new commit, push again; at most `maxAttempts` pushes, then a
//   warning and false. `merged` says a save had to (for the summary).
// - the remote: its URL as given (`url`: the Action's main step reads origin's before any session), else the
//   remote's URL read at the first fetch.
// - credentials: the token given (the Action's github-token input) goes to the fetch and push through their
//   environment only (branch-git.ts); null uses whatever git has (a local remote, a credential helper).
// - transcripts: never in the state files (stateFiles() names none). With `transcripts` (the Action's
//   `state-branch-transcripts`), each save also archives them, redacted, under the folder's `transcripts/`
//   (branch-archive.ts); a restore never reads them.
// Nothing here throws out of restore or save: a failure is a warning and null/false, the local files stay.
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import {
  branchGit,
  commitCount,
  commitState,
  fetchState,
  listFolder,
  pushState,
  readFolder,
  treeWith,
  type BranchGit,
  type TreeEntry,
} from './branch-git.js';
import { ARCHIVE_DIR, archivePlan, stageTranscripts, type TranscriptArchive } from './branch-archive.js';
import { repairStaged } from './branch-repair.js';
import { mergeOne } from './merge.js';
import { applyStaged, freshStage, stageFiles, treeBytes, type StateFile } from './stage.js';
import type { StateStore } from './store.js';

export interface BranchStoreOptions {
  /** The repository the harness runs in (its HEAD, index, branches and work tree are never touched). */
  repo: string;
  files: readonly StateFile[];
  /** The state key: the branch's folder. */
  key: string;
  run: { id: string; attempt: string };
  warn: (message: string) => void;
  /** What is not a warning: a merge's choices. */
  info?: (message: string) => void;
  remote?: string;
  /** The remote's URL, read before any agent ran (the Action's main step): the agent may rewrite the remote. */
  url?: string;
  branch?: string;
  /** The github-token input; null: git's own credentials. */
  token?: string | null;
  serverUrl?: string;
  /** Where stage directories go (the runner's temp directory). */
  scratch?: string;
  /** Past this many commits the next one is a new root (a squash). */
  maxCommits?: number;
  /** Pushes tried before a save gives up. */
  maxAttempts?: number;
  /** Archive the sessions' transcripts on the branch too (null or absent: never). */
  transcripts?: TranscriptArchive | null;
}

/** The key's folder on the branch: one path component, reversible. */
export const folderOf = (key: string): string => key.replaceAll('%', '%25').replaceAll('/', '%2F');

/** Whether the next commit starts a new root: the branch holds `count` commits (null: unknown, made by hand). */
export const squashes = (count: number | null, max: number): boolean => count === null || count >= max;

export class BranchStateStore implements StateStore {
  bytes: number | null = null;
  merged = false;
  /** The branch's commit at the last restore or save; null before either (or when the branch has none). */
  commit: string | null = null;
  private readonly archive: TranscriptArchive | null;
  private readonly g: BranchGit;
  private readonly o: Required<
    Omit<BranchStoreOptions, 'token' | 'transcripts' | 'remote' | 'url' | 'serverUrl'>
  >;

  constructor(options: BranchStoreOptions) {
    this.o = {
      info: () => {},
      branch: 'agent-harness/state',
      scratch: tmpdir(),
      maxCommits: 50,
      maxAttempts: 5,
      ...options,
    };
    this.archive = options.transcripts ?? null;
    this.g = branchGit({
      repo: options.repo,
      remote: options.remote ?? 'origin',
      branch: this.o.branch,
      token: options.token ?? null,
      serverUrl: options.serverUrl ?? 'https://github.com',
    });
    if (options.url !== undefined) this.g.url = options.url;
  }

  get location(): string {
    const at = this.commit ? `@${this.commit.slice(0, 12)}` : '';
    return `branch ${this.o.branch}${at} of ${this.g.remote}, folder ${folderOf(this.o.key)}/`;
  }

  /** The key's folder on the branch. */
  get folder(): string {
    return folderOf(this.o.key);
  }

  get branch(): string {
    return this.o.branch;
  }

  private async withStage<T>(work: (dir: string) => Promise<T>): Promise<T> {
    const dir = await mkdtemp(join(this.o.scratch, 'agent-harness-state-'));
    try {
      return await work(dir);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  }

  /** The key's folder (or the first fallback's) of the fetched commit into `dir`; the folder, or null. */
  private async pull(commit: string, keys: readonly string[], dir: string): Promise<string | null> {
    for (const key of keys) {
      const entries = await listFolder(this.g, commit, folderOf(key));
      if (entries.length === 0) continue;
      await freshStage(dir);
      // The archived transcripts are a record, not state: never read back.
      await readFolder(
        this.g,
        entries.filter((entry) => !entry.path.startsWith(`${ARCHIVE_DIR}/`)),
        dir,
      );
      if (key === this.o.key) this.bytes = entries.reduce((sum, entry) => sum + entry.size, 0);
      return folderOf(key);
    }
    return null;
  }

  async restore(fallbackPrefixes: readonly string[] = []): Promise<string | null> {
    try {
      const commit = await fetchState(this.g);
      if (!commit) return null;
      this.commit = commit;
      return await this.withStage(async (dir) => {
        const folder = await this.pull(commit, [this.o.key, ...fallbackPrefixes], dir);
        if (!folder) return null;
        const depth = this.o.maxCommits;
        await repairStaged({
          g: this.g,
          files: this.o.files,
          commit,
          folder,
          stage: dir,
          depth,
          warn: this.o.warn,
        });
        await applyStaged(this.o.files, dir, this.o.warn);
        return `${this.o.branch}@${commit.slice(0, 12)}:${folder}`;
      });
    } catch (error) {
      this.o.warn(
        `restoring state from branch ${this.o.branch} failed: ${(error as Error).message}; starting from local files`,
      );
      return null;
    }
  }

  async save(global: number, suffix = ''): Promise<boolean> {
    const what = `run ${this.o.run.id}-${this.o.run.attempt} global ${global}${suffix}`;
    try {
      return await this.withStage((dir) => this.saveFrom(dir, what, global));
    } catch (error) {
      this.o.warn(`saving state to branch ${this.o.branch} (${what}) failed: ${(error as Error).message}`);
      return false;
    }
  }

  private async saveFrom(scratch: string, what: string, global: number): Promise<boolean> {
    const stage = join(scratch, 'stage');
    const index = join(scratch, 'index');
    let base = await fetchState(this.g);
    for (let attempt = 1; ; attempt++) {
      await freshStage(stage);
      await stageFiles(this.o.files, stage, this.o.warn);
      const { files, carried, bytes } = await this.withArchive(stage, base, global);
      this.bytes = bytes;
      const tree = await treeWith(this.g, base, folderOf(this.o.key), files, index, carried);
      await rm(index, { force: true });
      const count = base ? await commitCount(this.g, base) : 0;
      const root = !base || squashes(count, this.o.maxCommits);
      const subject = `agent-harness state: ${this.o.key}, ${what}`;
      const commit = await commitState(
        this.g,
        tree,
        root ? null : base,
        subject,
        root ? 1 : (count ?? 0) + 1,
      );
      const pushed = await pushState(this.g, commit, base);
      if (pushed === 'pushed') {
        this.commit = commit;
        return true;
      }
      const now = await fetchState(this.g);
      if (now === base) throw new Error(`the push failed: ${pushed.rejected}`);
      if (attempt >= this.o.maxAttempts) {
        this.o.warn(
          `saving state to branch ${this.o.branch} (${what}): another job saved first ${attempt} times; ` +
            'local state is kept and saved again later',
        );
        return false;
      }
      this.o.info(
        `state branch ${this.o.branch} moved while saving (${what}): merging the other job's state`,
      );
      base = now;
      if (base) await this.mergeFrom(base, join(scratch, 'theirs'));
      this.merged = true;
    }
  }

  /**
   * The staged files to commit, with the archived transcripts when asked: this save's staged, the branch's
   * earlier ones carried by their blob, the oldest past `keep` dropped (branch-archive.ts); and the folder's size.
   */
  private async withArchive(stage: string, base: string | null, global: number) {
    let carried: TreeEntry[] = [];
    if (this.archive) {
      const staged = await stageTranscripts(this.archive, global, stage);
      const plan = archivePlan(base ? await listFolder(this.g, base, this.folder) : [], staged, this.archive);
      carried = plan.carried;
      for (const name of plan.dropped) await rm(join(stage, ARCHIVE_DIR, name));
    }
    const bytes = carried.reduce((sum, entry) => sum + entry.size, await treeBytes(stage));
    return { files: await listStaged(stage), carried, bytes };
  }

  /** The other job's copy of this key, merged into the local files (merge.ts). */
  private async mergeFrom(commit: string, dir: string): Promise<void> {
    if (!(await this.pull(commit, [this.o.key], dir))) return;
    await applyStaged(this.o.files, dir, this.o.warn, (file, theirs) =>
      mergeOne(file, theirs, this.o.warn, this.o.info),
    );
  }
}

/** Every file under the stage (but its .gitignore), as [path in the folder, absolute source]. */
async function listStaged(stage: string): Promise<Array<[string, string]>> {
  const entries = await readdir(stage, { recursive: true, withFileTypes: true });
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) => join(entry.parentPath, entry.name))
    .map((path) => [relative(stage, path).split('\\').join('/'), path] as [string, string])
    .filter(([path]) => path !== '.gitignore')
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
}
