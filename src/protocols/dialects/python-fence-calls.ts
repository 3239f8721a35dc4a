/**
 * Calls of offered tools in a Python code fence that closes the reply, as CodeAct agents take them
 * (kotaemon's CodeActAgent, smolagents-style prompts: the model writes code and the framework runs it,
 * each tool a function):
 *
 *   I will call the external tool first.
 *   ```python
 *   echo_tool(query="hello")
 *   ```
 *
 * A fence labelled with a language is quoted text by default; this one is read only where nothing but
 * a call can be meant: it is the reply's last part (space after it at most), it opens a line at the top
 * level (not indented, so not in a blockquote or a list item), it is the reply's only fence, and its
 * body is nothing but calls of offered tools with keyword arguments and literal values (one per line
 * or a `[..]` list, each optionally inside `print(..)`: the rules of `call-fence.ts`). The prose before
 * it is the plan. GUI agents that run the fence against an object of actions (Agent-S's
 * `agent.click('the OK button', 2)`) write each call after a namespace and with positional values:
 * the namespace is dropped where only the bare name is offered (`fence-call-names.ts`), and positional
 * values bind to the tool's declared parameters as Python binds them (`positional-arguments.ts`); a call
 * Python would refuse so leaves the fence unread. Any other code stays what a fence labelled with a language is, text shown in the
 * answer: code using a tool's result (`x = search(q="a")`, a loop) is an example for the reader as
 * often as a call, and a framework's `final_answer(..)` is no offered tool.
 */
import type { Thought } from '../../spec/decision.ts';
import { callItem, type DialectReader, type Reading } from '../reading.ts';
import { fenceCalls } from './fence-call-names.ts';

const dialect = 'python-fence';
/** Prose, then one fence labelled as Python at a line's start (no indent), closing the reply. */
const shape = /^([\s\S]*?)(?:^|\n)(`{3,})(?:python3?|py)[ \t]*\r?\n([\s\S]*?)\r?\n\2[ \t]*\s*$/;

export const pythonFenceCallsReader: DialectReader = {
  dialect,
  needs: '`',
  read(text, { tools }): Reading | undefined {
    if (!text.includes('```')) return undefined;
    const match = shape.exec(text);
    if (!match) return undefined;
    const [, prose = '', ticks = '```', body = ''] = match;
    // Another fence before it, or the fence's ticks inside its body, makes it one of several blocks.
    if (prose.includes('```') || body.includes(ticks)) return undefined;
    const calls = fenceCalls(body, tools);
    if (!calls || calls.length === 0) return undefined;
    const before = prose.trim();
    const thoughts: Thought[] = before === '' ? [] : [{ type: 'PLAN', content: before }];
    const start = text.indexOf(ticks, prose.length);
    return { dialect, items: calls.map((call) => callItem(call.name, call.args, tools)), thoughts, repaired: false, spans: [[start, text.length]] };
  },
};
