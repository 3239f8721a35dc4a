/**
 * Google's Gemma tool calls, one block per call:
 * - FunctionGemma: `<start_function_call>call:name{key:<escape>text<escape>,n:1}<end_function_call>`
 * - Gemma 4: `<|tool_call>call:name{key:<|"|>text<|"|>,n:1}<tool_call|>`
 * The arguments are read by `readGemmaArguments`, so the end of a call is where its object ends: a
 * string may hold `}`, `,` or the end token. The end token may be missing (servers stop on it), and
 * extra ones right after a call are noise. A block may hold several calls (`call:a{..}call:b{..}`):
 * each is read. A block that cannot be read is corrected (conclusively when it leads the reply:
 * `unreadableCall`), and so is the family's markup left in the prose around the calls (an end or
 * quote token, a `call:name{` without its opening token): a call attempt, never dropped.
 * Values written without quote tokens are read only where they have one reading (`gemma-loose-values.ts`;
 * raw text only for a property the tool's schema types as string).
 * A block inside Markdown code is quoted, not called.
 */
import { codeRanges, isInCode } from '../extract/code-ranges.ts';
import { callItem, type DialectReader, type Reading } from '../reading.ts';
import type { ToolSpec } from '../../spec/decision.ts';
import { propertySchema } from '../../tools/collect-parameters.ts';
import { schemaTypes } from '../../tools/schema-types.ts';
import { readGemmaArguments } from './gemma-arguments.ts';
import { leadsReply, unreadableCall } from './unreadable-call.ts';

interface GemmaFamily {
  dialect: string;
  open: string;
  close: string;
  quote: string;
}

const families: readonly GemmaFamily[] = [
  { dialect: 'function-gemma', open: '<start_function_call>', close: '<end_function_call>', quote: '<escape>' },
  { dialect: 'gemma', open: '<|tool_call>', close: '<tool_call|>', quote: '<|"|>' },
];

/**
 * `call:` and the tool's name: any name OpenAI's function names allow (letters, digits, `_`, `-`, so
 * `1search` and `-search` too), dotted or namespaced with colons (`call:tavily:search{`); it runs to the `{`.
 */
const callName = /\s*call:\s*([\w-][\w.-]*(?::[\w-][\w.-]*)*)\s*/y;

/** True for a property of tool `name` whose schema takes text only. */
function stringKeys(tools: readonly ToolSpec[], name: string): (key: string) => boolean {
  const schema = tools.find((tool) => tool.name === name)?.inputSchema;
  return (key) => {
    const types = schema === undefined ? undefined : schemaTypes(propertySchema(schema, key));
    return types !== undefined && types.every((type) => type === 'string');
  };
}

function unreadable(family: GemmaFamily, problem: string, conclusive: boolean, name?: string): Reading {
  return unreadableCall(family.dialect, { what: `the ${family.open} call`, problem, name, conclusive, cutOff: /cut off|expected \{|expected call:/.test(problem) });
}

/** `call:name{..}` in prose, the family's tokens left over: a call attempt outside the calls read. */
const strayCall = /call:\s*[A-Za-z_][\w.-]*\s*\{/g;

/** The first call markup (`call:name{`, the end or quote token) in `text` outside Markdown code, as a problem. */
function strayMarkup(text: string, from: number, to: number, family: GemmaFamily, code: ReturnType<typeof codeRanges>): string | undefined {
  const prose = text.slice(from, to);
  for (const token of [family.close, family.quote]) {
    for (let at = prose.indexOf(token); at >= 0; at = prose.indexOf(token, at + 1)) {
      if (!isInCode(code, from + at)) return `${token} outside a call: write each call as ${family.open}call:name{..}${family.close}`;
    }
  }
  for (const match of prose.matchAll(strayCall)) {
    if (!isInCode(code, from + match.index)) return `a call outside ${family.open}: write each call as ${family.open}call:name{..}${family.close}`;
  }
  return undefined;
}

function readFamily(text: string, family: GemmaFamily, context: Parameters<DialectReader['read']>[1]): Reading | undefined {
  const code = codeRanges(text);
  const items: unknown[] = [];
  const spans: Array<readonly [number, number]> = [];
  /** Where prose outside the calls read starts and ends. */
  const prose: [number, number][] = [];
  let from = 0;
  let closedAll = true;
  let loose = false;
  for (let index = text.indexOf(family.open); index >= 0; index = text.indexOf(family.open, from)) {
    if (isInCode(code, index)) {
      prose.push([from, index + family.open.length]);
      from = index + family.open.length;
      continue;
    }
    prose.push([from, index]);
    const conclusive = items.length > 0 || leadsReply(text, index);
    // One block may hold several calls (`call:a{..}call:b{..}`): each is read, none dropped.
    let at = index + family.open.length;
    callName.lastIndex = at;
    for (let named = callName.exec(text); named; named = callName.exec(text)) {
      const name = named[1] ?? '';
      // `call:name` right before the block's end token: a call with no arguments, its markup closed
      // (LiteRT-LM reads it so); cut off before `{` at the reply's end it stays a correction.
      if (text.startsWith(family.close, callName.lastIndex)) {
        items.push(callItem(name, {}, context.tools));
        at = callName.lastIndex;
        break;
      }
      const args = readGemmaArguments(text, callName.lastIndex, family, { isStringKey: stringKeys(context.tools, name) });
      if (!args.ok) return unreadable(family, args.message, conclusive, name);
      loose ||= args.repaired;
      items.push(callItem(name, args.value, context.tools));
      at = args.end;
      callName.lastIndex = at;
    }
    if (at === index + family.open.length) return unreadable(family, 'expected call:name{..} after it', conclusive);
    const close = /\s*/y;
    close.lastIndex = at;
    close.exec(text);
    from = close.lastIndex;
    // Extra end tokens right after a call are noise (Ollama drops them too).
    if (!text.startsWith(family.close, from)) closedAll = false;
    while (text.startsWith(family.close, from)) from += family.close.length;
    spans.push([index, from]);
  }
  if (items.length === 0) return undefined;
  prose.push([from, text.length]);
  for (const [start, end] of prose) {
    const problem = strayMarkup(text, start, end, family, code);
    if (problem) return unreadable(family, problem, true);
  }
  const outside = prose.some(([start, end]) => text.slice(start, end).trim() !== '');
  return { dialect: family.dialect, items, thoughts: [], repaired: loose || !closedAll || outside, spans };
}

export const gemmaCallsReader: DialectReader = {
  dialect: 'gemma',
  needs: '<', // both families open with `<`
  read(text, context): Reading | undefined {
    for (const family of families) {
      if (!text.includes(family.open)) continue;
      const reading = readFamily(text, family, context);
      if (reading) return reading;
    }
    return undefined;
  },
};
