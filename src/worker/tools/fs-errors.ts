// How a file-system error becomes a tool outcome. A full disk, a quota, a read-only file system or a permission
// refusal ends the task (the seed: disk full / permission denied is fatal, exit 8); anything else (a missing file,
// a directory where a file was expected, a name too long, …) is a failed action the model reads next iteration.
// Messages name the path the model gave and the cause in words, never the error's own text (which holds the
// resolved path, maybe a symbolic link's target).
import { EXIT, HarnessError } from '../../errors/exit-codes.js';
import { describeCause, fatalWriteKind } from '../../state/index.js';

/** A fatal file-system error in a tool: the task ends (EXIT.writeFailed). */
export class ToolFatalError extends HarnessError {
  override readonly name = 'ToolFatalError';

  constructor(
    message: string,
    readonly kind: 'disk_full' | 'permission',
    options?: ErrorOptions,
  ) {
    super(message, EXIT.writeFailed, options);
  }
}

/** A failed action: its message for the model, and whether it was a refused path (a security violation). */
export class ToolFailure extends Error {
  override readonly name = 'ToolFailure';

  constructor(
    message: string,
    readonly violation = false,
  ) {
    super(message);
  }
}

const WORDS: Record<string, string> = {
  ENOENT: 'no such file or directory',
  ENOTDIR: 'a part of the path is not a directory',
  EISDIR: 'is a directory',
  EEXIST: 'already exists',
  ENAMETOOLONG: 'the name is too long',
  ELOOP: 'too many levels of symbolic links',
  ENOTEMPTY: 'the directory is not empty',
  EFBIG: 'the file is too large',
  EIO: 'input/output error',
  EMFILE: 'too many open files',
  ENFILE: 'too many open files',
  EBUSY: 'busy',
  ETXTBSY: 'busy',
  EINVAL: 'invalid path',
  ENXIO: 'not a regular file',
  EMLINK: 'too many links',
  EXDEV: 'crosses a device boundary',
};

export function errnoCode(error: unknown): string | undefined {
  const code = (error as NodeJS.ErrnoException | null)?.code;
  return typeof code === 'string' ? code : undefined;
}

/**
 * Turns what a tool threw into its outcome: a ToolFailure passes, a fatal errno becomes a ToolFatalError, any other
 * errno a ToolFailure naming `given`. Anything else (a bug) is thrown on as it is.
 */
export function toolFailureFor(error: unknown, tool: string, given: string): ToolFailure {
  if (error instanceof ToolFailure || error instanceof ToolFatalError) {
    if (error instanceof ToolFatalError) throw error;
    return error;
  }
  const code = errnoCode(error);
  if (code === undefined) throw error;
  const fatal = fatalWriteKind(code);
  if (fatal) throw new ToolFatalError(`${tool} ${given}: ${describeCause(error)}`, fatal, { cause: error });
  return new ToolFailure(`${given}: ${WORDS[code] ?? 'cannot be used'} (${code})`);
}

/** The model's path as messages show it: a very long one cut (the model knows what it sent). */
export function shown(given: string): string {
  return given.length <= 240 ? given : `${given.slice(0, 200)}… (${given.length} characters)`;
}

/** `src/a.ts: <what>` */
export const failure = (given: string, what: string) => new ToolFailure(`${shown(given)}: ${what}`);
/** A refused path: `src/a.ts: <what>`, flagged as a violation. */
export const violation = (given: string, what: string) => new ToolFailure(`${shown(given)}: ${what}`, true);
