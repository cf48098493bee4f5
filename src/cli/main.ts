// The local home: dispatch on the command line and turn every outcome into one exit code. Each command's
// module is imported when that command runs, never before: `--version` loads this file and the argument
// parser, a loop run loads the config and the loop but not the review templates, the metrics store, the
// worker or the JSON Schema generator.
import { EXIT } from '../errors/exit-codes.js';
import { exitForError } from '../errors/exit-for-error.js';
import { parseCliArgs, USAGE } from './args.js';
import { CYCLE_COMMANDS, HISTORY_COMMANDS, REVIEW_COMMANDS } from './command-names.js';
import { commandLine } from './command-line.js';
import { VERSION } from '../version.js';
import { defaultIo, ReaderGone, type CliIo } from './io.js';

export async function cliMain(given: readonly string[], io: CliIo = defaultIo()): Promise<number> {
  try {
    // Hidden: the loop's json-actions session (worker-session.ts); before the `worker` commands.
    if (given[0] === 'worker' && given[1] === 'session') {
      const { processSessionIo, workerSession } = await import('./worker-session.js');
      return await workerSession(given.slice(2), processSessionIo(io.cwd));
    }
    const line = commandLine(given);
    if (line.kind === 'unknown') {
      const { unknownCommand } = await import('./unknown-command.js');
      throw await unknownCommand(line.word);
    }
    const argv = line.argv;
    if (argv[0] === 'tasks') {
      const [{ tasksCommand }, { systemClock }] = await Promise.all([
        import('./tasks-command.js'),
        import('../os/system-clock.js'),
      ]);
      return await tasksCommand(argv.slice(1), {
        cwd: io.cwd,
        out: io.out,
        now: () => systemClock.now(),
        env: process.env,
      });
    }
    if (argv[0] === 'worker') {
      const { workerCommand } = await import('./worker-command.js');
      return await workerCommand(argv.slice(1), { ...io, env: process.env });
    }
    const review = REVIEW_COMMANDS.find((name) => name === argv[0]);
    if (review !== undefined) {
      const { reviewCommand } = await import('./review-commands.js');
      return await reviewCommand(review, argv.slice(1), io);
    }
    const cycle = CYCLE_COMMANDS.find((name) => name === argv[0]);
    if (cycle !== undefined) {
      const { cycleCommand } = await import('./cycle-commands.js');
      return await cycleCommand(cycle, argv.slice(1), { ...io, isTty: process.stdin.isTTY === true });
    }
    const history = HISTORY_COMMANDS.find((name) => name === argv[0]);
    if (history !== undefined) {
      const { historyCommand } = await import('./history-commands.js');
      return await historyCommand(history, argv.slice(1), io);
    }
    const args = parseCliArgs(argv);
    if (args.command === 'help') return (io.out(USAGE), EXIT.ok);
    if (args.command === 'version') return (io.out(VERSION), EXIT.ok);
    if (args.command === 'schema') {
      const { configJsonSchema } = await import('../config/index.js');
      return (io.out(JSON.stringify(configJsonSchema(), null, 2)), EXIT.ok);
    }
    const { runCommand } = await import('./run-command.js');
    return await runCommand(args, io);
  } catch (error) {
    // The reader of a long output went away (`| head`): it has what it wanted.
    if (error instanceof ReaderGone) return EXIT.ok;
    const verdict = exitForError(error);
    io.err(`agent-harness: ${verdict.message}`);
    return verdict.code;
  }
}
