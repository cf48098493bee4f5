#!/usr/bin/env node
import { E as EXIT } from './chunks/exit-codes-BIDj-cBV.js';

const MINIMUM_NODE_MAJOR = 22;
const UNSUPPORTED_NODE_EXIT = EXIT.usage;
function nodeVersionProblem(version) {
  const major = Number.parseInt(version.replace(/^v/, ""), 10);
  if (Number.isFinite(major) && major >= MINIMUM_NODE_MAJOR) return null;
  return `needs Node.js ${MINIMUM_NODE_MAJOR} or newer; this is Node.js ${version}. Install a current Node.js (https://nodejs.org, or nvm install ${MINIMUM_NODE_MAJOR}) and run it again.`;
}
function exitIfUnsupportedNode(version = process.versions.node) {
  const problem = nodeVersionProblem(version);
  if (problem === null) return;
  process.stderr.write(`agent-harness: ${problem}
`);
  process.exit(UNSUPPORTED_NODE_EXIT);
}

const FLAG = "--max-semi-space-size=1";
function relaunchWithSmallYoungGeneration() {
  if (process.execArgv.some((arg) => arg.startsWith("--max-semi-space-size"))) return;
  if (process.env.AGENT_HARNESS_NO_RELAUNCH === "1") return;
  const execve = process.execve;
  const script = process.argv[1];
  if (typeof execve !== "function" || !script) return;
  try {
    execve(
      process.execPath,
      [process.execPath, FLAG, ...process.execArgv, script, ...process.argv.slice(2)],
      process.env
    );
  } catch {
  }
}

exitIfUnsupportedNode();
relaunchWithSmallYoungGeneration();
const { cliMain } = await import('./chunks/main-Qaa5TJMS.js');
process.exitCode = await cliMain(process.argv.slice(2));
