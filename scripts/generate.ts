// What every generated file should contain: each entry of the registry rendered (whole files, or sections between
// their markers in the committed file), then the whole file through Prettier with the repository's config, so
// generated files also pass `prettier --check`. Pure apart from reading the committed files.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import * as prettier from 'prettier';
import { GENERATED, type GeneratedFile } from './generated.js';

/** The command that regenerates them, for messages. */
export const GEN_COMMAND = 'npm run gen';

/** `text` with the section between `<!-- marker:start -->` and `<!-- marker:end -->` replaced by `body`. */
export function replaceSection(text: string, marker: string, body: string, path: string): string {
  const start = `<!-- ${marker}:start -->`;
  const end = `<!-- ${marker}:end -->`;
  const from = text.indexOf(start);
  const to = text.indexOf(end);
  if (from < 0 || to < from) throw new Error(`${path} lacks the markers ${start} … ${end}`);
  return `${text.slice(0, from + start.length)}\n\n${body.trim()}\n\n${text.slice(to)}`;
}

/** The content one file should have, given the registry's entries for it (in registry order). */
export async function expectedContent(
  root: string,
  path: string,
  entries: readonly GeneratedFile[] = GENERATED.filter((entry) => entry.path === path),
): Promise<string> {
  const absolute = join(root, path);
  let text = existsSync(absolute) ? readFileSync(absolute, 'utf8') : '';
  for (const entry of entries) {
    text =
      entry.marker === undefined
        ? `${entry.render()}\n`
        : replaceSection(text, entry.marker, entry.render(), path);
  }
  const options = (await prettier.resolveConfig(absolute)) ?? {};
  return prettier.format(text, { ...options, filepath: absolute });
}

/** Every generated path, once each, in registry order. */
export function generatedPaths(): string[] {
  return [...new Set(GENERATED.map((entry) => entry.path))];
}
