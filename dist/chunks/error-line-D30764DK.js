const NODE_TRAILER = /^Node\.js v\d+\.\d+\.\d+\S*$/;
const FRAME = /^at \S.*(?::\d+(?::\d+)?\)?|\(<anonymous>\)|\(native\))$|^\.\.\. \d+ lines? matching /;
const CARET = /^[\s^~]*\^[\s^~]*$/;
const NODE_HINT = /^\(Use `node --trace-/;
const ERROR_NAME = /^(?:Uncaught )?(?:[A-Z][\w$.]*)?(?:Error|Exception)\b/;
const NAMED = /^[A-Z][\w$.]*(?: \[[\w.-]+\])?: \S/;
const noise = (line) => {
  const t = line.trim();
  return t === "" || NODE_TRAILER.test(t) || FRAME.test(t) || CARET.test(t) || NODE_HINT.test(t);
};
function errorLine(output) {
  const lines = (typeof output === "string" ? output.split("\n") : output).map((l) => l.replace(/\r$/, ""));
  const unindented = (l) => !/^\s/.test(l);
  const pick = (test) => {
    for (let i = lines.length - 1; i >= 0; i--) {
      const line = lines[i];
      if (!noise(line) && test(line)) return line.trim();
    }
    return null;
  };
  return pick((l) => unindented(l) && ERROR_NAME.test(l)) ?? pick((l) => unindented(l) && NAMED.test(l)) ?? pick(() => true);
}

export { errorLine as e };
