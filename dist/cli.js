#!/usr/bin/env node
import { E as EXIT } from './chunks/exit-codes-BkuRLrXJ.js';
import { r as relaunchWithSmallYoungGeneration, e as enableCompileCache } from './chunks/relaunch-BurLyM5A.js';
import { g as guardLateSignals } from './chunks/late-signals-DLG8WlDk.js';
import 'node:fs';
import 'node:module';
import 'node:path';
import 'node:util';

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

exitIfUnsupportedNode();
relaunchWithSmallYoungGeneration();
enableCompileCache();
const decided = guardLateSignals();
const { cliMain } = await import('./chunks/cli-CHodDm8G.js');
const code = await cliMain(process.argv.slice(2));
decided(code);
process.exitCode = code;
