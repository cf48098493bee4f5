// A supervisor runs for days: its young generation should stay small. V8 only takes heap flags at start-up
// (v8.setFlagsFromString does not resize a running heap), so the CLI replaces itself once with the flag set,
// through execve: same PID, same file descriptors, same signals, nothing to forward. That costs one more boot of
// Node (about as long as `node -e 0`), so it happens only where it is needed: a command that supervises agents
// for a long time (the loop run, `loop`, `plan`, `worker run`), the flag not already given (on node's command
// line or in NODE_OPTIONS), and AGENT_HARNESS_NO_RELAUNCH unset. `--version`, `--help`, `--dry-run`,
// `--status`, `--print-schema` and the other subcommands (tasks, metrics, the worker's session the loop starts
// every iteration, ...) run as they are, but for the few that stream a history or transcripts of any size
// (`metrics ingest|export|rebuild`, `self-improvement backfill`): their churn of short-lived chunks and strings
// grows the default young generation to 16 MiB semi-spaces (+30 to +90 MiB of RSS for nothing held), where one
// more boot is small beside the job. They take 4 MiB semi-spaces, not the supervisor's 1 MiB: a 64 KiB chunk's
// string and its lines live through a few scavenges of a 1 MiB space and were promoted, so the old generation
// filled with garbage (an ingest of 1 GiB peaked at 160-180 MiB with 1 MiB, 108-115 MiB with 4, and spent 10%
// more CPU). Where the runtime has no process.execve (Node < 23.11, Windows) it simply runs as it is.
import { asksHelp, commandLine } from './command-line.js';

const SUPERVISOR_FLAG = '--max-semi-space-size=1';
const BULK_FLAG = '--max-semi-space-size=4';

/** Flags that make a loop-run command line print something and exit. */
const ONE_SHOT_FLAGS = new Set(['-h', '--help', '--version', '--dry-run', '--status', '--print-schema']);
/** Subcommands that supervise agents for long, by their first words; every other one is a short job. */
const LONG_SUBCOMMANDS = new Set(['loop', 'plan', 'worker']);

/** Subcommands that stream a history or transcripts of any size, by their first two words. */
const BULK_SUBCOMMANDS = new Set([
  'metrics ingest',
  'metrics export',
  'metrics rebuild',
  'self-improvement backfill',
]);

/** The subcommand's words first, wherever the global flags were (command-line.ts); null for no subcommand. */
function subcommandLine(argv: readonly string[]): string[] | null {
  const line = commandLine(argv);
  return line.kind === 'command' ? line.argv : null;
}

/** Whether this command line streams bulk data (and so is worth a relaunch for the heap flag). Pure. */
export function streamsBulk(argv: readonly string[]): boolean {
  const [first, second] = subcommandLine(argv) ?? [];
  if (asksHelp(argv)) return false;
  return BULK_SUBCOMMANDS.has(`${first} ${second}`);
}

/** Whether this command line supervises agents (and so is worth a relaunch for the heap flag). Pure. */
export function supervisesAgents(argv: readonly string[]): boolean {
  const line = commandLine(argv);
  if (line.kind === 'unknown') return false;
  if (line.kind === 'run') return !argv.some((arg) => ONE_SHOT_FLAGS.has(arg));
  const [first, second] = line.argv;
  if (!LONG_SUBCOMMANDS.has(first!) || asksHelp(argv)) return false;
  return first === 'worker' ? second === 'run' : second !== 'status';
}

/** The heap flag this command line is relaunched with (see relaunchNeeded). Pure. */
export function relaunchFlag(argv: readonly string[]): string {
  return streamsBulk(argv) ? BULK_FLAG : SUPERVISOR_FLAG;
}

/** Whether the CLI should replace itself with the heap flag set. Pure. */
export function relaunchNeeded(
  argv: readonly string[],
  execArgv: readonly string[],
  env: NodeJS.ProcessEnv,
): boolean {
  if (env.AGENT_HARNESS_NO_RELAUNCH === '1') return false;
  const given = [...execArgv, ...(env.NODE_OPTIONS ?? '').split(/\s+/)];
  if (given.some((arg) => arg.startsWith('--max-semi-space-size'))) return false;
  return supervisesAgents(argv) || streamsBulk(argv);
}

export function relaunchWithSmallYoungGeneration(): void {
  if (!relaunchNeeded(process.argv.slice(2), process.execArgv, process.env)) return;
  const execve = (
    process as unknown as { execve?: (file: string, args: string[], env: NodeJS.ProcessEnv) => never }
  ).execve;
  const script = process.argv[1];
  if (typeof execve !== 'function' || !script) return;
  try {
    execve(
      process.execPath,
      [
        process.execPath,
        relaunchFlag(process.argv.slice(2)),
        ...process.execArgv,
        script,
        ...process.argv.slice(2),
      ],
      process.env,
    );
  } catch {
    // Not supported here (or the exec failed before replacing us): carry on without the flag.
  }
}
