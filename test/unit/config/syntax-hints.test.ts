// Errors that say how to fix: a TOML syntax error names its line and column and what the line needs; YAML's
// unquoted `{prompt}` (read as a mapping) is told to be quoted. Real smol-toml and yaml parse every text here.
import { describe, expect, it } from 'vitest';
import { ConfigError, formatProblem } from '../../../src/config/errors.js';
import { parseConfigText } from '../../../src/config/parse.js';
import { validateConfigData } from '../../../src/config/validate.js';

function tomlError(text: string): string {
  try {
    parseConfigText(text, 'toml', 'harness.toml');
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return (error as ConfigError).message;
  }
  throw new Error('expected a syntax error');
}

const yamlProblems = (text: string): string[] =>
  validateConfigData(parseConfigText(text, 'yaml', 'harness.yml'), 'harness.yml').problems.map(formatProblem);

describe('a TOML syntax error', () => {
  it('names the line and column and shows the quoted string', () => {
    expect(tomlError('[agent]\ncommand = claude\n')).toBe(
      'harness.toml:2:11: invalid TOML: invalid value: strings need quotes: command = "claude"',
    );
  });

  it('says lists hold quoted strings', () => {
    expect(tomlError('[agent]\nargs = [-p, "{prompt}"]\n')).toMatch(
      /^harness\.toml:2:9: invalid TOML: invalid value: strings need quotes .*args = \["-p", "\{prompt\}"\]/,
    );
  });

  it('points at an unclosed table header', () => {
    expect(tomlError('[watchdog\nstale_timeout_mins = 5\n')).toBe(
      'harness.toml:1:10: invalid TOML: illegal character in key: check the table header: ' +
        'a section is named on a line of its own, like [agent] or [watchdog]',
    );
  });

  it('asks for key = value when the = is missing', () => {
    expect(tomlError('[agent]\ncommand "claude"\n')).toMatch(
      /^harness\.toml:2:9: invalid TOML: .*: write one setting per line as key = value/,
    );
  });

  it('says a key may appear once', () => {
    expect(tomlError('[agent]\ncommand = "a"\ncommand = "b"\n')).toMatch(
      /^harness\.toml:3:1: invalid TOML: .*redefine.*: each key and each \[section\] may appear once/,
    );
  });

  it('says to close an unterminated string', () => {
    expect(tomlError("[agent]\ncommand = 'claude\n")).toMatch(
      /^harness\.toml:2:\d+: invalid TOML: .*: close the string with the quote it opened with/,
    );
  });
});

describe("YAML's unquoted {prompt}", () => {
  it('in a flow list is told to be quoted', () => {
    expect(yamlProblems('agent:\n  args: [-p, {prompt}]\n')).toEqual([
      'harness.yml: agent.args[1]: expected a string, found {"prompt":null} ' +
        '(YAML reads an unquoted {prompt} as a mapping: quote it, "{prompt}")',
    ]);
  });

  it('as a plain value is told to be quoted too', () => {
    expect(yamlProblems('prompt:\n  file: {prompt}\n')).toEqual([
      expect.stringContaining('quote it, "{prompt}"'),
    ]);
  });

  it('quoted, is valid', () => {
    expect(yamlProblems('agent:\n  args: [-p, "{prompt}"]\n')).toEqual([]);
  });

  it('leaves other mappings in a string place without the hint', () => {
    expect(yamlProblems('agent:\n  args: [-p, {x: 1}]\n')).toEqual([
      'harness.yml: agent.args[1]: expected a string, found {"x":1}',
    ]);
  });
});
