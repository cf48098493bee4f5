// `attach`: a fresh scaffold, a refusal naming what exists, outdated templates reported, edited ones never
// overwritten (the new default goes beside them), techdebt.md / log.md never overwritten, atomic writes.
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { EXIT } from '../../../src/errors/exit-codes.js';
import { classify, decide } from '../../../src/review/templates/attach-plan.js';
import {
  attach,
  HarnessExistsError,
  LOG_START,
  TECHDEBT_START,
} from '../../../src/review/templates/attach.js';
import {
  contentHash,
  DEFAULT_TEMPLATES,
  TEMPLATE_VERSION,
} from '../../../src/review/templates/templates-defaults.js';

const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});
function project(): string {
  const dir = mkdtempSync(join(tmpdir(), 'ah-attach-'));
  dirs.push(dir);
  return dir;
}
const h = (dir: string, path: string): string => join(dir, '.harness', path);
const read = (dir: string, path: string): string => readFileSync(h(dir, path), 'utf8');
const meta = (dir: string) =>
  JSON.parse(read(dir, 'meta.json')) as { template_version: number; templates: Record<string, string> };

/** Makes `.harness/` look as an older agent-harness (template version 0) left it. */
function ageTemplates(dir: string, paths: readonly string[]): void {
  const m = meta(dir);
  for (const path of paths) {
    const old = `old default of ${path}\n`;
    writeFileSync(h(dir, path), old);
    m.templates[path] = contentHash(old);
  }
  m.template_version = 0;
  writeFileSync(h(dir, 'meta.json'), JSON.stringify(m));
}

async function refusal(dir: string): Promise<HarnessExistsError> {
  const error = await attach({ cwd: dir, force: false, harnessVersion: 't' }).then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(HarnessExistsError);
  return error as HarnessExistsError;
}

