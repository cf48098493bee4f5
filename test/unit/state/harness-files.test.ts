// The harness's own files as git pathspecs and ignore patterns: relative to the repository's top, outside files
// left out, glob characters in names escaped.
import { describe, expect, it } from 'vitest';
import { configSchema } from '../../../src/config/schema.js';
import { resolvePaths } from '../../../src/state/paths.js';
import { harnessFiles, harnessGitView, inFamily } from '../../../src/state/harness-files.js';

const view = (session: Record<string, unknown>, cwd: string, prefix: string, lockDir?: string) =>
  harnessGitView(
    harnessFiles(
      resolvePaths(configSchema.parse({ session }), cwd),
      lockDir === undefined ? {} : { lockDir },
    ),
    cwd,
    prefix,
  );

describe('harnessGitView', () => {
  it('the default layout at the top: every state file, the metrics database, transcripts (compressed too) and prompt copies, temp files', () => {
    const v = view({}, '/repo', '');
    expect(v.ignorePatterns).toEqual([
      '/.iteration_counter',
      '/harness.status',
      '/harness-tasks.json',
      '/harness-tasks.json.bak',
      '/harness-progress.txt',
      '/harness-init.log',
      '/harness-events.jsonl',
      '/harness-metrics.db',
      '/harness-metrics.db-wal',
      '/harness-metrics.db-shm',
      '/harness-metrics.db-journal',
      '/STOP',
      '/harness.status.lock',
      '/claude-iteration-[0-9]*.jsonl',
      '/claude-iteration-[0-9]*.jsonl.gz',
      '/claude-iteration-[0-9]*.jsonl.zst',
      '/.claude-iteration-*.tmp',
      '/claude-iteration-[0-9]*.prompt.md',
      '/harness-tasks.json.corrupt-[0-9]*',
      '/harness.status.lock.reclaim-*',
      '/..iteration_counter.[0-9]*.tmp',
      '/.harness.status.[0-9]*.tmp',
      '/.harness-tasks.json.[0-9]*.tmp',
      '/.harness-tasks.json.bak.[0-9]*.tmp',
      '/.harness.status.lock.[0-9]*.tmp',
    ]);
    expect(v.pathspecs).toContain(':(top,literal).iteration_counter');
    expect(v.pathspecs).toContain(':(top,glob)claude-iteration-[0-9]*.jsonl');
    expect(v.excludes).toContain(':(top,exclude,literal)harness-tasks.json');
    expect(v.excludes).toHaveLength(v.pathspecs.length);
  });

  it('a working directory below the top; a lock and an output_dir outside the repository are left out', () => {
    const v = view({ output_dir: '/var/logs' }, '/repo/pkg', 'pkg/', '/tmp/harness-1234abcd.lock');
    expect(v.ignorePatterns).toContain('/pkg/harness-tasks.json');
    expect(v.pathspecs.some((p) => p.includes('claude-iteration') || p.includes('1234abcd'))).toBe(false);
    expect(view({ output_dir: '../logs' }, '/repo/pkg', 'pkg/').ignorePatterns).toContain(
      '/logs/claude-iteration-[0-9]*.jsonl',
    );
    expect(view({ output_dir: '../../logs' }, '/repo/pkg', 'pkg/').ignorePatterns.join()).not.toContain(
      'claude-iteration',
    );
  });

  it('the instance lock beside the status file, its takeover markers and its temp files are harness files', () => {
    const v = view({}, '/repo', '');
    expect(v.ignorePatterns).toContain('/harness.status.lock');
    expect(v.ignorePatterns).toContain('/harness.status.lock.reclaim-*');
    expect(v.ignorePatterns.some((p) => p.startsWith('/.harness.status.lock.') && p.endsWith('.tmp'))).toBe(
      true,
    );
  });

  it('a lock directory inside the repository is excluded whole', () => {
    const v = view({}, '/repo', '', '/repo/.locks/harness-1.lock');
    expect(v.pathspecs).toContain(':(top,glob).locks/harness-1.lock/**');
    expect(v.ignorePatterns).toContain('/.locks/harness-1.lock/');
  });

  it('glob characters in names are escaped; literal pathspecs need none', () => {
    const v = view({ output_dir: 'out[1]', counter_file: 'count*er' }, '/repo', '');
    expect(v.ignorePatterns).toContain('/out\\[1\\]/claude-iteration-[0-9]*.jsonl');
    expect(v.ignorePatterns).toContain('/count\\*er');
    expect(v.pathspecs).toContain(':(top,literal)count*er');
    expect(v.pathspecs).toContain(':(top,glob)out\\[1\\]/claude-iteration-[0-9]*.jsonl');
  });
});

describe('inFamily', () => {
  it("names the same files as the families' git globs: a digit after the prefix, unless any middle is allowed", () => {
    const files = harnessFiles(resolvePaths(configSchema.parse({}), '/repo'));
    const member = (name: string) => files.families.some((family) => inFamily(family, name));
    for (const name of [
      'claude-iteration-0.jsonl',
      'claude-iteration-12.jsonl.gz',
      '.claude-iteration-x.tmp',
    ])
      expect(member(name), name).toBe(true);
    for (const name of ['claude-iteration-notes.jsonl', 'claude-iteration-.jsonl', 'notes.jsonl'])
      expect(member(name), name).toBe(false);
  });
});
