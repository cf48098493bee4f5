// The README's first command on a fresh clone: `npm run quickstart` with no `npm install` before it. On a Node.js
// of 22.13 or newer (here the project's own) run.mjs runs the committed dist/ as it is: the quickstart completes
// and nothing is installed. On an older one (a real Node 20, when the machine has one) it runs itself again with the
// project's Node: here the clone's node_modules/.bin/node is already there, as `npm install` leaves it (the install
// itself needs the network; the decision is test/unit/examples/quickstart-node.test.ts). A clone holds the files
// git tracks: a new file run.mjs needs fails here until it is added.
import { randomBytes } from 'node:crypto';
import { execFileSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { hermeticGit } from '../support/hermetic-git.js';
import { markedProcesses } from '../support/processes.js';
import { ROOT } from '../support/workdir.js';
import { userEnv } from './npm.js';
import { findOldNode } from './old-node.js';
import { quickstart } from './quickstart.js';

const scratch = hermeticGit('agent-harness-quickstart-clone-');
const mark = `quickstart-clone-${randomBytes(6).toString('hex')}`;

/** A copy of the repository as a clone has it, in a directory of its own: the files git tracks, no node_modules. */
function freshClone(): { root: string; clone: string } {
  const root = mkdtempSync(join(tmpdir(), 'agent-harness-quickstart-clone-'));
  scratch.push(root);
  const clone = join(root, 'clone');
  for (const path of tracked.filter((p) => existsSync(join(ROOT, p)))) {
    mkdirSync(dirname(join(clone, path)), { recursive: true });
    cpSync(join(ROOT, path), join(clone, path));
  }
  return { root, clone };
}

let tracked: string[];
beforeAll(() => {
  tracked = execFileSync('git', ['ls-files', '-z'], { cwd: ROOT, encoding: 'utf8' })
    .split('\0')
    .filter(Boolean);
});

describe("the README's first command, `npm run quickstart`, on a fresh clone", () => {
  it('runs the committed dist/ on the Node.js at hand, with no install: three sessions and their history', async () => {
    const { root, clone } = freshClone();
    expect(existsSync(join(clone, 'dist', 'cli.js'))).toBe(true);
    const run = await quickstart('npm', ['run', 'quickstart'], clone, root, userEnv(mark));
    expect(run.exitCode, run.output).toBe(0);
    expect(run.output).toContain('Loop completed: 3 productive iterations');
    expect(run.output).toContain('Last 3 of 3 sessions');
    expect(run.transcripts).toEqual([
      'claude-iteration-0.jsonl',
      'claude-iteration-1.jsonl',
      'claude-iteration-2.jsonl',
    ]);
    expect(run.output).not.toContain('npm install');
    expect(existsSync(join(clone, 'node_modules'))).toBe(false);
    expect(markedProcesses(mark)).toEqual([]);
  });

  it("on a Node.js older than 22.13, says so and runs itself again with the project's Node", async (ctx) => {
    const old = findOldNode();
    if (old === null)
      ctx.skip('no Node.js older than 22 on this machine (install the node-20 devDependency)');
    const { root, clone } = freshClone();
    // What `npm install` leaves: the `node` dev dependency's executable, the Node running this test standing for it.
    const projectNode = join(clone, 'node_modules', '.bin', 'node');
    mkdirSync(dirname(projectNode), { recursive: true });
    symlinkSync(process.execPath, projectNode);
    const runMjs = join(clone, 'examples', 'quickstart', 'run.mjs');
    const run = await quickstart(old!.node, [runMjs], clone, root, userEnv(mark));
    expect(run.exitCode, run.output).toBe(0);
    expect(run.output).toContain(
      `this is Node.js ${old!.version}; the quickstart needs 22.13.0 or newer (node:sqlite, for the session history)`,
    );
    expect(run.output).toContain(
      `Running the quickstart again with the project's Node.js: ${projectNode} ${runMjs}`,
    );
    expect(run.output).toContain('Last 3 of 3 sessions');
    expect(run.transcripts).toHaveLength(3);
    expect(markedProcesses(mark)).toEqual([]);
  });
});
