// Runs the harness on the quickstart in a scratch git repository: no account, no network. By default it runs this
// checkout's dist/cli.js, which is self-contained: on Node.js 22.13 or newer nothing needs installing. On an older
// Node.js it runs `npm install` (the project's dependencies bring Node.js 24) and runs itself again with that Node.
// AGENT_HARNESS_BIN names another agent-harness executable (an installed one) instead.
import { execFileSync, spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdtempSync, readFileSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { QUICKSTART_NODE, quickstartNodeProblem } from './node-version.mjs';

const here = dirname(fileURLToPath(import.meta.url));
const root = join(here, '..', '..');
const cli = join(root, 'dist', 'cli.js');
const bin = process.env.AGENT_HARNESS_BIN;
const problem = bin ? null : quickstartNodeProblem(process.versions.node);
process.exitCode = problem ? withProjectNode(problem) : quickstart();

/** On a Node.js too old for dist/: the project's own Node.js (the `node` dev dependency) runs this script again. */
function withProjectNode(problem) {
  const node = join(root, 'node_modules', '.bin', 'node');
  if (process.env.AGENT_HARNESS_QUICKSTART_AGAIN) {
    console.error(
      `${problem}, even as ${node}: install Node.js ${QUICKSTART_NODE} or newer (https://nodejs.org)`,
    );
    return 1;
  }
  console.log(`${problem}.`);
  if (!existsSync(node)) {
    console.log(`$ npm install   # in ${root}: the project's dependencies bring Node.js 24\n`);
    const install = spawnSync('npm', ['install', '--no-audit', '--no-fund'], { cwd: root, stdio: 'inherit' });
    if (install.status !== 0 || !existsSync(node)) {
      const why = install.error ? install.error.message : `exit code ${install.status}`;
      console.error(
        `npm install did not bring ${node} (${why}): install Node.js ${QUICKSTART_NODE} or newer ` +
          '(https://nodejs.org), then run npm run quickstart again',
      );
      return 1;
    }
  }
  console.log(
    `Running the quickstart again with the project's Node.js: ${node} ${fileURLToPath(import.meta.url)}\n`,
  );
  const again = spawnSync(node, [fileURLToPath(import.meta.url), ...process.argv.slice(2)], {
    stdio: 'inherit',
    env: { ...process.env, AGENT_HARNESS_QUICKSTART_AGAIN: '1' },
  });
  if (again.error) console.error(`Could not run ${node}: ${again.error.message}`);
  return again.status ?? 1;
}

function quickstart() {
  const harness = (args, options) =>
    bin ? spawnSync(bin, args, options) : spawnSync(process.execPath, [cli, ...args], options);
  const work = mkdtempSync(join(tmpdir(), 'agent-harness-quickstart-'));
  for (const name of ['agent.mjs', 'harness.yml', 'PROMPT.md'])
    copyFileSync(join(here, name), join(work, name));
  const git = (...args) => execFileSync('git', args, { cwd: work, stdio: 'ignore' });
  git('init', '-q');
  git('config', 'user.name', 'Quickstart');
  git('config', 'user.email', 'quickstart@example.invalid');
  git('add', '-A');
  git('commit', '-q', '-m', 'chore: quickstart scratch repository');

  console.log(`Scratch repository: ${work}\n`);
  const run = harness(process.argv.slice(2), { cwd: work, stdio: 'inherit' });
  if (run.error) console.error(`Could not run ${bin ?? cli}: ${run.error.message}`);
  console.log('\n$ agent-harness --status');
  harness(['--status'], { cwd: work, stdio: 'inherit' });
  console.log('\n$ agent-harness metrics status');
  harness(['metrics', 'status'], { cwd: work, stdio: 'inherit' });
  console.log(
    '\nTranscripts:',
    readdirSync(work)
      .filter((f) => f.startsWith('claude-iteration-'))
      .join(' '),
  );
  console.log('Commits:\n' + execFileSync('git', ['log', '--oneline'], { cwd: work, encoding: 'utf8' }));
  const events = readFileSync(join(work, 'harness-events.jsonl'), 'utf8').trim().split('\n');
  console.log(`Event log: ${events.length} events, last: ${events.at(-1)}`);
  return run.status ?? 1;
}
