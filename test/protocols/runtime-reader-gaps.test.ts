/**
 * Reader gaps that on-device runtimes' parsers read (LiteRT-LM, OpenVINO GenAI): a Gemma call with
 * no argument block before its end token, Llama 3.x's OpenAI-wrapped call with `parameters`, and a
 * trailing comma after a list's last pythonic call. Each is read; the near misses around each stay
 * corrections. Written for reins.
 */
import { describe, expect, it } from 'vitest';
import type { ToolSpec } from '../../src/spec/decision.ts';
import { parseDecision } from '../../src/protocols/index.ts';

const ferry: ToolSpec = { name: 'ferry_times', inputSchema: { type: 'object', properties: { port: { type: 'string' }, day: { type: 'string' } } } };
const chime: ToolSpec = { name: 'ring_chime', inputSchema: { type: 'object', properties: {} } };
const tools = [ferry, chime];
const read = (text: string) => parseDecision('native', text, { tools, maxActions: 3 });
const refused = (text: string) => expect(read(text).success, text).toBe(false);

describe('reader gaps of on-device runtimes', () => {
  it('reads a Gemma call with no argument block right before its end token as a call without arguments', () => {
    expect(read('<start_function_call>call:ring_chime<end_function_call>')).toMatchObject({ success: true, decisions: [{ tool: 'ring_chime', args: {} }] });
    expect(read('Ringing.<|tool_call>call:ring_chime <tool_call|>')).toMatchObject({ success: true, decisions: [{ tool: 'ring_chime', args: {} }] });
    // Cut off before `{` at the reply's end: the arguments may follow, so it is never run.
    refused('<|tool_call>call:ferry_times');
    refused('<start_function_call>call:ferry_times');
  });

  it("reads Llama 3.x's OpenAI-wrapped call whose values sit under `parameters`, never an echoed definition", () => {
    const call = { type: 'function', function: { name: 'ferry_times', parameters: { port: 'Kiel', day: 'Friday' } } };
    expect(read(`Asking the timetable: ${JSON.stringify(call)}`)).toMatchObject({ success: true, decisions: [{ tool: 'ferry_times', args: { port: 'Kiel', day: 'Friday' } }] });
    const definition = { type: 'function', function: { name: 'ferry_times', description: 'Ferry departures.', parameters: { type: 'object', properties: { port: { type: 'string' } } } } };
    const echoed = read(`The tool I have: ${JSON.stringify(definition)}`);
    expect(echoed.success && echoed.decisions.some((decision) => decision.action === 'call_tool')).toBe(false);
  });

  it("reads Python's trailing comma after a list's last call, and refuses a doubled one", () => {
    expect(read('[ferry_times(port="Kiel", day="Friday"), ring_chime(),]')).toMatchObject({ success: true, decisions: [{ tool: 'ferry_times' }, { tool: 'ring_chime' }] });
    refused('[ferry_times(port="Kiel"),,]');
    refused('[ferry_times(port="Kiel"), ,ring_chime()]');
  });
});
