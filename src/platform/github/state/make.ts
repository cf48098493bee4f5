// The one place a state store is made from the Action's inputs, for main's restore and saves, a worker-supervise
// run's and post's final save alike: the Actions cache's (store.ts) or the state branch's (branch-store.ts).
//
// Moving between stores: the store chosen restores first; when it has nothing for the key, the other store is
// asked once, and what it had becomes this run's state (saved to the chosen store from then on), so switching
// `state-store` loses nothing. With `branch`, that is the cache. With `cache`, it is the branch if origin has one:
// quietly (a remote without the branch, or none reachable, is no warning to someone who never used the branch).
//
// The branch store talks to origin's URL as main read it before the first session (handed to post through its
// state): the agent may rewrite origin meanwhile. Its token is the github-token input, its server the job's
// GITHUB_SERVER_URL (the token's header goes to that host only).
import * as actionsCache from '@actions/cache';
import type { GitHubContext } from '../context.js';
import { BranchStateStore } from './branch-store.js';
import type { StateFile } from './stage.js';
import { CacheStateStore, cacheTimeoutMs, type CacheClient, type StateStore } from './store.js';

export interface StoreChoice {
  kind: 'cache' | 'branch';
  /** The state branch (state-branch input). */
  branch: string;
  /** origin's URL as main read it before any session; null: the work tree has no origin. */
  remoteUrl: string | null;
  /** With the branch: the transcripts archived on it too (absent or null: none; keep null: every session's). */
  transcripts?: { dir: string; prefix: string; keep: number | null } | null;
}

export interface StoreContext {
  cache: CacheClient;
  files: readonly StateFile[];
  /** The workspace (the cache's stage directory lives in it). */
  workspace: string;
  /** The repository the branch store works in (the working directory). */
  repo: string;
  key: string;
  run: { id: string; attempt: string };
  /** The github-token input ('' none: git's own credentials). */
  token: string;
  serverUrl: string;
  /** Where the branch store's stage directories go (the runner's temp directory). */
  scratch: string;
  cacheTimeoutMs: number;
  warn: (message: string) => void;
  info: (message: string) => void;
  /** Masks every secret (an archived transcript goes through it). */
  redact: (text: string) => string;
}

/** What the summary says of a store: where the state lives and how to look at it. */
export interface StoreReport {
  location: string;
  bytes: number | null;
  merged: boolean;
  /** The state came from the other store this run (where from, in words); null: it did not. */
  movedFrom: string | null;
  /** With the branch store: the branch and the key's folder, for the git commands to inspect and reset it. */
  branch: { name: string; folder: string; commit: string | null } | null;
}

/** The store of a job's step: the real cache client, the job's run, server and temp directory. */
export function actionStateStore(
  choice: StoreChoice,
  job: {
    gh: GitHubContext;
    files: readonly StateFile[];
    key: string;
    repo: string;
    token: string;
    env: NodeJS.ProcessEnv;
    warn: (message: string) => void;
    info: (message: string) => void;
    redact: (text: string) => string;
  },
): MovingStore {
  const { gh } = job;
  return makeStateStore(choice, {
    ...job,
    cache: actionsCache,
    workspace: gh.workspace,
    run: { id: gh.runId, attempt: gh.runAttempt },
    serverUrl: gh.serverUrl,
    scratch: gh.runnerTemp,
    cacheTimeoutMs: cacheTimeoutMs(job.env),
  });
}

export function makeStateStore(choice: StoreChoice, ctx: StoreContext): MovingStore {
  const cache = new CacheStateStore(
    ctx.cache,
    ctx.files,
    ctx.workspace,
    ctx.key,
    ctx.run,
    choice.kind === 'cache' ? ctx.warn : ctx.info,
    ctx.cacheTimeoutMs,
  );
  const branch = (warn: (message: string) => void) =>
    new BranchStateStore({
      repo: ctx.repo,
      files: ctx.files,
      key: ctx.key,
      run: ctx.run,
      warn,
      info: ctx.info,
      branch: choice.branch,
      ...(choice.remoteUrl !== null ? { url: choice.remoteUrl } : {}),
      token: ctx.token === '' ? null : ctx.token,
      serverUrl: ctx.serverUrl,
      scratch: ctx.scratch,
      transcripts: choice.transcripts ? { ...choice.transcripts, redact: ctx.redact } : null,
    });
  if (choice.kind === 'branch') return new MovingStore(branch(ctx.warn), cache, ctx.info);
  // The branch as the cache's fallback: only with an origin to ask, and never a warning.
  return new MovingStore(cache, choice.remoteUrl !== null ? branch(ctx.info) : null, ctx.info);
}

/** The chosen store, restoring once from the other when it has nothing (see the header). */
export class MovingStore implements StateStore {
  movedFrom: string | null = null;

  constructor(
    readonly primary: CacheStateStore | BranchStateStore,
    private readonly other: CacheStateStore | BranchStateStore | null,
    private readonly info: (message: string) => void,
  ) {}

  get location(): string {
    return this.primary.location;
  }

  get bytes(): number | null {
    return this.primary.bytes ?? (this.movedFrom ? (this.other?.bytes ?? null) : null);
  }

  get merged(): boolean {
    return this.primary.merged;
  }

  async restore(fallbackPrefixes: readonly string[] = []): Promise<string | null> {
    const restored = await this.primary.restore(fallbackPrefixes);
    if (restored || !this.other) return restored;
    const moved = await this.other.restore(fallbackPrefixes);
    if (!moved) return null;
    this.movedFrom = this.other.location;
    this.info(
      `agent-harness: no state in ${this.primary.location}: restored once from ${this.movedFrom}; ` +
        'it is saved to the chosen store from now on',
    );
    return moved;
  }

  save(global: number, suffix?: string): Promise<boolean> {
    return this.primary.save(global, suffix);
  }

  report(): StoreReport {
    const p = this.primary;
    return {
      location: p.location,
      bytes: this.bytes,
      merged: p.merged,
      movedFrom: this.movedFrom,
      branch: p instanceof BranchStateStore ? { name: p.branch, folder: p.folder, commit: p.commit } : null,
    };
  }
}
