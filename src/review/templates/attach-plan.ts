// What `attach` does to each file of `.harness/`, decided from what is there: a pure function, so every case
// (fresh project, current templates, older templates untouched or edited, --force) is tested without a disk.
//
// meta.json's `templates` records, per template, the hash of the default the harness last offered there (written, or written
// beside it as `<name>.new`). A file whose content still has that hash is untouched and may be replaced by a
// newer default; a file whose content differs was edited by the user and is never overwritten: with --force the
// new default is written beside it as `<name>.new` for the user to merge. techdebt.md, log.md and plans/ belong
// to the project once created and are never overwritten, even with --force.
import { contentHash, type DefaultTemplate } from './templates-defaults.js';

/** What a template file is, compared with the current default and with what the harness wrote. */
export type TemplateState =
  /** Not there. */
  | 'missing'
  /** Equal to the current default. */
  | 'current'
  /** Untouched since the harness wrote an older default: replaceable. */
  | 'outdated'
  /** Edited by the user; the default it was based on is still the current one: left alone. */
  | 'edited'
  /** Edited by the user (or not written by the harness) and the default has changed since: `.new` beside it. */
  | 'edited-outdated';

export interface ExistingHarness {
  /** meta.json's template_version, when readable. */
  templateVersion?: number;
  /** meta.json's `templates`: the hash of what the harness last offered, by path under `.harness/`. */
  recorded: Readonly<Record<string, string>>;
  /** The content of each template file present, by path under `.harness/`. */
  contents: Readonly<Record<string, string>>;
}

export interface TemplateDecision {
  path: string;
  state: TemplateState;
  /** What --force does (or would do): write the default, write it to `<path>.new`, or nothing. */
  action: 'write' | 'write-new' | 'keep';
}

export function classify(template: DefaultTemplate, existing: ExistingHarness): TemplateState {
  const content = existing.contents[template.path];
  if (content === undefined) return 'missing';
  const now = contentHash(content);
  const latest = contentHash(template.content);
  if (now === latest) return 'current';
  const recorded = existing.recorded[template.path];
  if (recorded !== undefined && now === recorded) return 'outdated';
  return recorded === latest ? 'edited' : 'edited-outdated';
}

const ACTION: Record<TemplateState, TemplateDecision['action']> = {
  missing: 'write',
  current: 'keep',
  outdated: 'write',
  edited: 'keep',
  'edited-outdated': 'write-new',
};

export function decide(templates: readonly DefaultTemplate[], existing: ExistingHarness): TemplateDecision[] {
  return templates.map((t) => {
    const state = classify(t, existing);
    return { path: t.path, state, action: ACTION[state] };
  });
}

/** meta.json after attach: every template's hash is the current default's (written, or offered as `.new`). */
export function nextMeta(
  templates: readonly DefaultTemplate[],
  templateVersion: number,
  harnessVersion: string,
  now: Date,
): HarnessMeta {
  return {
    template_version: templateVersion,
    harness_version: harnessVersion,
    attached: now
      .toISOString()
      .replace('T', ' ')
      .replace(/\.\d+Z$/, 'Z'),
    templates: Object.fromEntries(templates.map((t) => [t.path, contentHash(t.content)])),
  };
}

/** `.harness/meta.json` (the shape of the review schemas' metaSchema). */
export interface HarnessMeta {
  template_version: number;
  /** The agent-harness version that wrote it. */
  harness_version: string;
  /** When attach ran: `2026-03-26 13:21:21Z`. */
  attached: string;
  /** Path under `.harness/` → SHA-256 (hex) of the default last offered there. */
  templates: Record<string, string>;
}
