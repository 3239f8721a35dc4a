/**
 * A dialect's framing key written in another case style: `actionInput` (KaibanJS) for LangChain's
 * `action_input`, `Thought` for `thought`. The words are the same, so the key is the dialect's
 * own, as an argument name in another case style is the declared one (`respelled-keys.ts`). Read
 * only where the spelling has one reading: the object does not also hold the key as the dialect
 * writes it, and no two of its keys spell the same framing key.
 */
import { spelling } from '../respelled-keys.ts';

/** `object` with each key that spells one of `framing` in another style renamed to it; `object` itself when none does or the spelling reads two ways. */
export function withFramingSpelling(object: Record<string, unknown>, framing: ReadonlySet<string>): Record<string, unknown> {
  const bySpelling = new Map([...framing].map((key) => [spelling(key), key]));
  const renames = new Map<string, string>();
  for (const written of Object.keys(object)) {
    if (framing.has(written)) continue;
    const own = bySpelling.get(spelling(written));
    if (own === undefined) continue;
    if (Object.hasOwn(object, own) || [...renames.values()].includes(own)) return object;
    renames.set(written, own);
  }
  if (renames.size === 0) return object;
  // fromEntries defines own keys: a written `__proto__` stays a key, never a prototype.
  return Object.fromEntries(Object.entries(object).map(([key, value]) => [renames.get(key) ?? key, value]));
}
