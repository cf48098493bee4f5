// The README's first command on a fresh clone: `npm run quickstart` with no `npm install` before it. On a Node.js
// of 22.13 or newer (here the project's own) run.mjs runs the committed dist/ as it is: the quickstart completes
// and nothing is installed. (On an older Node.js it installs first: test/unit/examples/quickstart-node.test.ts.)
import { randomBytes } from 'node:crypto';
import { execFileSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { hermeticGit } from '../support/hermetic-git.js';
import { markedProcesses } from '../support/processes.js';
import { ROOT } from '../support/workdir.js';
import { userEnv } from './npm.js';
import { runNpmQuickstart } from './quickstart.js';

const scratch = hermeticGit('agent-harness-quickstart-clone-');
const mark = `quickstart-clone-${randomBytes(6).toString('hex')}`;

let root: string;
let clone: string;

beforeAll(() => {
  root = mkdtempSync(join(tmpdir(), 'agent-harness-quickstart-clone-'));
  scratch.push(root);
  // What a clone holds: the files git tracks (as they are in this checkout), and no node_modules.
  clone = join(root, 'clone');
  const tracked = execFileSync('git', ['ls-files', '-z'], { cwd: ROOT, encoding: 'utf8' }).split('\0');
  for (const path of tracked.filter((p) => p !== '' && existsSync(join(ROOT, p)))) {
    mkdirSync(dirname(join(clone, path)), { recursive: true });
    cpSync(join(ROOT, path), join(clone, path));
  }
});

describe("the README's first command, `npm run quickstart`, on a fresh clone", () => {
  it('runs the committed dist/ on the Node.js at hand, with no install: three sessions and their history', async () => {
    expect(existsSync(join(clone, 'dist', 'cli.js'))).toBe(true);
    const quickstart = await runNpmQuickstart(clone, root, userEnv(mark));
    expect(quickstart.exitCode, quickstart.output).toBe(0);
    expect(quickstart.output).toContain('Loop completed: 3 productive iterations');
    expect(quickstart.output).toContain('Last 3 of 3 sessions');
    expect(quickstart.transcripts).toEqual([
      'claude-iteration-0.jsonl',
      'claude-iteration-1.jsonl',
      'claude-iteration-2.jsonl',
    ]);
    expect(quickstart.output).not.toContain('npm install');
    expect(existsSync(join(clone, 'node_modules'))).toBe(false);
    expect(markedProcesses(mark)).toEqual([]);
  });
});
