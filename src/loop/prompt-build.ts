// The prompt of one session: the prepend commands run, the prompt file read (or the task's text), the work's
// reshaping applied, and refused before any transcript is reserved when the agent could not be given it.
import { LoopError, EXIT } from '../errors/exit-codes.js';
import { InputFileError, readInputText } from '../os/input-file.js';
import { runShell } from '../os/shell.js';
import type { LoopContext } from './context.js';
import { assemblePrompt, promptTooLongForArg } from './prompt.js';
import { isWorkerFormat } from './worker-agent.js';

export async function buildPrompt(ctx: LoopContext, vars: Record<string, string | number>): Promise<string> {
  const { config, paths } = ctx;
  const prepended: string[] = [];
  for (const command of config.prompt.prepend_commands) {
    const out = await runShell(command, ctx.shellOptions(ctx.env(vars)));
    if (out.exitCode !== 0) ctx.log('warn', { prepend_command: command, exit_code: out.exitCode });
    if (out.stdoutTruncated) {
      ctx.log('warn', {
        prepend_command: command,
        output: 'truncated',
        kept_bytes: Buffer.byteLength(out.stdout),
        produced_bytes: out.stdoutBytes,
      });
    }
    prepended.push(out.stdout);
  }
  let file: string;
  try {
    // Never blocking on a FIFO the agent put in its place, never reading a device or a huge file.
    file = ctx.work?.promptText ?? (await readInputText(paths.promptFile, { what: 'prompt file' }));
  } catch (error) {
    if (error instanceof InputFileError) throw new LoopError(error.message, error.exitCode, 'input_refused');
    throw new LoopError(
      `cannot read the prompt file ${paths.promptFile}: ${(error as Error).message}`,
      EXIT.failure,
    );
  }
  const assembled = assemblePrompt(prepended, file);
  const prompt = ctx.work ? ctx.work.prompt(assembled) : assembled;
  // The worker reads its prompt on stdin, whatever agent.prompt_via says.
  if (isWorkerFormat(config)) return prompt;
  // Checked before a transcript is reserved: the agent cannot be started with this prompt as an argument.
  if (config.agent.prompt_via === 'arg' && promptTooLongForArg(prompt)) {
    throw new LoopError(
      `the prompt is ${Buffer.byteLength(prompt)} bytes, longer than one command-line argument may be; ` +
        'set agent.prompt_via to "stdin" or "file"',
      EXIT.agentNotStarted,
      'agent_not_started',
    );
  }
  if (config.agent.prompt_via === 'arg' && prompt.includes('\0')) {
    throw new LoopError(
      `the prompt contains a NUL byte (at character ${prompt.indexOf('\0')}), which no command-line argument ` +
        `can carry; remove it from ${paths.promptFile} (or the prepend_commands output), or set ` +
        'agent.prompt_via to "stdin" or "file"',
      EXIT.agentNotStarted,
      'agent_not_started',
    );
  }
  return prompt;
}
