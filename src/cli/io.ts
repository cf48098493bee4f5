// The command line's input and output: where a command runs and where its lines go. The default writes to the
// process's stdout and stderr; a reader that goes away (`agent-harness metrics export | head`) does not end the
// process with a stack trace: what is written after it left is dropped (a loop goes on supervising its agent),
// and a long output (`stream`) stops at once with ReaderGone, which the command line ends quietly.

export interface CliIo {
  cwd: string;
  out: (text: string) => void;
  err: (text: string) => void;
  /** A long output's piece and a newline, resolved once the reader has taken it in (backpressure). */
  stream?: (text: string) => Promise<void>;
}

/** stdout's reader went away (EPIPE): a long output stops; not a failure of the command. */
export class ReaderGone extends Error {
  override readonly name = 'ReaderGone';
  constructor() {
    super('the reader of the output went away');
  }
}

let stdoutClosed = false;
let watching = false;

/** From the first failed write to stdout on, every failure of it is dropped (no unhandled 'error' event). */
function watchStdout(): void {
  if (watching) return;
  watching = true;
  process.stdout.on('error', () => {
    stdoutClosed = true;
  });
}

export const defaultIo = (): CliIo => {
  watchStdout();
  return {
    cwd: process.cwd(),
    out: (text) => {
      if (!stdoutClosed) process.stdout.write(`${text}\n`);
    },
    err: (text) => process.stderr.write(`${text}\n`),
    stream: (text) => writeWaiting(process.stdout, `${text}\n`),
  };
};

/**
 * Writes `text` and, when the stream's buffer is full (a pipe to a slower reader: stdout to a pipe is asynchronous),
 * waits for it to drain, so a long output is never held in memory whole. Rejects with ReaderGone once the
 * reader has gone.
 */
function writeWaiting(stream: NodeJS.WriteStream, text: string): Promise<void> {
  if (stdoutClosed) return Promise.reject(new ReaderGone());
  if (stream.write(text)) return Promise.resolve();
  return new Promise((resolve, reject) => {
    const done = (error?: Error): void => {
      stream.off('drain', done);
      stream.off('error', done);
      if (error) reject(new ReaderGone());
      else resolve();
    };
    stream.once('drain', done);
    stream.once('error', done);
  });
}
