// Runs the harness on the quickstart in a scratch git repository: no account, no network. By default it runs this
// checkout's dist/cli.js; AGENT_HARNESS_BIN names another agent-harness executable (an installed one) instead.
import { execFileSync, spawnSync } from 'node:child_process';
import { copyFileSync, mkdtempSync, readFileSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
const cli = join(here, '..', '..', 'dist', 'cli.js');
const bin = process.env.AGENT_HARNESS_BIN;
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
process.exitCode = run.status ?? 1;
