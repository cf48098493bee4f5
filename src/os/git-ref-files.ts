// Pure parsing of the files git keeps its references in (the "files" ref backend): HEAD, loose refs under
// refs/heads/, packed-refs, a `gitdir:` file, commondir and the repository config. Every function answers null
// (or false) for anything it does not fully understand, so that the caller falls back to asking git itself: the
// reader must give git's answer or none.

/** A ref file's content: a commit id, or a symbolic ref naming another ref. */
export type RefValue = { sha: string } | { symref: string };

const SHA = /^(?:[0-9a-f]{40}|[0-9a-f]{64})$/;
const NULL_SHA = /^0+$/;

/** A commit id as git writes it (SHA-1 or SHA-256, lower-case hex, not the null id); null otherwise. */
export function parseSha(text: string): string | null {
  return SHA.test(text) && !NULL_SHA.test(text) ? text : null;
}

/** HEAD or a loose ref: `<sha>\n` or `ref: <name>\n`; null when it is neither. */
export function parseRefFile(text: string): RefValue | null {
  const body = text.endsWith('\n') ? text.slice(0, -1) : text;
  if (body.includes('\n')) return null;
  if (body.startsWith('ref: ')) {
    const target = body.slice('ref: '.length).trim();
    return isPlainRefName(target) ? { symref: target } : null;
  }
  const sha = parseSha(body.trim());
  return sha === null ? null : { sha };
}

/**
 * A ref name the reader can take as git does: `refs/` and components of letters, digits and `._-` (a branch name
 * with slashes is several components), none starting with `.`, none ending with `.lock` or `.`, no `..`. Git
 * accepts more (and ignores worse); such a name sends the caller back to git.
 */
export function isPlainRefName(name: string): boolean {
  if (!name.startsWith('refs/')) return false;
  const parts = name.split('/');
  if (parts.length < 3) return false;
  return parts.every(
    (part) =>
      /^[A-Za-z0-9._-]+$/.test(part) &&
      !part.startsWith('.') &&
      !part.endsWith('.') &&
      !part.endsWith('.lock') &&
      !part.includes('..'),
  );
}

/**
 * packed-refs: an optional `# pack-refs with: ...` header, `<sha> <name>` lines and `^<sha>` peeled lines (a tag's
 * commit). The refs under refs/heads/; null when a line is not one of these or a branch name is not plain.
 */
export function parsePackedRefs(text: string): Map<string, string> | null {
  const refs = new Map<string, string>();
  const lines = text.split('\n');
  for (const [index, line] of lines.entries()) {
    if (line === '') {
      if (index === lines.length - 1) continue;
      return null;
    }
    if (line.startsWith('#')) {
      if (index === 0) continue;
      return null;
    }
    if (line.startsWith('^')) {
      if (parseSha(line.slice(1)) === null) return null;
      continue;
    }
    const space = line.indexOf(' ');
    const sha = parseSha(line.slice(0, space));
    const name = line.slice(space + 1);
    if (space <= 0 || sha === null || name === '') return null;
    if (!name.startsWith('refs/heads/')) continue;
    if (!isPlainRefName(name)) return null;
    refs.set(name, sha);
  }
  return refs;
}

/** A `.git` file (a linked worktree's, a submodule's): `gitdir: <path>`; the path, or null. */
export function parseGitFile(text: string): string | null {
  const match = /^gitdir: (.+?)\r?\n?$/.exec(text);
  return match ? match[1]! : null;
}

/** `commondir` of a linked worktree's git directory: one path; null when empty. */
export function parseCommonDir(text: string): string | null {
  const path = text.replace(/\r?\n$/, '');
  return path === '' || path.includes('\n') ? null : path;
}

/** Repository extensions that leave the files ref backend as this reader knows it. */
const HARMLESS_EXTENSIONS = new Set([
  'objectformat',
  'worktreeconfig',
  'noop',
  'preciousobjects',
  'partialclone',
]);

