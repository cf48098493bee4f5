// Pattern settings use the Python/Rust spelling `(?i)` for case-insensitivity, which JavaScript rejects (it
// has no inline global flags). The loader and the matchers share this one translation so a pattern that
// validated is exactly the pattern that runs.

const CASE_INSENSITIVE_PREFIX = '(?i)';

/** Compile a configured pattern; throws SyntaxError (with the engine's reason) when it is invalid. */
export function compilePattern(pattern: string): RegExp {
  if (pattern.startsWith(CASE_INSENSITIVE_PREFIX)) {
    return new RegExp(pattern.slice(CASE_INSENSITIVE_PREFIX.length), 'i');
  }
  return new RegExp(pattern);
}

/** Why a pattern does not compile, or undefined when it does. */
export function patternError(pattern: string): string | undefined {
  try {
    compilePattern(pattern);
    return undefined;
  } catch (error) {
    // V8 says "Invalid regular expression: /(/: Unterminated group"; the reason is the useful part.
    const text = error instanceof Error ? error.message : String(error);
    return text.replace(/^Invalid regular expression: \/.*\/[a-z]*: /s, '');
  }
}
