// Problems a user can fix before anything starts (missing prompt, output directory or agent): reported all at
// once, before any file is written.
import { EXIT, HarnessError } from '../errors/exit-codes.js';
import { statSync } from 'node:fs';
import { resolve } from 'node:path';
import type { Config } from '../config/index.js';
import { cgroupSetting, CGROUP_VAR } from '../os/cgroup.js';
import { findExecutable } from '../os/executable.js';
import { refusal } from '../os/input-file.js';
import { resolvePaths } from '../state/index.js';

/**
 * Problems found before anything starts: exit code 2 (EXIT.usage), or 18 (EXIT.inputFile) when the prompt file is
 * refused unread (a FIFO, a device, a directory, larger than its cap: os/input-file.ts), the other problems listed
 * with it.
 */
export class PreflightError extends HarnessError {
  override readonly name = 'PreflightError';

  constructor(message: string, exitCode: number = EXIT.usage) {
    super(message, exitCode);
  }
}

/** Problems a user can fix before anything starts: nothing is written when these fail. */
export function preflight(
  config: Config,
  cwd: string,
  options: { promptFile?: boolean; self?: boolean } = {},
): void {
  const paths = resolvePaths(config, cwd);
  const problems: string[] = [];
  let exitCode: number = EXIT.usage;
  // Review mode's phases bring their own prompt: the prompt file is not needed then.
  if (options.promptFile !== false) {
    try {
      const refused = refusal(paths.promptFile, statSync(paths.promptFile), { what: 'prompt file' });
      if (refused) {
        problems.push(refused.message);
        exitCode = refused.exitCode;
      }
    } catch {
      problems.push(
        `prompt file ${paths.promptFile} not found: create it, or set prompt.file / session.prompt_file (or -p PATH)`,
      );
    }
  }
  try {
    if (!statSync(paths.outputDir).isDirectory())
      problems.push(`output directory ${paths.outputDir} is not a directory`);
  } catch {
    problems.push(
      `output directory ${paths.outputDir} not found: create it or set session.output_dir (or -o PATH)`,
    );
  }
  if (config.agent.format === 'json-actions') {
    // The agent is the harness's own worker: agent.command is not run.
    if (options.self === false)
      problems.push(
        'agent.format = "json-actions" runs the harness\'s own worker, which this caller cannot start: use the CLI or the Action',
      );
  } else if (!findExecutable(config.agent.command, cwd, { ...process.env, ...config.agent.env })) {
    problems.push(
      `agent command "${config.agent.command}" not found on PATH: install it or set agent.command ` +
        `(resolved from ${resolve(cwd)})`,
    );
  }
  try {
    cgroupSetting(process.env[CGROUP_VAR]);
  } catch (error) {
    problems.push((error as Error).message);
  }
  if (problems.length > 0) throw new PreflightError(problems.join('\n'), exitCode);
}
