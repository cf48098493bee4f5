// Which Node.js runs the quickstart from a clone with no install (examples/quickstart/node-version.mjs): 22.13 or
// newer runs dist/ as it is; an older one makes run.mjs install the project's Node.js 24 and run itself with it.
import { describe, expect, it } from 'vitest';
import { QUICKSTART_NODE, quickstartNodeProblem } from '../../../examples/quickstart/node-version.mjs';

describe('the Node.js the quickstart runs on with no install', () => {
  it('is 22.13 or newer: the session history needs node:sqlite', () => {
    expect(QUICKSTART_NODE).toBe('22.13.0');
    for (const version of ['22.13.0', '22.13.1', '22.20.0', '23.0.0', '24.9.0', 'v24.21.0', '100.0.0'])
      expect(quickstartNodeProblem(version), version).toBeNull();
  });

  it('is not older, which the quickstart says, naming both versions and why', () => {
    for (const version of ['22.12.0', '22.5.1', '20.19.5', '18.20.8', 'v21.7.3', '9.11.2'])
      expect(quickstartNodeProblem(version), version).toBe(
        `this is Node.js ${version}; the quickstart needs 22.13.0 or newer (node:sqlite, for the session history)`,
      );
  });
});
