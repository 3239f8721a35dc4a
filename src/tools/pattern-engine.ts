/**
 * The regular-expression engine Ajv uses for `pattern` and `patternProperties` (Ajv's
 * `code.regExp` option): re2js, a pure-JavaScript port of RE2 that matches in linear time, so a
 * schema pattern such as `^(a+)+$` cannot freeze the process on a long argument (JavaScript's
 * backtracking engine takes minutes). RE2 has no lookahead and no backreferences (lookbehind is
 * enabled); such a pattern throws `UnsupportedPatternError` and the tool is withheld, unless the
 * schema is trusted (written in code by the application), where JavaScript's RegExp runs it.
 * The caller passes re2js's `RE2JS` (schema-validator.ts loads it with Ajv, not at import).
 */
import type { RE2JS } from 're2js';

/** A pattern the linear-time engine cannot run. */
export class UnsupportedPatternError extends Error {
  constructor(pattern: string, cause: unknown) {
    const shown = pattern.length > 80 ? `${pattern.slice(0, 80)}…` : pattern;
    const why = cause instanceof Error ? cause.message : String(cause);
    super(`pattern ${JSON.stringify(shown)} cannot be checked in linear time (${why}); lookahead and backreferences are not supported`, { cause });
  }
}

interface RegExpLike {
  test(text: string): boolean;
}

/** Ajv's RegExpEngine: a function with a `code` string (used only by Ajv's standalone code generation). */
export type PatternEngine = ((pattern: string, flags: string) => RegExpLike) & { code: string };

export function patternEngine(options: {
  /** re2js's `RE2JS`. */
  linear: typeof RE2JS;
  /** Run a pattern re2js cannot on JavaScript's RegExp (trusted schemas only). */
  nativeFallback: boolean;
}): PatternEngine {
  const { linear: re2 } = options;
  const engine = (pattern: string, flags: string): RegExpLike => {
    let linear: RE2JS;
    try {
      linear = re2.compile(re2.translateRegExp(pattern), re2.LOOKBEHINDS);
    } catch (error) {
      const native = new RegExp(pattern, flags); // throws for a pattern that is not a regular expression at all: an invalid schema
      if (options.nativeFallback) return { test: (text) => native.test(text), toString: () => `native:/${pattern}/${flags}` } as RegExpLike;
      throw new UnsupportedPatternError(pattern, error);
    }
    // Ajv de-duplicates patterns by `toString()`: make it name the pattern and the engine.
    return { test: (text) => linear.test(text), toString: () => `re2:/${pattern}/${flags}` } as RegExpLike;
  };
  return Object.assign(engine, { code: 'reinsPatternEngine' });
}
