/**
 * MuseGlimmer tool calls: a message addressed to a tool (`<|start|>assistant to=ns.tool<|message|>`)
 * holding `<atem:function_calls><atem:invoke name="ns.tool"><atem:parameter name="k">v</atem:parameter>
 * </atem:invoke></atem:function_calls>`. `extract/muse-messages.ts` has already told messages apart:
 * reasoning and answers are gone, and each call message (also one whose header was fumbled: no
 * recipient) starts the reply or follows `<|eom|>`. A call message found anywhere else (inside
 * prose, after a message never ended) is refused, never run nor dropped; so is one holding text
 * beside its calls block. The invoke name is
 * the tool's name, or that name doubled as its namespace (`get_weather.get_weather`). Where the
 * recipient names an offered tool, every invoke of its message must name that same tool. A
 * `<|message|>` token the model slipped into an invoke name (`name="read<|message|>">`, or in place
 * of its `">`) is no part of the name; it is dropped only where the recipient names the same tool,
 * so two spellings agree. Values are kept as written and read by the tool's schema
 * (`xml-parameters.ts`); calls are parsed to their end.
 */
import type { ToolSpec } from '../../spec/decision.ts';
import { callItem, type DialectReader, failedReading, type ReadFailure, type Reading } from '../reading.ts';
import { sanitizeName } from '../sanitize.ts';
import { type CallForm, parseCalls } from './tag-calls.ts';
import { jsonArguments, parameterArguments } from './xml-parameters.ts';

const dialect = 'muse';
/** A call message's header: the optional start token and recipient, then `<|message|>` before a calls block. */
const callMessage = /(?:<\|start\|>assistant)?\s*(?:to=(?<recipient>[^\s<]+)\s*)?<\|message\|>\s*(?=<atem:function_calls>)/g;
const messageToken = '<|message|>';
/** After the last invoke: the block's close, then only whitespace before the message's end token (or the end). */
const blockEnd = /^\s*<\/atem:function_calls>\s*(?=<\|(?:eom|eot|end_of_text)\|>|$)/;
const form: CallForm = {
  dialect,
  // The name ends at its quote, or (its `">` replaced by the token) at `<|message|>` before the first element.
  open: /<atem:invoke\s+name="(?<name>[^"]+?(?="\s*\/?>)|[^"<>]*?(?:<\|message\|>)+(?=\s*<atem:parameter\b|\s*<\/atem:invoke>))(?:"\s*(?<empty>\/)?>)?/g,
  close: () => '</atem:invoke>',
  json: true,
  parameters: [{ open: /<atem:parameter\s+name="(?<key>[^"]*)"[^>]*>/y, close: '</atem:parameter>' }],
};

/** Whether a message may start at `index`: the reply's start, or right after `<|eom|>` (whitespace aside). */
function startsMessage(text: string, index: number): boolean {
  let at = index;
  while (at > 0 && /\s/.test(text[at - 1] ?? '')) at--;
  return at === 0 || text.endsWith('<|eom|>', at);
}

/**
 * The tool a written name means: the name itself, or a tool doubled as its own namespace
 * (`get_weather.get_weather`, as MuseGlimmer names a tool offered without one). Another namespace is
 * kept (`foo.get_weather` is no offered `get_weather`): dropping it could run a tool of another namespace.
 */
function toolName(name: string, tools: readonly ToolSpec[]): string {
  if (tools.some((tool) => tool.name === name)) return name;
  const dot = name.indexOf('.');
  const local = name.slice(dot + 1);
  return dot > 0 && name.slice(0, dot) === local && tools.some((tool) => tool.name === local) ? local : name;
}

/** The offered tool `recipient` names, if it names one. */
function recipientTool(recipient: string | undefined, tools: readonly ToolSpec[]): string | undefined {
  if (recipient === undefined) return undefined;
  const name = toolName(recipient, tools);
  return tools.some((tool) => tool.name === name) ? name : undefined;
}

