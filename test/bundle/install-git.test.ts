// The README's install command, from a git repository: the same `npm install -g` line with this clone (its HEAD)
// in place of github:OWNER/agent-harness#v1, into a scratch prefix outside the clone; then `agent-harness
// --version` and the quickstart from that install. npm installs a git dependency its own way (it clones it, and
// with some scripts present first installs its dev dependencies there), so this is not the tarball test again.
import { randomBytes } from 'node:crypto';
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { beforeAll, describe, expect, it } from 'vitest';
import { hermeticGit } from '../support/hermetic-git.js';
import { markedProcesses } from '../support/processes.js';
import { ROOT } from '../support/workdir.js';
import { installGlobal, readmeInstall, userEnv } from './npm.js';
import { runQuickstart } from './quickstart.js';

const run = promisify(execFile);
const scratch = hermeticGit('agent-harness-install-git-');
const mark = `install-git-${randomBytes(6).toString('hex')}`;
const version = (JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { version: string }).version;
const REPOSITORY = 'github:OWNER/agent-harness#v1';

const readme = readFileSync(join(ROOT, 'README.md'), 'utf8');
let root: string;
let prefix: string;
let env: NodeJS.ProcessEnv;

beforeAll(async () => {
  root = mkdtempSync(join(tmpdir(), 'agent-harness-install-git-'));
  scratch.push(root);
  env = userEnv(mark);
  prefix = join(root, 'prefix');
  const { flags } = readmeInstall(readme);
  // This clone's HEAD, as one commit: npm clones a git dependency three times, and the whole history (every dist/
  // ever committed) cost 20 s of CPU in git-upload-pack alone.
  const repository = join(root, 'repository');
  await run('git', ['clone', '-q', '--depth', '1', `file://${ROOT}`, repository]);
  await installGlobal(`git+file://${repository}`, prefix, root, env, flags);
}, 600_000);

describe("the README's install command, from a git repository", () => {
  it('names the repository and ref the Action is used at', () => {
    expect(readmeInstall(readme).spec).toBe(REPOSITORY);
    expect(readme).toContain(`uses: ${REPOSITORY.replace('github:', '').replace('#', '@')}`);
  });

  it('installs an agent-harness that prints the package version and runs the quickstart', async () => {
    const bin = join(prefix, 'bin', 'agent-harness');
    const { stdout } = await run(bin, ['--version'], { cwd: root, env });
    expect(stdout.trim()).toBe(version);
    const quickstart = await runQuickstart(bin, root, env);
    expect(quickstart.exitCode, quickstart.output).toBe(0);
    expect(quickstart.output).toContain('Loop completed: 3 productive iterations');
    expect(quickstart.transcripts).toHaveLength(3);
    expect(quickstart.counter).toBe('3');
    expect(quickstart.commits).toHaveLength(4);
    expect(markedProcesses(mark)).toEqual([]);
  });
});
