// Which git configuration entries carry the job's credentials, decided from text alone: what actions/checkout
// persists (`http.<server>/.extraheader`, or since v6 an `includeIf.gitdir:<git dir>.path` to a
// `git-credentials-<uuid>.config` file under RUNNER_TEMP that holds the header), and any credential helper a
// workflow configured (`credential.*`). Also the parsing of `git config --list --null` and the multiset
// arithmetic the restore uses to add back exactly what is missing, never twice.
import { basename, dirname, isAbsolute, join } from 'node:path';

export interface ConfigEntry {
  /** As `git config --list` prints it: section and variable lower-case, a subsection as written. */
  key: string;
  /** null for a key written without `=` (an implicit true). */
  value: string | null;
}

/** actions/checkout's file for a persisted token (v6 and later), referenced from the repository's config. */
export const CHECKOUT_CREDENTIALS_FILE = /^git-credentials-[0-9a-f-]+\.config$/i;

/** `git config --list --null`: `key\nvalue\0` per entry, `key\0` for a key with no value. */
export function parseConfigList(text: string): ConfigEntry[] {
  return text
    .split('\0')
    .filter((item) => item !== '')
    .map((item) => {
      const newline = item.indexOf('\n');
      return newline < 0
        ? { key: item, value: null }
        : { key: item.slice(0, newline), value: item.slice(newline + 1) };
    });
}

/** An entry as `git config --list --show-scope --show-origin --null` shows it. */
export interface ShownEntry extends ConfigEntry {
  /** local, worktree, global, system, command; `local` where git is too old to say (the strict reading). */
  scope: string;
  origin: string;
}

/** `--show-scope --show-origin --null`: `scope\0origin\0key\nvalue\0`; without the scope, two fields. */
export function parseShownList(text: string, withScope: boolean): ShownEntry[] {
  const items = text.split('\0');
  const width = withScope ? 3 : 2;
  const entries: ShownEntry[] = [];
  for (let i = 0; i + width - 1 < items.length; i += width) {
    const [entry] = parseConfigList(items[i + width - 1]!);
    if (!entry) continue;
    entries.push({ scope: withScope ? items[i]! : 'local', origin: items[i + width - 2]!, ...entry });
  }
  return entries;
}

/** A key whose value is a credential or obtains one: an extra HTTP header, a credential helper or setting. */
export function isCredentialKey(key: string): boolean {
  const lower = key.toLowerCase();
  return lower.startsWith('credential.') || (lower.startsWith('http.') && lower.endsWith('.extraheader'));
}

/** `include.path` or `includeIf.<condition>.path`. */
export function isIncludeKey(key: string): boolean {
  const lower = key.toLowerCase();
  return lower === 'include.path' || (lower.startsWith('includeif.') && lower.endsWith('.path'));
}

/** Where git looks for an included file: `~/` from home, a relative path from the including file's directory. */
export function includeTarget(value: string, configFile: string, home: string): string {
  if (value.startsWith('~/')) return join(home, value.slice(2));
  return isAbsolute(value) ? value : join(dirname(configFile), value);
}

/** Whether an include's target is checkout's credentials file by its name (it may not exist on this host). */
export function namesCheckoutCredentials(path: string): boolean {
  return CHECKOUT_CREDENTIALS_FILE.test(basename(path));
}

/**
 * The strings to mask for an entry: an extra header's whole value, and for `AUTHORIZATION: basic <b64>` the
 * base64, what it decodes to (`x-access-token:<token>`) and the token; a bearer token. Other credential settings
 * (a helper's command) are not secrets in themselves and would only garble the log if masked.
 */
export function secretsOf(entry: ConfigEntry): string[] {
  if (entry.value === null || !entry.key.toLowerCase().endsWith('.extraheader')) return [];
  const secrets = new Set<string>([entry.value.trim()]);
  const auth = /^\s*authorization:\s*(basic|bearer|token)\s+(\S+)\s*$/i.exec(entry.value);
  if (auth) {
    const [, scheme, credential] = auth;
    secrets.add(credential!);
    if (scheme!.toLowerCase() === 'basic') {
      const decoded = Buffer.from(credential!, 'base64').toString('utf8');
      if (decoded.includes(':')) {
        secrets.add(decoded);
        secrets.add(decoded.slice(decoded.indexOf(':') + 1));
      }
    }
  }
  return [...secrets].filter((secret) => secret.length >= 4);
}

/** A value-regex (POSIX extended, as `git config --unset-all` takes it) matching exactly `value`. */
export function exactValuePattern(value: string): string {
  return `^${value.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`;
}

const entryId = (entry: ConfigEntry): string => `${entry.key}\n${entry.value ?? ''}\n${entry.value === null}`;

/** The entries of `wanted` that `present` lacks, counting repeats (a key given the same value twice). */
export function missingEntries(
  wanted: readonly ConfigEntry[],
  present: readonly ConfigEntry[],
): ConfigEntry[] {
  const have = new Map<string, number>();
  for (const entry of present) have.set(entryId(entry), (have.get(entryId(entry)) ?? 0) + 1);
  const missing: ConfigEntry[] = [];
  for (const entry of wanted) {
    const left = have.get(entryId(entry)) ?? 0;
    if (left > 0) have.set(entryId(entry), left - 1);
    else missing.push(entry);
  }
  return missing;
}

/** Distinct entries, in order of first appearance. */
export function distinctEntries(entries: readonly ConfigEntry[]): ConfigEntry[] {
  const seen = new Set<string>();
  return entries.filter((entry) => {
    const id = entryId(entry);
    if (seen.has(id)) return false;
    seen.add(id);
    return true;
  });
}
