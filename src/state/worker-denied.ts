// What the structured-action worker's tools must never touch in a working directory, for `worker run` and for the
// loop's json-actions sessions alike: the config file the harness loaded (a model that rewrites llm.command or
// llm.base_url owns the next run and its API key), the prompt file, and the harness's own state files. The
// transcripts and prompt copies are one name family (their directory and name prefix), not one path each, so
// thousands of sessions cost the sandbox one check.
import { resolve } from 'node:path';
import { PROGRESS_FILE, TASK_FILE } from './harness-files.js';
import type { LoopPaths } from './paths.js';

export interface WorkerDenied {
  /** Absolute paths (files or directories). */
  paths: string[];
  /** Every entry of `dir` whose name starts with `prefix`. */
  prefixes: { dir: string; prefix: string }[];
}

/** `configFile` is the file loadConfig used (its `file`), null when only defaults applied. */
export function workerDenied(paths: LoopPaths, configFile: string | null): WorkerDenied {
  const database = paths.metricsDb
    ? ['', '-wal', '-shm', '-journal'].map((suffix) => `${paths.metricsDb}${suffix}`)
    : [];
  const taskFile = resolve(paths.cwd, TASK_FILE);
  const listed = [
    ...(configFile === null ? [] : [resolve(paths.cwd, configFile)]),
    paths.promptFile,
    paths.counter,
    paths.status,
    paths.lock,
    paths.stopFile,
    ...(paths.eventLog ? [paths.eventLog] : []),
    ...database,
    taskFile,
    `${taskFile}.bak`,
    resolve(paths.cwd, PROGRESS_FILE),
  ];
  return {
    paths: [...new Set(listed)],
    prefixes: [
      // Transcripts (compressed ones too) and prompt copies, and the temp files their compression writes.
      { dir: paths.outputDir, prefix: `${paths.outputPrefix}-` },
      { dir: paths.outputDir, prefix: `.${paths.outputPrefix}-` },
    ],
  };
}
