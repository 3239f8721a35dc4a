/**
 * Python-style calls in a `<code>` element, as SmolLM3's tool prompt asks for them (`python_tools`:
 * the model writes code between `<code>` and `</code>`, calling the tools as functions):
 *
 *   Let me check.
 *   <code>
 *   get_weather(city="Copenhagen")
 *   </code>
 *
 * Read only where the element ends the reply, starts a line, and its body is nothing but calls of
 * offered tools (one per line or a `[..]` list, keyword arguments with literal values, each optionally
 * inside `print(..)`: the rules of `call-fence.ts`); the prose before it is the plan. Any other code
 * (an assignment, a positional argument, a tool not offered) is left to the call-attempt check, which
 * corrects it; where a tool is named `code`, the element is that tool's (`tool-name-tags.ts`).
 */
import type { Thought } from '../../spec/decision.ts';
import { callItem, type DialectReader, type Reading } from '../reading.ts';
import { bodyCalls } from './call-fence.ts';

const dialect = 'code-element';
/** Prose (ending at a line break), then the one `<code>` element closing the reply. */
const shape = /^([\s\S]*?)(?:^|\n)[ \t]*<code>([\s\S]*?)<\/code>\s*$/;

export const codeElementCallsReader: DialectReader = {
  dialect,
  needs: '<',
  read(text, { tools }): Reading | undefined {
    if (!text.includes('<code>') || tools.some((tool) => tool.name === 'code')) return undefined;
    const match = shape.exec(text);
    if (!match || (match[1] ?? '').includes('<code>')) return undefined;
    const calls = bodyCalls(match[2] ?? '');
    if (!calls || calls.length === 0 || !calls.every((call) => tools.some((tool) => tool.name === call.name))) return undefined;
    const before = (match[1] ?? '').trim();
    const thoughts: Thought[] = before === '' ? [] : [{ type: 'PLAN', content: before }];
    const start = text.indexOf('<code>', (match[1] ?? '').length);
    return { dialect, items: calls.map((call) => callItem(call.name, call.args, tools)), thoughts, repaired: false, spans: [[start, text.length]] };
  },
};
