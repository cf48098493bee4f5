// Reading what build.sh and verify.sh are now (gate-changes.ts compares it with the plan's baseline): lstat for
// what is at the path, the content's hash read through it, the exec bit. A FIFO or a directory is never opened for
// reading. The baseline is taken when the plan's first loop begins and kept in progress.json.
import { createHash } from 'node:crypto';
import { constants } from 'node:fs';
import { lstat, open, readlink } from 'node:fs/promises';
import { join } from 'node:path';
import { runGit } from '../os/git.js';
import { GATE_SCRIPTS, type GateBaseline, type GateStates, type ScriptState } from './gate-changes.js';

const MISSING: ScriptState = { kind: 'missing', sha256: null, executable: false, target: null };

/** What is at `root/script` now. */
export async function readScriptState(root: string, script: string): Promise<ScriptState> {
  const path = join(root, script);
  let link;
  try {
    link = await lstat(path);
  } catch {
    return MISSING;
  }
  const kind = link.isFile() ? 'file' : link.isSymbolicLink() ? 'symlink' : 'other';
  const target = link.isSymbolicLink() ? await readlink(path).catch(() => null) : null;
  let sha256: string | null = null;
  let executable = false;
  if (kind !== 'other') {
    // Through a symlink, but never blocking on a FIFO, and only a regular file's content.
    const handle = await open(path, constants.O_RDONLY | constants.O_NONBLOCK).catch(() => null);
    if (handle) {
      try {
        const info = await handle.stat();
        if (info.isFile()) {
          executable = (info.mode & 0o111) !== 0;
          sha256 = createHash('sha256')
            .update(await handle.readFile())
            .digest('hex');
        }
      } finally {
        await handle.close();
      }
    }
  }
  return { kind, sha256, executable, target };
}

export async function readGateStates(root: string): Promise<GateStates> {
  const [build, verify] = await Promise.all(GATE_SCRIPTS.map((script) => readScriptState(root, script)));
  return { 'build.sh': build!, 'verify.sh': verify! };
}

/**
 * The scripts as they are when a task begins. `commit` is HEAD when both are committed there as they are, so the
 * harness can say how to see or undo a change; null outside git or otherwise.
 */
export async function takeGateBaseline(root: string): Promise<GateBaseline> {
  return { commit: await committedAt(root), scripts: await readGateStates(root) };
}

async function committedAt(root: string): Promise<string | null> {
  try {
    const head = await runGit(root, ['rev-parse', '--verify', '-q', 'HEAD']);
    if (head.code !== 0) return null;
    const tracked = await runGit(root, ['ls-files', '--error-unmatch', '--', ...GATE_SCRIPTS]);
    if (tracked.code !== 0) return null;
    const diff = await runGit(root, ['diff', '--quiet', 'HEAD', '--', ...GATE_SCRIPTS]);
    return diff.code === 0 ? head.stdout.trim() || null : null;
  } catch {
    return null;
  }
}
