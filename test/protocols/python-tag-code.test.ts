/**
 * Raw code after `<|python_tag|>`: Llama 3.1's built-in code interpreter call (`code_interpreter`),
 * also Functionary v3.1's `python` tool. Written for reins.
 */
import { describe, expect, it } from 'vitest';
import type { ToolSpec } from '../../src/spec/decision.ts';
import { parseDecision } from '../../src/protocols/index.ts';

const interpreter: ToolSpec = { name: 'code_interpreter', inputSchema: { type: 'object', properties: { code: { type: 'string' } }, required: ['code'] } };
const forecast: ToolSpec = { name: 'forecast', inputSchema: { type: 'object', properties: { town: { type: 'string' } } } };
const tools = [interpreter, forecast];

describe('raw code after <|python_tag|>', () => {
  it('is a call of the offered code interpreter, the text before the tag its plan', () => {
    const result = parseDecision('native', 'Sorting first.<|python_tag|>xs = [3, 1, 2]\nprint(sorted(xs))<|eom_id|>', { tools });
    expect(result).toMatchObject({
      success: true,
      decisions: [{ tool: 'code_interpreter', args: { code: 'xs = [3, 1, 2]\nprint(sorted(xs))' } }],
      thoughts: [{ content: 'Sorting first.' }],
    });
  });

  it('gives the code as `code` to a `python` tool that declares no arguments', () => {
    const bare: ToolSpec = { name: 'python', inputSchema: { type: 'object' } };
    expect(parseDecision('native', '<|python_tag|>print(40 + 2)', { tools: [bare] })).toMatchObject({ success: true, decisions: [{ tool: 'python', args: { code: 'print(40 + 2)' } }] });
  });

  it('leaves JSON and calls of offered tools after the tag to their readers', () => {
    expect(parseDecision('native', '<|python_tag|>{"name": "forecast", "parameters": {"town": "Bergen"}}', { tools })).toMatchObject({ success: true, decisions: [{ tool: 'forecast', args: { town: 'Bergen' } }] });
    expect(parseDecision('native', '<|python_tag|>forecast(town="Bergen")', { tools })).toMatchObject({ success: true, decisions: [{ tool: 'forecast', args: { town: 'Bergen' } }] });
  });

  it('is refused where no interpreter is offered, and where text follows the end of the message', () => {
    expect(parseDecision('native', '<|python_tag|>print(1)<|eom_id|>', { tools: [forecast] }).success).toBe(false);
    expect(parseDecision('native', '<|python_tag|>print(1)<|eom_id|>then more', { tools }).success).toBe(false);
  });

  it('never runs code quoted with its tag, in backticks or a fence', () => {
    for (const text of ['Write `<|python_tag|>print(1)` to run code.', 'For example:\n```\n<|python_tag|>print(1)\n```\nThat is the form.']) {
      const result = parseDecision('native', text, { tools });
      expect(result.success && result.decisions.some((decision) => decision.action === 'call_tool'), text).toBe(false);
    }
  });
});
