/**
 * Round trip of the JSON and special-token families: one call rendered the way each family's chat
 * template writes it (strings full of every dialect's markup, CRLF, tabs, unicode, backslashes, empty
 * strings), read back by reins: the same call, or a correction, never another call
 * (harness: dialect-round-trip.ts; 2,000 cases per dialect).
 */
import { describe, it } from 'vitest';
import type { JsonSchema } from '../../src/spec/decision.ts';
import { type Args, checkRoundTrip, type DialectUnderTest, type RenderedCall } from './dialect-round-trip.ts';

/** These families write typed values (JSON, Python or Gemma literals): one open schema, compiled once. */
const openSchema: JsonSchema = { type: 'object' };

/** Gemma's own object syntax: bare keys, strings between `quote`, other values as JSON, nesting alike. */
function gemmaValue(value: unknown, quote: string): string {
  if (typeof value === 'string') return `${quote}${value}${quote}`;
  if (Array.isArray(value)) return `[${value.map((item) => gemmaValue(item, quote)).join(',')}]`;
  if (value !== null && typeof value === 'object') return `{${Object.entries(value).map(([key, item]) => `${key}:${gemmaValue(item, quote)}`).join(',')}}`;
  return JSON.stringify(value);
}

/** Python's repr of a JSON value (LFM2 and pythonic templates). */
function pythonValue(value: unknown): string {
  if (value === null) return 'None';
  if (typeof value === 'boolean') return value ? 'True' : 'False';
  if (typeof value === 'number') return JSON.stringify(value);
  if (typeof value === 'string') {
    const escaped = [...value].map((char) => {
      if (char === '\\' || char === "'") return `\\${char}`;
      const code = char.codePointAt(0) ?? 0;
      return code < 0x20 || code === 0x7f ? `\\x${code.toString(16).padStart(2, '0')}` : char;
    });
    return `'${escaped.join('')}'`;
  }
  if (Array.isArray(value)) return `[${value.map(pythonValue).join(', ')}]`;
  return `{${Object.entries(value as Args).map(([key, item]) => `${pythonValue(key)}: ${pythonValue(item)}`).join(', ')}}`;
}

const json = (value: unknown): string => JSON.stringify(value);
const deepseek = (bar: string, { name, args }: RenderedCall, v31: boolean): string => {
  const t = (words: string) => `<${bar}${words.split(' ').join('▁')}${bar}>`;
  const call = v31 ? `${name}${t('tool sep')}${json(args)}` : `function${t('tool sep')}${name}\n\`\`\`json\n${json(args)}\n\`\`\``;
  return `${t('tool calls begin')}${t('tool call begin')}${call}${t('tool call end')}${t('tool calls end')}`;
};

const dialects: DialectUnderTest[] = [
  { name: 'FunctionGemma', render: ({ name, args }) => `<start_function_call>call:${name}${gemmaValue(args, '<escape>')}<end_function_call>` },
  { name: 'Gemma 4', render: ({ name, args }) => `<|tool_call>call:${name}${gemmaValue(args, '<|"|>')}<tool_call|>` },
  { name: 'DeepSeek V3 / R1 (fenced JSON)', render: (call) => deepseek('｜', call, false) },
  { name: 'DeepSeek V3.1', render: (call) => deepseek('｜', call, true) },
  { name: 'DeepSeek with ASCII bars', render: (call) => `Let me check.${deepseek('|', call, true)}` },
  { name: 'Mistral v3 / v7', render: ({ name, args }) => `[TOOL_CALLS] [${json({ name, arguments: args, id: 'a1b2c3d4e' })}]` },
  { name: 'Mistral v11', render: ({ name, args }) => `[TOOL_CALLS]${name}[CALL_ID]a1b2c3d4e[ARGS]${json(args)}` },
  { name: 'Mistral v13', render: ({ name, args }) => `[THINK]Checking.[/THINK][TOOL_CALLS]${name}[ARGS]${json(args)}</s>` },
  { name: 'Llama 3.x JSON', render: ({ name, args }) => json({ name, parameters: args }) },
  { name: 'Llama 3.1 with python_tag', render: ({ name, args }) => `<|python_tag|>${json({ name, parameters: args })}<|eom_id|>` },
  { name: 'Granite', render: ({ name, args }) => `<|tool_call|>${json([{ name, arguments: args }])}` },
  { name: 'xLAM', render: ({ name, args }) => `\`\`\`json\n${json({ tool_calls: [{ name, arguments: args }] })}\n\`\`\`` },
  { name: 'Phi-4-mini', render: ({ name, args }) => `functools${json([{ name, arguments: args }])}` },
  { name: 'Command R (Action:)', render: ({ name, args }) => `Action: \`\`\`json\n${json([{ tool_name: name, parameters: args }])}\n\`\`\`` },
  { name: 'Command R7B', render: ({ name, args }) => `<|START_ACTION|>${json([{ tool_call_id: '0', tool_name: name, parameters: args }])}<|END_ACTION|>` },
  { name: 'GigaChat3', render: ({ name, args }) => `<|message_sep|>\n\nfunction call<|role_sep|>\n${json({ name, arguments: args })}` },
  { name: 'GPT-OSS harmony', render: ({ name, args }) => `<|channel|>commentary to=functions.${name} <|constrain|>json<|message|>${json(args)}<|call|>` },
  { name: 'LFM2 (pythonic)', render: ({ name, args }) => `<|tool_call_start|>[${name}(${Object.entries(args).map(([key, value]) => `${key}=${pythonValue(value)}`).join(', ')})]<|tool_call_end|>` },
];

describe('round trip of the JSON and special-token families', () => {
  for (const dialect of dialects) {
    const typed: DialectUnderTest = { ...dialect, tool: ({ name }) => ({ name, inputSchema: openSchema }) };
    it(`${dialect.name}: the same call or a correction, never another call`, () => checkRoundTrip(typed), 120_000);
  }
});
