import { describe, expect, it } from 'vitest';
import { jsonCodec } from '../../src/protocols/json-codec.ts';
import { runCodecContract } from './codec-contract.ts';
import { contractTools as tools } from './contract-tools.ts';

// json carries every field of every decision; several objects in one turn are several actions.
runCodecContract(jsonCodec, { carried: (decision) => decision, maxDecisions: 3 });

describe('json codec', () => {
  it('reads one decision among reasoning, prose and a code fence, and says it was repaired', () => {
    const text = '<think>the user wants {sum}</think>\nSure, here it is:\n```json\n{"action": "call_tool", "tool": "add", "args": {"a": 1, "b": 2}, "reason": "sum"}\n```\nDone.';
    const result = jsonCodec.parse(text, { tools });
    expect(result).toMatchObject({ success: true, repaired: true, dialect: 'json' });
    expect(result.success && result.decision).toEqual({ action: 'call_tool', tool: 'add', args: { a: 1, b: 2 }, reason: 'sum' });
  });

  it('does not flag a clean decision as repaired', () => {
    const result = jsonCodec.parse('{"action":"answer_user","answer":"4","confidence":0.9}', { tools });
    expect(result).toMatchObject({ success: true, repaired: false, decision: { action: 'answer_user', answer: '4', confidence: 0.9 } });
  });

  it('rejects extra fields (additionalProperties false) and a missing reason', () => {
    const extra = jsonCodec.parse('{"action":"answer_user","answer":"4","mood":"happy"}', { tools });
    expect(extra.success || extra.error.details).toEqual(['unexpected property `/mood`']);
    const missing = jsonCodec.parse('{"action":"call_tool","tool":"ping","args":{}}', { tools });
    expect(missing.success || missing.error.details).toEqual(['missing required property `/reason`']);
  });

  it('names the tool when the model put a tool name in `action`', () => {
    const result = jsonCodec.parse('{"action":"add","a":1,"b":2}', { tools });
    expect(result.success || result.error.message).toBe(
      '`action` must be one of call_tool, ask_user, answer_user (`add` is a tool: use "action": "call_tool", "tool": "add")',
    );
  });

  it('explains in its instructions the three schemas and the tools', () => {
    const text = jsonCodec.instructions(tools);
    expect(text).toContain('"additionalProperties":false');
    expect(text).toContain('- add(a: integer, b: integer): Adds two integers.');
    expect(text).toContain('"action": "ask_user"');
  });
});
