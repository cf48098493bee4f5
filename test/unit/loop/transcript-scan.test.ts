import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { adapterFor } from '../../../src/agents/index.js';
import { claudeAdapter } from '../../../src/agents/claude.js';
import { compilePattern } from '../../../src/config/regex.js';
import { configSchema } from '../../../src/config/schema.js';
import {
  MAX_LINE_BYTES,
  scanTranscript,
  unescapeJson,
  type ScanOptions,
} from '../../../src/loop/transcript-scan.js';

const dir = mkdtempSync(join(tmpdir(), 'ah-scan-'));
const FIXTURES = join(import.meta.dirname, '../../fixtures/transcripts');
const defaults = configSchema.parse({}).commit_detection.patterns.map((p) => compilePattern(p));
let files = 0;

function file(text: string | Buffer): string {
  const path = join(dir, `t-${files++}.jsonl`);
  writeFileSync(path, text);
  return path;
}

const claude = (over: Partial<ScanOptions> = {}): ScanOptions => ({
  patterns: defaults,
  agentText: adapterFor('claude').agentText,
  toolCalls: claudeAdapter.toolCalls,
  ...over,
});

const line = (event: unknown): string => `${JSON.stringify(event)}\n`;
const assistant = (...content: unknown[]) =>
  line({ type: 'assistant', message: { role: 'assistant', content } });
const toolResult = (content: unknown) =>
  line({
    type: 'user',
    message: { role: 'user', content: [{ type: 'tool_result', tool_use_id: 't', content }] },
  });
const INIT = line({ type: 'system', subtype: 'init', cwd: '/repo', tools: ['Bash'], model: 'claude' });
const PROMPT_ECHO = line({
  type: 'user',
  message: { role: 'user', content: 'git commit your work when done' },
});

