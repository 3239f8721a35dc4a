/**
 * ChatGLM3's tool calls: the tool's name alone on the first line (the message's metadata), then its
 * arguments as one Python call of the placeholder `tool_call` with keyword arguments, in a code fence:
 *
 *   get_weather
 *   ```python
 *   tool_call(city="Oslo", unit="celsius")
 *   ```
 *
 * as chatglm.cpp's `decode_message` and THUDM's own tokenizer read it (the name line, then the fenced
 * code; its `openai_api` turns the `tool_call(..)` keywords into the arguments; its `<|observation|>`
 * stop token is stripped before any reader). Such a block after prose is read too where the name
 * line names an offered tool (a bare word line before a `tool_call(..)` fence means nothing else),
 * and prose after the fence is prose. The literals are read by `python-literal.ts`, never evaluated;
 * a call with positional arguments, any other callee, or a second statement is a correction: which
 * argument a value is for would be a guess.
 */
import { callItem, type DialectReader, failedReading, type Reading } from '../reading.ts';
import { readPythonCalls } from './python-literal.ts';

const dialect = 'glm3-tool-call';
/** The placeholder callee ChatGLM3 writes for every tool. */
const placeholder = 'tool_call';
/** A name line, then one fence (python, or unlabelled) opening with the placeholder call. */
const block = /(?<=^|\n)[ \t]*(?<name>[A-Za-z_][\w.-]*)[ \t]*\r?\n[ \t]*(?<fence>`{3,}|~{3,})[ \t]*(?:python|py)?[ \t]*\r?\n(?<code>[ \t]*tool_call[ \t]*\([\s\S]*?)\r?\n[ \t]*\k<fence>[ \t]*(?=\r?\n|$)/g;

export const glm3ToolCallReader: DialectReader = {
  dialect,
  needs: '`~',
  read(text, { tools }): Reading | undefined {
    if (!text.includes(placeholder)) return undefined;
    const items: unknown[] = [];
    const spans: Array<readonly [number, number]> = [];
    for (const match of text.matchAll(block)) {
      const name = match.groups?.name ?? '';
      // After prose, only a line naming an offered tool is a name line (a word alone may be prose).
      if (text.slice(0, match.index).trim() !== '' && !tools.some((tool) => tool.name === name)) continue;
      const calls = readPythonCalls(match.groups?.code ?? '');
      const call = calls?.length === 1 ? calls[0] : undefined;
      if (!call || call.name !== placeholder) {
        const message = `the arguments of \`${name}\` could not be read: write them as keyword arguments of one ${placeholder}(..) call (name="value"), or as one JSON object`;
        return { ...failedReading(dialect, { kind: 'invalid-args', message, toolName: name }), conclusive: true };
      }
      items.push(callItem(name, call.args, tools));
      spans.push([match.index, match.index + match[0].length]);
    }
    return items.length ? { dialect, items, thoughts: [], repaired: false, spans } : undefined;
  },
};
