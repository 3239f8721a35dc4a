/**
 * Completeness in the special-token families: a call inside a call section runs only when its own end
 * token closes it. A DeepSeek or Kimi K2 call whose section closes, or whose next call begins, right
 * after the arguments (the call's end token never written) is corrected, never run; the end of the
 * reply right after complete arguments, and Kimi K2 calls written bare (no section), read as before.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { ToolSpec } from '../../src/spec/decision.ts';
import { parseDecision } from '../../src/protocols/index.ts';

const forecast: ToolSpec = { name: 'forecast', inputSchema: { type: 'object', properties: { town: { type: 'string' } } } };
const tools = [forecast];
const read = (text: string) => parseDecision('native', text, { tools, maxActions: 2 });
const ds = (words: string) => `<｜${words.split(' ').join('▁')}｜>`;
const deepseekCall = (args: string, end = true) => `${ds('tool call begin')}forecast${ds('tool sep')}${args}${end ? ds('tool call end') : ''}`;
const kimiCall = (index: number, args: string, end = true) =>
  `<|tool_call_begin|>functions.forecast:${index}<|tool_call_argument_begin|>${args}${end ? '<|tool_call_end|>' : ''}`;

describe('a call whose own end token is missing inside its section', () => {
  it('DeepSeek: the section closes right after the arguments: corrected', () => {
    expect(read(`Checking.\n${ds('tool calls begin')}${deepseekCall('{"town": "Bergen"}', false)}${ds('tool calls end')}`).success).toBe(false);
  });

  it('DeepSeek: the next call begins right after the arguments: corrected', () => {
    const text = `${ds('tool calls begin')}${deepseekCall('{"town": "Bergen"}', false)}${deepseekCall('{"town": "Oslo"}')}${ds('tool calls end')}`;
    expect(read(text).success).toBe(false);
  });

  it('Kimi K2: the section closes right after the arguments: corrected', () => {
    expect(read(`<|tool_calls_section_begin|>${kimiCall(0, '{"town": "Bergen"}', false)}<|tool_calls_section_end|>`).success).toBe(false);
  });

  it('closed calls in a closed section still run, and bare Kimi K2 heads still read', () => {
    const closed = read(`<|tool_calls_section_begin|>${kimiCall(0, '{"town": "Bergen"}')}${kimiCall(1, '{"town": "Oslo"}')}<|tool_calls_section_end|>`);
    expect(closed.success && closed.decisions.map((decision) => decision.action === 'call_tool' && decision.args)).toEqual([{ town: 'Bergen' }, { town: 'Oslo' }]);
    const deepseek = read(`${ds('tool calls begin')}${deepseekCall('{"town": "Bergen"}')}${ds('tool calls end')}`);
    expect(deepseek.success && deepseek.decision).toMatchObject({ action: 'call_tool', tool: 'forecast', args: { town: 'Bergen' } });
    const bare = read('functions.forecast:0{"town": "Bergen"}');
    expect(bare.success && bare.decision).toMatchObject({ action: 'call_tool', tool: 'forecast', args: { town: 'Bergen' } });
  });

  it('property: for any arguments, a sectioned call without its end token never runs; with it, it runs with those arguments', () => {
    const town = fc.stringMatching(/^[A-Za-z ]{1,20}$/);
    fc.assert(
      fc.property(town, fc.boolean(), fc.constantFrom('deepseek', 'kimi'), (name, ended, family) => {
        const args = JSON.stringify({ town: name });
        const text =
          family === 'deepseek'
            ? `${ds('tool calls begin')}${deepseekCall(args, ended)}${ds('tool calls end')}`
            : `<|tool_calls_section_begin|>${kimiCall(0, args, ended)}<|tool_calls_section_end|>`;
        const result = read(text);
        if (!ended) expect(result.success).toBe(false);
        else expect(result.success && result.decision).toMatchObject({ action: 'call_tool', tool: 'forecast', args: { town: name } });
      }),
    );
  });
});
