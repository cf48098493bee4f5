// Whether a path is a directory or lies below it, for absolute, normalized paths (resolve()d or real), compared
// as text: no file system access.
import { sep } from 'node:path';

/** `path` is `base` or below it (both absolute and normalized). */
export function within(base: string, path: string): boolean {
  return path === base || path.startsWith(base.endsWith(sep) ? base : base + sep);
}
