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
 * code; its `openai_api` turns the `tool_call(..)` keywords into the arguments). The fence must end
 * the reply (its `<|observation|>` stop token is stripped before any reader). The literals are read
 * by `python-literal.ts`, never evaluated; a call with positional arguments, any other callee, or a
 * second statement is a correction: which argument a value is for would be a guess.
 */
import { callItem, type DialectReader, failedReading, type Reading } from '../reading.ts';
import { readPythonCalls } from './python-literal.ts';

const dialect = 'glm3-tool-call';
/** The placeholder callee ChatGLM3 writes for every tool. */
const placeholder = 'tool_call';
/** The name line, then one fence (python, or unlabelled) that ends the reply. */
const shape = /^\s*(?<name>[A-Za-z_][\w.-]*)[ \t]*\r?\n[ \t]*(?<fence>`{3,}|~{3,})[ \t]*(?:python|py)?[ \t]*\r?\n(?<code>[\s\S]*?)\r?\n[ \t]*\k<fence>[ \t]*$/;

export const glm3ToolCallReader: DialectReader = {
  dialect,
  needs: '`~',
  read(text, { tools }): Reading | undefined {
    const match = shape.exec(text);
    const code = match?.groups?.code?.trim() ?? '';
    // Only the placeholder callee marks this dialect: other fenced code after a line is someone else's.
    if (!match || !new RegExp(`^${placeholder}\\s*\\(`).test(code)) return undefined;
    const name = match.groups?.name ?? '';
    const calls = readPythonCalls(code);
    const call = calls?.length === 1 ? calls[0] : undefined;
    if (!call || call.name !== placeholder) {
      const message = `the arguments of \`${name}\` could not be read: write them as keyword arguments of one ${placeholder}(..) call (name="value"), or as one JSON object`;
      return { ...failedReading(dialect, { kind: 'invalid-args', message, toolName: name }), conclusive: true };
    }
    return { dialect, items: [callItem(name, call.args, tools)], thoughts: [], repaired: false, spans: [[0, text.length]] };
  },
};
