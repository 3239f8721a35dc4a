/**
 * The key of a flat JSON call that names its tool under a key of the prompt's own choosing:
 * `{"data_source": "notes", "query": ".."}` (a research planner picking its source),
 * `{"route": "billing", "question": ".."}`. No list of spellings can hold every such key, so the key is
 * told by what the object holds instead: its value is exactly an offered tool's name, the key is no
 * parameter of that tool, and every other key is a parameter that tool declares (at least one) or the
 * model's thoughts (`turn-thoughts.ts`). Then the object reads one way only; no key is guessed into an
 * argument. Where two keys could each name the call, neither does.
 */
import type { ToolSpec } from '../../spec/decision.ts';
import { callMetadataKeys } from './call-object.ts';
import { declaredBy, isTurnThought } from './turn-thoughts.ts';

/** True when every key of `value` but `key` is a parameter in `declared` or a thought, and one is a parameter. */
function restIsArguments(value: Record<string, unknown>, key: string, declared: ReadonlySet<string>): boolean {
  const rest = Object.keys(value).filter((other) => other !== key && !callMetadataKeys.has(other) && !isTurnThought(value, other, declared));
  return rest.length > 0 && rest.every((other) => declared.has(other));
}

/** The one key of `value` that names an offered tool as above, or undefined when none does or more than one could. */
export function toolNamingKey(value: Record<string, unknown>, tools: readonly ToolSpec[]): string | undefined {
  let found: string | undefined;
  for (const [key, item] of Object.entries(value)) {
    if (typeof item !== 'string' || !tools.some((tool) => tool.name === item)) continue;
    const declared = declaredBy(item, tools);
    if (declared.has(key) || !restIsArguments(value, key, declared)) continue;
    if (found !== undefined) return undefined;
    found = key;
  }
  return found;
}
