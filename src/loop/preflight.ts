// Problems a user can fix before anything starts (missing prompt, output directory or agent): reported all at
// once, before any file is written.
import { EXIT, HarnessError } from '../errors/exit-codes.js';
import { statSync } from 'node:fs';
import { resolve } from 'node:path';
import type { Config } from '../config/index.js';
import { cgroupSetting, CGROUP_VAR } from '../os/cgroup.js';
import { lookUpExecutable } from '../os/executable.js';
import { refusal } from '../os/input-file.js';
import { resolvePaths } from '../state/index.js';

/**
 * Problems found before anything starts, all listed, with the first one's exit code: 2 (EXIT.usage), 18
 * (EXIT.inputFile) when the prompt file is refused unread (a FIFO, a device, a directory, larger than its cap:
 * os/input-file.ts), or 7 (EXIT.agentNotStarted) when agent.command is not there or cannot be run.
 */
export class PreflightError extends HarnessError {
  override readonly name = 'PreflightError';

  constructor(message: string, exitCode: number = EXIT.usage) {
    super(message, exitCode);
  }
}

/** One problem found before anything starts, with the exit code a run that met it ends with. */
export interface PreflightProblem {
  message: string;
  exitCode: number;
}

/** Problems a user can fix before anything starts: nothing is written when these fail. */
export function preflight(
  config: Config,
  cwd: string,
  options: { promptFile?: boolean; self?: boolean } = {},
): void {
  const problems = preflightProblems(config, cwd, options);
  if (problems.length > 0)
    throw new PreflightError(problems.map((p) => p.message).join('\n'), problems[0]!.exitCode);
}

/**
 * Every problem a run would meet before it starts (what `--dry-run` reports too), in the order they are checked:
 * the prompt file, the output directory, the agent command, the cgroup setting. A run ends with the first one's
 * exit code.
 */
export function preflightProblems(
  config: Config,
  cwd: string,
  options: { promptFile?: boolean; self?: boolean } = {},
): PreflightProblem[] {
  const paths = resolvePaths(config, cwd);
  const problems: PreflightProblem[] = [];
  const usage = (message: string) => problems.push({ message, exitCode: EXIT.usage });
  // Review mode's phases bring their own prompt: the prompt file is not needed then.
  if (options.promptFile !== false) {
    try {
      const refused = refusal(paths.promptFile, statSync(paths.promptFile), { what: 'prompt file' });
      if (refused) problems.push({ message: refused.message, exitCode: refused.exitCode });
    } catch {
      usage(
        `prompt file ${paths.promptFile} not found: create it, or set prompt.file / session.prompt_file (or -p PATH)`,
      );
    }
  }
  try {
    if (!statSync(paths.outputDir).isDirectory())
      usage(`output directory ${paths.outputDir} is not a directory`);
  } catch {
    usage(`output directory ${paths.outputDir} not found: create it or set session.output_dir (or -o PATH)`);
  }
  if (config.agent.format === 'json-actions') {
    // The agent is the harness's own worker: agent.command is not run.
    if (options.self === false)
      usage(
        'agent.format = "json-actions" runs the harness\'s own worker, which this caller cannot start: use the CLI or the Action',
      );
  } else {
    const problem = agentCommandProblem(config.agent.command, cwd, { ...process.env, ...config.agent.env });
    if (problem !== null) problems.push({ message: problem, exitCode: EXIT.agentNotStarted });
  }
  try {
    cgroupSetting(process.env[CGROUP_VAR]);
  } catch (error) {
    usage((error as Error).message);
  }
  return problems;
}

/** What is wrong with agent.command, or null when it can be run: not there, or there but not executable. */
function agentCommandProblem(command: string, cwd: string, env: NodeJS.ProcessEnv): string | null {
  const found = lookUpExecutable(command, cwd, env);
  if (found.kind === 'found') return null;
  if (found.kind === 'not_executable') {
    const fix = found.permission ? `chmod +x ${found.path}` : 'set agent.command to an executable file';
    return `agent command "${command}" exists at ${found.path} but is not executable (${found.why}): ${fix}`;
  }
  return command.includes('/')
    ? `agent command "${command}" not found (resolved from ${resolve(cwd)}): install it or set agent.command`
    : `agent command "${command}" not found on PATH: install it or set agent.command (resolved from ${resolve(cwd)})`;
}
