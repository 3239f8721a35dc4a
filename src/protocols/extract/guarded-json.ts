/**
 * The one JSON reader every codec hands to the value coercion of `src/tools` (`coerceText`'s
 * `repairJson`): JSON written inside a parameter's text, a positional param or a nested element meets
 * the same repair guard (`read-json.ts`) as JSON anywhere else in a reply, so a value the repair could
 * only guess (`{"missing": }`, `[1, 2, unclosed`) stays the text, for strict validation to refuse,
 * and JSON holding a key twice (`{"a": 1, "a": 2}`) is refused with the key named, never read as its last value.
 */
import { duplicateKey } from '../../tools/duplicate-key.ts';
import { duplicateKeyMessage } from './duplicate-keys.ts';
import { readJson } from './read-json.ts';

export function guardedJson(text: string): unknown {
  const reading = readJson(text);
  return reading.ok ? reading.value : undefined;
}

/** The guard's refusal of JSON text that parses: a key written twice in one object (`duplicate-keys.ts`). */
export function refusedJson(json: string, value: unknown): string | undefined {
  const twice = duplicateKey(json, value);
  return twice === undefined ? undefined : duplicateKeyMessage(twice);
}

/** The coercion options the codecs pass: the guarded reader, and its refusals for JSON read strictly. */
export const guardedCoercion = { repairJson: guardedJson, refuseJson: refusedJson } as const;
