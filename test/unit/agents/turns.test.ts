// Each adapter's per-line turn counter (issue 11): on real transcripts with answers known from how they were made,
// and on the layouts the real CLIs produce that a naive count gets wrong.
import { readFileSync } from 'node:fs';
import { describe, expect, it, vi } from 'vitest';
import { adapterFor, type TranscriptFormat } from '../../../src/agents/index.js';
import { withTurnShape } from '../../../src/agents/types.js';
import { emptyMetrics, type TurnShape } from '../../../src/session/metrics.js';
import { CORPUS_DIR } from './corpus-cases.js';

function shapeOf(format: TranscriptFormat, text: string): TurnShape | null {
  const counter = adapterFor(format).turnShape?.() ?? null;
  if (counter === null) return null;
  for (const line of text.split('\n')) counter.line(line);
  return counter.result();
}

const corpus = (name: string): string => readFileSync(`${CORPUS_DIR}${name}.jsonl`, 'utf8');
const line = (event: unknown): string => JSON.stringify(event);

describe('claude turn counter', () => {
  it('counts one turn per message id on a real transcript with a parallel and a narration-only turn', () => {
    // Made by test/support/model-server.test.ts: [Write, Write] | text + Bash | text (Stop hook sends it on) |
    // Bash | text. Five answers; the two text-only ones are narration; one answer held two calls.
    expect(shapeOf('claude', corpus('real-claude-parallel-narration'))).toEqual({
      turns: 5,
      narration_turns: 2,
      parallel_turns: 1,
      model: 'claude-sonnet-4-5',
    });
  });

  it('joins the events of one message, skips partial stream events, sub-agents and synthetic answers', () => {
    const assistant = (id: string, content: unknown[], extra: Record<string, unknown> = {}) =>
      line({
        type: 'assistant',
        message: { id, type: 'message', role: 'assistant', model: 'claude-opus-4-1', content },
        parent_tool_use_id: null,
        ...extra,
      });
    const tool = (id: string) => ({ type: 'tool_use', id, name: 'Bash', input: { command: 'ls' } });
    const text = (t: string) => ({ type: 'text', text: t });
    const result = (id: string) =>
      line({ type: 'user', message: { role: 'user', content: [{ type: 'tool_result', tool_use_id: id }] } });
    const transcript = [
      line({ type: 'system', subtype: 'init', model: 'claude-opus-4-1', tools: [] }),
      // One message, three events, a tool result printed between its calls: one parallel turn.
      assistant('m1', [text('Two things at once.')]),
      assistant('m1', [tool('a')]),
      result('a'),
      assistant('m1', [tool('b')]),
      result('b'),
      // --include-partial-messages repeats blocks as stream events: never a turn.
      line({ type: 'stream_event', event: { type: 'content_block_start', content_block: tool('c') } }),
      // Several blocks in one event (older CLIs), a tool input that holds a "type":"text" object.
      assistant('m2', [tool('d'), { type: 'tool_use', id: 'e', name: 'X', input: { type: 'text' } }]),
      // A sub-agent's own turns belong to the Task call, not to the session's turns.
      assistant('s1', [text('sub-agent narration')], { parent_tool_use_id: 'toolu_task' }),
      // The CLI's own answer to a failed call is no model turn.
      line({
        type: 'assistant',
        message: { id: 'x', model: '<synthetic>', role: 'assistant', content: [text('API Error')] },
        error: 'rate_limit',
      }),
      assistant('m3', [text('Done.')]),
      // A quoted event inside a tool result is escaped: no match.
      result('"type":"assistant"'),
    ].join('\n');
    expect(shapeOf('claude', transcript)).toEqual({
      turns: 3,
      narration_turns: 1,
      parallel_turns: 2,
      model: 'claude-opus-4-1',
    });
  });

  it('keeps memory flat: thousands of messages, each joined while it is recent', () => {
    const lines: string[] = [];
    for (let i = 0; i < 5000; i++) {
      const id = `msg_${i}`;
      const base = { type: 'message', role: 'assistant', model: 'm' };
      lines.push(
        line({ type: 'assistant', message: { id, ...base, content: [{ type: 'text', text: 'x' }] } }),
      );
      if (i % 2 === 0)
        lines.push(
          line({ type: 'assistant', message: { id, ...base, content: [{ type: 'tool_use', id: 't' }] } }),
        );
    }
    expect(shapeOf('claude', lines.join('\n'))).toEqual({
      turns: 5000,
      narration_turns: 2500,
      parallel_turns: 0,
      model: 'm',
    });
  });

  it('parses no assistant line whose message holds no id key, however many ids its blocks hold', () => {
    // A transcript written without message ids (a tool-heavy one): each line's only "id" keys are its blocks'.
    const lines: string[] = [];
    for (let i = 0; i < 50; i++) {
      const input = { command: `cat "f${i}.ts"\n`, nested: { id: 'x', list: [{ id: 'y' }, '"id"', '{'] } };
      const blocks = [
        { type: 'tool_use', id: `t${i}`, name: 'Bash', input },
        { type: 'text', text: 'say "id" and }]{ and \\' },
      ];
      lines.push(line({ type: 'assistant', message: { content: blocks, role: 'assistant' } }));
      lines.push(line({ type: 'assistant', message: { content: [{ type: 'tool_use', id: `u${i}` }] } }));
    }
    const parse = vi.spyOn(JSON, 'parse');
    try {
      expect(shapeOf('claude', lines.join('\n'))).toEqual({
        turns: 0,
        narration_turns: 0,
        parallel_turns: 0,
        model: null,
      });
      expect(parse).not.toHaveBeenCalled();
    } finally {
      parse.mockRestore();
    }
  });

  it('finds a message id however the line spells it: any key order, spaces, escapes, the last duplicate', () => {
    // Each line's answer is what a full parse of every line gives (the reference the byte test must equal).
    const reference = (text: string): TurnShape => {
      const ids = new Map<string, { text: boolean; tools: number }>();
      for (const l of text.split('\n')) {
        let event: unknown;
        try {
          event = JSON.parse(l);
        } catch {
          continue;
        }
        const e = event as { type?: unknown; message?: { id?: unknown; content?: unknown } } | null;
        if (e?.type !== 'assistant' || typeof e.message?.id !== 'string') continue;
        const blocks = Array.isArray(e.message.content)
          ? (e.message.content as { type?: string; text?: string }[])
          : [];
        const m = ids.get(e.message.id) ?? { text: false, tools: 0 };
        for (const b of blocks) {
          if (b?.type === 'tool_use') m.tools++;
          else if (b?.type === 'text' && (b.text ?? '').trim() !== '') m.text = true;
        }
        ids.set(e.message.id, m);
      }
      const shape = { turns: 0, narration_turns: 0, parallel_turns: 0, model: null };
      for (const m of ids.values()) {
        shape.turns++;
        if (m.text && m.tools === 0) shape.narration_turns++;
        if (m.tools >= 2) shape.parallel_turns++;
      }
      return shape;
    };
    const two = '[{"type":"tool_use","id":"a"},{"type":"tool_use","id":"b"}]';
    const lines = [
      `{"type":"assistant","message":{"content":${two},"id":"m1"}}`,
      `{"type":"assistant","message" : { "content" : ${two} , "id" : "m2" } }`,
      `{"type":"assistant","message":{"content":${two},"\\u0069d":"m3"}}`,
      `{"type":"assistant","message":{"content":${two},"i\\u0064":"m4"}}`,
      `{"message":{"content":${two},"id":"m5"},"type":"assistant"}`,
      `{"type":"assistant","message":{"content":${two},"id":7}}`,
      `{"type":"assistant","message":{"id":"m6","content":${two},"id":"m7"}}`,
      `{"type":"assistant","message":{"x":"a\\\\","id":"m8","content":${two}}}`,
      `{"type":"assistant","message":{"x":"\\"id\\"","content":${two}}}`,
      `{"type":"assistant","message":{"x":"\\"id","content":${two}}}`,
      `{"type":"assistant","message":{"x":{"id":"no"},"content":${two}}}`,
      `{"type":"assistant","other":{"id":"no"},"message":{"content":${two}}}`,
      `{"type":"assistant","message":{"content":[{"type":"text","text":"hi"},{"type":"text","text":"]}"}],"id":"m9"}}`,
    ];
    const text = lines.join('\n');
    expect(shapeOf('claude', text)).toEqual(reference(text));
    expect(reference(text).turns).toBe(8);
    expect(reference(text).narration_turns).toBe(1);
  });

  it("keeps the agent's num_turns as turns; the counter gives narration and parallel turns", () => {
    const metrics = { ...emptyMetrics(), turns: 6 };
    const shape = { turns: 5, narration_turns: 2, parallel_turns: 1, model: 'm' };
    expect(withTurnShape(metrics, shape, true)).toMatchObject({ turns: 6, narration_turns: 2, model: 'm' });
    expect(withTurnShape({ ...metrics, turns: null }, shape, true).turns).toBe(5);
    // Formats whose classify counts from the tail only: the whole-transcript count wins.
    expect(withTurnShape(metrics, shape, false).turns).toBe(5);
    expect(withTurnShape(metrics, null, false)).toBe(metrics);
  });
});

