// The job summary says how the agent was kept from the job, and warns where it could reach the job's tokens.
import { describe, expect, it } from 'vitest';
import { renderSummary, type SummaryInput } from '../../../src/platform/github/summary/index.js';

const input = (isolation: SummaryInput['isolation']): SummaryInput => ({
  sessions: [],
  stopReason: 'completed',
  exitCode: 0,
  globalCounter: 1,
  productiveThisRun: 0,
  maxIterations: 1,
  isolation,
});

describe('renderSummary: the agent isolation line', () => {
  it('says "user" plainly, with no warning', () => {
    const md = renderSummary(input({ mode: 'user', fallback: null }));
    expect(md).toContain('**Agent isolation:** user: the agent ran as a user of its own');
    expect(md).not.toContain('[!WARNING]');
  });

  it('warns under "env" with what the agent could still reach, why "user" was not had, and how to get it', () => {
    const why =
      '"user" isolation is not available: the harness is neither root nor allowed passwordless sudo';
    const md = renderSummary(input({ mode: 'env', fallback: why }));
    expect(md).toMatch(/^> \[!WARNING\]\n> \*\*Agent isolation:\*\* env: .*\/proc\/<pid>\/environ/m);
    expect(md).toContain('isolation is not available: the harness is neither root');
    expect(md).toContain('run the job as root or with passwordless sudo');
  });

  it('warns under "none" that the agent had the tokens; none is said when the run never started', () => {
    expect(renderSummary(input({ mode: 'none', fallback: null }))).toMatch(
      /> \*\*Agent isolation:\*\* none: the agent had the job’s whole environment, tokens included/,
    );
    expect(renderSummary(input(null))).not.toContain('Agent isolation');
  });

  it('escapes a fallback reason as text', () => {
    const md = renderSummary(
      input({ mode: 'env', fallback: 'setpriv not found <img src=x> [link](http://x)' }),
    );
    expect(md).not.toContain('<img');
    expect(md).not.toContain('[link](http');
  });
});