describe('scanTranscript: commit patterns only in what the agent did or said', () => {
  it('ignores the echoed prompt, system lines and stderr, and finds the agent words', async () => {
    const quiet = file(
      INIT +
        PROMPT_ECHO +
        line({
          type: 'user',
          message: { role: 'user', content: [{ type: 'text', text: 'git commit it' }] },
        }) +
        'warning: you said git commit, committed to it\n' +
        assistant({ type: 'thinking', thinking: 'I will git commit later' }) +
        assistant({ type: 'text', text: 'The tests pass.' }) +
        line({ type: 'result', subtype: 'success', is_error: false, result: 'Done.' }),
    );
    expect(await scanTranscript(quiet, claude())).toMatchObject({ matchedPattern: null, toolCalls: 0 });

    const said = file(INIT + PROMPT_ECHO + assistant({ type: 'text', text: 'I committed the fix.' }));
    expect(await scanTranscript(said, claude())).toMatchObject({
      matchedPattern: '\\bcommitted\\b',
      matchedText: 'I committed the fix.',
    });

    const ran = file(
      PROMPT_ECHO +
        assistant({
          type: 'tool_use',
          id: 'a',
          name: 'Bash',
          input: { command: 'git add -A && git commit -m x' },
        }),
    );
    expect(await scanTranscript(ran, claude())).toMatchObject({ matchedPattern: 'git commit', toolCalls: 1 });

    const result = file(PROMPT_ECHO + toolResult([{ type: 'text', text: 'bd-finish ok' }]));
    expect((await scanTranscript(result, claude())).matchedPattern).toBe('bd-finish');
  });

  it('reads the real Claude transcript: a commit command, its output and the final words', async () => {
    const path = join(FIXTURES, 'real-claude-success.jsonl');
    const scan = await scanTranscript(path, claude());
    expect(scan.matchedPattern).toBe('git commit');
    expect(scan.matchedText).toContain('git commit -m');
    const expected = readFileSync(path, 'utf8').split('"type":"tool_use"').length - 1;
    expect(scan.toolCalls).toBe(expected);
    expect(expected).toBeGreaterThan(0);
  });

  it('feeds the turn counter every line, reading on past the commit it found', async () => {
    const path = join(FIXTURES, 'corpus', 'real-claude-parallel-narration.jsonl');
    const scan = await scanTranscript(path, claude({ turnShape: claudeAdapter.turnShape }));
    expect(scan.matchedPattern).toBe('git commit');
    expect(scan.lines).toBe(readFileSync(path, 'utf8').trimEnd().split('\n').length);
    expect(scan.turns).toEqual({
      turns: 5,
      narration_turns: 2,
      parallel_turns: 1,
      model: 'claude-sonnet-4-5',
    });
    // Without a counter or a tool count, the scan stops at the match.
    const early = await scanTranscript(path, claude({ toolCalls: null }));
    expect(early.turns).toBeNull();
    expect(early.lines).toBeLessThan(scan.lines);
  });

  it('codex: completed items only, never item.started, reasoning or errors', async () => {
    const options = { patterns: defaults, agentText: adapterFor('codex').agentText, toolCalls: null };
    const started = line({
      type: 'item.started',
      item: {
        id: 'i',
        type: 'command_execution',
        command: "bash -lc 'git commit -m x'",
        status: 'in_progress',
      },
    });
    const reasoning = line({
      type: 'item.completed',
      item: { id: 'r', type: 'reasoning', text: 'git commit?' },
    });
    const error =
      line({ type: 'error', message: 'could not git commit' }) +
      line({ type: 'item.completed', item: { id: 'e', type: 'error', message: 'git commit hook failed' } });
    expect((await scanTranscript(file(started + reasoning + error), options)).matchedPattern).toBeNull();
    const done = line({
      type: 'item.completed',
      item: { id: 'i', type: 'command_execution', command: 'ls', aggregated_output: '[main 1a2b] committed' },
    });
    expect((await scanTranscript(file(started + done), options)).matchedPattern).toBe('\\bcommitted\\b');
  });

  it('gemini: the echoed user message is not the agent, its tool calls are', async () => {
    const options = { patterns: defaults, agentText: adapterFor('gemini').agentText, toolCalls: null };
    const echo = line({ type: 'message', role: 'user', content: 'git commit your work' });
    expect((await scanTranscript(file(echo), options)).matchedPattern).toBeNull();
    const call = line({
      type: 'tool_use',
      tool_name: 'run_shell_command',
      parameters: { command: 'git commit -am x' },
    });
    expect((await scanTranscript(file(echo + call), options)).matchedPattern).toBe('git commit');
  });

  it('text: every line is the agent', async () => {
    const options = { patterns: defaults, agentText: adapterFor('text').agentText, toolCalls: null };
    expect((await scanTranscript(file('hello\r\nI Committed it\r\n'), options)).matchedPattern).toBe(
      '\\bcommitted\\b',
    );
  });

  it('finds a pattern hidden by JSON escapes, and anchored patterns, the same as a parse of every line would', async () => {
    const patterns = [
      compilePattern('-m "fix: é"'),
      compilePattern('^Committed'),
      compilePattern('done$'),
      compilePattern('(?<=\\n)line two'),
    ];
    const options = claude({ patterns });
    const escaped = `{"type":"assistant","message":{"content":[{"type":"tool_use","name":"Bash","input":{"command":"git commit -m \\"fix: \\u00e9\\""}}]}}\n`;
    expect((await scanTranscript(file(escaped), options)).matchedPattern).toBe('-m "fix: é"');
    // Alone (so whole chunks are tested at once) and among many lines.
    const alone = claude({ patterns: [patterns[0]!] });
    expect((await scanTranscript(file(escaped), alone)).matchedPattern).toBe('-m "fix: é"');
    const many = file(
      `${assistant({ type: 'text', text: 'x' }).repeat(2000)}${escaped}${'{}\n'.repeat(2000)}`,
    );
    expect((await scanTranscript(many, alone)).matchedPattern).toBe('-m "fix: é"');
    expect(
      (await scanTranscript(file(assistant({ type: 'text', text: 'Committed.' })), options)).matchedPattern,
    ).toBe('^Committed');
    expect(
      (await scanTranscript(file(assistant({ type: 'text', text: 'all done' })), options)).matchedPattern,
    ).toBe('done$');
    expect(
      (await scanTranscript(file(assistant({ type: 'text', text: 'line one\nline two' })), options))
        .matchedPattern,
    ).toBe('(?<=\\n)line two');
    // The first match in the transcript wins; on one line, the first configured pattern.
    const two = file(
      assistant({ type: 'text', text: 'all done' }) +
        assistant({ type: 'text', text: 'Committed, all done' }),
    );
    expect((await scanTranscript(two, options)).matchedPattern).toBe('done$');
  });
});

