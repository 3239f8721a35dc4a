/**
 * Functionary v3.2 replies whose `>>>` the chat template wrote into the prompt (llama.cpp prefills
 * it), so the reply starts with the recipient on its own line:
 * - `all`: the text after it is for the user (the answer);
 * - an offered tool's name, then text that is not JSON: the tool's lone text argument (Functionary's
 *   `python` tool takes raw code), read like a ReAct input (`toolInputArgs`); a `python` tool that
 *   declares no arguments gets the code as `code` (Functionary's code interpreter, read so by
 *   llama.cpp); any other tool without one text argument gets a correction, never the answer.
 *   `name\n{json}` is read by `token-calls.ts`.
 * Replies with further `>>>` blocks are left to `token-calls.ts`; replies holding a special token to
 * other readers (`functionary-v2.ts`) and the call-attempt check.
 */
import { callItem, type DialectReader, failedReading, type Reading, offeredTool } from '../reading.ts';
import { isRecord } from '../extract/read-json.ts';
import { toolInputArgs } from './tool-input.ts';
import { specialTokenIn } from './find-call-attempt.ts';
import { readPythonCalls } from './python-literal.ts';

const dialect = 'functionary';
/** Functionary's built-in code interpreter: its raw code is its `code` argument. */
const codeInterpreter = 'python';
const recipient = /^(?:>>>)?[ \t]*([A-Za-z_][\w.-]*)[ \t]*\r?\n/;
const fence = /^[ \t]*(`{3,}|~{3,})[\w-]*[ \t]*\r?\n([\s\S]*?)\r?\n[ \t]*\1[ \t]*$/gm;

/** True when `text` holds a code fence with nothing but Python-style calls in it. */
function fencedCalls(text: string): boolean {
  return [...text.matchAll(fence)].some((match) => readPythonCalls(match[2] ?? '') !== undefined);
}

export const functionaryTextReader: DialectReader = {
  dialect,
  needs: '\n', // the recipient ends its line
  read(text, { tools }): Reading | undefined {
    const match = recipient.exec(text);
    if (!match) return undefined;
    const rest = text.slice(match[0].length);
    // Raw text ends where the model's markup starts: a reply holding a special token (Functionary
    // v2's `<|content|>`) is not written in this dialect, and its text is never an answer or a value.
    if (rest.trim() === '' || rest.includes('>>>') || specialTokenIn(rest) !== undefined) return undefined;
    const name = match[1] ?? '';
    if (name === 'all') return { dialect, items: [{ action: 'answer_user', answer: rest.trim() }], thoughts: [], repaired: true };
    const tool = offeredTool(tools, name);
    // `<|content|>` after the recipient is Functionary v2's message framing (`functionary-v2.ts`), not raw text.
    if (!tool || /^\s*(?:```[\w-]*\s*)?\{/.test(rest) || rest.startsWith('<|content|>')) return undefined;
    const code = rest.trimEnd();
    // Code that is itself a call (`tool_call(city="Oslo")` in a fence, prose around it or not) is call
    // syntax, not the text of one argument: handing it over would be a guess (the code interpreter runs code).
    if (name !== codeInterpreter && fencedCalls(code)) {
      const message = `the input of \`${name}\` is a call written as code, not its arguments: give the arguments as one JSON object`;
      return failedReading(dialect, { kind: 'invalid-args', message, toolName: name });
    }
    const declared = isRecord(tool.inputSchema.properties) && Object.keys(tool.inputSchema.properties).length > 0;
    if (name === codeInterpreter && !declared) return { dialect, items: [callItem(name, { code }, tools)], thoughts: [], repaired: true };
    const args = toolInputArgs({ kind: 'text', value: code }, tool);
    if (!args.ok) return failedReading(dialect, args.failure);
    return { dialect, items: [callItem(name, args.args, tools)], thoughts: [], repaired: true };
  },
};