/**
 * Whether the repository config leaves refs in plain files: false when it names another ref storage
 * (`extensions.refStorage`, e.g. reftable), any extension the reader does not know, a repository format above 1,
 * an include (which could say any of these), or a line the reader cannot parse.
 */
export function configAllowsFileRefs(text: string): boolean {
  let section = '';
  for (const raw of text.split('\n')) {
    const line = raw.trim();
    if (line === '' || line.startsWith('#') || line.startsWith(';')) continue;
    if (line.endsWith('\\')) return false;
    const header = /^\[\s*([A-Za-z0-9.-]+)(?:\s+"[^"]*")?\s*\]\s*(?:[#;].*)?$/.exec(line);
    if (header) {
      section = header[1]!.toLowerCase();
      if (section === 'include' || section === 'includeif') return false;
      continue;
    }
    if (line.startsWith('[')) return false;
    const entry = /^([A-Za-z][A-Za-z0-9-]*)\s*(?:=\s*(.*))?$/.exec(line);
    if (!entry) return false;
    const key = entry[1]!.toLowerCase();
    if (section === 'extensions' && !HARMLESS_EXTENSIONS.has(key)) return false;
    if (section === 'core' && key === 'repositoryformatversion' && !/^[01]\s*$/.test(entry[2] ?? ''))
      return false;
  }
  return true;
}

/**
 * HEAD and the branches from the parsed files: loose refs override packed ones; a branch that is a symbolic ref
 * takes its target's commit. Null when a symbolic ref leaves refs/heads/, dangles, or chains deeper than git
 * follows (5): git's own answer is the one to give then.
 */
export function resolveRefs(
  head: RefValue,
  loose: ReadonlyMap<string, RefValue>,
  packed: ReadonlyMap<string, string>,
): { head: string | null; branches: Record<string, string> } | null {
  const lookup = (name: string, depth: number): string | null | undefined => {
    if (depth > 5 || !name.startsWith('refs/heads/')) return undefined;
    const value = loose.get(name);
    if (value === undefined) return packed.get(name) ?? null;
    if ('sha' in value) return value.sha;
    const target = lookup(value.symref, depth + 1);
    return target === null ? undefined : target;
  };
  const branches: Record<string, string> = {};
  for (const name of new Set([...packed.keys(), ...loose.keys()])) {
    const sha = lookup(name, 0);
    if (sha == null) return null;
    branches[name] = sha;
  }
  if ('sha' in head) return { head: head.sha, branches };
  // HEAD naming a branch that does not exist yet is an unborn branch: no HEAD line, as git show-ref says.
  const sha = lookup(head.symref, 0);
  if (sha === undefined) return null;
  return { head: sha, branches };
}

/**
 * Where the repository config puts the work tree: `core.worktree`'s value (the last one), null when it sets none,
 * undefined when git must say (`core.bare` true, a quoted or escaped value). Only the keys: the sections and lines
 * configAllowsFileRefs has already accepted.
 */
export function configWorkTree(text: string): string | null | undefined {
  let section = '';
  let worktree: string | null = null;
  for (const raw of text.split('\n')) {
    const line = raw.trim();
    const header = /^\[\s*([A-Za-z0-9.-]+)/.exec(line);
    if (header) {
      section = header[1]!.toLowerCase();
      continue;
    }
    const entry = /^([A-Za-z][A-Za-z0-9-]*)\s*(?:=\s*(.*))?$/.exec(line);
    if (section !== 'core' || !entry) continue;
    const key = entry[1]!.toLowerCase();
    const value = entry[2];
    if (key === 'bare' && !/^(?:false|no|off|0)$/i.test(value ?? 'true')) return undefined;
    if (key === 'worktree') {
      if (value === undefined || value === '' || /["\\#;]/.test(value)) return undefined;
      worktree = value;
    }
  }
  return worktree;
}
