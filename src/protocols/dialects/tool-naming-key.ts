/**
 * The key of a flat JSON call that names its tool under a key of the prompt's own choosing:
 * `{"data_source": "notes", "query": ".."}` (a research planner picking its source),
 * `{"route": "billing", "question": ".."}`. No list of spellings can hold every such key, so the key is
 * told by what the object holds instead: its value is exactly an offered tool's name, the key is no
 * parameter of that tool, and every other key is a parameter that tool declares (at least one) or the
 * model's thoughts (`turn-thoughts.ts`). Then the object reads one way only; no key is guessed into an
 * argument. Where two keys could each name the call, neither does.
 *
 * In a turn with the model's thoughts and the arguments under their own key (`{"scratchpad": ..,
 * "route": "notes", "args": {..}}`, `thought-command-json.ts`), the name is the one other key (thoughts
 * and call metadata aside) holding an offered tool's name: `toolNameBesideArguments`. (Without thoughts,
 * such an object in a spelling no reader lists stays a correction: `tool-member-object.ts`.)
 */
import type { ToolSpec } from '../../spec/decision.ts';
import { callMetadataKeys } from './call-object.ts';
import { declaredBy, isTurnThought } from './turn-thoughts.ts';

/** True when every key of `value` but `key` is a parameter in `declared` or a thought, and one is a parameter. */
function restIsArguments(value: Record<string, unknown>, key: string, declared: ReadonlySet<string>): boolean {
  const rest = Object.keys(value).filter((other) => other !== key && (!callMetadataKeys.has(other) || declared.has(other)) && !isTurnThought(value, other, declared));
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

/**
 * The key naming the call in `value` whose arguments sit under `argumentKey`: the only other key (call
 * metadata and thoughts aside) when its value is an offered tool's name; undefined otherwise, and for a
 * JSON-RPC request (`method`).
 */
export function toolNameBesideArguments(value: Record<string, unknown>, argumentKey: string, tools: readonly ToolSpec[]): string | undefined {
  // JSON-RPC's `method` names the request (MCP's `tools/call`), its `params` the request's own: a tool's
  // name there mixes the layers up, corrected by the readers of that framing, never read as the call.
  if ('method' in value) return undefined;
  const others = Object.keys(value).filter((key) => key !== argumentKey && !callMetadataKeys.has(key));
  const named = others.filter((key) => typeof value[key] === 'string' && tools.some((tool) => tool.name === value[key]));
  if (named.length !== 1) return undefined;
  const [key] = named as [string];
  const declared = declaredBy(value[key], tools);
  return others.every((other) => other === key || isTurnThought(value, other, declared)) ? key : undefined;
}
