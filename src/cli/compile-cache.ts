// Node's compile cache (module.enableCompileCache, Node >= 22.1) keeps V8's compiled code of the CLI's modules
// between starts, so the second start on a machine skips most of the parsing and compiling. It lives in the
// user's cache directory ($XDG_CACHE_HOME or ~/.cache, then agent-harness/compile-cache): never in the work tree
// (a cache inside it is not enabled) and never in a directory the agent is given (the agent's environment does
// not carry it, and under agent.isolation = "user" the agent's user cannot write the harness user's home). A user
// who set NODE_COMPILE_CACHE keeps that directory (Node enabled it before this runs); NODE_DISABLE_COMPILE_CACHE
// turns it off.
import { mkdirSync } from 'node:fs';
import module from 'node:module';
import { isAbsolute, join, relative } from 'node:path';

/** Where the cache goes, or null when it should not be enabled here. Pure. */
export function compileCacheDir(env: NodeJS.ProcessEnv, cwd: string): string | null {
  if (env.NODE_COMPILE_CACHE || env.NODE_DISABLE_COMPILE_CACHE) return null;
  const base =
    env.XDG_CACHE_HOME && isAbsolute(env.XDG_CACHE_HOME)
      ? env.XDG_CACHE_HOME
      : env.HOME && isAbsolute(env.HOME)
        ? join(env.HOME, '.cache')
        : null;
  if (base === null) return null;
  const dir = join(base, 'agent-harness', 'compile-cache');
  const fromCwd = relative(cwd, dir);
  const inWorkTree = fromCwd === '' || (!fromCwd.startsWith('..') && !isAbsolute(fromCwd));
  return inWorkTree ? null : dir;
}

/** Enables the cache where compileCacheDir says; any failure leaves the CLI running without it. */
export function enableCompileCache(env: NodeJS.ProcessEnv = process.env, cwd = process.cwd()): void {
  const dir = compileCacheDir(env, cwd);
  // module.enableCompileCache is Node >= 22.1; the CLI runs on 22.0 too.
  const enable = (module as { enableCompileCache?: (dir: string) => unknown }).enableCompileCache;
  if (dir === null || typeof enable !== 'function') return;
  try {
    mkdirSync(dir, { recursive: true, mode: 0o700 });
    enable(dir);
  } catch {
    // An unwritable home: start without the cache.
  }
}
