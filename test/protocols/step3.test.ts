/**
 * StepFun Step 3 calls (vLLM `step3` parser): `<steptml:invoke name="..">` with
 * `<steptml:parameter name="..">` elements between DeepSeek-style `<｜tool_calls_begin｜>` tokens, read
 * as calls; and a round trip of 2,000 random calls (harness: dialect-round-trip.ts).
 */
import { describe, expect, it } from 'vitest';
import { protocols } from '../../src/protocols/get-codec.ts';
import { type Args, checkRoundTrip, type DialectUnderTest } from './dialect-round-trip.ts';

const written = (value: unknown) => (typeof value === 'string' ? value : JSON.stringify(value));
const invoke = (name: string, args: Args) =>
  `<｜tool_call_begin｜><steptml:invoke name="${name}">${Object.entries(args).map(([key, value]) => `<steptml:parameter name="${key}">${written(value)}</steptml:parameter>`).join('')}</steptml:invoke><｜tool_call_end｜>`;
const step3 = (calls: Array<{ name: string; args: Args }>) => `<｜tool_calls_begin｜>${calls.map(({ name, args }) => invoke(name, args)).join('<｜tool_sep｜>')}<｜tool_calls_end｜>`;

const tools = (...names: string[]) => names.map((name) => ({ name, inputSchema: { type: 'object' } }));

describe('StepFun Step 3 tool calls', () => {
  it('reads one call, several calls, and a call with no parameters', () => {
    const one = protocols.native.parse(step3([{ name: 'get_weather', args: { city: 'Tokyo' } }]), { tools: tools('get_weather') });
    expect(one.success && one.decisions).toEqual([{ action: 'call_tool', tool: 'get_weather', args: { city: 'Tokyo' }, reason: '' }]);
    const two = protocols.native.parse(step3([{ name: 'get_weather', args: { city: 'Tokyo' } }, { name: 'get_time', args: { timezone: 'Asia/Tokyo' } }]), { tools: tools('get_weather', 'get_time'), maxActions: 2 });
    expect(two.success && two.decisions.map((decision) => decision.action === 'call_tool' && decision.tool)).toEqual(['get_weather', 'get_time']);
    const none = protocols.native.parse(step3([{ name: 'refresh', args: {} }]), { tools: tools('refresh') });
    expect(none.success && none.decisions[0]).toMatchObject({ tool: 'refresh', args: {} });
  });

  it('reads the call type DeepSeek writes before its separator (`function<｜tool_sep｜>`), and refuses the tokens in prose', () => {
    const typed = `<｜tool_calls_begin｜>\n<｜tool_call_begin｜>function<｜tool_sep｜><steptml:invoke name="get_time">\n<steptml:parameter name="zone">UTC</steptml:parameter>\n</steptml:invoke><｜tool_call_end｜>\n<｜tool_calls_end｜>`;
    const read = protocols.native.parse(`Checking.\n${typed}`, { tools: tools('get_time') });
    expect(read.success && read.decisions).toMatchObject([{ action: 'call_tool', tool: 'get_time', args: { zone: 'UTC' } }]);
    expect(protocols.native.parse('Then write function<｜tool_sep｜> and stop.', { tools: tools('get_time') }).success).toBe(false);
  });

  it('keeps quotes, backslashes and newlines of a value, with prose around the call', () => {
    const text = `Let me check.\n\n${step3([{ name: 'f', args: { quoted: 'He said "hello"', path: 'C:\\Users\\file.txt', newline: 'line1\nline2' } }])}\n\nI'll get that.`;
    const result = protocols.native.parse(text, { tools: tools('f') });
    expect(result.success && result.decisions[0]).toMatchObject({ args: { quoted: 'He said "hello"', path: 'C:\\Users\\file.txt', newline: 'line1\nline2' } });
  });
});

const dialect: DialectUnderTest = { name: 'StepFun Step 3', render: (call) => step3([call]), verbatim: true };

describe('round trip of StepFun Step 3', () => {
  it('StepFun Step 3: the same call, a correction, or a call rendering to the same text; never another call', () => checkRoundTrip(dialect), 120_000);
});
