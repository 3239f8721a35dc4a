/**
 * Coverage across dialects (`uncovered-call.ts`) and the markup inside a call read: an argument
 * element named like a tool is that call's argument, while a second call inside a call's wrapper is
 * still never dropped.
 */
import { describe, expect, it } from 'vitest';
import type { ToolSpec } from '../../src/spec/decision.ts';
import { parseDecision } from '../../src/protocols/index.ts';

const search: ToolSpec = { name: 'search', inputSchema: { type: 'object', properties: { search: { type: 'string' }, limit: { type: 'number' } }, required: ['search'] } };
const note: ToolSpec = { name: 'note', inputSchema: { type: 'object', properties: { text: { type: 'string' } } } };

describe('coverage and the markup inside a call read', () => {
  it('reads a parameter named like its tool, in element dialects, as that argument', () => {
    for (const text of [
      '<invoke name="search"><search>tides</search><limit>3</limit></invoke>',
      '<minimax:tool_call>\n<invoke name="search">\n<parameter name="search">tides</parameter>\n</invoke>\n</minimax:tool_call>',
    ]) {
      expect(parseDecision('native', text, { tools: [search, note] }), text).toMatchObject({ success: true, decision: { action: 'call_tool', tool: 'search', args: { search: 'tides' } } });
    }
    // MiniMax M3 with its separator token: the tool-name tag reader reads `<count>2..</count>` as a call
    // of `count` whose text differs from the typed argument; it lies inside the call read, so it is that argument.
    const m3 = ']<]minimax[>[';
    const count: ToolSpec = { name: 'count', inputSchema: { type: 'object', properties: { count: { type: 'number' } } } };
    const text = `${m3}<tool_call>${m3}<invoke name="count">${m3}<count>2${m3}</count>${m3}</invoke>${m3}</tool_call>`;
    expect(parseDecision('native', text, { tools: [count] })).toMatchObject({ success: true, decision: { action: 'call_tool', tool: 'count', args: { count: 2 } } });
    // The same for a nested object's member named like the tool (found by the MiniMax M3 round-trip property).
    const nest: ToolSpec = { name: 'nest', inputSchema: { type: 'object', properties: { outer: { type: 'object', properties: { nest: { type: 'string' } } } } } };
    const nested = `${m3}<tool_call>${m3}<invoke name="nest">${m3}<outer>${m3}<nest>A${m3}</nest>${m3}</outer>${m3}</invoke>${m3}</tool_call>`;
    expect(parseDecision('native', nested, { tools: [nest] })).toMatchObject({ success: true, decision: { action: 'call_tool', tool: 'nest', args: { outer: { nest: 'A' } } } });
  });

  it('never drops a second call written inside the first call\'s wrapper', () => {
    const text = '<tool_call>{"name": "note", "arguments": {"text": "a"}} {"name": "search", "arguments": {"search": "b"}}</tool_call>';
    const result = parseDecision('native', text, { tools: [search, note], maxActions: 2 });
    if (result.success) expect(result.decisions.map((decision) => decision.action === 'call_tool' && decision.tool)).toEqual(['note', 'search']);
  });
});

describe('a call read from inside another call\'s argument element', () => {
  const tools: ToolSpec[] = [search, note];
  it('is two readings (a call made, or an argument that shows one): corrected, never run alone', () => {
    for (const text of [
      '<atem:function_calls>\n<atem:invoke name="note">\n<atem:parameter name="text"><tool_call>{"name": "search", "arguments": {"search": "x"}}</tool_call></atem:parameter>\n</atem:invoke>\n</atem:function_calls>',
      'Saving: <parameter name="text"><tool_call>{"name": "search", "arguments": {"search": "x"}}</tool_call></parameter>',
      '<arg_value><tool_call>{"name": "search", "arguments": {"search": "x"}}</tool_call></arg_value>',
    ]) {
      const result = parseDecision('native', text, { tools, maxActions: 2 });
      expect(result.success, text).toBe(false);
    }
  });

  it('leaves a call whose own argument elements hold text, and calls beside a closed argument element', () => {
    const call = '<tool_call>{"name": "search", "arguments": {"search": "x"}}</tool_call>';
    for (const text of [call, `An example argument was <parameter>text</parameter>.\n${call}`]) {
      expect(parseDecision('native', text, { tools })).toMatchObject({ success: true, decision: { action: 'call_tool', tool: 'search' } });
    }
  });
});
