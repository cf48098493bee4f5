import { describe, it, expect } from 'vitest';
import { adapterFor, type TranscriptFormat } from '../../../src/agents/index.js';

describe('adapterFor', () => {
  it.each(['claude', 'codex', 'gemini', 'text', 'json-actions'] as const)(
    'returns the %s adapter',
    (format) => {
      expect(adapterFor(format).format).toBe(format);
    },
  );

  it('throws on an unknown format', () => {
    expect(() => adapterFor('aider' as TranscriptFormat)).toThrow(/unknown transcript format: aider/);
  });
});
