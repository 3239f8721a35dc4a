/**
 * Agent-format tool inputs (ReAct `Action Input:`, LangChain's `<tool_input>`) that could only be read
 * by guessing: a list holding the arguments (`[{"port": "Oslo"}, []]`, as some servers wrap them) is
 * never taken whole as the value of the tool's only property, and an `Action Input:` with nothing
 * after it is never run as `{}` for a tool that declares arguments (the reply may stop right after the
 * label), a JSON object the reply ends inside is never the text value of the tool's only property,
 * and arguments in two objects are never read as the first alone; nor is a whole input that is one
 * JSON object with quoted keys whose damage only a guess repairs (`{"port": "Oslo", "day": }`).
 * All are corrected; a closed empty input, a plain list value and text in braces still read.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { ToolSpec } from '../../src/spec/decision.ts';
import { parseDecision } from '../../src/protocols/index.ts';

const oneProperty = (name: string, property: string, schema: object = {}): ToolSpec => ({ name, inputSchema: { type: 'object', properties: { [property]: schema } } });
const react = (tool: string, input: string) => `Thought: I need ${tool}.\nAction: ${tool}\nAction Input: ${input}`;
const xmlAgent = (tool: string, input: string) => `<tool>${tool}</tool><tool_input>${input}</tool_input>`;

describe('agent tool inputs that would be guesses', () => {
  it.each([
    ['a list holding the arguments and an empty list', react('tide_table', '[{"port": "Oslo"}, []]')],
    ['a list of two argument objects', react('tide_table', '[{"port": "Oslo"}, {"port": "Bergen"}]')],
    ['a list holding the arguments, in <tool_input>', xmlAgent('tide_table', '[{"port": "Oslo"}]')],
  ])('%s is corrected, never the value of the only property', (_label, text) => {
    const result = parseDecision('native', text, { tools: [oneProperty('tide_table', 'port')] });
    expect(result.success).toBe(false);
    expect(!result.success && result.error.message).toContain('list holding its arguments');
  });

  it('reads a list that holds no argument names as the value of the only property', () => {
    const result = parseDecision('native', react('plot', '[{"x": 1}, {"x": 2}]'), { tools: [oneProperty('plot', 'points', { type: 'array' })] });
    expect(result.success && result.decision).toMatchObject({ tool: 'plot', args: { points: [{ x: 1 }, { x: 2 }] } });
  });

  it('corrects an empty Action Input for a tool that declares arguments', () => {
    for (const text of [react('tide_table', ''), `${react('tide_table', '')}\n`, 'Action: tide_table\nAction Input:']) {
      const result = parseDecision('native', text, { tools: [oneProperty('tide_table', 'port')] });
      expect(result.success, text).toBe(false);
      expect(!result.success && result.error.message).toContain('is empty');
    }
  });

  it('runs an empty input where it cannot be a guess: a tool without arguments, a closed <tool_input>', () => {
    const bare: ToolSpec = { name: 'clock', inputSchema: { type: 'object', properties: {} } };
    expect(parseDecision('native', react('clock', ''), { tools: [bare] })).toMatchObject({ success: true, decision: { tool: 'clock', args: {} } });
    expect(parseDecision('native', xmlAgent('clock', ''), { tools: [bare] })).toMatchObject({ success: true, decision: { tool: 'clock', args: {} } });
  });

  it('property: an Action Input object cut off inside a value never runs, not even as the text of the only property', () => {
    const word = fc.stringMatching(/^[a-z]{4,10}$/);
    fc.assert(
      fc.property(word, word, fc.nat(), (property, value, at) => {
        const whole = react('probe', JSON.stringify({ [property]: value }));
        const start = whole.lastIndexOf(value);
        const text = whole.slice(0, start + 1 + (at % (value.length - 1)));
        const result = parseDecision('native', text, { tools: [oneProperty('probe', property)] });
        expect(result.success && result.decisions.some((decision) => decision.action === 'call_tool'), text).toBe(false);
      }),
      { numRuns: 100 },
    );
  });

  it('corrects arguments given as two objects, never running the first alone', () => {
    const lookup: ToolSpec = { name: 'lookup', inputSchema: { type: 'object', properties: { term: { type: 'string' }, page: { type: 'string' } } } };
    for (const text of [react('lookup', '{"term": "tides"}\n{"page": "2"}'), react('lookup', '{"term": "tides"} and {"page": "2"}')]) {
      const result = parseDecision('native', text, { tools: [lookup] });
      expect(result.success, text).toBe(false);
      expect(!result.success && result.error.message).toContain('two JSON objects');
    }
  });

  it('corrects `Action: None` and its spellings by asking for a Final Answer, never answering with the thought', () => {
    for (const action of ['None', 'none (direct reply)', 'N/A', 'no action', 'None: nothing to run']) {
      const result = parseDecision('native', `Thought: I can answer this myself.\nAction: ${action}`, { tools: [oneProperty('probe', 'query')] });
      expect(result.success, action).toBe(false);
      expect(!result.success && result.error.message, action).toContain('names no tool');
    }
  });

  it('corrects an input object that never closes, even with its values whole, in either agent format', () => {
    for (const text of [react('probe', '{"query": "tides"'), xmlAgent('probe', '{"query": "tides"')]) {
      const result = parseDecision('native', text, { tools: [oneProperty('probe', 'query')] });
      expect(result.success, text).toBe(false);
      expect(!result.success && result.error.message).toContain('cut off');
    }
  });

  it('keeps text in braces that closes as the text of the only property', () => {
    const result = parseDecision('native', react('probe', '{tides in Oslo}'), { tools: [oneProperty('probe', 'query')] });
    expect(result.success && result.decision).toMatchObject({ tool: 'probe', args: { query: '{tides in Oslo}' } });
  });

  it('property: an input list holding an object keyed by the only property never runs, in either agent format', () => {
    const word = fc.stringMatching(/^[a-z]{2,8}$/);
    fc.assert(
      fc.property(fc.constantFrom(react, xmlAgent), word, word, fc.constantFrom('', ', []', ', {}', ', [], []'), (write, property, value, rest) => {
        const text = write('probe', `[{${JSON.stringify(property)}: ${JSON.stringify(value)}}${rest}]`);
        const result = parseDecision('native', text, { tools: [oneProperty('probe', property)] });
        expect(result.success && result.decisions.some((decision) => decision.action === 'call_tool'), text).toBe(false);
      }),
      { numRuns: 100 },
    );
  });

  it('property: a whole input that is a JSON object only a guess repairs is never the text of the only property', () => {
    const damage = fc.constantFrom('"day": ', '"day": "Mon"day"', '"day": TRUE', '"day": "C:\\x"', '"day": }');
    const write = fc.constantFrom(react, xmlAgent, (tool: string, input: string) => JSON.stringify({ action: tool, action_input: input }));
    fc.assert(
      fc.property(write, damage, fc.constantFrom('Oslo', 'Bergen'), (shape, broken, port) => {
        const text = shape('tide_table', `{"port": "${port}", ${broken}}`);
        const result = parseDecision('native', text, { tools: [oneProperty('tide_table', 'port')] });
        expect(result.success, text).toBe(false);
      }),
      { numRuns: 60 },
    );
    // Text in braces that is no JSON object is still the property's text.
    expect(parseDecision('native', react('tide_table', '{port} at noon'), { tools: [oneProperty('tide_table', 'port')] })).toMatchObject({ success: true, decision: { args: { port: '{port} at noon' } } });
  });
});
