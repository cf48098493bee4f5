// What the session guard watches: `.harness/` and the configuration file, but not the developer's techdebt.md and
// log.md, nor the harness's own files that it writes while a session runs (transcripts, event log, status, the
// plan's lock) when they are configured under `.harness/`. A session's changes are put back and returned.
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { configSchema } from '../../../../src/config/schema.js';
import { ownedWalk, SessionGuard } from '../../../../src/review/cycle/session-guard.js';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function project() {
  const cwd = mkdtempSync(join(tmpdir(), 'guard-'));
  dirs.push(cwd);
  const plan = join(cwd, '.harness', 'plans', 'p');
  mkdirSync(plan, { recursive: true });
  writeFileSync(join(plan, 'planfile.json'), '{"status":"doing"}\n');
  writeFileSync(join(cwd, 'harness.yml'), 'review: {}\n');
  const config = configSchema.parse({
    session: { output_dir: '.harness/transcripts', status_file: '.harness/harness.status' },
    output: { event_log: '.harness/events.jsonl' },
  });
  const setup = {
    cwd,
    config,
    configFile: join(cwd, 'harness.yml'),
    planLock: join(plan, 'progress.json.lock'),
  };
  return { cwd, plan, setup };
}

describe('the session guard', () => {
  it("watches .harness/ and the configuration file, not the developer's files nor the harness's own", () => {
    const { setup } = project();
    const walk = ownedWalk(setup);
    expect(walk.roots).toEqual(['.harness', 'harness.yml']);
    for (const path of [
      '.harness/techdebt.md',
      '.harness/log.md',
      '.harness/transcripts/claude-iteration-3.jsonl',
      '.harness/harness.status',
      '.harness/events.jsonl',
      '.harness/plans/p/progress.json.lock',
    ])
      expect(walk.skip(path), path).toBe(true);
    for (const path of [
      '.harness/plans/p/planfile.json',
      '.harness/plans/p/progress.json',
      '.harness/transcripts/notes.md',
      '.harness/prompts/review.md.tmpl',
    ])
      expect(walk.skip(path), path).toBe(false);
  });

  it('puts back what a session changed, keeps what it may write, and says what it did', async () => {
    const { cwd, plan, setup } = project();
    const guard = new SessionGuard(setup);
    const before = await guard.before();
    writeFileSync(join(plan, 'planfile.json'), '{"status":"done"}\n');
    writeFileSync(join(cwd, 'harness.yml'), 'review: {allow_gate_changes: true}\n');
    writeFileSync(join(cwd, '.harness', 'log.md'), 'entry\n');
    mkdirSync(join(plan, 'reviews'));
    writeFileSync(join(plan, 'reviews', 't-1-review.md'), 'Result: PASS\n');
    const changes = await guard.after(before, ['.harness/plans/p/reviews/t-1-review.md']);
    expect(changes).toEqual([
      { path: '.harness/plans/p/planfile.json', change: 'changed' },
      { path: 'harness.yml', change: 'changed' },
    ]);
    expect(readFileSync(join(plan, 'planfile.json'), 'utf8')).toBe('{"status":"doing"}\n');
    expect(readFileSync(join(cwd, 'harness.yml'), 'utf8')).toBe('review: {}\n');
    expect(readFileSync(join(cwd, '.harness', 'log.md'), 'utf8')).toBe('entry\n');
    expect(readFileSync(join(plan, 'reviews', 't-1-review.md'), 'utf8')).toBe('Result: PASS\n');
  });
});
