// Around every agent session of the review cycle: a snapshot of the files the agent may not write (owned-files.ts:
// `.harness/` but for the developer's techdebt.md and log.md, and the harness's configuration file) before the
// session, and after it the comparison and the restore of every entry it created, changed or deleted. The harness's
// own files that a session legitimately writes while it runs (transcripts, status, event log, locks, when they are
// configured under `.harness/`) are left out. What the caller does with the changes is its decision: a developer's
// try fails, an architect's is logged.
import { relative, resolve, sep } from 'node:path';
import type { Config } from '../../config/index.js';
import { harnessDir } from '../layout.js';
import { DEVELOPER_FILES, diffOwned, type OwnedChange, type OwnedSnapshot } from '../owned-files.js';
import { restoreOwned, snapshotOwned, type OwnedWalk } from '../owned-snapshot.js';
import { harnessFiles, type HarnessFiles } from '../../state/index.js';
import { resolvePaths } from '../../state/index.js';
import { within } from '../../os/path-within.js';

export interface GuardSetup {
  cwd: string;
  config: Config;
  /** The configuration file the run loaded, if any. */
  configFile?: string | null;
  /** The plan's lock (a second `loop` may touch it while a session runs). */
  planLock: string;
}

/** `path` relative to `cwd` with `/`, as the snapshot names it. */
export const projectPath = (cwd: string, path: string): string => relative(cwd, path).split(sep).join('/');

/** Whether an absolute path is one of the harness's own files (state/harness-files.ts). */
function isHarnessFile(files: HarnessFiles, path: string): boolean {
  if (files.files.some((f) => resolve(f) === path)) return true;
  if (files.dirs.some((d) => within(resolve(d), path))) return true;
  return files.families.some((family) => {
    const dir = resolve(family.dir);
    if (!path.startsWith(`${dir}${sep}`)) return false;
    const name = path.slice(dir.length + 1);
    return (
      !name.includes(sep) &&
      name.startsWith(family.before) &&
      name.endsWith(family.after) &&
      name.length >= family.before.length + family.after.length
    );
  });
}

export function ownedWalk(setup: GuardSetup): OwnedWalk {
  const { cwd } = setup;
  const files = harnessFiles(resolvePaths(setup.config, cwd), { locks: [setup.planLock] });
  const developer = new Set<string>(DEVELOPER_FILES);
  const roots = [projectPath(cwd, harnessDir(cwd))];
  if (setup.configFile) roots.push(projectPath(cwd, resolve(cwd, setup.configFile)));
  return {
    cwd,
    roots,
    skip: (path) => developer.has(path) || isHarnessFile(files, resolve(cwd, path)),
  };
}

export class SessionGuard {
  private readonly walk: OwnedWalk;

  constructor(setup: GuardSetup) {
    this.walk = ownedWalk(setup);
  }

  /** The owned files before a session. */
  before(): Promise<OwnedSnapshot> {
    return snapshotOwned(this.walk);
  }

  /**
   * After the session: what it did to the owned files, `allowed` paths aside (the architect's review and mistakes
   * of its try), every change already put back.
   */
  async after(before: OwnedSnapshot, allowed: readonly string[] = []): Promise<OwnedChange[]> {
    const now = await snapshotOwned(this.walk, before);
    const changes = diffOwned(before, now, allowed);
    if (changes.length > 0) await restoreOwned(this.walk.cwd, before, changes);
    return changes;
  }
}
