/**
 * Tencent HY v3 calls: GLM-style `<arg_key>`/`<arg_value>` pairs with `<tool_sep>` after the name,
 * their tags often written with a suffix (`<tool_call:opensource>`). The suffix is dropped where every
 * call tag carries the same one; an untyped value reads as JSON where it is JSON, as HY v3's parser
 * reads it (GLM's form without `<tool_sep>` keeps such a value as its text, as GLM's servers do).
 */
import { describe, expect, it } from 'vitest';
import { parseDecision } from '../../src/protocols/index.ts';

const untyped = [{ name: 'plan_trip', inputSchema: { type: 'object', properties: { stops: {}, nights: {}, note: {} } } }];
const callsOf = (text: string) => {
  const result = parseDecision('native', text, { tools: untyped, maxActions: 2 });
  return result.success ? result.decisions.map((decision) => (decision.action === 'call_tool' ? [decision.tool, decision.args] : decision.action)) : result.error.message;
};
const pair = (key: string, value: string, suffix = '') => `<arg_key${suffix}>${key}</arg_key${suffix}><arg_value${suffix}>${value}</arg_value${suffix}>`;

describe('HY v3 calls', () => {
  it('reads tags with a suffix as the plain tags, the section and the calls', () => {
    const s = ':hy';
    const text = `<tool_calls${s}>\n<tool_call${s}>plan_trip<tool_sep${s}>\n${pair('nights', '4', s)}\n${pair('note', 'by train', s)}\n</tool_call${s}>\n</tool_calls${s}>`;
    expect(callsOf(text)).toEqual([['plan_trip', { nights: 4, note: 'by train' }]]);
  });

  it('reads an untyped value as JSON where it is JSON after <tool_sep>, and keeps it as text in GLM form', () => {
    const value = '["Oslo", "Bergen"]';
    expect(callsOf(`<tool_call>plan_trip<tool_sep>${pair('stops', value)}${pair('nights', '2')}</tool_call>`)).toEqual([['plan_trip', { stops: ['Oslo', 'Bergen'], nights: 2 }]]);
    expect(callsOf(`<tool_call>plan_trip\n${pair('stops', value)}${pair('nights', '2')}</tool_call>`)).toEqual([['plan_trip', { stops: value, nights: '2' }]]);
  });

  it('reads one JSON object right after <tool_sep> as the arguments', () => {
    expect(callsOf('<tool_calls>\n<tool_call>plan_trip<tool_sep>{"nights": 3, "note": "sea view"}</tool_call>\n</tool_calls>')).toEqual([['plan_trip', { nights: 3, note: 'sea view' }]]);
    expect(callsOf('<tool_call>plan_trip<tool_sep>\n{"nights": 3}\n</tool_call>')).toEqual([['plan_trip', { nights: 3 }]]);
    // A value missing is no value to guess: a correction.
    expect(callsOf('<tool_call>plan_trip<tool_sep>{"nights": }</tool_call>')).toEqual(expect.any(String));
  });

  it('corrects tags whose suffixes disagree, and a call with no tool name', () => {
    expect(callsOf(`<tool_call:hy>plan_trip<tool_sep:other>${pair('nights', '4', ':other')}</tool_call:hy>`)).toEqual(expect.any(String));
    expect(callsOf(`<tool_calls:hy><tool_call:hy><tool_sep:hy>${pair('nights', '4', ':hy')}</tool_call:hy></tool_calls:hy>`)).toEqual(expect.any(String));
  });
});