describe('codex turn counter', () => {
  it('counts model answers and says narration and parallel turns are not available', () => {
    // real-codex-success-shell: a command (answer 1), its result, then a message (answer 2).
    expect(shapeOf('codex', corpus('real-codex-success-shell'))).toEqual({
      turns: 2,
      narration_turns: null,
      parallel_turns: null,
      model: null,
    });
  });

  it('has no turns for a session whose turn never ended and the model never answered', () => {
    expect(shapeOf('codex', corpus('real-codex-network-killed'))?.turns).toBeNull();
    expect(shapeOf('codex', corpus('real-codex-401'))?.turns).toBe(0);
  });
});

describe('gemini turn counter', () => {
  it('counts a tool turn and a narration-only final answer on a real transcript', () => {
    expect(shapeOf('gemini', corpus('real-gemini-success-shell'))).toEqual({
      turns: 2,
      narration_turns: 1,
      parallel_turns: 0,
      model: 'gemini-2.5-flash',
    });
  });

  it('counts a response with two calls as one parallel turn, and leaves a router alias unnamed', () => {
    const transcript = [
      line({ type: 'init', timestamp: 't', session_id: 's', model: 'auto' }),
      line({ type: 'message', timestamp: 't', role: 'user', content: 'Go.' }),
      line({ type: 'message', timestamp: 't', role: 'assistant', content: 'Reading both.', delta: true }),
      line({ type: 'tool_use', timestamp: 't', tool_name: 'read_file', tool_id: 'a', parameters: {} }),
      line({ type: 'tool_use', timestamp: 't', tool_name: 'read_file', tool_id: 'b', parameters: {} }),
      line({ type: 'tool_result', timestamp: 't', tool_id: 'a', status: 'success', output: 'x' }),
      line({ type: 'tool_result', timestamp: 't', tool_id: 'b', status: 'success', output: 'y' }),
      line({ type: 'message', timestamp: 't', role: 'assistant', content: '', delta: true }),
      line({ type: 'tool_use', timestamp: 't', tool_name: 'write_file', tool_id: 'c', parameters: {} }),
      line({ type: 'tool_result', timestamp: 't', tool_id: 'c', status: 'success' }),
      line({ type: 'message', timestamp: 't', role: 'assistant', content: 'Done', delta: true }),
      line({ type: 'message', timestamp: 't', role: 'assistant', content: '.', delta: true }),
      line({ type: 'result', timestamp: 't', status: 'success', stats: {} }),
    ].join('\n');
    expect(shapeOf('gemini', transcript)).toEqual({
      turns: 3,
      narration_turns: 1,
      parallel_turns: 1,
      model: null,
    });
  });
});

describe('text', () => {
  it('has no turn counter', () => {
    expect(adapterFor('text').turnShape).toBeNull();
  });
});
