// `agent-harness attach [--force]`: scaffold `.harness/` from the default templates in the bundle, or tell an
// existing one what is outdated. Decisions come from attach-plan.ts; this file reads and writes (atomically).
//
// Without --force and with `.harness/` present nothing is written: the report names what exists, which templates
// are outdated and which of those the user edited, and the command fails with EXIT.usage. With --force: missing
// files are created, untouched outdated templates replaced, edited ones kept with the new default written beside
// them as `<name>.new`; techdebt.md, log.md and plans/ are never overwritten. Either way the report ends with what
// the project needs next: build.sh and verify.sh (the gate runs them), and the next command.
import { gateScriptProblems, gateScriptsAdvice } from '../gate.js';
import { harnessDir } from '../layout.js';
import { mkdir, readdir, stat } from 'node:fs/promises';
import { readInputText } from '../../os/input-file.js';
import { join } from 'node:path';
import { z } from 'zod';
import { EXIT, HarnessError } from '../../errors/exit-codes.js';
import { writeFileAtomic } from '../../state/index.js';
import { decide, nextMeta, type ExistingHarness, type TemplateDecision } from './attach-plan.js';
import { DEFAULT_TEMPLATES, TEMPLATE_VERSION } from './templates-defaults.js';

/** `<cwd>/.harness` (the layout module names the same directory). */

export const TECHDEBT_START = `# Technical debt

<!-- Shortcuts taken to fix later: a "## Title" per item, then what it is, why it matters, how to fix it. -->
`;
export const LOG_START = `# Diary

<!-- One "## Entry YYYY-MM-DD" per develop session: what changed, then a sentence on what it achieved. -->
`;

/** `.harness/` exists and --force was not given: the message is the whole report. */
export class HarnessExistsError extends HarnessError {
  override readonly name = 'HarnessExistsError';

  constructor(
    message: string,
    readonly decisions: readonly TemplateDecision[],
  ) {
    super(message, EXIT.usage);
  }
}

export interface AttachResult {
  created: boolean;
  decisions: TemplateDecision[];
  /** Paths under `.harness/` written, in order. */
  written: string[];
  /** Lines for the user. */
  report: string[];
}

const metaSchema = z.looseObject({
  template_version: z.number().int(),
  templates: z.record(z.string(), z.string()).optional(),
});

async function exists(path: string): Promise<boolean> {
  return stat(path).then(
    () => true,
    (error: NodeJS.ErrnoException) => {
      if (error.code === 'ENOENT') return false;
      throw error;
    },
  );
}

async function readOptional(path: string): Promise<string | undefined> {
  return readInputText(path, { what: 'template' }).catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return undefined;
    throw error;
  });
}

async function readExisting(dir: string): Promise<ExistingHarness> {
  const contents: Record<string, string> = {};
  for (const t of DEFAULT_TEMPLATES) {
    const text = await readOptional(join(dir, t.path));
    if (text !== undefined) contents[t.path] = text;
  }
  const metaText = await readOptional(join(dir, 'meta.json'));
  let meta: z.infer<typeof metaSchema> | undefined;
  try {
    meta = metaText === undefined ? undefined : metaSchema.parse(JSON.parse(metaText));
  } catch {
    meta = undefined; // unreadable: every differing template counts as edited, nothing is overwritten
  }
  return {
    ...(meta !== undefined ? { templateVersion: meta.template_version } : {}),
    recorded: meta?.templates ?? {},
    contents,
  };
}

const STATE_TEXT: Record<TemplateDecision['state'], string> = {
  missing: 'missing',
  current: 'current',
  outdated: 'outdated (untouched)',
  edited: 'edited by you (kept)',
  'edited-outdated': 'outdated and edited by you',
};

export async function attach(options: {
  cwd: string;
  force: boolean;
  harnessVersion: string;
  /** For meta.json's `attached`. */
  now?: Date;
}): Promise<AttachResult> {
  const dir = harnessDir(options.cwd);
  const present = await exists(dir);
  const existing: ExistingHarness = present ? await readExisting(dir) : { recorded: {}, contents: {} };
  const decisions = decide(DEFAULT_TEMPLATES, existing);

  if (present && !options.force) {
    const entries = (await readdir(dir, { withFileTypes: true }))
      .map((e) => (e.isDirectory() ? `${e.name}/` : e.name))
      .sort();
    throw new HarnessExistsError(refusal(dir, entries, existing, decisions), decisions);
  }

  const written: string[] = [];
  const report: string[] = [];
  const write = async (path: string, content: string): Promise<void> => {
    const full = join(dir, path);
    await mkdir(join(full, '..'), { recursive: true });
    await writeFileAtomic(full, content);
    written.push(path);
  };

  await mkdir(join(dir, 'plans'), { recursive: true });
  for (const d of decisions) {
    const template = DEFAULT_TEMPLATES.find((t) => t.path === d.path);
    if (template === undefined) continue;
    if (d.action === 'write') {
      await write(d.path, template.content);
      if (present)
        report.push(`${d.path}: ${d.state === 'missing' ? 'created' : 'updated to the new default'}`);
    } else if (d.action === 'write-new') {
      await write(`${d.path}.new`, template.content);
      report.push(
        `${d.path}: edited by you, kept; the new default is in ${d.path}.new — merge it and delete the .new file`,
      );
    }
  }
  for (const [path, start] of [
    ['techdebt.md', TECHDEBT_START],
    ['log.md', LOG_START],
  ] as const) {
    if (!(await exists(join(dir, path)))) await write(path, start);
  }
  await write(
    'meta.json',
    `${JSON.stringify(nextMeta(DEFAULT_TEMPLATES, TEMPLATE_VERSION, options.harnessVersion, options.now ?? new Date()), null, 2)}\n`,
  );
  if (!present)
    report.push(`Created ${dir} (template version ${TEMPLATE_VERSION}): ${written.join(', ')}, plans/`);
  else report.push(`Updated ${dir} to template version ${TEMPLATE_VERSION}.`);
  report.push(...gateScriptsAdvice(gateScriptProblems(options.cwd)));
  return { created: !present, decisions, written, report };
}

function refusal(
  dir: string,
  entries: readonly string[],
  existing: ExistingHarness,
  decisions: readonly TemplateDecision[],
): string {
  const lines = [`${dir} already exists (it holds ${entries.join(', ') || 'nothing'}); nothing was written.`];
  const version = existing.templateVersion;
  if (version !== undefined && version < TEMPLATE_VERSION)
    lines.push(`Its templates are version ${version}; this agent-harness ships version ${TEMPLATE_VERSION}.`);
  else if (version === undefined) lines.push('Its meta.json is missing or unreadable.');
  const notable = decisions.filter((d) => d.state !== 'current' && d.state !== 'edited');
  for (const d of notable) lines.push(`  ${d.path}: ${STATE_TEXT[d.state]}`);
  const edited = decisions.filter((d) => d.state === 'edited');
  for (const d of edited) lines.push(`  ${d.path}: ${STATE_TEXT[d.state]}`);
  if (notable.length === 0)
    lines.push('Every template is current; techdebt.md, log.md and plans/ are never overwritten.');
  else
    lines.push(
      'agent-harness attach --force creates missing files, replaces untouched outdated templates and writes ' +
        'the new default beside each edited one as <name>.new; it never overwrites an edited template, ' +
        'techdebt.md, log.md or plans/.',
    );
  return lines.join('\n');
}
