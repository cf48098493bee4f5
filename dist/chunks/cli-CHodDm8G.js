import { c as commandLine, a as REVIEW_COMMANDS, b as CYCLE_COMMANDS, H as HISTORY_COMMANDS, p as parseCliArgs, d as USAGE } from './relaunch-BurLyM5A.js';
export { e as enableCompileCache, r as relaunchWithSmallYoungGeneration } from './relaunch-BurLyM5A.js';
import { E as EXIT } from './exit-codes-BkuRLrXJ.js';
import { e as exitForError } from './exit-for-error-p-r9cYNM.js';
import { V as VERSION } from './version-R6LujQcV.js';
import 'node:fs';
import 'node:module';
import 'node:path';
import 'node:util';

class ReaderGone extends Error {
  name = "ReaderGone";
  constructor() {
    super("the reader of the output went away");
  }
}
let stdoutClosed = false;
let watching = false;
function watchStdout() {
  if (watching) return;
  watching = true;
  process.stdout.on("error", () => {
    stdoutClosed = true;
  });
}
const defaultIo = () => {
  watchStdout();
  return {
    cwd: process.cwd(),
    out: (text) => {
      if (!stdoutClosed) process.stdout.write(`${text}
`);
    },
    err: (text) => process.stderr.write(`${text}
`),
    stream: (text) => writeWaiting(process.stdout, `${text}
`)
  };
};
function writeWaiting(stream, text) {
  if (stdoutClosed) return Promise.reject(new ReaderGone());
  if (stream.write(text)) return Promise.resolve();
  return new Promise((resolve, reject) => {
    const done = (error) => {
      stream.off("drain", done);
      stream.off("error", done);
      if (error) reject(new ReaderGone());
      else resolve();
    };
    stream.once("drain", done);
    stream.once("error", done);
  });
}

async function cliMain(given, io = defaultIo()) {
  try {
    if (given[0] === "worker" && given[1] === "session") {
      const { processSessionIo, workerSession } = await import('./worker-session-Devv5CVI.js');
      return await workerSession(given.slice(2), processSessionIo(io.cwd));
    }
    const line = commandLine(given);
    if (line.kind === "unknown") {
      const { unknownCommand } = await import('./unknown-command-Dvidw1HW.js');
      throw await unknownCommand(line.word);
    }
    const argv = line.argv;
    if (argv[0] === "tasks") {
      const [{ tasksCommand }, { systemClock }] = await Promise.all([
        import('./tasks-command-BSYrBq0W.js'),
        import('./system-clock-uwg5zo-s.js')
      ]);
      return await tasksCommand(argv.slice(1), {
        cwd: io.cwd,
        out: io.out,
        now: () => systemClock.now(),
        env: process.env
      });
    }
    if (argv[0] === "worker") {
      const { workerCommand } = await import('./worker-command-BGbXmluT.js').then(function (n) { return n.w; });
      return await workerCommand(argv.slice(1), { ...io, env: process.env });
    }
    const review = REVIEW_COMMANDS.find((name) => name === argv[0]);
    if (review !== void 0) {
      const { reviewCommand } = await import('./review-commands-DhZt_0bw.js');
      return await reviewCommand(review, argv.slice(1), io);
    }
    const cycle = CYCLE_COMMANDS.find((name) => name === argv[0]);
    if (cycle !== void 0) {
      const { cycleCommand } = await import('./cycle-commands-DaI6qt0_.js');
      return await cycleCommand(cycle, argv.slice(1), { ...io, isTty: process.stdin.isTTY === true });
    }
    const history = HISTORY_COMMANDS.find((name) => name === argv[0]);
    if (history !== void 0) {
      const { historyCommand } = await import('./history-commands-09HqqZca.js');
      return await historyCommand(history, argv.slice(1), io);
    }
    const args = parseCliArgs(argv);
    if (args.command === "help") return io.out(USAGE), EXIT.ok;
    if (args.command === "version") return io.out(VERSION), EXIT.ok;
    if (args.command === "schema") {
      const { configJsonSchema } = await import('./config-Bxh0qIor.js');
      return io.out(JSON.stringify(configJsonSchema(), null, 2)), EXIT.ok;
    }
    const { runCommand } = await import('./run-command-Mg1S3bws.js');
    return await runCommand(args, io);
  } catch (error) {
    if (error instanceof ReaderGone) return EXIT.ok;
    const verdict = exitForError(error);
    io.err(`agent-harness: ${verdict.message}`);
    return verdict.code;
  }
}

export { cliMain };