/** The tool an invoke names, or a failure where the name and the message's recipient disagree. */
function invokedTool(written: string, addressed: string | undefined, tools: readonly ToolSpec[]): string | ReadFailure {
  const slipped = written.includes(messageToken);
  const name = toolName(written.split(messageToken).join(''), tools);
  const shown = sanitizeName(name);
  if (slipped && addressed !== name) {
    return { kind: 'no-decision', message: `the invoke name \`${sanitizeName(written)}\` holds the token ${messageToken}: write the tool's name alone`, toolName: shown };
  }
  if (addressed !== undefined && addressed !== name) {
    const message = `the message addressed to \`${sanitizeName(addressed)}\` invokes \`${shown}\`: address each message to the tool it invokes`;
    return { kind: 'no-decision', message, toolName: shown };
  }
  return name;
}

type MessageCalls = { items: unknown[]; length: number } | ReadFailure;

/**
 * The calls of the message body `body` (from its calls block on): the block holds invokes and
 * whitespace only, and after its close only whitespace, then the message's end token (or the end).
 * `length` is where the block ends in `body`.
 */
function messageCalls(body: string, addressed: string | undefined, tools: readonly ToolSpec[]): MessageCalls {
  const beside = { kind: 'no-decision', message: 'a MuseGlimmer call message holds text beside its calls block: write the calls block alone, then <|eom|>' } as const;
  let at = body.indexOf('<atem:function_calls>') + '<atem:function_calls>'.length;
  const items: unknown[] = [];
  for (const call of parseCalls(body, form)) {
    const name = invokedTool(call.name, addressed, tools);
    if (typeof name !== 'string') return name;
    if (!call.ok) return { kind: 'no-decision', message: `the call of \`${sanitizeName(name)}\` could not be read (not closed, or markup in a value)`, toolName: sanitizeName(name) };
    if (body.slice(at, call.start).trim() !== '') return beside;
    const tool = tools.find((candidate) => candidate.name === name);
    const args = call.json === undefined ? parameterArguments(call.parameters, tool, 'verbatim') : jsonArguments(call.json);
    if (!args.ok) return { kind: args.kind, message: `arguments of \`${sanitizeName(name)}\`: ${args.message}`, toolName: sanitizeName(name) };
    items.push(callItem(name, args.args, tools));
    at = call.end;
  }
  const close = blockEnd.exec(body.slice(at));
  if (!close) return beside;
  return { items, length: at + close[0].length };
}

export const museReader: DialectReader = {
  dialect,
  needs: '<', // `<atem:function_calls>`
  read(text, { tools }): Reading | undefined {
    if (!text.includes('<atem:function_calls>')) return undefined;
    const items: unknown[] = [];
    const spans: Array<readonly [number, number]> = [];
    callMessage.lastIndex = 0;
    for (let message = callMessage.exec(text); message; message = callMessage.exec(text)) {
      const recipient = message.groups?.recipient;
      const start = message.index + message[0].length;
      const close = text.indexOf('</atem:function_calls>', start);
      // Values may hold any token: the message ends after its calls block closes.
      const end = text.indexOf('<|start|>', close < 0 ? start : close);
      if (recipient === 'self') {
        // Reasoning, accounted for: no call of the reply.
        spans.push([message.index, end < 0 ? text.length : end]);
        callMessage.lastIndex = close < 0 ? text.length : close;
        continue;
      }
      if (!startsMessage(text, message.index)) {
        const problem = 'the reply holds a MuseGlimmer call message inside another message (one not ended with <|eom|>): end each message before the next';
        return { ...failedReading(dialect, { kind: 'no-decision', message: problem }), conclusive: true };
      }
      const read = messageCalls(text.slice(start, end < 0 ? text.length : end), recipientTool(recipient, tools), tools);
      if (!('items' in read)) return { ...failedReading(dialect, read), conclusive: read.kind === 'no-decision' };
      items.push(...read.items);
      spans.push([message.index, start + read.length]);
      callMessage.lastIndex = start + read.length;
    }
    return items.length ? { dialect, items, thoughts: [], repaired: true, spans } : undefined;
  },
};