describe('the raw prefilter never rules out a line a parse would match', () => {
  it('unescapeJson gives back every string value JSON.stringify wrote', () => {
    const alphabet = [
      'a',
      'n',
      'u',
      '0',
      '"',
      '\\',
      '\n',
      '\t',
      '\0',
      '\u001b',
      'é',
      '😀',
      '/',
      '\b',
      '\f',
      ' ',
    ];
    let seed = 7;
    const next = () => (seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31);
    for (let i = 0; i < 2000; i++) {
      let value = '';
      for (let n = next() % 12; n > 0; n--) value += alphabet[next() % alphabet.length];
      const written = JSON.stringify({ k: value });
      expect(unescapeJson(written)).toContain(value);
    }
    expect(unescapeJson(String.raw`{"a":"\\n\u0041\n"}`)).toBe('{"a":"\\nA\n"}');
  });

  it('a word boundary next to an escape (\\nCommitted) is still found by the default patterns', async () => {
    const path = file(assistant({ type: 'text', text: 'Tests pass.\nCommitted as 1a2b3c.' }));
    expect((await scanTranscript(path, claude())).matchedPattern).toBe('\\bcommitted\\b');
    // Among many lines, so that whole chunks are ruled out first.
    const many = file(
      `${assistant({ type: 'text', text: 'a\nb' }).repeat(3000)}${assistant({ type: 'text', text: 'ok\ncommitted' })}`,
    );
    expect((await scanTranscript(many, claude())).matchedPattern).toBe('\\bcommitted\\b');
  });

  it('patterns that may match escaped characters are tried on the unescaped text', async () => {
    for (const [source, text] of [
      ['git\\s+commit', 'git\n commit'],
      ['[!-~]ommitted', '"committed"'],
      ['a.b', 'a\tb'],
      ['(?i)say "done"', 'I say "DONE"'],
      ['C:\\\\repo', 'in C:\\repo'],
    ] as const) {
      const path = file(
        `${assistant({ type: 'text', text: 'x\ny' }).repeat(500)}${assistant({ type: 'text', text })}`,
      );
      const scan = await scanTranscript(path, claude({ patterns: [compilePattern(source)] }));
      expect(scan.matchedPattern, source).toBe(compilePattern(source).source);
    }
  });
});

describe('scanTranscript: lines and chunks', () => {
  it('counts every tool call once, wherever the 64 KiB chunk boundaries fall', async () => {
    for (const shift of [0, 1, 7, 4095, 65_535, 65_536, 65_537]) {
      const parts = [`${'x'.repeat(shift)}\n`];
      for (let i = 0; i < 300; i++) {
        parts.push(
          assistant({
            type: 'tool_use',
            id: `t${i}`,
            name: 'Bash',
            input: { command: 'y'.repeat((i * 977) % 3000) },
          }),
        );
        if (i % 50 === 0)
          parts.push(assistant({ type: 'tool_use', name: 'A' }, { type: 'tool_use', name: 'B' }));
      }
      const scan = await scanTranscript(file(parts.join('')), claude({ patterns: [] }));
      expect(scan.toolCalls).toBe(300 + 2 * 6);
      expect(scan.lines).toBe(1 + 300 + 6);
    }
  });

  it('keeps a line that spans many chunks whole, multi-byte characters included', async () => {
    const text = `${'é'.repeat(300_000)} and I committed ✓`;
    const path = file(`${'z'.repeat(65_535)}\n${assistant({ type: 'text', text })}`);
    const scan = await scanTranscript(path, claude());
    expect(scan).toMatchObject({ matchedPattern: '\\bcommitted\\b', longLines: 0, lines: 2 });
    expect(scan.matchedText).toMatch(/^…é+ and I committed ✓$/);
  });

  it('cuts a line longer than the limit to its first bytes and goes on with the next', async () => {
    const huge = `{"type":"user","junk":"${'q'.repeat(MAX_LINE_BYTES + 100_000)}"}\n`;
    const path = file(huge + assistant({ type: 'tool_use', name: 'Bash', input: { command: 'git commit' } }));
    const scan = await scanTranscript(path, claude());
    expect(scan).toMatchObject({ longLines: 1, lines: 2, toolCalls: 1, matchedPattern: 'git commit' });
    // The final line without a newline is read as well.
    const unterminated = file(assistant({ type: 'text', text: 'committed' }).trimEnd());
    expect((await scanTranscript(unterminated, claude())).matchedPattern).toBe('\\bcommitted\\b');
  });

  it('stops reading once the pattern is found when there are no tool calls to count', async () => {
    const path = file(assistant({ type: 'text', text: 'committed' }) + 'x\n'.repeat(100_000));
    const scan = await scanTranscript(path, claude({ toolCalls: null }));
    expect(scan).toMatchObject({ matchedPattern: '\\bcommitted\\b', toolCalls: null, lines: 1 });
  });
});
