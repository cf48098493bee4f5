// find_files's pattern: a glob matched against the path below start_path when it holds a "/", else against the
// base name (so "*.ts" finds TypeScript files at any depth, "src/**/*.ts" only under src/). Dot files match.
import picomatch from 'picomatch';
import { failure } from './fs-errors.js';

export type Matcher = (relativePath: string, name: string) => boolean;

export function globMatcher(pattern: string): Matcher {
  let test: (input: string) => boolean;
  try {
    test = picomatch(pattern.replace(/^\.\//, ''), { dot: true });
  } catch {
    throw failure(pattern, 'is not a valid glob pattern');
  }
  return pattern.includes('/') ? (relativePath) => test(relativePath) : (_path, name) => test(name);
}
