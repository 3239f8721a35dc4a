/**
 * Google's Gemma tool calls, one block per call:
 * - FunctionGemma: `<start_function_call>call:name{key:<escape>text<escape>,n:1}<end_function_call>`
 * - Gemma 4: `<|tool_call>call:name{key:<|"|>text<|"|>,n:1}<tool_call|>`
 * The arguments are read by `readGemmaArguments`, so the end of a call is where its object ends: a
 * string may hold `}`, `,` or the end token. The end token may be missing (servers stop on it). A
 * block that cannot be read is corrected (conclusively when it leads the reply: `unreadableCall`).
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

const callName = /\s*call:\s*([A-Za-z_][\w.-]*)\s*/y;

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

function readFamily(text: string, family: GemmaFamily, context: Parameters<DialectReader['read']>[1]): Reading | undefined {
  const code = codeRanges(text);
  const items: unknown[] = [];
  let outside = '';
  let from = 0;
  let closedAll = true;
  let loose = false;
  for (let index = text.indexOf(family.open); index >= 0; index = text.indexOf(family.open, from)) {
    if (isInCode(code, index)) {
      outside += text.slice(from, index + family.open.length);
      from = index + family.open.length;
      continue;
    }
    outside += text.slice(from, index);
    callName.lastIndex = index + family.open.length;
    const named = callName.exec(text);
    const conclusive = items.length > 0 || leadsReply(text, index);
    if (!named) return unreadable(family, 'expected call:name{..} after it', conclusive);
    const name = named[1] ?? '';
    const args = readGemmaArguments(text, callName.lastIndex, family, { isStringKey: stringKeys(context.tools, name) });
    if (!args.ok) return unreadable(family, args.message, conclusive, name);
    loose ||= args.repaired;
    items.push(callItem(name, args.value, context.tools));
    const close = /\s*/y;
    close.lastIndex = args.end;
    close.exec(text);
    from = close.lastIndex;
    if (text.startsWith(family.close, from)) from += family.close.length;
    else closedAll = false;
  }
  if (items.length === 0) return undefined;
  outside += text.slice(from);
  return { dialect: family.dialect, items, thoughts: [], repaired: loose || !closedAll || outside.trim() !== '' };
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
