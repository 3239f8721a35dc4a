import { describe, expect, it } from 'vitest';
import { nativeCodec, nativeToolCalls } from '../../src/protocols/native-codec.ts';
import { runCodecContract } from './codec-contract.ts';
import { contractTools as tools } from './contract-tools.ts';
import { plainText } from './text-rules.ts';

// native carries call_tool tool/args (no reason), ask_user question/why, answer_user answer/confidence.
const carried = (decision: Parameters<typeof nativeToolCalls>[0][number]) =>
  decision.action === 'call_tool' ? { ...decision, reason: '' } : decision;

// Decisions as native tool calls (the normal path) ... (the two runs share the 2x10^4 fuzz inputs per codec)
runCodecContract(nativeCodec, {
  carried,
  encode: (decisions) => ({ text: '', toolCalls: nativeToolCalls(decisions) }),
  fuzzRuns: 10_000,
});
// ... and as text, for a model that answered in plain text or drifted into a text dialect.
runCodecContract(nativeCodec, { carried, rules: { text: plainText }, fuzzRuns: 10_000 });

describe('native codec', () => {
  it('offers ask_user and answer_user as tools', () => {
    expect(nativeCodec.requestTools?.(tools).map((tool) => tool.name)).toEqual(['add', 'search', 'tag', 'scale', 'ping', 'ask_user', 'answer_user']);
  });

  it('keeps the tool call ids and reads string arguments', () => {
    const result = nativeCodec.parse('', { tools, toolCalls: [{ id: 'c7', name: 'add', arguments: '{"a":1,"b":2}' }] });
    expect(result).toMatchObject({ success: true, toolCallIds: ['c7'], dialect: 'native', decision: { tool: 'add', args: { a: 1, b: 2 } } });
  });

  it('reads several calls in order, and fails on the first whose arguments cannot be read', () => {
    const calls = [
      { id: 'a', name: 'add', arguments: { a: 1, b: 2 } },
      { id: 'b', name: 'search', arguments: '{"query": "x"}' },
      { id: 'c', name: 'ping', arguments: '' },
      { id: 'd', name: 'ping', arguments: undefined },
    ];
    const read = nativeCodec.parse('', { tools, toolCalls: calls as never, maxActions: 4 });
    const decisions = [{ tool: 'add', args: { a: 1, b: 2 } }, { tool: 'search', args: { query: 'x' } }, { tool: 'ping', args: {} }, { tool: 'ping', args: {} }];
    expect(read).toMatchObject({ success: true, toolCallIds: ['a', 'b', 'c', 'd'], decisions });
    const unreadable = [calls[0], { id: 'd', name: 'tag', arguments: '{"x": ' }, { id: 'e', name: 'scale', arguments: '{nope' }];
    const failed = nativeCodec.parse('', { tools, toolCalls: unreadable as never, maxActions: 3 });
    expect(failed.success ? undefined : [failed.error.kind, failed.error.toolName]).toEqual(['invalid-json', 'tag']);
    // A hole in a hand-built list is no call: the output could not be read.
    const holes = [calls[0], calls[0], calls[2]];
    delete holes[1];
    const holed = nativeCodec.parse('', { tools, toolCalls: holes as never, maxActions: 3 });
    expect(holed.success ? undefined : holed.error.message).toBe('the output could not be read');
  });

  it('keeps the code fence of a plain-text answer that is one fenced block, markup of no offered tool inside included', () => {
    for (const text of ['```\nls -la\n```', '```\n<read_file><path>src/file.ts</path></read_file>\n```']) {
      expect(nativeCodec.parse(text, { tools })).toMatchObject({
        success: true,
        repaired: false,
        decisions: [{ action: 'answer_user', answer: text }],
      });
    }
  });

  it('answers with the JSON a fence around the whole reply holds (structured output), without the fence', () => {
    expect(nativeCodec.parse('```json\n{"amount": 12.5}\n```', { tools })).toMatchObject({ success: true, repaired: true, decisions: [{ action: 'answer_user', answer: '{"amount": 12.5}' }] });
  });

  it("takes an answer_user tool call's answer as typed content, markup included; the same text as plain text is a call", () => {
    const shown = 'Call it like this: <tool_call>{"name": "ping", "arguments": {}}</tool_call>';
    const typed = nativeCodec.parse('', { tools, toolCalls: [{ id: 'c1', name: 'answer_user', arguments: { answer: shown } }] });
    expect(typed).toMatchObject({ success: true, decisions: [{ action: 'answer_user', answer: shown }] });
    const asked = nativeCodec.parse('', { tools, toolCalls: [{ id: 'c1', name: 'ask_user', arguments: { question: `Run ${shown}?`, why: 'it writes' } }] });
    expect(asked).toMatchObject({ success: true, decisions: [{ action: 'ask_user' }] });
    expect(nativeCodec.parse(shown, { tools })).toMatchObject({ success: true, decisions: [{ action: 'call_tool', tool: 'ping' }] });
  });

  it('accepts a drifted call in the text when no native call came', () => {
    const result = nativeCodec.parse('<tool_call>{"name": "ping", "arguments": {}}</tool_call>', { tools, toolCalls: [] });
    expect(result).toMatchObject({ success: true, dialect: 'hermes', repaired: true, decision: { action: 'call_tool', tool: 'ping' } });
  });
});
