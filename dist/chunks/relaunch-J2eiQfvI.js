import { mkdirSync } from 'node:fs';
import module$1 from 'node:module';
import { isAbsolute, join, relative } from 'node:path';

function compileCacheDir(env, cwd) {
  if (env.NODE_COMPILE_CACHE || env.NODE_DISABLE_COMPILE_CACHE) return null;
  const base = env.XDG_CACHE_HOME && isAbsolute(env.XDG_CACHE_HOME) ? env.XDG_CACHE_HOME : env.HOME && isAbsolute(env.HOME) ? join(env.HOME, ".cache") : null;
  if (base === null) return null;
  const dir = join(base, "agent-harness", "compile-cache");
  const fromCwd = relative(cwd, dir);
  const inWorkTree = fromCwd === "" || !fromCwd.startsWith("..") && !isAbsolute(fromCwd);
  return inWorkTree ? null : dir;
}
function enableCompileCache(env = process.env, cwd = process.cwd()) {
  const dir = compileCacheDir(env, cwd);
  const enable = module$1.enableCompileCache;
  if (dir === null || typeof enable !== "function") return;
  try {
    mkdirSync(dir, { recursive: true, mode: 448 });
    enable(dir);
  } catch {
  }
}

const SUPERVISOR_FLAG = "--max-semi-space-size=1";
const BULK_FLAG = "--max-semi-space-size=4";
const ONE_SHOT_FLAGS = /* @__PURE__ */ new Set(["-h", "--help", "--version", "--dry-run", "--status", "--print-schema"]);
const LONG_SUBCOMMANDS = /* @__PURE__ */ new Set(["loop", "plan", "worker"]);
const SHORT_SUBCOMMANDS = /* @__PURE__ */ new Set([
  "tasks",
  "attach",
  "tmplvars",
  "metrics",
  "improvement",
  "brief",
  "self-improvement"
]);
const BULK_SUBCOMMANDS = /* @__PURE__ */ new Set([
  "metrics ingest",
  "metrics export",
  "metrics rebuild",
  "self-improvement backfill"
]);
function streamsBulk(argv) {
  const [first, second] = argv;
  if (argv.includes("--help") || argv.includes("-h")) return false;
  return BULK_SUBCOMMANDS.has(`${first} ${second}`);
}
function supervisesAgents(argv) {
  const [first, second] = argv;
  if (first !== void 0 && LONG_SUBCOMMANDS.has(first)) {
    if (first === "worker") return second === "run";
    return second !== "status" && !argv.includes("--help") && !argv.includes("-h");
  }
  if (first !== void 0 && SHORT_SUBCOMMANDS.has(first)) return false;
  return !argv.some((arg) => ONE_SHOT_FLAGS.has(arg));
}
function relaunchFlag(argv) {
  return streamsBulk(argv) ? BULK_FLAG : SUPERVISOR_FLAG;
}
function relaunchNeeded(argv, execArgv, env) {
  if (env.AGENT_HARNESS_NO_RELAUNCH === "1") return false;
  const given = [...execArgv, ...(env.NODE_OPTIONS ?? "").split(/\s+/)];
  if (given.some((arg) => arg.startsWith("--max-semi-space-size"))) return false;
  return supervisesAgents(argv) || streamsBulk(argv);
}
function relaunchWithSmallYoungGeneration() {
  if (!relaunchNeeded(process.argv.slice(2), process.execArgv, process.env)) return;
  const execve = process.execve;
  const script = process.argv[1];
  if (typeof execve !== "function" || !script) return;
  try {
    execve(
      process.execPath,
      [
        process.execPath,
        relaunchFlag(process.argv.slice(2)),
        ...process.execArgv,
        script,
        ...process.argv.slice(2)
      ],
      process.env
    );
  } catch {
  }
}

export { enableCompileCache as e, relaunchWithSmallYoungGeneration as r };
