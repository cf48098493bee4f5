// Prompt assembly: the output of each prepend command (empty output skipped), then the prompt file, joined by
// the seed's separator. The prompt file is read afresh for every session so edits take effect at once.
export const PROMPT_SEPARATOR = '\n---\n';

export function assemblePrompt(
  prepended: readonly string[],
  promptFile: string,
  extra: readonly string[] = [],
): string {
  const parts = prepended.map((text) => text.trim()).filter((text) => text !== '');
  parts.push(promptFile);
  for (const part of extra) if (part.trim() !== '') parts.push(part);
  return parts.join(PROMPT_SEPARATOR);
}

/** Linux refuses a single argument longer than this (MAX_ARG_STRLEN, 32 pages). */
export const MAX_ARG_BYTES = 128 * 1024 - 1;

export interface AgentInvocation {
  args: string[];
  stdinText: string | null;
}

/** Places the prompt where `prompt_via` says: substituted into the args, sent on stdin, or in a file. */
export function placePrompt(
  args: readonly string[],
  via: 'arg' | 'stdin' | 'file',
  prompt: string,
  promptPath: string | null,
): AgentInvocation {
  const substitute = (value: string) =>
    value.replaceAll('{prompt_file}', promptPath ?? '').replaceAll('{prompt}', via === 'arg' ? prompt : '');
  const out = args.map(substitute);
  // With stdin or file delivery, a bare "{prompt}" argument would become an empty string; drop it instead.
  const filtered =
    via === 'arg' ? out : out.filter((value, index) => !(args[index] === '{prompt}' && value === ''));
  return { args: filtered, stdinText: via === 'stdin' ? prompt : null };
}

export function promptTooLongForArg(prompt: string): boolean {
  return Buffer.byteLength(prompt, 'utf8') > MAX_ARG_BYTES;
}
