/**
 * AgentScope's ReAct turns: `{"thought", "speak", "function": [calls]}` in one JSON object. Written for reins.
 */
import { describe, expect, it } from 'vitest';
import type { ToolSpec } from '../../src/spec/decision.ts';
import { parseDecision } from '../../src/protocols/index.ts';

const rates: ToolSpec = { name: 'fx_rate', inputSchema: { type: 'object', properties: { pair: { type: 'string' } }, required: ['pair'] } };
const tools = [rates];
const turn = (value: unknown) => `\`\`\`json\n${JSON.stringify(value)}\n\`\`\``;

describe('speak and function turns', () => {
  it('reads every call of the function list, the thought and speech as the plan', () => {
    const text = turn({ thought: 'Two pairs.', speak: 'Checking both.', function: [{ name: 'fx_rate', arguments: { pair: 'EURUSD' } }, { name: 'fx_rate', arguments: { pair: 'USDJPY' } }] });
    expect(parseDecision('native', text, { tools, maxActions: 2 })).toMatchObject({
      success: true,
      decisions: [{ tool: 'fx_rate', args: { pair: 'EURUSD' } }, { tool: 'fx_rate', args: { pair: 'USDJPY' } }],
      thoughts: [{ content: 'Two pairs.' }, { content: 'Checking both.' }],
    });
  });

  it('answers with `speak` when the function list is empty', () => {
    const text = turn({ thought: 'Known already.', speak: 'The euro trades near 1.08 dollars.', function: [] });
    expect(parseDecision('native', text, { tools })).toMatchObject({ success: true, decisions: [{ action: 'answer_user', answer: 'The euro trades near 1.08 dollars.' }] });
  });

  it.each([
    ['a key beside the turn', turn({ speak: 'x', function: [], mood: 'calm' }), 'mood'],
    ['a key beside a call', turn({ speak: 'x', function: [{ name: 'fx_rate', arguments: { pair: 'EURUSD' }, pair: 'GBPUSD' }] }), 'pair'],
    ['a call cut off', '{"speak": "x", "function": [{"name": "fx_rate", "arguments": {"pair": "EU', 'fx_rate'],
  ])('corrects %s, never dropping it', (_label, text, named) => {
    const result = parseDecision('native', text, { tools });
    expect(result.success).toBe(false);
    if (!result.success) expect(result.error.message).toContain(named);
  });
});
