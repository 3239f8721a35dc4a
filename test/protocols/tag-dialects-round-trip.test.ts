/**
 * Round trip of every tag-style dialect (see dialect-round-trip.ts): each call rendered the way the
 * model family's chat template writes it, with strings full of every dialect's markup, must read
 * back as the same call or be corrected, never read as another call.
 */
import { describe, it } from 'vitest';
import { unwrapCdata, writtenValue } from '../../src/protocols/dialects/xml-parameters.ts';
import { checkRoundTrip, type Args, type DialectUnderTest } from './dialect-round-trip.ts';

/** Jinja `tojson` for non-strings, strings as written (the XML-style templates). */
const written = (value: unknown): string => (typeof value === 'string' ? value : JSON.stringify(value));
const entries = (args: Args) => Object.entries(args);
/** The XML-style families' value rule on top-level strings: a value that is one CDATA section is its content. */
const strings = (rule: (text: string) => string) => (args: Args): Args =>
  Object.fromEntries(entries(args).map(([key, value]) => [key, typeof value === 'string' ? rule(value) : value]));
const cdata = strings(unwrapCdata);

/** CDATA unwrapped in every string, however deep (MiniMax M3 leaves follow the same rule). */
const deepCdata = (value: unknown): unknown => {
  if (typeof value === 'string') return unwrapCdata(value);
  if (Array.isArray(value)) return value.map(deepCdata);
  if (typeof value === 'object' && value !== null) return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, deepCdata(item)]));
  return value;
};

const m3 = ']<]minimax[>[';
/**
 * MiniMax M3 as sglang's MiniMax-M3 detector reads it: a scalar as its text, an object as child
 * elements, a list as `<item>` elements, every tag after the separator token.
 */
const m3Element = (key: string, value: unknown): string => {
  const inner = Array.isArray(value)
    ? value.map((item) => m3Element('item', item)).join('')
    : typeof value === 'object' && value !== null
      ? Object.entries(value).map(([child, item]) => m3Element(child, item)).join('')
      : written(value);
  return `${m3}<${key}>${inner}${m3}</${key}>`;
};
/** The schema of a value to any depth (a list's members by position, `prefixItems`). */
const deepSchemaOf = (value: unknown): Record<string, unknown> => {
  if (Array.isArray(value)) return { type: 'array', prefixItems: value.map(deepSchemaOf) };
  if (typeof value === 'object' && value !== null) return { type: 'object', properties: Object.fromEntries(Object.entries(value).map(([key, item]) => [key, deepSchemaOf(item)])) };
  return value === null ? { type: 'null' } : { type: typeof value === 'string' ? 'string' : typeof value === 'boolean' ? 'boolean' : 'number' };
};

/** Qwen3-Coder's drift shape: the name as an element's text, the value after it, its `</parameter>` kept. */
const nameThenValue = ({ name, args }: { name: string; args: Args }): string =>
  `<tool_call>\n<function=${name}>\n${entries(args).map(([key, value]) => `<parameter>${key}</parameter>\n${written(value)}\n</parameter>\n`).join('')}</function>\n</tool_call>`;

