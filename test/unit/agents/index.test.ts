import { describe, it, expect } from 'vitest';
import { adapterFor, compilePattern, type TranscriptFormat } from '../../../src/agents/index.js';

describe('adapterFor', () => {
  it.each(['claude', 'codex', 'gemini', 'text'] as const)('returns the %s adapter', (format) => {
    expect(adapterFor(format).format).toBe(format);
  });

  it('throws on an unknown format', () => {
    expect(() => adapterFor('aider' as TranscriptFormat)).toThrow(/unknown transcript format: aider/);
  });
});

describe('compilePattern', () => {
  it('turns a leading (?i) into the i flag', () => {
    const re = compilePattern('(?i)quota EXCEEDED');
    expect(re.flags).toBe('i');
    expect(re.test('Quota exceeded for project')).toBe(true);
  });

  it('is case-sensitive without (?i)', () => {
    const re = compilePattern('Quota');
    expect(re.test('quota')).toBe(false);
    expect(re.test('Quota')).toBe(true);
  });

  it('names the pattern and the reason when it is invalid', () => {
    expect(() => compilePattern('(?i)limit (reached')).toThrow(
      /invalid rate-limit pattern "\(\?i\)limit \(reached": .*Unterminated group/,
    );
    expect(() => compilePattern('(?x)spaced')).toThrow(/invalid rate-limit pattern "\(\?x\)spaced"/);
  });
});
