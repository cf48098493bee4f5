// When the CLI replaces itself to set its heap flag (src/cli/relaunch.ts): only for a command that supervises
// agents for a long time, and never when the flag is already given or the relaunch is turned off.
import { describe, it } from 'vitest';
import { relaunchFlag, relaunchNeeded, streamsBulk, supervisesAgents } from '../../../src/cli/relaunch.js';

describe('supervisesAgents', () => {
  const cases: Array<[string[], boolean]> = [
    [[], true],
    [['-q', '5'], true],
    [['--config', 'x.yml', '--task', 'a'], true],
    [['loop', 'plan-1'], true],
    [['plan', 'make it'], true],
    [['worker', 'run', 'dir'], true],
    [['--version'], false],
    [['-h'], false],
    [['--dry-run'], false],
    [['--status'], false],
    [['--print-schema'], false],
    [['plan', 'status', 'p1'], false],
    [['loop', '--help'], false],
    [['worker', 'session', 'dir'], false],
    [['worker', 'ls'], false],
    [['tasks', 'list'], false],
    [['metrics', 'export'], false],
    [['attach'], false],
    [['brief'], false],
    // Global flags before the subcommand (command-line.ts), and a typo (an error, nothing supervised).
    [['-q', 'plan', 'x', '--headless'], true],
    [['-c', 'ci.yml', 'plan', 'status', 'p1'], false],
    [['-c', 'ci.yml', 'tasks', 'status'], false],
    [['-q', 'worker', 'run', 'dir'], true],
    [['task', 'init'], false],
  ];
  for (const [argv, expected] of cases)
    it(`${JSON.stringify(argv)} -> ${expected}`, ({ expect }) =>
      expect(supervisesAgents(argv)).toBe(expected));
});

describe('relaunchNeeded', () => {
  it('not when turned off, nor when the flag is on the command line or in NODE_OPTIONS', ({ expect }) => {
    expect(relaunchNeeded([], [], {})).toBe(true);
    expect(relaunchNeeded([], [], { AGENT_HARNESS_NO_RELAUNCH: '1' })).toBe(false);
    expect(relaunchNeeded([], ['--max-semi-space-size=1'], {})).toBe(false);
    expect(relaunchNeeded([], [], { NODE_OPTIONS: '--enable-source-maps --max-semi-space-size=2' })).toBe(
      false,
    );
    expect(relaunchNeeded(['--version'], [], {})).toBe(false);
  });

  it('for the commands that stream a history or transcripts of any size, not for the short ones', ({
    expect,
  }) => {
    for (const argv of [
      ['metrics', 'ingest', 'a.jsonl'],
      ['metrics', 'export', '--format', 'csv'],
      ['metrics', 'rebuild'],
      ['self-improvement', 'backfill', '--from', '1'],
      ['-c', 'ci.yml', 'metrics', 'ingest', 'a.jsonl'],
    ]) {
      expect(streamsBulk(argv), argv.join(' ')).toBe(true);
      expect(relaunchNeeded(argv, [], {}), argv.join(' ')).toBe(true);
      expect(relaunchNeeded(argv, [], { AGENT_HARNESS_NO_RELAUNCH: '1' })).toBe(false);
      expect(relaunchNeeded(argv, ['--max-semi-space-size=1'], {})).toBe(false);
      // Larger semi-spaces than a supervisor's: 1 MiB promoted the chunks' strings to the old generation.
      expect(relaunchFlag(argv), argv.join(' ')).toBe('--max-semi-space-size=4');
    }
    for (const argv of [[], ['loop', 'x'], ['plan', 'y'], ['worker', 'run', 'd']])
      expect(relaunchFlag(argv), argv.join(' ')).toBe('--max-semi-space-size=1');
    for (const argv of [
      ['metrics', 'status'],
      ['metrics', 'export', '--help'],
      ['metrics'],
      ['tasks', 'list'],
    ])
      expect(relaunchNeeded(argv, [], {}), argv.join(' ')).toBe(false);
  });
});
