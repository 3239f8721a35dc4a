/**
 * The one JSON reader every codec hands to the value coercion of `src/tools` (`coerceText`'s
 * `repairJson`): JSON written inside a parameter's text, a positional param or a nested element meets
 * the same repair guard (`read-json.ts`) as JSON anywhere else in a reply, so a value the repair could
 * only guess (`{"missing": }`, `[1, 2, unclosed`) stays the text, for strict validation to refuse.
 */
import { readJson } from './read-json.ts';

export function guardedJson(text: string): unknown {
  const reading = readJson(text);
  return reading.ok ? reading.value : undefined;
}

/** The coercion options the codecs pass: the guarded reader. */
export const guardedCoercion = { repairJson: guardedJson } as const;
