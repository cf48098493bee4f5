import { resolve } from 'node:path';
import { T as TASK_FILE, P as PROGRESS_FILE } from './event-log-Bt3kPnCi.js';

function workerDenied(paths, configFile) {
  const database = paths.metricsDb ? ["", "-wal", "-shm", "-journal"].map((suffix) => `${paths.metricsDb}${suffix}`) : [];
  const taskFile = resolve(paths.cwd, TASK_FILE);
  const listed = [
    ...configFile === null ? [] : [resolve(paths.cwd, configFile)],
    paths.promptFile,
    paths.counter,
    paths.status,
    paths.lock,
    paths.stopFile,
    ...paths.eventLog ? [paths.eventLog] : [],
    ...database,
    taskFile,
    `${taskFile}.bak`,
    resolve(paths.cwd, PROGRESS_FILE)
  ];
  return {
    paths: [...new Set(listed)],
    prefixes: [
      // Transcripts (compressed ones too) and prompt copies, and the temp files their compression writes.
      { dir: paths.outputDir, prefix: `${paths.outputPrefix}-` },
      { dir: paths.outputDir, prefix: `.${paths.outputPrefix}-` }
    ]
  };
}

export { workerDenied as w };
