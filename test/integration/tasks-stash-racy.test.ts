// Keeping the user's tracked changes aside works on a copy of the index; git trusts an index entry's stat only for
// files older than the index file itself ("racy git"), so a copy stamped later would pass off a same-size edit made
// in the index's own second as clean, and the task's commit would then sweep the user's edit in. Made exact here
// (not by the luck of a second boundary) with the stat check a user may configure: mtime and size alone.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, it } from 'vitest';
import { NO_HARNESS_FILES } from '../../src/tasks/git.js';
import { keepAside } from '../../src/tasks/stash.js';

describe('the kept-aside changes', () => {
  it("see a same-size edit made in the index's second, with its own stat the same as the committed file's", async ({
    expect,
    onTestFinished,
  }) => {
    const cwd = mkdtempSync(join(tmpdir(), 'ah-racy-'));
    onTestFinished(() => rmSync(cwd, { recursive: true, force: true }));
    const git = (...args: string[]) => execFileSync('git', args, { cwd, encoding: 'utf8' }).trim();
    git('init', '-q', '-b', 'main');
    git('config', 'user.name', 'Test');
    git('config', 'user.email', 'test@example.invalid');
    git('config', 'core.checkStat', 'minimal');
    git('config', 'core.trustctime', 'false');
    const file = join(cwd, 'config.yml');
    writeFileSync(file, 'a: 1\n');
    // Older than the index git writes now: its entry is stored as it is, not smudged as a racy one.
    const mtime = new Date(Date.now() - 60_000);
    utimesSync(file, mtime, mtime);
    git('add', '-A');
    git('commit', '-qm', 'initial');
    // The user's edit: the same size and mtime as the committed file had, in the index's second.
    writeFileSync(file, 'a: 2\n');
    utimesSync(file, mtime, mtime);
    utimesSync(join(cwd, '.git', 'index'), mtime, mtime);
    // (No `git status` here: it would rewrite the index, smudging the racy entry, and hide what is tested.)

    const kept = await keepAside(cwd, 'task-001', NO_HARNESS_FILES, []);
    expect(kept?.paths).toEqual(['config.yml']);
  });
});
