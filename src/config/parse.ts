// Turning file text into plain data, with syntax errors located by line and column. Both formats must
// yield the same shapes so one validator serves both.
import { extname } from 'node:path';
import { parse as parseToml } from 'smol-toml';
import { LineCounter, parseDocument } from 'yaml';
import { ConfigError, formatValue, type ConfigProblem } from './errors.js';
import { tomlSyntaxHint } from './syntax-hints.js';

export type ConfigFormat = 'yaml' | 'toml';

export const CONFIG_EXTENSIONS: Record<string, ConfigFormat> = {
  '.yml': 'yaml',
  '.yaml': 'yaml',
  '.toml': 'toml',
};

/** The format implied by a file name, or undefined for an extension the loader does not read. */
export function formatOf(file: string): ConfigFormat | undefined {
  return CONFIG_EXTENSIONS[extname(file).toLowerCase()];
}

/** Alias expansions a config file may use: far more than any real one needs, far less than an alias bomb. */
const MAX_ALIAS_COUNT = 100;

const firstLine = (text: string): string => text.split('\n', 1)[0]?.trim() ?? '';

function parseYaml(text: string, source: string): unknown {
  const lineCounter = new LineCounter();
  // Duplicate keys are an error (uniqueKeys): the YAML spec forbids them and silently keeping the last one
  // hides which setting is in force.
  const doc = parseDocument(text, { lineCounter, prettyErrors: false, uniqueKeys: true });
  if (doc.errors.length) {
    const problems: ConfigProblem[] = doc.errors.map((error) => {
      const { line, col } = lineCounter.linePos(error.pos[0]);
      return { source, line, column: col, message: `invalid YAML: ${firstLine(error.message)}` };
    });
    throw new ConfigError(problems);
  }
  try {
    return doc.toJS({ maxAliasCount: MAX_ALIAS_COUNT });
  } catch (error) {
    // The yaml library refuses to expand aliases past the limit (a "billion laughs" file would exhaust memory).
    const excessive = /excessive alias count/i.test((error as Error).message);
    throw new ConfigError([
      {
        source,
        message: excessive
          ? `invalid YAML: its aliases (*name) expand to more than ${MAX_ALIAS_COUNT} copies of anchored ` +
            'values, which is refused as a resource exhaustion attack; write the values out instead'
          : `invalid YAML: ${firstLine((error as Error).message)}`,
      },
    ]);
  }
}

function parseTomlText(text: string, source: string): unknown {
  try {
    return parseToml(text);
  } catch (error) {
    const e = error as { message?: unknown; line?: unknown; column?: unknown };
    // smol-toml appends a code excerpt after a blank line and prefixes every message; keep the reason only.
    const reason = firstLine(String(e.message ?? error)).replace(/^Invalid TOML document:\s*/, '');
    const lineText = typeof e.line === 'number' ? text.split(/\r?\n/)[e.line - 1] : undefined;
    throw new ConfigError([
      {
        source,
        ...(typeof e.line === 'number' ? { line: e.line } : {}),
        ...(typeof e.column === 'number' ? { column: e.column } : {}),
        message: `invalid TOML: ${reason}: ${tomlSyntaxHint(reason, lineText)}`,
      },
    ]);
  }
}

/**
 * Parse config text to a mapping of sections. Empty and comment-only YAML (and a bare `null`) mean "no
 * settings"; any other top level that is not a mapping is an error.
 */
export function parseConfigText(text: string, format: ConfigFormat, source: string): Record<string, unknown> {
  const data = format === 'yaml' ? parseYaml(text, source) : parseTomlText(text, source);
  if (data === null || data === undefined) return {};
  if (typeof data !== 'object' || Array.isArray(data)) {
    throw new ConfigError([
      { source, message: `the top level must be a mapping of sections, found ${formatValue(data)}` },
    ]);
  }
  return data as Record<string, unknown>;
}
