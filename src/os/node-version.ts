// The oldest Node.js the CLI runs on, checked first thing in the CLI's entry so an older runtime gets one clear
// line and a distinct exit code instead of an obscure failure later. Kept free of imports that could themselves
// fail on an old runtime: the entry evaluates this module before anything else.
import { EXIT } from '../errors/exit-codes.js';

/** The oldest major version supported; package.json's `engines.node` says the same (a test checks). */
export const MINIMUM_NODE_MAJOR = 22;

/** The exit code for a runtime that is too old: nothing was started or written. */
export const UNSUPPORTED_NODE_EXIT = EXIT.usage;

/** Why `version` (as in `process.versions.node`, e.g. `20.19.5`) cannot run the harness, or null when it can. */
export function nodeVersionProblem(version: string): string | null {
  const major = Number.parseInt(version.replace(/^v/, ''), 10);
  if (Number.isFinite(major) && major >= MINIMUM_NODE_MAJOR) return null;
  return (
    `needs Node.js ${MINIMUM_NODE_MAJOR} or newer; this is Node.js ${version}. ` +
    `Install a current Node.js (https://nodejs.org, or nvm install ${MINIMUM_NODE_MAJOR}) and run it again.`
  );
}

/** At the CLI's entry: on a runtime that is too old, say so on stderr and exit before anything else runs. */
export function exitIfUnsupportedNode(version: string = process.versions.node): void {
  const problem = nodeVersionProblem(version);
  if (problem === null) return;
  process.stderr.write(`agent-harness: ${problem}\n`);
  process.exit(UNSUPPORTED_NODE_EXIT);
}
