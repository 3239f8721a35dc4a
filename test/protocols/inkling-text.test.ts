/**
 * Inkling text tool calls (`<|content_invoke_tool_text|>`): a named one is read as `name {text}`, an
 * unnamed one is corrected, never answered with its markup; and a round trip of 2,000 random calls
 * (harness: dialect-round-trip.ts).
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { protocols } from '../../src/protocols/get-codec.ts';
import { checkRoundTrip, type DialectUnderTest } from './dialect-round-trip.ts';

const tools = [{ name: 'search', inputSchema: { type: 'object', properties: { text: { type: 'string' } } } }];

describe('Inkling text tool calls', () => {
  it('reads a named text call as the tool with its text, tokens and JSON inside the text kept', () => {
    const result = protocols.native.parse('<|message_model|>search<|content_invoke_tool_text|>find "x" {a: 1}\r\n<|end_message|>', { tools });
    expect(result.success && result.decisions).toEqual([{ action: 'call_tool', tool: 'search', args: { text: 'find "x" {a: 1}\r\n' }, reason: '' }]);
  });

  it('corrects a text call with no tool name, and one cut off, instead of answering with the markup', () => {
    for (const text of ['<|content_invoke_tool_text|>search the web<|end_message|>', '<|message_model|>search<|content_invoke_tool_text|>search the']) {
      const result = protocols.native.parse(text, { tools });
      expect(result.success).toBe(false);
    }
  });
});

const dialect: DialectUnderTest = {
  name: 'Inkling text',
  render: ({ name, args }) => `<|message_model|>${name}<|content_invoke_tool_text|>${String(args.text)}<|end_message|>`,
  key: fc.constant('text'),
  values: 'strings',
};

describe('round trip of Inkling text calls', () => {
  it('Inkling text: the same call or a correction, never another call', () => checkRoundTrip({ ...dialect, render: (call) => dialect.render({ ...call, args: { text: '', ...call.args } }), expected: (args) => ({ text: '', ...args }) }), 120_000);
});
