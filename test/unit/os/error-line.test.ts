// errorLine: the line of a crashed process's output that says what went wrong, from real crashes (Node's stderr,
// produced here by running node), not Node's `Node.js vX.Y.Z` trailer, a stack frame or a caret. And a structured
// agent that crashed that way is summarised by that line (the loop's failure detail), not by the trailer.
import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { claudeAdapter } from '../../../src/agents/claude.js';
import { classifyOutcome } from '../../../src/loop/policy.js';
import { errorLine } from '../../../src/os/error-line.js';

/** What node prints on stderr when `code` crashes it. */
function nodeCrash(code: string): string {
  const run = spawnSync(process.execPath, ['-e', code], { encoding: 'utf8', timeout: 20_000 });
  expect(run.status).not.toBe(0);
  return run.stderr;
}

describe('errorLine', () => {
  it("takes a Node crash's error line, not its version trailer or its stack", () => {
    const stderr = nodeCrash("throw new TypeError('boom')");
    expect(stderr.trimEnd().split('\n').at(-1)).toMatch(/^Node\.js v\d+/);
    expect(errorLine(stderr)).toBe('TypeError: boom');
  });

  it('takes a plain Error, a custom name and a failed fs call', () => {
    expect(errorLine(nodeCrash("class Boom extends Error {}; throw new Boom('went wrong')"))).toBe(
      'Error: went wrong',
    );
    expect(errorLine(nodeCrash("const e = new Error('e'); e.name = 'FooFailure'; throw e"))).toBe(
      'FooFailure: e',
    );
    expect(errorLine(nodeCrash("require('node:fs').readFileSync('/no/such/file')"))).toBe(
      "Error: ENOENT: no such file or directory, open '/no/such/file'",
    );
  });

  it('takes the thrown value of a non-Error throw, not the hint after it', () => {
    expect(errorLine(nodeCrash("throw 'a plain string'"))).toBe('a plain string');
  });

  it('takes the lines of a transcript (trimmed, as the adapters keep them)', () => {
    const lines = nodeCrash("throw new RangeError('r')")
      .split('\n')
      .map((l) => l.trim());
    expect(errorLine(lines)).toBe('RangeError: r');
  });

  it("takes Python's exception, which comes last", () => {
    const traceback = [
      'Traceback (most recent call last):',
      '  File "agent.py", line 3, in <module>',
      '    main()',
      'ValueError: bad input',
    ].join('\n');
    expect(errorLine(traceback)).toBe('ValueError: bad input');
  });

  it('is the last line of output that is no crash, and null for nothing', () => {
    expect(errorLine('loading plugins\nnotice 19: ready\n')).toBe('notice 19: ready');
    expect(errorLine('\n  \nNode.js v24.21.0\n')).toBeNull();
    expect(errorLine([])).toBeNull();
  });
});

describe("a crashed agent's failure detail", () => {
  it('is the error line of its stderr', () => {
    const init = JSON.stringify({ type: 'system', subtype: 'init', model: 'm' });
    const tail = `${init}\n${nodeCrash("class Boom extends Error {}; throw new Boom('agent crashed')")}`;
    const verdict = claudeAdapter.classify(tail, true, {
      patterns: [],
      now_ms: 0,
      exit: { code: 1, signal: null },
    });
    const decision = classifyOutcome({
      endReason: 'exited',
      outputBytes: tail.length,
      minOutputBytes: 100,
      verdict,
      exitCode: 1,
    });
    expect(decision.outcome).toBe('failed');
    expect(decision.failure?.detail).toBe('Error: agent crashed');
  });
});
