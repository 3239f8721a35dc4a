/**
 * A call's arguments written as an element of their own, beside a tool named some other way or
 * without one,
 *
 *   <tool>search</tool>
 *   <arguments>{"query": "tides"}</arguments>
 *
 * (a JSON body in an element named for a call's arguments: `arguments`, `args`, `parameters`,
 * `params`, `input`, `kwargs`, `action_input`). No reader reads that pairing, so the arguments would
 * be dropped (the call run with `{}`) or the markup returned as the answer: the reply is a call
 * attempt, corrected. Markup quoted as code (`maskCode`) is talk about a call and stays prose.
 */
import type { ReadFailure } from '../reading.ts';
import { maskCode } from './mask-code.ts';

const wrapper = /<(arguments|args|parameters|params|input|kwargs|action_input)>\s*\{/i;

/** A failure naming the arguments element in `text` (its caller adds the hint), or undefined when there is none. */
export function argumentsWrapperElement(text: string): ReadFailure | undefined {
  if (!text.includes('<')) return undefined;
  const match = wrapper.exec(maskCode(text));
  if (!match) return undefined;
  const name = (match[1] ?? '').toLowerCase();
  return { kind: 'no-decision', message: `the reply holds <${name}> with a JSON object outside any call that could be read: write the whole call in one form, naming its tool` };
}
