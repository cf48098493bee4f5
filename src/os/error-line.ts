// The line of a process's output that says what went wrong, for a one-line summary of a crash. A crashed process's
// last line is rarely it: Node prints the error first and its own version last (`Node.js v24.21.0`), after the
// stack frames; Python prints the exception last, after its traceback. So the trailer, blank lines, stack frames
// and source carets are skipped, and an error line (`TypeError: boom`, `Error: ENOENT: …`) is preferred. Pure.

/** Node's trailer after an uncaught error: `Node.js v24.21.0`. */
const NODE_TRAILER = /^Node\.js v\d+\.\d+\.\d+\S*$/;
/** A stack frame: `    at fn (file.js:1:2)`, `at [eval]:1:7`, `at new Foo (<anonymous>)`, `... 3 lines matching cause stack trace ...`. */
const FRAME = /^at \S.*(?::\d+(?::\d+)?\)?|\(<anonymous>\)|\(native\))$|^\.\.\. \d+ lines? matching /;
/** The caret under the source line Node quotes (`    ^`). */
const CARET = /^[\s^~]*\^[\s^~]*$/;
/** Node's hint after a thrown non-Error: `(Use \`node --trace-uncaught ...\` to show where the exception was thrown)`. */
const NODE_HINT = /^\(Use `node --trace-/;
/** An error's name line, unindented: `TypeError: boom`, `Error [ERR_X]: …`, `Uncaught Error`, `ValueError: x`. */
const ERROR_NAME = /^(?:Uncaught )?(?:[A-Z][\w$.]*)?(?:Error|Exception)\b/;
/** Any `Name: message` line, unindented (a custom error's name: `FooFailure: e`). */
const NAMED = /^[A-Z][\w$.]*(?: \[[\w.-]+\])?: \S/;

const noise = (line: string): boolean => {
  const t = line.trim();
  return t === '' || NODE_TRAILER.test(t) || FRAME.test(t) || CARET.test(t) || NODE_HINT.test(t);
};

/**
 * The meaningful line of a crashed process's output (`lines`, oldest first, or the text): the last unindented
 * error line, else the last `Name: message` line, else the last line that is not Node's trailer, a blank, a stack
 * frame, a caret or Node's hint. Trimmed; null when there is none.
 */
export function errorLine(output: string | readonly string[]): string | null {
  const lines = (typeof output === 'string' ? output.split('\n') : output).map((l) => l.replace(/\r$/, ''));
  const unindented = (l: string) => !/^\s/.test(l);
  const pick = (test: (line: string) => boolean): string | null => {
    for (let i = lines.length - 1; i >= 0; i--) {
      const line = lines[i]!;
      if (!noise(line) && test(line)) return line.trim();
    }
    return null;
  };
  return (
    pick((l) => unindented(l) && ERROR_NAME.test(l)) ??
    pick((l) => unindented(l) && NAMED.test(l)) ??
    pick(() => true)
  );
}
