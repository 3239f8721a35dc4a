/**
 * The guard's corrections for a key written twice in one JSON object (`{"path": "x", "path": "y"}`):
 * which one of the two values the model meant is a guess, so the text is refused with the key named.
 * The detection (`duplicateKey`) lives in `tools/duplicate-key.ts`, below the codecs and the model
 * adapters, which both use it.
 */
import { sanitizeSnippet } from '../sanitize.ts';
import { duplicateKey } from '../../tools/duplicate-key.ts';
import { findJsonSpans } from './find-json-spans.ts';

/** The guard's correction for a key written twice (the path as one short line, without backticks). */
export function duplicateKeyMessage(path: string): string {
  const shown = sanitizeSnippet(path.replaceAll('`', "'"), 60);
  return `the key \`${shown}\` is written twice in one object (two values: which one is meant?): write each key once`;
}

/**
 * The guard's correction for the first JSON value of `text` (a reply) that writes a key twice, or
 * undefined: the detail a "call could not be read" correction adds, so the model learns which key.
 */
export function duplicateKeyIn(text: string): string | undefined {
  for (const span of findJsonSpans(text)) {
    if (!span.complete) continue;
    const twice = duplicateKey(span.text);
    if (twice !== undefined) return duplicateKeyMessage(twice);
  }
  return undefined;
}