describe('attach', () => {
  it('scaffolds a fresh .harness/ with every default, plans/, techdebt, log and meta.json', async () => {
    const dir = project();
    const now = new Date(Date.UTC(2026, 2, 26, 13, 21, 21, 500));
    const result = await attach({ cwd: dir, force: false, harnessVersion: '9.9.9', now });
    expect(result.created).toBe(true);
    for (const t of DEFAULT_TEMPLATES) expect(read(dir, t.path)).toBe(t.content);
    expect(read(dir, 'techdebt.md')).toBe(TECHDEBT_START);
    expect(read(dir, 'log.md')).toBe(LOG_START);
    expect(readdirSync(h(dir, 'plans'))).toEqual([]);
    expect(meta(dir)).toEqual({
      template_version: TEMPLATE_VERSION,
      harness_version: '9.9.9',
      attached: '2026-03-26 13:21:21Z',
      templates: Object.fromEntries(DEFAULT_TEMPLATES.map((t) => [t.path, contentHash(t.content)])),
    });
    // atomic: no temp file left beside anything written
    for (const sub of ['', 'prompts', 'personas'])
      expect(readdirSync(h(dir, sub)).filter((n) => n.endsWith('.tmp'))).toEqual([]);
  });

  it('ends by naming build.sh and verify.sh (what each is for, where, that the gate runs them) and the next command', async () => {
    const dir = project();
    writeFileSync(join(dir, 'verify.sh'), '#!/bin/sh\nnpm test\n', { mode: 0o644 });
    const report = (await attach({ cwd: dir, force: false, harnessVersion: 't' })).report.join('\n');
    expect(report).toContain('The gate\nruns ./build.sh, then ./verify.sh, after every develop session');
    expect(report).toContain('  build.sh: builds the project');
    expect(report).toContain('  verify.sh: runs the tests and checks');
    expect(report).toContain(`build.sh is missing: create ${join(dir, 'build.sh')}`);
    expect(report).toContain('verify.sh is not executable: run chmod +x verify.sh');
    expect(report).toMatch(/Next: agent-harness plan "<what to build>".*agent-harness loop <plan_id>/);
  });

  it('says so when build.sh and verify.sh are already there and executable', async () => {
    const dir = project();
    for (const script of ['build.sh', 'verify.sh'])
      writeFileSync(join(dir, script), '#!/bin/sh\nexit 0\n', { mode: 0o755 });
    const report = (await attach({ cwd: dir, force: false, harnessVersion: 't' })).report;
    expect(report).toContain(
      'build.sh and verify.sh are here and executable: the gate runs ./build.sh, then ./verify.sh, after every develop session.',
    );
    expect(report.join('\n')).not.toContain('missing');
    expect(report.at(-1)).toMatch(/^Next: agent-harness plan/);
  });

  it('refuses without --force, naming what exists, and writes nothing', async () => {
    const dir = project();
    await attach({ cwd: dir, force: false, harnessVersion: 't' });
    writeFileSync(h(dir, 'log.md'), 'mine');
    const error = await refusal(dir);
    expect(error.exitCode).toBe(EXIT.usage);
    expect(error.message).toContain('already exists');
    for (const name of ['prompts/', 'personas/', 'plans/', 'meta.json', 'techdebt.md', 'log.md'])
      expect(error.message).toContain(name);
    expect(error.message).toContain('Every template is current');
    expect(read(dir, 'log.md')).toBe('mine');
  });

  it('on an older template version, lists the outdated templates and which of them were edited', async () => {
    const dir = project();
    await attach({ cwd: dir, force: false, harnessVersion: 't' });
    ageTemplates(dir, ['prompts/develop.md.tmpl', 'prompts/review.md.tmpl']);
    writeFileSync(h(dir, 'prompts/review.md.tmpl'), 'my own review prompt\n');
    const error = await refusal(dir);
    expect(error.message).toContain(
      `Its templates are version 0; this agent-harness ships version ${TEMPLATE_VERSION}`,
    );
    expect(error.message).toContain('prompts/develop.md.tmpl: outdated (untouched)');
    expect(error.message).toContain('prompts/review.md.tmpl: outdated and edited by you');
    expect(error.message).not.toContain('prompts/plan.md.tmpl');
    expect(read(dir, 'prompts/review.md.tmpl')).toBe('my own review prompt\n');
  });

  it('--force replaces untouched outdated templates and never overwrites an edited one: .new beside it', async () => {
    const dir = project();
    await attach({ cwd: dir, force: false, harnessVersion: 't' });
    ageTemplates(dir, ['prompts/develop.md.tmpl', 'prompts/review.md.tmpl']);
    writeFileSync(h(dir, 'prompts/review.md.tmpl'), 'my own review prompt\n');
    const develop = DEFAULT_TEMPLATES.find((t) => t.path === 'prompts/develop.md.tmpl')!;
    const review = DEFAULT_TEMPLATES.find((t) => t.path === 'prompts/review.md.tmpl')!;

    const result = await attach({ cwd: dir, force: true, harnessVersion: 't' });
    expect(read(dir, develop.path)).toBe(develop.content);
    expect(read(dir, review.path)).toBe('my own review prompt\n');
    expect(read(dir, `${review.path}.new`)).toBe(review.content);
    expect(result.report.join('\n')).toContain('prompts/review.md.tmpl: edited by you, kept');
    expect(meta(dir).template_version).toBe(TEMPLATE_VERSION);

    // Once offered, the edited file is simply "edited": a second --force writes no new .new.
    rmSync(h(dir, `${review.path}.new`));
    await attach({ cwd: dir, force: true, harnessVersion: 't' });
    expect(existsSync(h(dir, `${review.path}.new`))).toBe(false);
    expect(read(dir, review.path)).toBe('my own review prompt\n');
  });

  it('--force never overwrites techdebt.md, log.md or plans/, and recreates what is missing', async () => {
    const dir = project();
    await attach({ cwd: dir, force: false, harnessVersion: 't' });
    writeFileSync(h(dir, 'techdebt.md'), '# mine\n');
    writeFileSync(h(dir, 'log.md'), '# my diary\n');
    writeFileSync(h(dir, 'plans/keep.txt'), 'x');
    rmSync(h(dir, 'personas/planner.md'));
    await attach({ cwd: dir, force: true, harnessVersion: 't' });
    expect(read(dir, 'techdebt.md')).toBe('# mine\n');
    expect(read(dir, 'log.md')).toBe('# my diary\n');
    expect(read(dir, 'plans/keep.txt')).toBe('x');
    expect(read(dir, 'personas/planner.md')).toBe(DEFAULT_TEMPLATES[3]!.content);
  });

  it('without a readable meta.json, a differing template counts as edited', async () => {
    const dir = project();
    await attach({ cwd: dir, force: false, harnessVersion: 't' });
    writeFileSync(h(dir, 'meta.json'), '{ broken');
    writeFileSync(h(dir, 'prompts/plan.md.tmpl'), 'custom');
    expect((await refusal(dir)).message).toContain('prompts/plan.md.tmpl: outdated and edited by you');
    await attach({ cwd: dir, force: true, harnessVersion: 't' });
    expect(read(dir, 'prompts/plan.md.tmpl')).toBe('custom');
    expect(read(dir, 'prompts/plan.md.tmpl.new')).toBe(DEFAULT_TEMPLATES[0]!.content);
  });
});

describe('classify', () => {
  const t = { path: 'prompts/x', phase: 'plan' as const, kind: 'prompt' as const, content: 'new' };
  it.each([
    [undefined, {}, 'missing'],
    ['new', {}, 'current'],
    ['old', { 'prompts/x': contentHash('old') }, 'outdated'],
    ['mine', { 'prompts/x': contentHash('new') }, 'edited'],
    ['mine', { 'prompts/x': contentHash('old') }, 'edited-outdated'],
    ['mine', {}, 'edited-outdated'],
  ] as const)('%s with %j is %s', (content, recorded, state) => {
    const contents: Record<string, string> = content === undefined ? {} : { 'prompts/x': content };
    expect(classify(t, { recorded, contents })).toBe(state);
    expect(decide([t], { recorded, contents })[0]?.state).toBe(state);
  });
});
