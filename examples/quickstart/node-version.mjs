// Whether the Node.js running the quickstart can run this checkout's dist/ as it is, with no install: dist/ is
// self-contained and needs Node.js 22, and the session history it shows (`metrics status`) needs node:sqlite, 22.13.

/** The oldest Node.js that runs the quickstart with no install. */
export const QUICKSTART_NODE = '22.13.0';

/** Why `version` (as in `process.versions.node`) cannot run the quickstart as it is, or null when it can. */
export function quickstartNodeProblem(version) {
  const [major, minor] = version.replace(/^v/, '').split('.').map(Number);
  const [needMajor, needMinor] = QUICKSTART_NODE.split('.').map(Number);
  if (major > needMajor || (major === needMajor && minor >= needMinor)) return null;
  return `this is Node.js ${version}; the quickstart needs ${QUICKSTART_NODE} or newer (node:sqlite, for the session history)`;
}
