/**
 * Reader gaps that on-device runtimes' parsers read (LiteRT-LM, OpenVINO GenAI): a Gemma call with
 * no argument block before its end token, Llama 3.x's OpenAI-wrapped call with `parameters`, and a
 * trailing comma after a list's last pythonic call. Each is read; the near misses around each stay
 * corrections, and so does a Gemma value that took in the next argument's key (a quote token missing),
 * which LiteRT-LM repairs by guess. Written for reins.
 */
import fc from 'fast-check';
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

  it('corrects a Gemma quoted value that took in the next key, that key given again after it; a value merely holding `,word:` is read', () => {
    refused('<|tool_call>call:ferry_times{port:<|"|>Kiel`,day:<|"|>,day:<|"|>Friday<|"|>}<tool_call|>');
    refused('<start_function_call>call:ferry_times{port:<escape>Kiel,day:<escape>,day:<escape>Friday<escape>}<end_function_call>');
    expect(read('<|tool_call>call:ferry_times{port:<|"|>Kiel, pier 3,gate:<|"|>,day:<|"|>Friday<|"|>}<tool_call|>')).toMatchObject({ success: true, decisions: [{ args: { port: 'Kiel, pier 3,gate:', day: 'Friday' } }] });
  });

  it('property: a Gemma value ending in `,key:` for a key written after it never runs, in either family', () => {
    const family = fc.constantFrom({ open: '<|tool_call>', close: '<tool_call|>', quote: '<|"|>' }, { open: '<start_function_call>', close: '<end_function_call>', quote: '<escape>' });
    const text = fc.stringMatching(/^[A-Za-z][A-Za-z ]{0,12}$/);
    fc.assert(
      fc.property(family, fc.constantFrom(['port', 'day'], ['day', 'port']), text, text, fc.constantFrom('', '`', ' '), ({ open, close, quote }, [first, second], one, two, junk) => {
        const call = `${open}call:ferry_times{${first}:${quote}${one}${junk},${second}:${quote},${second}:${quote}${two}${quote}}${close}`;
        expect(read(call).success, call).toBe(false);
      }),
      { numRuns: 60 },
    );
  });
});
