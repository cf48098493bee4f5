import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { describeConfig } from '../../../src/config/describe.js';
import { loadConfig } from '../../../src/config/load.js';

const dirs: string[] = [];
afterAll(async () => {
  await Promise.all(dirs.map((d) => rm(d, { recursive: true, force: true })));
});

describe('describeConfig', () => {
  it('says when only defaults apply and lists every key once', async () => {
    const cwd = await mkdtemp(join(tmpdir(), 'harness-describe-'));
    dirs.push(cwd);
    const loaded = await loadConfig({ cwd });
    const lines = describeConfig(loaded).trimEnd().split('\n');
    expect(lines[0]).toBe('no config file, defaults');
    expect(lines.slice(1)).toHaveLength(Object.keys(loaded.sources).length);
    expect(lines.find((l) => l.startsWith('session.max_iterations '))).toMatch(/ = 25 +\(default\)$/);
    expect(lines.some((l) => l.startsWith('prompt.file ') && l.includes('(not set)'))).toBe(true);
  });

  it('shows the file, values as JSON, sources, and aligns the columns', async () => {
    const cwd = await mkdtemp(join(tmpdir(), 'harness-describe-'));
    dirs.push(cwd);
    await writeFile(join(cwd, 'harness.toml'), '[session]\nprompt_file = "TASK.md"\n');
    const text = describeConfig(await loadConfig({ cwd, overrides: { 'watchdog.stale_timeout_mins': 0.5 } }));
    const lines = text.trimEnd().split('\n');
    expect(lines[0]).toBe(`config file: ${join(cwd, 'harness.toml')}`);
    const line = (key: string): string => lines.find((l) => l.startsWith(`${key} `)) ?? '';
    expect(line('session.prompt_file')).toMatch(/= "TASK\.md" +\(file\)$/);
    expect(line('watchdog.stale_timeout_mins')).toMatch(/= 0\.5 +\(flag\)$/);
    expect(line('retry.max_empty_retries')).toMatch(/= 2 +\(default\)$/);
    expect(line('agent.env')).toMatch(/= \{\} +\(default\)$/);
    // Every "=" sits in one column, and every short value's source starts in one column.
    const equals = new Set(lines.slice(1).map((l) => l.indexOf(' = ')));
    expect(equals.size).toBe(1);
    const shortRows = lines
      .slice(1)
      .filter((l) => !l.startsWith('agent.args') && !l.startsWith('commit_detection'));
    expect(new Set(shortRows.map((l) => l.lastIndexOf('('))).size).toBe(1);
  });
});