export const tagDialects: DialectUnderTest[] = [
  {
    name: 'hermes',
    render: ({ name, args }) => `<tool_call>\n${JSON.stringify({ name, arguments: args })}\n</tool_call>`,
  },
  {
    name: 'xml tool_code',
    render: ({ name, args }) => `<tool_code>\n<name>${name}</name>\n<parameters>\n${JSON.stringify(args)}\n</parameters>\n</tool_code>`,
  },
  {
    name: 'function tag with JSON (Functionary v3.1)',
    render: ({ name, args }) => `<function=${name}>${JSON.stringify(args)}</function>`,
  },
  {
    name: 'qwen3-coder',
    verbatim: true,
    expected: cdata,
    render: ({ name, args }) =>
      `<tool_call>\n<function=${name}>\n${entries(args).map(([key, value]) => `<parameter=${key}>\n${written(value)}\n</parameter>\n`).join('')}</function>\n</tool_call>`,
  },
  {
    // The name as an element's text, the value after it, its `</parameter>` kept (a shape Qwen3-Coder
    // models drift into): read only for names the tool declares, as every name here is.
    name: 'qwen3-coder, name then value',
    verbatim: true,
    expected: cdata,
    render: (call) => nameThenValue(call),
  },
  {
    name: 'qwen3-coder, name then value, no closing tag',
    closedForm: nameThenValue,
    verbatim: true,
    optionalClose: '</parameter>',
    // A value that starts with the closing tag reads, in this shape, as an empty value closed by it
    // (`<parameter>a</parameter>\n</parameter>`): the two are the same text, so such values are not drawn
    // (`cannotHold` is matched against the arguments' JSON, where a string value starts after `":"`
    // and a line break or tab before the tag is written as an escape, `"\n</parameter>"`).
    cannotHold: /<parameter[=>]|":"(?:\s|\\[nrt])*<\/parameter>/,
    expected: cdata,
    render: ({ name, args }) => `<tool_call>\n<function=${name}>\n${entries(args).map(([key, value]) => `<parameter>${key}</parameter>\n${written(value)}\n`).join('')}</function>\n</tool_call>`,
  },
  {
    name: 'seed-oss',
    verbatim: true,
    // Seed-OSS writes no newlines around a value; its servers still drop a newline pair (llama.cpp, vLLM).
    expected: strings((text) => unwrapCdata(writtenValue(text))),
    render: ({ name, args }) =>
      `<seed:tool_call>\n<function=${name}>\n${entries(args).map(([key, value]) => `<parameter=${key}>${written(value)}</parameter>\n`).join('')}</function>\n</seed:tool_call>`,
  },
  {
    name: 'glm-4.5',
    verbatim: true,
    expected: cdata,
    render: ({ name, args }) =>
      `<tool_call>${name}\n${entries(args).map(([key, value]) => `<arg_key>${key}</arg_key>\n<arg_value>${written(value)}</arg_value>\n`).join('')}</tool_call>`,
  },
  {
    // Laguna writes `<user>` in place of GLM's `<tool_call>`; `<user>name</user>` is no call (it may be text).
    name: 'laguna <user>',
    verbatim: true,
    minKeys: 1,
    expected: cdata,
    render: ({ name, args }) =>
      `<user>${name}\n${entries(args).map(([key, value]) => `<arg_key>${key}</arg_key>\n<arg_value>${written(value)}</arg_value>\n`).join('')}</user>`,
  },
  {
    name: 'glm-4.7',
    verbatim: true,
    expected: cdata,
    render: ({ name, args }) => `<tool_call>${name}${entries(args).map(([key, value]) => `<arg_key>${key}</arg_key><arg_value>${written(value)}</arg_value>`).join('')}</tool_call>`,
  },
  {
    // MiniMax M2's own parser strips the space around every value.
    name: 'minimax-m2',
    verbatim: true,
    expected: strings((text) => unwrapCdata(text.trim())),
    render: ({ name, args }) =>
      `<minimax:tool_call>\n<invoke name="${name}">\n${entries(args).map(([key, value]) => `<parameter name="${key}">${written(value)}</parameter>\n`).join('')}</invoke>\n</minimax:tool_call>`,
  },
  {
    name: 'minimax-m3 (nested objects and <item> lists)',
    verbatim: true,
    expected: (args) => deepCdata(args) as Args,
    tool: ({ name, args }) => ({ name, inputSchema: deepSchemaOf(args) }),
    render: ({ name, args }) => `${m3}<tool_call>${m3}<invoke name="${name}">${entries(args).map(([key, value]) => m3Element(key, value)).join('')}${m3}</invoke>${m3}</tool_call>`,
  },
  {
    name: 'muse',
    verbatim: true,
    expected: cdata,
    render: ({ name, args }) =>
      `<|start|>assistant to=${name}<|message|><atem:function_calls>\n<atem:invoke name="${name}">\n${entries(args).map(([key, value]) => `<atem:parameter name="${key}">${written(value)}</atem:parameter>\n`).join('')}</atem:invoke>\n</atem:function_calls>`,
  },
  {
    // A Muse call message whose header was fumbled: no recipient, or the user (the invoke names the tool).
    name: 'muse, no recipient',
    verbatim: true,
    expected: cdata,
    render: ({ name, args }) =>
      `<|message|><atem:function_calls>\n<atem:invoke name="${name}">\n${entries(args).map(([key, value]) => `<atem:parameter name="${key}">${written(value)}</atem:parameter>\n`).join('')}</atem:invoke>\n</atem:function_calls><|eom|>`,
  },
  {
    name: 'muse, to the user',
    verbatim: true,
    expected: cdata,
    render: ({ name, args }) =>
      ` to=user<|message|><atem:function_calls>\n<atem:invoke name="${name}">\n${entries(args).map(([key, value]) => `<atem:parameter name="${key}">${written(value)}</atem:parameter>\n`).join('')}</atem:invoke>\n</atem:function_calls><|eot|>`,
  },
  {
    name: 'kimi-k2',
    render: ({ name, args }) =>
      `<|tool_calls_section_begin|><|tool_call_begin|>functions.${name}:0<|tool_call_argument_begin|>${JSON.stringify(args)}<|tool_call_end|><|tool_calls_section_end|>`,
  },
];

describe('tag-style dialects read back what their model family writes', () => {
  for (const dialect of tagDialects) {
    it(`${dialect.name}: same call or a correction, never another call`, () => {
      checkRoundTrip(dialect);
    }, 300_000);
  }
});
