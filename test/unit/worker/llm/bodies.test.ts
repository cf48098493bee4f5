// The request bodies each wire format gets and how each reply is read: the shapes Ollama's /api/chat and an
// OpenAI-compatible /chat/completions document.
import { describe, expect, it } from 'vitest';
import { ollamaBody, ollamaHints, ollamaReply } from '../../../../src/worker/llm/ollama.js';
import { openaiBody, openaiHints, openaiReply } from '../../../../src/worker/llm/openai.js';
import { renderPrompt, type LlmRequest } from '../../../../src/worker/llm/transport.js';

const schema = { type: 'object', properties: { actions: { type: 'array' } }, required: ['actions'] };
const request: LlmRequest = {
  messages: [
    { role: 'system', content: 'You are the worker.' },
    { role: 'user', content: 'Fix the bug.' },
  ],
  schema,
};
const URL_ = 'http://h/x';

describe('ollama', () => {
  it('sends model, messages, stream false, the schema as format and the temperature as an option', () => {
    expect(ollamaBody('qwen', 0.2, request)).toEqual({
      model: 'qwen',
      messages: request.messages,
      stream: false,
      format: schema,
      options: { temperature: 0.2 },
    });
  });

  it('reads message.content and the eval counts; a missing content is an empty answer', () => {
    const hints = ollamaHints('qwen');
    expect(
      ollamaReply(
        {
          model: 'qwen',
          message: { role: 'assistant', content: '{"actions":[]}' },
          prompt_eval_count: 12,
          eval_count: 3,
          done: true,
        },
        URL_,
        hints,
        [],
      ),
    ).toEqual({ text: '{"actions":[]}', usage: { input_tokens: 12, output_tokens: 3 }, model: 'qwen' });
    expect(ollamaReply({ message: { role: 'assistant' }, done: true }, URL_, hints, [])).toEqual({
      text: '',
      usage: { input_tokens: null, output_tokens: null },
      model: null,
    });
    expect(() => ollamaReply([1], URL_, hints, [])).toThrow(
      expect.objectContaining({ kind: 'bad_response' }),
    );
    expect(() => ollamaReply({ error: 'oops' }, URL_, hints, [])).toThrow(
      expect.objectContaining({ kind: 'http_error' }),
    );
  });
});

describe('openai', () => {
  it('sends model, messages, temperature, stream false and a json_schema response_format (not strict)', () => {
    expect(openaiBody('local', 0, request)).toEqual({
      model: 'local',
      messages: request.messages,
      temperature: 0,
      stream: false,
      response_format: { type: 'json_schema', json_schema: { name: 'worker_answer', schema, strict: false } },
    });
  });

  it('reads choices[0].message.content and usage; null content is an empty answer', () => {
    const hints = openaiHints('local', undefined);
    expect(
      openaiReply(
        {
          model: 'local',
          choices: [{ index: 0, message: { role: 'assistant', content: 'hi' }, finish_reason: 'stop' }],
          usage: { prompt_tokens: 5, completion_tokens: 2, total_tokens: 7 },
        },
        URL_,
        hints,
        [],
      ),
    ).toEqual({ text: 'hi', usage: { input_tokens: 5, output_tokens: 2 }, model: 'local' });
    expect(openaiReply({ choices: [{ message: { content: null } }] }, URL_, hints, []).text).toBe('');
    expect(openaiReply({ choices: [] }, URL_, hints, []).text).toBe('');
    expect(() => openaiReply('x', URL_, hints, [])).toThrow(
      expect.objectContaining({ kind: 'bad_response' }),
    );
    expect(() => openaiReply({ error: { message: 'sk-1 bad' } }, URL_, hints, ['sk-1'])).toThrow(
      /\*\*\* bad/,
    );
  });

  it('tells how to fix refused credentials with or without llm.api_key_env', () => {
    expect(openaiHints('m', 'OPENAI_API_KEY').authentication).toContain('(OPENAI_API_KEY)');
    expect(openaiHints('m', undefined).authentication).toContain('set llm.api_key_env');
  });
});

describe('renderPrompt', () => {
  it('joins the messages with a blank line', () => {
    expect(renderPrompt(request.messages)).toBe('You are the worker.\n\nFix the bug.');
  });
});
