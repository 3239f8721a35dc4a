/**
 * Python-style calls in a code fence whose label names a call format, as Gemma 3 writes them (and
 * LiteRT-LM, Gemini's `tool_code`, Google's function-calling guides read them):
 *
 *   I will look both up.
 *   ```tool_code
 *   print(default_api.get_weather(city="Oslo"))
 *   get_time(zone="CET")
 *   ```
 *
 * The label (`tool_code`, `tool_call(s)`, `function_call(s)`, `tool_use`) says the fence is a call,
 * not a quotation, so its body is read: one call per line or a `[..]` list, keyword arguments only,
 * each call optionally inside `print(..)` and its name optionally qualified (`default_api.`), as the
 * Gemma 3 template asks. A body of JSON is the JSON readers'. Anything else in a labelled fence is a
 * correction, never the answer and never a guess: a body that is not only calls (`x = 1`, a positional
 * argument, an expression as a value), an empty body, or a fence never closed (the reply may be cut
 * off). A labelled fence inside another fence is an example shown there, not a call.
 */
import type { Thought, ToolSpec } from '../../spec/decision.ts';
import { callFenceLabel } from '../extract/call-fence-label.ts';
import { codeRanges } from '../extract/code-ranges.ts';
import { callItem, type DialectReader, failedReading, type Reading } from '../reading.ts';
import { type PythonCall, readPythonCalls } from './python-literal.ts';
import { withoutPythonComment } from './python-comment.ts';

const dialect = 'call-fence';

/** The line opening a labelled call fence: its backticks and its label, nothing else on the line. */
const opening = new RegExp(`^[ \\t]*(\`{3,})[ \\t]*(${callFenceLabel})[ \\t]*\\r?\\n`, 'gm');
/** A body written as JSON (`{..}` or `[{..}]`): the JSON readers read it. */
const jsonBody = /^\s*(?:\{|\[\s*\{)/;
/** `print(call)`: the Gemma 3 template shows each call printed. */
const printed = /^print\(([\s\S]*)\)$/;
/** The qualifier Gemma 3 puts before a tool's name. */
const qualifier = 'default_api.';

/** The offered tool `name` means: itself, or the name after the `default_api.` qualifier when only that is offered. */
function offeredName(name: string, tools: readonly ToolSpec[]): string {
  const offered = (candidate: string) => tools.some((tool) => tool.name === candidate);
  return !offered(name) && name.startsWith(qualifier) && offered(name.slice(qualifier.length)) ? name.slice(qualifier.length) : name;
}

/** The calls of a fence's body, each line's `print(..)` and comment taken off; undefined when the body is not calls only. */
export function bodyCalls(body: string): PythonCall[] | undefined {
  const lines = body.split(/\r?\n/).map((line) => withoutPythonComment(line).trim()).filter((line) => line !== '');
  const unprinted = lines.map((line) => printed.exec(line)?.[1] ?? line);
  return readPythonCalls(unprinted.join('\n'));
}

const failed = (label: string, problem: string): Reading => ({
  ...failedReading(dialect, { kind: 'no-decision', message: `the \`\`\`${label} block ${problem}` }),
  conclusive: true,
});

export const callFenceReader: DialectReader = {
  dialect,
  needs: '`',
  read(text, { tools }): Reading | undefined {
    if (!text.includes('```')) return undefined;
    // A labelled fence opening inside another fenced block is an example shown in it.
    const fences = codeRanges(text);
    const quoted = (at: number): boolean => fences.some(([start, end]) => start < at && at < end);
    const items: unknown[] = [];
    const spans: Array<readonly [number, number]> = [];
    const thoughts: Thought[] = [];
    let from = 0;
    for (const match of text.matchAll(opening)) {
      if (match.index < from || quoted(match.index)) continue;
      const [, ticks = '```', label = 'tool_code'] = match;
      const bodyStart = match.index + match[0].length;
      const closing = new RegExp(`^[ \\t]*${ticks}[ \\t]*$`, 'm');
      const close = closing.exec(text.slice(bodyStart));
      if (!close) return failed(label, 'is not closed (the output may be cut off): end the calls with a ``` line');
      const body = text.slice(bodyStart, bodyStart + close.index);
      if (jsonBody.test(body)) return undefined;
      if (body.trim() === '') return failed(label, 'holds no call');
      const calls = bodyCalls(body);
      if (!calls) return failed(label, 'could not be read as calls: write one call per line as name(key=value, ..), with literal values');
      const end = bodyStart + close.index + close[0].length;
      const before = text.slice(from, match.index).trim();
      if (before !== '') thoughts.push({ type: 'PLAN', content: before });
      for (const call of calls) items.push(callItem(offeredName(call.name, tools), call.args, tools));
      spans.push([match.index, end]);
      from = end;
    }
    return items.length ? { dialect, items, thoughts, repaired: false, spans } : undefined;
  },
};
