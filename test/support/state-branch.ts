// Shared by the state branch tests: a bare `origin` on disk with one commit on main, clones of it, and in each
// clone a workspace of the real state files (counter, task list, event log, metrics database) with a
// BranchStateStore over them; what the tests write and read back. Hermetic git (no user configuration).
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, expect } from 'vitest';
import { MetricsStore } from '../../src/metrics/store.js';
import { readProcTable } from '../../src/os/process-group.js';
import type { TranscriptArchive } from '../../src/platform/github/state/branch-archive.js';
import { BranchStateStore } from '../../src/platform/github/state/branch-store.js';
import { stateFiles } from '../../src/platform/github/state/files.js';
import type { StateFile } from '../../src/platform/github/state/stage.js';
import { hermeticGit } from './hermetic-git.js';
import { sampleFacts } from './metrics-facts.js';

export const BRANCH = 'agent-harness/state';

export const git = (cwd: string, ...args: string[]) =>
  execFileSync('git', args, { cwd, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] }).trim();

const task = (id: string, status: string) => ({
  id,
  title: `Task ${id}`,
  status,
  priority: 'P1',
  depends_on: [],
  attempts: status === 'pending' ? 0 : 1,
  max_attempts: 3,
  started_at_commit: null,
  validation: { command: 'true', timeout_seconds: 60 },
  on_failure: { cleanup: null },
  error_log: [],
  checkpoints: [],
  completed_at: status === 'completed' ? '2026-01-01T00:00:00Z' : null,
});
export const taskList = (status: string) =>
  `${JSON.stringify({
    version: 2,
    created: '2026-01-01T00:00:00Z',
    session_config: { max_tasks_per_session: 20, max_sessions: 50 },
    tasks: [task('task-001', status)],
  })}\n`;

export interface Workspace {
  dir: string;
  warnings: string[];
  store: BranchStateStore;
}

export function fill(
  dir: string,
  counter: number,
  events: string[],
  sessions: number[],
  status: string,
): void {
  writeFileSync(join(dir, '.iteration_counter'), `${counter}\n`);
  writeFileSync(join(dir, 'events.jsonl'), events.map((line) => `${line}\n`).join(''));
  writeFileSync(join(dir, 'harness-tasks.json'), taskList(status));
  const db = MetricsStore.open(join(dir, 'harness-metrics.db'));
  try {
    for (const n of sessions) db.record(sampleFacts(n), 'loop');
  } finally {
    db.close();
  }
}

export const read = (dir: string, name: string) => readFileSync(join(dir, name), 'utf8');
export const sessionKeys = (dir: string) => {
  const db = MetricsStore.open(join(dir, 'harness-metrics.db'), { readonly: true });
  try {
    return [...db.sessions()].map((row) => row.key).sort();
  } finally {
    db.close();
  }
};
export const keysOf = (...ns: number[]) => ns.map((n) => sampleFacts(n).key).sort();
export const statusOf = (tasks: string) =>
  (JSON.parse(tasks) as { tasks: Array<{ status: string }> }).tasks[0]!.status;

/** Registers the file's hermetic git and its check that every git the store started has ended. */
export function stateBranchKit(prefix: string) {
  const scratch = hermeticGit(prefix);
  // The suite's leak check covers harness processes only: no child of this worker may outlive its test.
  afterEach(() => {
    expect(readProcTable().filter((proc) => proc.ppid === process.pid && !proc.zombie)).toEqual([]);
  });

  function origin(): string {
    const root = mkdtempSync(join(scratch[0]!, 'repo-'));
    const bare = join(root, 'origin.git');
    git(root, 'init', '-q', '--bare', '-b', 'main', bare);
    const seed = join(root, 'seed');
    git(root, 'clone', '-q', bare, seed);
    git(seed, 'config', 'user.name', 'User');
    git(seed, 'config', 'user.email', 'user@example.com');
    writeFileSync(join(seed, 'README.md'), 'hello\n');
    git(seed, 'add', 'README.md');
    git(seed, 'commit', '-q', '-m', 'initial');
    git(seed, 'push', '-q', 'origin', 'main');
    return bare;
  }

  let clones = 0;
  function clone(bare: string): string {
    const dir = join(bare, '..', `clone-${++clones}`);
    git(join(bare, '..'), 'clone', '-q', bare, dir);
    return dir;
  }

  function workspace(
    dir: string,
    key = 'loop',
    options: {
      extra?: StateFile[];
      maxCommits?: number;
      token?: string;
      remote?: string;
      serverUrl?: string;
      transcripts?: TranscriptArchive;
    } = {},
  ): Workspace {
    const warnings: string[] = [];
    const files = [
      ...stateFiles({
        cwd: dir,
        counter: join(dir, '.iteration_counter'),
        status: join(dir, 'harness.status'),
        eventLog: join(dir, 'events.jsonl'),
        metricsDb: join(dir, 'harness-metrics.db'),
      }),
      ...(options.extra ?? []),
    ];
    const store = new BranchStateStore({
      repo: dir,
      files,
      key,
      run: { id: '100', attempt: '1' },
      warn: (message) => warnings.push(message),
      scratch: scratch[0]!,
      token: options.token ?? null,
      ...(options.remote ? { remote: options.remote } : {}),
      ...(options.serverUrl ? { serverUrl: options.serverUrl } : {}),
      ...(options.maxCommits ? { maxCommits: options.maxCommits } : {}),
      ...(options.transcripts ? { transcripts: options.transcripts } : {}),
    });
    return { dir, warnings, store };
  }

  return { origin, clone, workspace };
}
