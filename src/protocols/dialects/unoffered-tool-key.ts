/**
 * A reply that is one tool's arguments beside a key naming a tool that is not on offer:
 *
 *   {"data_source": "image", "query": "a cat on a sofa"}      (only `notes` and `online` take a query)
 *
 * The flat call of a tool the model made up, or one it remembers from another prompt. Answered as text
 * it would be a call never made; reading it as a call of an offered tool would be a guess. It is
 * corrected, naming the tools on offer. Told by its shape, never by one spelling: the object opens the
 * reply (`nameless-arguments.ts`), all of it but one key is valid arguments of an offered tool with
 * required parameters, and that key names a step by its words (`data_source`, `next_tool`,
 * `selected_function`, `route`) and holds a bare name, not prose. Data that merely shares a
 * parameter's key (`{"city": "Oslo", "condition": "sunny"}` after a weather lookup) stays an answer.
 */
import type { ToolSpec } from '../../spec/decision.ts';
import type { ReadFailure } from '../reading.ts';
import { sanitizeName } from '../sanitize.ts';
import { availableList } from '../validate-decision.ts';
import { fits, openingObject } from './nameless-arguments.ts';

/** Words that, last in a key, say the key names a step to run (a tool, a source, a route). */
const stepWords: ReadonlySet<string> = new Set(['tool', 'function', 'func', 'action', 'source', 'route', 'command', 'skill', 'plugin', 'api', 'method', 'operation', 'call', 'service', 'agent']);

/** True when `key` names a step: its last word (a trailing `name` or `id` aside) is a step word. */
function namesStep(key: string): boolean {
  const words = key.replace(/([a-z])([A-Z])/g, '$1_$2').toLowerCase().split(/[_\-\s]+/).filter((word) => word !== '');
  const last = ['name', 'id'].includes(words.at(-1) ?? '') ? words.at(-2) : words.at(-1);
  return last !== undefined && stepWords.has(last);
}

/** A bare name, as a tool's is: no spaces, no sentence. */
const bareName = /^[A-Za-z][\w.-]{0,63}$/;

/** The correction for an opening object that calls a tool not on offer (its caller adds the hint), or undefined. */
export function unofferedToolKey(text: string, tools: readonly ToolSpec[]): ReadFailure | undefined {
  const value = openingObject(text);
  if (value === undefined) return undefined;
  for (const [key, item] of Object.entries(value)) {
    if (typeof item !== 'string' || !bareName.test(item) || !namesStep(key) || tools.some((tool) => tool.name === item)) continue;
    const args = Object.fromEntries(Object.entries(value).filter(([other]) => other !== key));
    const fitting = tools.filter((tool) => fits(tool, args));
    if (fitting.length === 0) continue;
    return { kind: 'unknown-tool', message: `the reply calls \`${sanitizeName(item)}\` (under \`${sanitizeName(key)}\`), which is no offered tool (available: ${availableList(tools)})`, toolName: sanitizeName(item) };
  }
  return undefined;
}
