/**
 * MuseGlimmer tool calls: a message addressed to a tool (`<|start|>assistant to=ns.tool<|message|>`)
 * holding `<atem:function_calls><atem:invoke name="ns.tool"><atem:parameter name="k">v</atem:parameter>
 * </atem:invoke></atem:function_calls>`. Only messages addressed to a tool carry calls: the same markup
 * in a message to `self` or `user`, or after a message that was not ended with `<|eom|>`, is talk
 * about a call (sglang reads it so too). The invoke name is
 * `namespace.tool`; it names the tool after the namespace unless the whole name is a tool. Values are
 * kept as written and read by the tool's schema (`xml-parameters.ts`); calls are parsed to their end.
 */
import type { ToolSpec } from '../../spec/decision.ts';
import { callItem, type DialectReader, failedReading, type Reading } from '../reading.ts';
import { sanitizeName } from '../sanitize.ts';
import { type CallForm, parseCalls } from './tag-calls.ts';
import { jsonArguments, parameterArguments } from './xml-parameters.ts';

const dialect = 'muse';
/** A message header at the start of the reply or right after the previous message's `<|eom|>`. */
const toolMessage = /(?:^|<\|eom\|>)\s*(?:<\|start\|>assistant\s*)?to=(?<recipient>[^\s<]+)\s*<\|message\|>\s*(?=<atem:function_calls>)/g;
const form: CallForm = {
  dialect,
  open: /<atem:invoke\s+name="(?<name>[^"]+)"\s*(?<empty>\/)?>/g,
  close: () => '</atem:invoke>',
  json: true,
  parameters: [{ open: /<atem:parameter\s+name="(?<key>[^"]*)"[^>]*>/y, close: '</atem:parameter>' }],
};

function toolName(name: string, tools: readonly ToolSpec[]): string {
  if (tools.some((tool) => tool.name === name)) return name;
  const local = name.slice(name.indexOf('.') + 1);
  return name.includes('.') && tools.some((tool) => tool.name === local) ? local : name;
}

export const museReader: DialectReader = {
  dialect,
  needs: '<', // `<atem:function_calls>`
  read(text, { tools }): Reading | undefined {
    if (!text.includes('<atem:function_calls>')) return undefined;
    const items: unknown[] = [];
    for (const message of text.matchAll(toolMessage)) {
      const recipient = message.groups?.recipient ?? '';
      if (recipient === 'self' || recipient === 'user' || recipient === 'assistant') continue;
      const start = message.index + message[0].length;
      // Values may hold any token: the message ends after its calls block closes.
      const close = text.indexOf('</atem:function_calls>', start);
      const end = text.indexOf('<|start|>', close < 0 ? start : close);
      const body = text.slice(start, end < 0 ? text.length : end);
      for (const call of parseCalls(body, form)) {
        const name = toolName(call.name, tools);
        if (!call.ok) return { ...failedReading(dialect, { kind: 'no-decision', message: `the call of \`${sanitizeName(name)}\` could not be read (not closed, or markup in a value)`, toolName: sanitizeName(name) }), conclusive: true };
        const tool = tools.find((candidate) => candidate.name === name);
        const args = call.json === undefined ? parameterArguments(call.parameters, tool, 'verbatim') : jsonArguments(call.json);
        if (!args.ok) return failedReading(dialect, { kind: args.kind, message: `arguments of \`${sanitizeName(name)}\`: ${args.message}`, toolName: sanitizeName(name) });
        items.push(callItem(name, args.args, tools));
      }
    }
    return items.length ? { dialect, items, thoughts: [], repaired: true } : undefined;
  },
};
